/**
 * Seeded pseudo-random numbers for the demo data. The generator must give the same sequence
 * for the same seed on every machine and Node version, so it uses only 32-bit integer
 * arithmetic (sfc32 seeded through splitmix32) and never Math.random.
 */

const UINT32 = 0x1_0000_0000;

/** splitmix32: spreads a small seed over all 32 bits so that seeds 1 and 2 are unrelated. */
function splitmix32(state: number): () => number {
  let s = state >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** true with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by relative weights (same length as items). */
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
  /** Fisher-Yates in place; returns the same array. */
  shuffle<T>(items: T[]): T[];
  /** `count` distinct items (fewer when the list is shorter), in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** Integer in [min, max] skewed towards min (power > 1 means more skew). */
  skewed(min: number, max: number, power: number): number;
  /** A string of `length` decimal digits. */
  digits(length: number): string;
}

/**
 * A generator for `seed`; `stream` picks an independent sequence, so that adding a call in
 * one part of the generator (say, orders) does not shift the data of another (the catalogue).
 */
export function createRandom(seed: number, stream = 0): Random {
  const init = splitmix32((seed >>> 0) ^ Math.imul(stream + 1, 0x27d4eb2d));
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  const nextUint32 = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  // The first outputs of sfc32 are weakly mixed; discard them as its author recommends.
  for (let i = 0; i < 12; i++) nextUint32();

  const next = (): number => nextUint32() / UINT32;
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));

  const random: Random = {
    next,
    int,
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)] as T;
    },
    weighted<T>(items: readonly T[], weights: readonly number[]): T {
      let total = 0;
      for (const w of weights) total += w;
      let roll = next() * total;
      for (let i = 0; i < items.length; i++) {
        roll -= weights[i] ?? 0;
        if (roll < 0) return items[i] as T;
      }
      return items[items.length - 1] as T;
    },
    shuffle<T>(items: T[]): T[] {
      for (let i = items.length - 1; i > 0; i--) {
        const j = int(0, i);
        const tmp = items[i] as T;
        items[i] = items[j] as T;
        items[j] = tmp;
      }
      return items;
    },
    sample<T>(items: readonly T[], count: number): T[] {
      if (count >= items.length) return random.shuffle([...items]);
      if (count * 8 < items.length) {
        // Few from many (order lines from a 20k pool): draw indexes and skip repeats instead of
        // copying the whole list for every order.
        const seen = new Set<number>();
        const out: T[] = [];
        while (out.length < count) {
          const index = int(0, items.length - 1);
          if (seen.has(index)) continue;
          seen.add(index);
          out.push(items[index] as T);
        }
        return out;
      }
      // Partial Fisher-Yates over a copy: O(count) swaps, no duplicates.
      const copy = [...items];
      for (let i = 0; i < count; i++) {
        const j = int(i, copy.length - 1);
        const tmp = copy[i] as T;
        copy[i] = copy[j] as T;
        copy[j] = tmp;
      }
      return copy.slice(0, count);
    },
    skewed: (min, max, power) => min + Math.floor(Math.pow(next(), power) * (max - min + 1)),
    digits(length: number): string {
      let out = '';
      for (let i = 0; i < length; i++) out += String(nextUint32() % 10);
      return out;
    },
  };
  return random;
}
