import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizePartNumber } from './part-number';

describe('normalizePartNumber', () => {
  it('makes the usual spellings of one number equal', () => {
    const spellings = [
      '04465-33450',
      '0446533450',
      '04465 33450',
      '04465.33450',
      '04465/33450',
      ' 04465_33450 ',
    ];
    expect(new Set(spellings.map(normalizePartNumber))).toEqual(new Set(['0446533450']));
    expect(normalizePartNumber('1k0 698 151 b')).toBe('1K0698151B');
    expect(normalizePartNumber('MD-370')).toBe('MD370');
  });

  it('folds full-width characters pasted from Chinese documents', () => {
    expect(normalizePartNumber('０４４６５－３３４５０')).toBe('0446533450');
    expect(normalizePartNumber('ａｂｃ１２３')).toBe('ABC123');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(
        fc.string(),
        (raw) => normalizePartNumber(normalizePartNumber(raw)) === normalizePartNumber(raw),
      ),
    );
  });

  it('keeps only upper-case letters and digits', () => {
    // Every code point, lone surrogates included — what `unit: 'binary'` draws, without its
    // one-off table of all 1.1 million code points (1–9 s, past the 5 s test timeout on a busy
    // CI machine).
    const codePoint = fc.integer({ min: 0, max: 0x10ffff }).map((point) => String.fromCodePoint(point));
    fc.assert(
      fc.property(fc.string({ unit: codePoint }), (raw) => /^[0-9A-Z]*$/.test(normalizePartNumber(raw))),
    );
  });

  it('ignores separators and case anywhere in a number', () => {
    const token = fc.stringMatching(/^[0-9A-Za-z]{1,6}$/);
    const separator = fc.constantFrom('', ' ', '-', '.', '/', '  ', ' - ');
    fc.assert(
      fc.property(fc.array(fc.tuple(token, separator), { minLength: 1, maxLength: 5 }), (parts) => {
        const joined = parts.map(([part, sep]) => part + sep).join('');
        const bare = parts
          .map(([part]) => part)
          .join('')
          .toUpperCase();
        return normalizePartNumber(joined) === bare;
      }),
    );
  });
});
