import { useState } from 'react';
import { Alert, Button, Checkbox, Input, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchUserInfo, useSessionStore } from '@shared/stores/session-store';
import { toastError, toastSuccess } from '@shared/ui/feedback';

type Step =
  | { kind: 'overview' }
  | { kind: 'enrol'; secret: string; qrSvg: string }
  | { kind: 'codes'; codes: string[] };

/** The server's QR code (an SVG the `qrcode` library drew) as an image: no markup enters the page. */
const svgImage = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * Optional two-step sign-in for a buyer (decision 012): off until the user turns it on here;
 * then the sign-in asks for the authenticator app's code after the password.
 */
export default function TwoFactorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const enabled = useSessionStore((s) => s.userInfo?.two_factor ?? false);
  const [step, setStep] = useState<Step>({ kind: 'overview' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  async function refresh() {
    useSessionStore.getState().setUserInfo(await fetchUserInfo());
  }

  function close() {
    setStep({ kind: 'overview' });
    setCode('');
    setPassword('');
    setSaved(false);
    setUseRecovery(false);
    onClose();
  }

  async function run(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toastError(error instanceof Error ? error.message : String(error), 'two-factor');
    } finally {
      setBusy(false);
    }
  }

  const start = () =>
    run(async () => {
      const { startTwoFactor } = await import('@shared/api/auth-api');
      const answer = await startTwoFactor();
      setStep({ kind: 'enrol', secret: answer.secret, qrSvg: answer.qr_svg });
    });

  const confirm = () =>
    run(async () => {
      if (!/^\d{6}$/.test(code.trim())) throw new Error(t('twoFactor.codeFormat'));
      const { confirmTwoFactor } = await import('@shared/api/auth-api');
      const answer = await confirmTwoFactor(code.trim());
      setCode('');
      setStep({ kind: 'codes', codes: answer.recovery_codes });
      await refresh();
    });

  const disable = () =>
    run(async () => {
      if (!password) throw new Error(t('password.currentRequired'));
      if (!code.trim()) throw new Error(t('login.codeRequired'));
      const { disableTwoFactor } = await import('@shared/api/auth-api');
      await disableTwoFactor(password, useRecovery ? { recovery_code: code.trim() } : { code: code.trim() });
      await refresh();
      toastSuccess(t('twoFactor.turnedOff'));
      close();
    });

  const download = (codes: string[]) => {
    const blob = new Blob([`${t('twoFactor.recoveryTitle')}\n\n${codes.join('\n')}\n`], {
      type: 'text/plain',
    });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'partsportal-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };

  const footer =
    step.kind === 'codes' ? (
      <Button type="primary" disabled={!saved} onClick={close}>
        {t('twoFactor.done')}
      </Button>
    ) : step.kind === 'enrol' ? (
      <Button type="primary" loading={busy} onClick={() => void confirm()}>
        {t('twoFactor.confirm')}
      </Button>
    ) : enabled ? (
      <Button danger loading={busy} onClick={() => void disable()}>
        {t('twoFactor.turnOff')}
      </Button>
    ) : (
      <Button type="primary" loading={busy} onClick={() => void start()}>
        {t('twoFactor.turnOn')}
      </Button>
    );

  return (
    <Modal
      open={open}
      title={t('twoFactor.title')}
      onCancel={step.kind === 'codes' && !saved ? undefined : close}
      closable={step.kind !== 'codes' || saved}
      maskClosable={false}
      footer={footer}
      width={440}
      destroyOnHidden
    >
      {step.kind === 'overview' && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert
            type={enabled ? 'success' : 'info'}
            showIcon
            message={t(enabled ? 'twoFactor.isOn' : 'twoFactor.isOff')}
          />
          <Typography.Paragraph>{t('twoFactor.explain')}</Typography.Paragraph>
          {enabled && (
            <>
              <label htmlFor="tf-password">{t('password.currentPassword')}</label>
              <Input.Password
                id="tf-password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <label htmlFor="tf-code">{t(useRecovery ? 'login.recoveryCode' : 'login.code')}</label>
              <Input
                id="tf-code"
                autoComplete="one-time-code"
                inputMode={useRecovery ? 'text' : 'numeric'}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
              <Button type="link" size="small" onClick={() => setUseRecovery(!useRecovery)}>
                {t(useRecovery ? 'login.useAppCode' : 'login.useRecoveryCode')}
              </Button>
            </>
          )}
        </Space>
      )}
      {step.kind === 'enrol' && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph>{t('twoFactor.scan')}</Typography.Paragraph>
          <img
            className="two-factor-qr"
            src={svgImage(step.qrSvg)}
            alt={t('twoFactor.qrAlt')}
            width={200}
            height={200}
          />
          <Typography.Text type="secondary">{t('twoFactor.orType')}</Typography.Text>
          <Typography.Text code copyable className="two-factor-secret">
            {step.secret}
          </Typography.Text>
          <label htmlFor="tf-new-code">{t('login.code')}</label>
          <Input
            id="tf-new-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onPressEnter={() => void confirm()}
          />
        </Space>
      )}
      {step.kind === 'codes' && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="warning" showIcon message={t('twoFactor.recoveryExplain')} />
          <pre className="two-factor-codes" aria-label={t('twoFactor.recoveryTitle')}>
            {step.codes.join('\n')}
          </pre>
          <Space wrap>
            <Typography.Text copyable={{ text: step.codes.join('\n') }}>
              {t('twoFactor.copy')}
            </Typography.Text>
            <Button size="small" onClick={() => download(step.codes)}>
              {t('twoFactor.download')}
            </Button>
          </Space>
          <Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)}>
            {t('twoFactor.saved')}
          </Checkbox>
        </Space>
      )}
    </Modal>
  );
}
