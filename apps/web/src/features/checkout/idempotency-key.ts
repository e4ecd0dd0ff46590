/** What sessionStorage offers; a Map-backed stand-in in the tests. */
export interface KeyStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const PREFIX = 'pp_idem:';

/**
 * The Idempotency-Key of one order submit. It is made once per confirm page visit and kept in
 * sessionStorage under the submit body, so a retry, a double click or a reload sends the same
 * key (the server then answers the same order); a changed body gets a fresh key, because the
 * server refuses the same key with another body.
 */
export function idempotencyKeyFor(
  storage: KeyStorage,
  fingerprint: string,
  makeKey: () => string = () => crypto.randomUUID(),
): string {
  const slot = PREFIX + fingerprint;
  const existing = storage.getItem(slot);
  if (existing && /^[\x21-\x7e]{1,200}$/.test(existing)) return existing;
  const key = makeKey();
  storage.setItem(slot, key);
  return key;
}

/** After the order exists, the key is done with: the next order gets a new one. */
export function forgetIdempotencyKey(storage: KeyStorage, fingerprint: string): void {
  storage.removeItem(PREFIX + fingerprint);
}

export function submitFingerprint(
  ids: readonly number[],
  addressId: number | null,
  remark: string,
  /** Further fields of the body (PO number, backorder choice): another value is another order. */
  more: readonly string[] = [],
): string {
  return JSON.stringify([[...ids].sort((a, b) => a - b), addressId, remark.trim(), ...more]);
}
