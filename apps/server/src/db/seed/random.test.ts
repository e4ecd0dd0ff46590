import { describe, expect, it } from 'vitest';
import { centsToString, scaledToString, applyPerMille } from './money';
import { createRandom } from './random';

describe('seeded random', () => {
  it('repeats a sequence for the same seed and stream, and differs otherwise', () => {
    const draw = (seed: number, stream: number) => {
      const random = createRandom(seed, stream);
      return Array.from({ length: 20 }, () => random.int(0, 1_000_000));
    };
    expect(draw(1, 0)).toEqual(draw(1, 0));
    expect(draw(1, 0)).not.toEqual(draw(2, 0));
    expect(draw(1, 0)).not.toEqual(draw(1, 1));
  });

  it('keeps every helper inside its bounds', () => {
    const random = createRandom(99);
    for (let i = 0; i < 10_000; i++) {
      const n = random.int(-3, 3);
      expect(n).toBeGreaterThanOrEqual(-3);
      expect(n).toBeLessThanOrEqual(3);
      const s = random.skewed(1, 8, 2);
      expect(s).toBeGreaterThanOrEqual(1);
      expect(s).toBeLessThanOrEqual(8);
      const f = random.next();
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
    }
    expect(random.digits(12)).toMatch(/^\d{12}$/);
  });

  it('samples distinct items, from small and from large lists', () => {
    const random = createRandom(5);
    const large = Array.from({ length: 1000 }, (_, i) => i);
    for (const [list, count] of [
      [large, 10],
      [large.slice(0, 12), 10],
      [large.slice(0, 3), 10],
    ] as const) {
      const picked = random.sample(list, count);
      expect(new Set(picked).size).toBe(picked.length);
      expect(picked.length).toBe(Math.min(count, list.length));
      for (const item of picked) expect(list).toContain(item);
    }
  });

  it('honours weights', () => {
    const random = createRandom(3);
    let heavy = 0;
    for (let i = 0; i < 10_000; i++) if (random.weighted(['a', 'b'], [9, 1]) === 'a') heavy++;
    expect(heavy).toBeGreaterThan(8_500);
    expect(heavy).toBeLessThan(9_500);
  });
});

describe('money strings', () => {
  it('formats integer cents and scaled integers exactly', () => {
    expect(centsToString(12345)).toBe('123.45');
    expect(centsToString(-5)).toBe('-0.05');
    expect(centsToString(0)).toBe('0.00');
    expect(scaledToString(1234, 3)).toBe('1.234');
    expect(scaledToString(7, 4)).toBe('0.0007');
    // 0.1 + 0.2 style errors cannot happen: 10.10 × 0.9 = 9.09 exactly.
    expect(centsToString(applyPerMille(1010, 900))).toBe('9.09');
    expect(applyPerMille(1005, 500)).toBe(503);
    expect(() => centsToString(0.5)).toThrow();
  });
});
