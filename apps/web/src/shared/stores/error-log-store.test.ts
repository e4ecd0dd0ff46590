import { describe, expect, it } from 'vitest';
import { ResultCode } from '@partsportal/contract/codes';
import { isUnhandledApiCode } from './error-log-store';

describe('which answers the error log keeps (spec §8: unhandled interface errors)', () => {
  it('leaves out the server answering a refusal it states, and the relogin codes', () => {
    for (const code of [
      ResultCode.refused,
      ResultCode.validation,
      ResultCode.forbidden,
      ResultCode.notFound,
      ResultCode.conflict,
      ResultCode.payloadTooLarge,
      ResultCode.rateLimited,
      ResultCode.invalidToken,
      ResultCode.signedInElsewhere,
      ResultCode.tokenExpired,
    ]) {
      expect(isUnhandledApiCode(code), String(code)).toBe(false);
    }
  });

  it('keeps internal and unavailable answers and codes the client does not know', () => {
    for (const code of [ResultCode.internal, ResultCode.unavailable, 50099, 500, 1, 60000]) {
      expect(isUnhandledApiCode(code), String(code)).toBe(true);
    }
  });
});
