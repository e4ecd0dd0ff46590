import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Input, Modal } from 'antd';
import type { InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '@shared/stores/session-store';
import { toastError, toastSuccess } from '@shared/ui/feedback';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  validatePasswordChange,
  type PasswordField,
} from './change-password-validation';

/** One toast at a time: each refused try replaces the previous message (issue 17 item 9). */
const PASSWORD_TOAST = 'change-password';

/** Spec §2/§5: 400 px dialog; the new token from the server replaces the old one (spec §4). */
export default function ChangePasswordDialog({
  open,
  onClose,
  required = false,
}: {
  open: boolean;
  onClose: () => void;
  /** Opened because staff reset the password (GetUserInfo must_change_password): says why. */
  required?: boolean;
}) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [invalid, setInvalid] = useState<PasswordField | null>(null);
  const [saving, setSaving] = useState(false);
  const currentRef = useRef<InputRef>(null);
  const passwordRef = useRef<InputRef>(null);
  const confirmRef = useRef<InputRef>(null);

  function close() {
    setCurrent('');
    setPassword('');
    setConfirm('');
    setInvalid(null);
    onClose();
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const problem = validatePasswordChange(current, password, confirm);
    if (problem) {
      setInvalid(problem.field);
      toastError(t(problem.messageKey, { min: PASSWORD_MIN, max: PASSWORD_MAX }), PASSWORD_TOAST);
      ({ current: currentRef, password: passwordRef, confirm: confirmRef })[problem.field].current?.focus();
      return;
    }
    setInvalid(null);
    setSaving(true);
    try {
      const { changePassword } = await import('@shared/api/auth-api');
      // Silent: the server's message (spec §8: error toast) is shown below under the dialog's
      // own key, so it replaces a validation toast instead of stacking under it.
      const token = await changePassword(current, password.trim(), confirm.trim(), { silent: true });
      const session = useSessionStore.getState();
      session.setToken(token);
      // The server cleared the flag with the change; so does the copy here (no reopening).
      if (session.userInfo?.must_change_password)
        session.setUserInfo({ ...session.userInfo, must_change_password: false });
      toastSuccess(t('password.changed'));
      close();
    } catch (error) {
      toastError(error instanceof Error ? error.message : String(error), PASSWORD_TOAST);
      // Keep the dialog open for another try.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t('password.title')}
      width={400}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          {t('common.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={saving} onClick={() => void submit()}>
          {t('common.confirm')}
        </Button>,
      ]}
    >
      {required && (
        <Alert type="warning" showIcon title={t('password.mustChange')} className="password-reset-note" />
      )}
      <form className="password-form" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor="current-password">{t('password.currentPassword')}</label>
        <Input.Password
          id="current-password"
          ref={currentRef}
          autoComplete="current-password"
          value={current}
          status={invalid === 'current' ? 'error' : undefined}
          aria-invalid={invalid === 'current'}
          onChange={(e) => setCurrent(e.target.value)}
          placeholder={t('password.currentPasswordPlaceholder')}
          autoFocus
        />
        <label htmlFor="new-password">{t('password.newPassword')}</label>
        <Input.Password
          id="new-password"
          ref={passwordRef}
          autoComplete="new-password"
          value={password}
          status={invalid === 'password' ? 'error' : undefined}
          aria-invalid={invalid === 'password'}
          onChange={(e) => setPassword(e.target.value)}
          placeholder={t('password.newPasswordPlaceholder')}
        />
        <label htmlFor="confirm-password">{t('password.confirmPassword')}</label>
        <Input.Password
          id="confirm-password"
          ref={confirmRef}
          autoComplete="new-password"
          value={confirm}
          status={invalid === 'confirm' ? 'error' : undefined}
          aria-invalid={invalid === 'confirm'}
          onChange={(e) => setConfirm(e.target.value)}
          placeholder={t('password.confirmPasswordPlaceholder')}
        />
        {/* Enter in either field submits. */}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
