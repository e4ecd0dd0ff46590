import { describe, expect, it } from 'vitest';
import { etagKey, recallEtag, rememberEtag } from './etag-cache';

/** A Storage stand-in: the unit project runs in Node. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('etag cache', () => {
  it('keys only the tagged reference lists, per session, language and body', () => {
    expect(etagKey('/Web/GetProductList', '{}', 'en', 'a')).toBeUndefined();
    const key = etagKey('/Web/GetAllAreas', '{}', 'en', 'token-a');
    expect(key).toBeDefined();
    expect(etagKey('/Web/GetAllAreas', '{}', 'en', 'token-b')).not.toBe(key);
    expect(etagKey('/Web/GetAllAreas', '{}', 'es', 'token-a')).not.toBe(key);
    expect(etagKey('/Web/GetVehicleTree', '{"brand":1}', 'en', 'token-a')).not.toBe(
      etagKey('/Web/GetVehicleTree', '{"brand":2}', 'en', 'token-a'),
    );
    expect(key).not.toContain('token-a'); // the token itself never goes into storage
  });

  it('remembers and recalls an answer with its tag; junk reads as nothing', () => {
    const store = memoryStorage();
    const key = etagKey('/Web/GetAllAreas', '{}', 'en', 't') ?? '';
    expect(recallEtag(key, store)).toBeUndefined();
    const entry = { tag: 'W/"abc"', envelope: { code: 200, msg: 'ok', data: [1] } };
    rememberEtag(key, entry, store);
    expect(recallEtag(key, store)).toEqual(entry);
    store.setItem(key, '{not json');
    expect(recallEtag(key, store)).toBeUndefined();
    store.setItem(key, '{"envelope":1}');
    expect(recallEtag(key, store)).toBeUndefined();
  });

  it('does not store an answer too big for sessionStorage', () => {
    const store = memoryStorage();
    rememberEtag('k', { tag: 'W/"x"', envelope: 'x'.repeat(600 * 1024) }, store);
    expect(store.length).toBe(0);
  });
});
