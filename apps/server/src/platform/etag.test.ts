import { describe, expect, it } from 'vitest';
import { etagOf, matchesIfNoneMatch } from './etag';

describe('etag', () => {
  it('is a weak tag that changes with the body', () => {
    const tag = etagOf('{"code":200,"data":[1]}');
    expect(tag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(etagOf(Buffer.from('{"code":200,"data":[1]}'))).toBe(tag);
    expect(etagOf('{"code":200,"data":[2]}')).not.toBe(tag);
  });

  it('matches If-None-Match lists, weakly, and *', () => {
    const tag = etagOf('x');
    const bare = tag.slice(2);
    expect(matchesIfNoneMatch(tag, tag)).toBe(true);
    expect(matchesIfNoneMatch(`"other", ${bare}`, tag)).toBe(true);
    expect(matchesIfNoneMatch('*', tag)).toBe(true);
    expect(matchesIfNoneMatch('"other"', tag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false);
    expect(matchesIfNoneMatch('', tag)).toBe(false);
  });
});
