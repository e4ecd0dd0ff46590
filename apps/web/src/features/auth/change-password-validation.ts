import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@partsportal/contract/auth';

export type PasswordField = 'current' | 'password' | 'confirm';

export interface PasswordProblem {
  field: PasswordField;
  /** i18n key of the message. */
  messageKey: string;
}

/** Ours, after the spec's three checks; the server enforces the same contract limits. */
export const PASSWORD_MIN = PASSWORD_MIN_LENGTH;
export const PASSWORD_MAX = PASSWORD_MAX_LENGTH;

/**
 * The current password first (ASVS 6.2.3, decision 007; the server checks that it is right),
 * then spec §5, in this order and each after trimming: new password required, confirmation
 * required, both equal; then our length rule. The first failing check wins.
 */
export function validatePasswordChange(
  current: string,
  password: string,
  confirm: string,
): PasswordProblem | null {
  if (!current) return { field: 'current', messageKey: 'password.currentRequired' };
  const newPassword = password.trim();
  const confirmation = confirm.trim();
  if (!newPassword) return { field: 'password', messageKey: 'password.required' };
  if (!confirmation) return { field: 'confirm', messageKey: 'password.confirmRequired' };
  if (newPassword !== confirmation) return { field: 'confirm', messageKey: 'password.mismatch' };
  if (newPassword.length < PASSWORD_MIN || newPassword.length > PASSWORD_MAX) {
    return { field: 'password', messageKey: 'password.length' };
  }
  return null;
}
