import { describe, expect, it } from 'vitest';
import { validatePasswordChange } from './change-password-validation';

describe('validatePasswordChange (spec §5 order)', () => {
  it('1. new password required — checked first, even when the confirmation is also empty', () => {
    expect(validatePasswordChange('', '')).toEqual({ field: 'password', messageKey: 'password.required' });
    expect(validatePasswordChange('   ', 'abcdef')).toEqual({
      field: 'password',
      messageKey: 'password.required',
    });
  });

  it('2. confirmation required — after trimming', () => {
    expect(validatePasswordChange('abcdef', '')).toEqual({
      field: 'confirm',
      messageKey: 'password.confirmRequired',
    });
    expect(validatePasswordChange('abcdef', '  \t')).toEqual({
      field: 'confirm',
      messageKey: 'password.confirmRequired',
    });
  });

  it('3. both must match — compared after trimming', () => {
    expect(validatePasswordChange('abcdef', 'abcdeg')).toEqual({
      field: 'confirm',
      messageKey: 'password.mismatch',
    });
    expect(validatePasswordChange(' abcdef ', 'abcdef')).toBeNull();
  });

  it('then our length rule', () => {
    expect(validatePasswordChange('abc', 'abc')).toEqual({
      field: 'password',
      messageKey: 'password.length',
    });
    expect(validatePasswordChange('x'.repeat(129), 'x'.repeat(129))).toEqual({
      field: 'password',
      messageKey: 'password.length',
    });
  });

  it('mismatch wins over length (spec checks come first)', () => {
    expect(validatePasswordChange('abc', 'abd')?.messageKey).toBe('password.mismatch');
  });
});
