import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useNavigate } from '@shared/hooks/use-navigate';
import { ResultCode } from '@partsportal/contract/codes';
import { staffEndpoints } from '@partsportal/contract/staff';
import { ApiError, callEndpoint } from '@shared/api/client';
import { getStaticConfig } from '@shared/api/static-config';
import { useSettingsStore } from '@shared/stores/settings-store';
import { useStaffSession } from '@shared/stores/staff-session';
import { toastSuccess } from '@shared/ui/feedback';
import { LoginLanguages } from '@shared/ui/login-languages';
import { copyText, downloadText } from '@shared/ui/clipboard';
import { safeAdminRedirect } from './admin-redirect';

interface Enrolment {
  secret: string;
  uri: string;
  qr_svg: string;
}

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Staff sign-in (issue 14, decision 012): password → enrol a TOTP (first sign-in: QR, secret,
 * first code, recovery codes shown once) or enter a code (or a recovery code). The step survives
 * a reload (staff-session.ts keeps it); the recovery codes do not: they are shown once.
 */
export default function AdminLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const language = useSettingsStore((s) => s.language);
  const token = useStaffSession((s) => s.token);
  const pendingStep = useStaffSession((s) => s.pendingStep);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [error, setError] = useState('');
  const config = getStaticConfig();
  const title = config.homeTitle?.[language] || t('app.title');
  const target = safeAdminRedirect(params.get('redirect'));

  // A dead pending session (five wrong codes, expiry) is forgotten by the API client: back to the password.
  const step: 'password' | 'enrol' | 'verify' | 'codes' | 'done' = recoveryCodes
    ? 'codes'
    : !token
      ? 'password'
      : (pendingStep ?? 'done');

  if (step === 'done') return <Navigate to={target} replace />;

  async function restart() {
    try {
      await callEndpoint(staffEndpoints.logout, {}, { silent: true });
    } catch {
      // The pending session dies on its own.
    }
    useStaffSession.getState().reset();
    setError('');
  }

  return (
    <main className="login-page">
      <div
        className={`login-panel admin-login-panel${step === 'enrol' || step === 'codes' ? ' is-wide' : ''}`}
      >
        <div className="login-brand">
          <img src={config.homeLogo || '/logo.svg'} alt="" width={40} height={40} />
          <div>
            <h1 id="login-title">{title}</h1>
            <div className="admin-login-sub">{t('admin.title')}</div>
          </div>
        </div>
        {step === 'password' && <PasswordStep error={error} setError={setError} />}
        {step === 'enrol' && (
          <EnrolStep
            error={error}
            setError={setError}
            onConfirmed={(codes) => {
              useStaffSession.getState().completeSecondFactor();
              setRecoveryCodes(codes);
            }}
          />
        )}
        {step === 'codes' && recoveryCodes && (
          <RecoveryCodesStep codes={recoveryCodes} onDone={() => void navigate(target, { replace: true })} />
        )}
        {step === 'verify' && <VerifyStep error={error} setError={setError} />}
        {(step === 'enrol' || step === 'verify') && (
          <Button type="link" onClick={() => void restart()} className="admin-login-restart">
            {t('admin.login.restart')}
          </Button>
        )}
        <LoginLanguages />
      </div>
    </main>
  );
}

interface StepProps {
  error: string;
  setError: (text: string) => void;
}

function ErrorLine({ text }: { text: string }) {
  return (
    <div className="login-error" role="alert">
      {text}
    </div>
  );
}

function PasswordStep({ error, setError }: StepProps) {
  const { t } = useTranslation();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!login.trim()) return setError(t('admin.login.loginRequired'));
    if (!password) return setError(t('login.passwordRequired'));
    setError('');
    setLoading(true);
    try {
      const answer = await callEndpoint(
        staffEndpoints.login,
        { login: login.trim(), password, account_id: getStaticConfig().account_id },
        { silent: true },
      );
      useStaffSession.getState().startPending(answer.token, answer.second_factor);
    } catch (failure) {
      setError(messageOf(failure));
      setLoading(false);
    }
  }

  return (
    <form
      className="admin-login-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="login-title"
    >
      <label className="login-label" htmlFor="admin-login">
        {t('admin.login.login')}
      </label>
      <Input
        id="admin-login"
        name="username"
        size="large"
        autoComplete="username"
        autoFocus
        value={login}
        onChange={(e) => setLogin(e.target.value)}
      />
      <label className="login-label" htmlFor="admin-password">
        {t('login.password')}
      </label>
      <Input.Password
        id="admin-password"
        name="password"
        size="large"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <ErrorLine text={error} />
      <Button type="primary" htmlType="submit" size="large" block loading={loading}>
        {t('login.submit')}
      </Button>
    </form>
  );
}

/** A six-digit code field: digits only, one-time-code autofill, submits its form on Enter. */
function CodeInput({
  id,
  value,
  onChange,
  autoFocus,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <Input
      id={id}
      size="large"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      autoFocus={autoFocus}
      className="admin-code-input"
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
    />
  );
}

function EnrolStep({ error, setError, onConfirmed }: StepProps & { onConfirmed: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [loading, setLoading] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // Once per mount (StrictMode mounts twice): each call makes a new secret.
    if (started.current) return;
    started.current = true;
    callEndpoint(staffEndpoints.startEnrolment, {}, { silent: true })
      .then(setEnrolment)
      .catch((failure: unknown) => {
        // Already enrolled (a reload after the confirmation): the code step is what remains.
        if (failure instanceof ApiError && failure.code === ResultCode.conflict)
          useStaffSession.getState().startPending(useStaffSession.getState().token ?? '', 'verify');
        else setError(messageOf(failure));
      });
  }, [setError]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) return setError(t('admin.login.codeFormat'));
    setError('');
    setLoading(true);
    try {
      const answer = await callEndpoint(staffEndpoints.confirmEnrolment, { code }, { silent: true });
      onConfirmed(answer.recovery_codes);
    } catch (failure) {
      setError(messageOf(failure));
      setCode('');
      setLoading(false);
    }
  }

  if (!enrolment)
    return <div className="admin-login-loading">{error ? <ErrorLine text={error} /> : <Spin />}</div>;

  // The server draws the QR with the `qrcode` library; as an <img> source an SVG can run no
  // script and reach nothing of the page, whatever it contains.
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`;
  return (
    <form className="admin-login-form" onSubmit={(e) => void submit(e)} noValidate>
      <h2 className="admin-login-step">{t('admin.login.enrolTitle')}</h2>
      <ol className="admin-enrol-list">
        <li>{t('admin.login.enrolScan')}</li>
        <li>{t('admin.login.enrolType')}</li>
      </ol>
      <div className="admin-enrol">
        <img className="admin-qr" src={qr} alt={t('admin.login.qrAlt')} width={180} height={180} />
        <div className="admin-secret">
          <div className="login-label" id="admin-secret-label">
            {t('admin.login.secret')}
          </div>
          <code
            className="admin-secret-value"
            aria-labelledby="admin-secret-label"
            data-secret={enrolment.secret}
          >
            {grouped(enrolment.secret)}
          </code>
          <Button
            size="small"
            icon={<CopyOutlined />}
            onClick={() => void copyText(enrolment.secret).then(() => toastSuccess(t('admin.common.copied')))}
          >
            {t('admin.common.copy')}
          </Button>
        </div>
      </div>
      <label className="login-label" htmlFor="admin-enrol-code">
        {t('admin.login.code')}
      </label>
      <CodeInput id="admin-enrol-code" value={code} onChange={setCode} autoFocus />
      <ErrorLine text={error} />
      <Button type="primary" htmlType="submit" size="large" block loading={loading}>
        {t('admin.login.confirmCode')}
      </Button>
    </form>
  );
}

function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  const text = codes.join('\n');
  return (
    <div className="admin-login-form">
      <h2 className="admin-login-step">{t('admin.login.codesTitle')}</h2>
      <p className="admin-login-note">{t('admin.login.codesNote')}</p>
      <ul className="admin-recovery-codes" aria-label={t('admin.login.codesTitle')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="admin-row">
        <Button
          icon={<CopyOutlined />}
          onClick={() => void copyText(text).then(() => toastSuccess(t('admin.common.copied')))}
        >
          {t('admin.common.copy')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => downloadText('partsportal-recovery-codes.txt', `${text}\n`)}
        >
          {t('admin.login.download')}
        </Button>
      </div>
      <Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)}>
        {t('admin.login.codesSaved')}
      </Checkbox>
      <Button type="primary" size="large" block disabled={!saved} onClick={onDone}>
        {t('admin.login.continue')}
      </Button>
    </div>
  );
}

function VerifyStep({ error, setError }: StepProps) {
  const { t } = useTranslation();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [loading, setLoading] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!useRecovery && !/^\d{6}$/.test(code)) return setError(t('admin.login.codeFormat'));
    if (useRecovery && recoveryCode.trim().length < 8) return setError(t('admin.login.recoveryRequired'));
    setError('');
    setLoading(true);
    try {
      await callEndpoint(
        staffEndpoints.verify,
        useRecovery ? { recovery_code: recoveryCode.trim() } : { code },
        { silent: true },
      );
      // The page re-renders as signed in and goes on to the page asked for.
      useStaffSession.getState().completeSecondFactor();
    } catch (failure) {
      setError(messageOf(failure));
      setCode('');
      setLoading(false);
    }
  }

  let field: ReactNode;
  if (useRecovery)
    field = (
      <>
        <label className="login-label" htmlFor="admin-recovery-code">
          {t('admin.login.recoveryCode')}
        </label>
        <Input
          id="admin-recovery-code"
          size="large"
          autoComplete="off"
          autoFocus
          value={recoveryCode}
          onChange={(e) => setRecoveryCode(e.target.value)}
        />
      </>
    );
  else
    field = (
      <>
        <label className="login-label" htmlFor="admin-verify-code">
          {t('admin.login.code')}
        </label>
        <CodeInput id="admin-verify-code" value={code} onChange={setCode} autoFocus />
      </>
    );

  return (
    <form className="admin-login-form" onSubmit={(e) => void submit(e)} noValidate>
      <h2 className="admin-login-step">{t('admin.login.verifyTitle')}</h2>
      <p className="admin-login-note">
        {useRecovery ? t('admin.login.recoveryNote') : t('admin.login.verifyNote')}
      </p>
      {field}
      <ErrorLine text={error} />
      <Button type="primary" htmlType="submit" size="large" block loading={loading}>
        {t('admin.login.verify')}
      </Button>
      <Button
        type="link"
        onClick={() => {
          setUseRecovery(!useRecovery);
          setError('');
        }}
      >
        {useRecovery ? t('admin.login.useCode') : t('admin.login.useRecovery')}
      </Button>
    </form>
  );
}
