import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '@shared/ui/clipboard';
import { toastSuccess } from '@shared/ui/feedback';

/** A temporary password, shown this once (the server keeps only its hash). */
export function TemporaryPasswordModal({
  login,
  password,
  created,
  onClose,
}: {
  login: string;
  password: string;
  /** A new account (true) or a password reset (false). */
  created: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={created ? t('admin.staff.createdTitle', { login }) : t('admin.staff.resetTitle', { login })}
      maskClosable={false}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <p>{t('admin.staff.temporaryPassword')}</p>
      <div className="admin-row admin-gap">
        <Typography.Text code className="admin-secret-shown" data-temporary-password={password}>
          {password}
        </Typography.Text>
        <Button
          icon={<CopyOutlined />}
          onClick={() => void copyText(password).then(() => toastSuccess(t('admin.common.copied')))}
        >
          {t('admin.common.copy')}
        </Button>
      </div>
      <Alert type="warning" showIcon title={t('admin.staff.shownOnce')} />
    </Modal>
  );
}
