import { describe, expect, it } from 'vitest';
import * as contract from '@partsportal/contract/common';
import { DEFAULT_LANGUAGE, LANGUAGES, RELOGIN_CODES } from './contract-constants';

describe('web copies of contract constants', () => {
  it('match the contract', () => {
    expect([...RELOGIN_CODES]).toEqual([...contract.RELOGIN_CODES]);
    expect([...LANGUAGES]).toEqual([...contract.LANGUAGES]);
    expect(DEFAULT_LANGUAGE).toBe(contract.DEFAULT_LANGUAGE);
  });
});
