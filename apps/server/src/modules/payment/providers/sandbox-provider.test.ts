import { describe, expect, it } from 'vitest';
import { CallbackRefusal } from './payment-provider';
import { CALLBACK_MAX_AGE_SECONDS, createSandboxProvider, signCallback } from './sandbox-provider';

// The freshness window with a fixed clock: route tests read the real clock, so they keep well
// clear of the edge; this pins the edge itself.
const SECRET = 'sandbox-provider-test-secret';
const NOW = 1_795_000_000; // seconds
const provider = createSandboxProvider({ secret: SECRET, now: () => new Date(NOW * 1000 + 999) });

const callbackAt = (timestamp: number) => {
  const fields = {
    payment_no: 'SB20261122ABCDEF',
    merchant_id: 1,
    amount: '12.34',
    provider_ref: 'REF-1',
    timestamp,
  };
  return { ...fields, signature: signCallback(SECRET, fields) };
};

const refusal = (timestamp: number) => {
  try {
    provider.verifyCallback(callbackAt(timestamp));
    return null;
  } catch (error) {
    if (error instanceof CallbackRefusal) return error.message;
    throw error;
  }
};

describe('sandbox callback freshness', () => {
  it('accepts a callback up to the window on either side, within the same second', () => {
    expect(refusal(NOW)).toBeNull();
    expect(refusal(NOW - CALLBACK_MAX_AGE_SECONDS)).toBeNull();
    expect(refusal(NOW + CALLBACK_MAX_AGE_SECONDS)).toBeNull();
    expect(provider.verifyCallback(callbackAt(NOW)).timestamp).toBe(NOW);
  });

  it('refuses one second past the window on either side', () => {
    expect(refusal(NOW - CALLBACK_MAX_AGE_SECONDS - 1)).toBe('stale timestamp');
    expect(refusal(NOW + CALLBACK_MAX_AGE_SECONDS + 1)).toBe('stale timestamp');
    expect(refusal(0)).toBe('stale timestamp');
  });

  it('checks the signature before the clock, so a forged stale callback says "bad signature"', () => {
    const forged = { ...callbackAt(NOW - 10_000), provider_ref: 'REF-2' };
    expect(() => provider.verifyCallback(forged)).toThrow('bad signature');
  });
});
