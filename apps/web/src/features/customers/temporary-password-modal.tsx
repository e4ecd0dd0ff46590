import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '@shared/ui/clipboard';
import { toastSuccess } from '@shared/ui/feedback';

/**
 * The temporary password, shown this once (the server keeps only its hash). The user must
 * choose their own at the next sign-in: the buyer's change-password dialog opens by itself.
 */
export function TemporaryPasswordModal({
  userId,
  password,
  onClose,
}: {
  userId: string;
  password: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('admin.customers.temporaryTitle', { user: userId })}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('admin.customers.temporaryDone')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('admin.customers.temporaryOnce')} className="admin-gap" />
      <div className="admin-row">
        <Typography.Text code className="admin-secret-shown" data-testid="temporary-password">
          {password}
        </Typography.Text>
        <Button
          icon={<CopyOutlined />}
          onClick={() => void copyText(password).then(() => toastSuccess(t('admin.common.copied')))}
        >
          {t('admin.common.copy')}
        </Button>
      </div>
      <Typography.Paragraph type="secondary" className="customers-temporary-note">
        {t('admin.customers.temporaryNote')}
      </Typography.Paragraph>
    </Modal>
  );
}
