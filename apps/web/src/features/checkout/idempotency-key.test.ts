import { describe, expect, it } from 'vitest';
import {
  forgetIdempotencyKey,
  idempotencyKeyFor,
  submitFingerprint,
  type KeyStorage,
} from './idempotency-key';
import { parseIds } from './checkout-query';

function memoryStorage(): KeyStorage & { size: () => number } {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    size: () => map.size,
  };
}

describe('idempotency key', () => {
  it('reuses the key of the same submit (retry, double click, reload) and makes a new one otherwise', () => {
    const storage = memoryStorage();
    let n = 0;
    const make = () => `key-${++n}`;
    const body = submitFingerprint([3, 1], 5, ' hi ');
    expect(idempotencyKeyFor(storage, body, make)).toBe('key-1');
    expect(idempotencyKeyFor(storage, submitFingerprint([1, 3], 5, 'hi'), make)).toBe('key-1');
    expect(idempotencyKeyFor(storage, submitFingerprint([1, 3], 5, 'other'), make)).toBe('key-2');
    forgetIdempotencyKey(storage, body);
    expect(idempotencyKeyFor(storage, body, make)).toBe('key-3');
  });

  it('replaces a stored value that is not a usable header', () => {
    const storage = memoryStorage();
    storage.setItem('pp_idem:x', 'bad key\n');
    expect(idempotencyKeyFor(storage, 'x', () => 'fresh')).toBe('fresh');
  });
});

describe('checkout query', () => {
  it('parses ids: positive integers, no duplicates', () => {
    expect(parseIds('3,7, 3,x,-1,0,9')).toEqual([3, 7, 9]);
    expect(parseIds(null)).toEqual([]);
  });
});
