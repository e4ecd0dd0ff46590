import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesce';

describe('coalesced', () => {
  it('runs the calls of one turn as one, each answered with its own result', async () => {
    const runs: number[][] = [];
    const double = coalesced(async (items: number[]) => {
      runs.push(items);
      return items.map((item) => item * 2);
    });
    expect(await Promise.all([double(1), double(2), double(3)])).toEqual([2, 4, 6]);
    expect(await double(4)).toBe(8);
    expect(runs).toEqual([[1, 2, 3], [4]]);
  });

  it('a failed run fails each of its calls, and the next turn runs again', async () => {
    let fail = true;
    const call = coalesced(async (items: string[]) => {
      if (fail) throw new Error('down');
      return items;
    });
    const results = await Promise.allSettled([call('a'), call('b')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await call('c')).toBe('c');
  });
});
