import { describe, expect, it } from 'vitest';
import { validatePasswordChange } from './change-password-validation';

describe('validatePasswordChange (current password, then spec §5 order)', () => {
  it('0. the current password comes first (ASVS 6.2.3), even when everything else is empty', () => {
    expect(validatePasswordChange('', '', '')).toEqual({
      field: 'current',
      messageKey: 'password.currentRequired',
    });
    expect(validatePasswordChange('', 'abcdef', 'abcdef')?.field).toBe('current');
  });

  it('1. new password required — checked first, even when the confirmation is also empty', () => {
    expect(validatePasswordChange('old-pass', '', '')).toEqual({
      field: 'password',
      messageKey: 'password.required',
    });
    expect(validatePasswordChange('old-pass', '   ', 'abcdef')).toEqual({
      field: 'password',
      messageKey: 'password.required',
    });
  });

  it('2. confirmation required — after trimming', () => {
    expect(validatePasswordChange('old-pass', 'abcdef', '')).toEqual({
      field: 'confirm',
      messageKey: 'password.confirmRequired',
    });
    expect(validatePasswordChange('old-pass', 'abcdef', '  \t')).toEqual({
      field: 'confirm',
      messageKey: 'password.confirmRequired',
    });
  });

  it('3. both must match — compared after trimming', () => {
    expect(validatePasswordChange('old-pass', 'abcdef', 'abcdeg')).toEqual({
      field: 'confirm',
      messageKey: 'password.mismatch',
    });
    expect(validatePasswordChange('old-pass', ' abcdef ', 'abcdef')).toBeNull();
  });

  it('then our length rule', () => {
    expect(validatePasswordChange('old-pass', 'abc', 'abc')).toEqual({
      field: 'password',
      messageKey: 'password.length',
    });
    expect(validatePasswordChange('old-pass', 'x'.repeat(129), 'x'.repeat(129))).toEqual({
      field: 'password',
      messageKey: 'password.length',
    });
  });

  it('mismatch wins over length (spec checks come first)', () => {
    expect(validatePasswordChange('old-pass', 'abc', 'abd')?.messageKey).toBe('password.mismatch');
  });
});
