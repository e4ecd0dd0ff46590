import { useEffect, useState, type FormEvent } from 'react';
import { Button } from 'antd';
// Input and Password from their own modules: antd's `Input` index also pulls TextArea, Search,
// OTP and Group into /login's bundle (issue 18 item 2: ~2 KB gzip the form never uses).
import Input from 'antd/es/input/Input';
import PasswordInput from 'antd/es/input/Password';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useNavigate } from '@shared/hooks/use-navigate';
import { ResultCode } from '@partsportal/contract/codes';
import { getStaticConfig } from '@shared/api/static-config';
import { COOKIE, getCookie, removeCookie, setCookie } from '@shared/cookies';
import { useSessionStore } from '@shared/stores/session-store';
import { useSettingsStore } from '@shared/stores/settings-store';
import { LoginLanguages } from '@shared/ui/login-languages';
import { prefetchNext } from '@shared/ui/prefetch-next';
import { safeRedirect } from './safe-redirect';

/*
 * Deliberately built from Input and Button only (no antd Form, Select or Card): the whole
 * /login route must stay under 250 KB gzip (brief §6).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const language = useSettingsStore((s) => s.language);
  const config = getStaticConfig();
  const uniqueCode = params.get('uniqueCode') ?? getCookie(COOKIE.uniqueCode) ?? '';
  const [userId, setUserId] = useState(() => (uniqueCode ? (getCookie(COOKIE.userId) ?? '') : ''));
  const [password, setPassword] = useState('');
  // Only for a user who turned two-step sign-in on: the server answers 40011 to the password alone.
  const [codeStep, setCodeStep] = useState<'none' | 'code' | 'recovery'>('none');
  const [code, setCode] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');

  const title = config.homeTitle?.[language] || t('app.title');

  // While the form is filled in, the signed-in layout and the home page download (issue 18).
  useEffect(() => prefetchNext(['@layout', '/dashboard']), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmedId = userId.trim();
    if (!trimmedId) return setError(t('login.userIdRequired'));
    if (!password) return setError(t('login.passwordRequired'));
    if (codeStep !== 'none' && !code.trim()) return setError(t('login.codeRequired'));
    // The server would name only the field (totp_code); the user needs to hear what is wrong.
    if (codeStep === 'code' && !/^\d{6}$/.test(code.trim())) return setError(t('twoFactor.codeFormat'));
    setError('');
    setLoading(true);
    try {
      const { login } = await import('@shared/api/auth-api');
      const token = await login(
        {
          user_id: trimmedId,
          password,
          account_id: config.account_id,
          from: 'web',
          unique_code: uniqueCode || null,
          ...(codeStep === 'code' ? { totp_code: code.trim() } : {}),
          ...(codeStep === 'recovery' ? { recovery_code: code.trim() } : {}),
        },
        { silent: true },
      );
      // Only the user id is remembered; the password is the browser's job (docs/decisions/003).
      if (uniqueCode) setCookie(COOKIE.userId, trimmedId, 365);
      else removeCookie(COOKIE.userId);
      const session = useSessionStore.getState();
      session.resetLocal();
      session.setToken(token);
      void navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (failure) {
      if ((failure as { code?: number }).code === ResultCode.secondFactorRequired && codeStep === 'none') {
        setCodeStep('code');
      }
      setError(failure instanceof Error ? failure.message : String(failure));
      setLoading(false);
    }
  }

  return (
    <main className="login-page">
      <form className="login-panel" onSubmit={submit} aria-labelledby="login-title" noValidate>
        <div className="login-brand">
          <img src={config.homeLogo || '/logo.svg'} alt="" width={40} height={40} />
          <h1 id="login-title">{title}</h1>
        </div>
        <label className="login-label" htmlFor="login-user-id">
          {t('login.userId')}
        </label>
        <Input
          id="login-user-id"
          name="username"
          size="large"
          autoComplete="username"
          autoFocus
          value={userId}
          onChange={(e) => setUserId(e.target.value)}
          placeholder={t('login.userIdPlaceholder')}
        />
        <label className="login-label" htmlFor="login-password">
          {t('login.password')}
        </label>
        <PasswordInput
          id="login-password"
          name="password"
          size="large"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          placeholder={t('login.passwordPlaceholder')}
        />
        {codeStep !== 'none' && (
          <>
            <label className="login-label" htmlFor="login-code">
              {t(codeStep === 'code' ? 'login.code' : 'login.recoveryCode')}
            </label>
            <Input
              id="login-code"
              name="one-time-code"
              size="large"
              autoComplete="one-time-code"
              inputMode={codeStep === 'code' ? 'numeric' : 'text'}
              maxLength={codeStep === 'code' ? 6 : 32}
              autoFocus
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <Button
              type="link"
              size="small"
              className="login-code-switch"
              onClick={() => {
                setCode('');
                setCodeStep(codeStep === 'code' ? 'recovery' : 'code');
              }}
            >
              {t(codeStep === 'code' ? 'login.useRecoveryCode' : 'login.useAppCode')}
            </Button>
          </>
        )}
        <div className="login-error" role="alert">
          {error}
        </div>
        <Button type="primary" htmlType="submit" size="large" block loading={loading}>
          {t('login.submit')}
        </Button>
        <LoginLanguages />
      </form>
    </main>
  );
}
