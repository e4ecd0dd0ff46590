import { describe, expect, it } from 'vitest';
import { neutralizeCell, neutralizeRow } from './neutralize-cell';

describe('neutralizeCell', () => {
  it.each(['=SUM(A1)', '+1', '-2+3', '@cmd', '\tx', '\rx', '=HYPERLINK("http://x")'])(
    'prefixes %j',
    (text) => {
      expect(neutralizeCell(text)).toBe(`'${text}`);
    },
  );
  it('leaves ordinary text, hyphenated part numbers and numbers alone', () => {
    expect(neutralizeCell('04465-33450')).toBe('04465-33450');
    expect(neutralizeCell('Brake pad = front')).toBe('Brake pad = front');
    expect(neutralizeCell('')).toBe('');
    expect(neutralizeCell(-5)).toBe(-5);
    expect(neutralizeCell(null)).toBeNull();
  });
  it('neutralizes every cell of a row', () => {
    expect(neutralizeRow(['a', '=1', 3])).toEqual(['a', "'=1", 3]);
  });
});
