import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@partsportal/contract/auth';
import { staffEndpoints } from '@partsportal/contract/staff';
import { callEndpoint } from '@shared/api/client';
import { useStaffSession } from '@shared/stores/staff-session';
import { toastSuccess } from '@shared/ui/feedback';

interface Values {
  current: string;
  password: string;
  confirm: string;
}

/**
 * The staff member's own password. `forced`: GetStaffInfo said the password is temporary (a new
 * account or an owner's reset), so the dialog cannot be closed until it is changed.
 */
export default function StaffPasswordDialog({
  open,
  forced,
  onClose,
}: {
  open: boolean;
  forced: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');

  async function submit(values: Values) {
    setSaving(true);
    setError('');
    try {
      await callEndpoint(
        staffEndpoints.changePassword,
        { current_password: values.current, password: values.password },
        { silent: true },
      );
      const info = useStaffSession.getState().info;
      if (info) useStaffSession.getState().setInfo({ ...info, must_change_password: false });
      toastSuccess(t('password.changed'));
      form.resetFields();
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t('password.title')}
      width={420}
      closable={!forced}
      maskClosable={!forced}
      keyboard={!forced}
      onCancel={forced ? undefined : onClose}
      cancelButtonProps={forced ? { style: { display: 'none' } } : undefined}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {forced && (
        <Alert type="warning" showIcon title={t('admin.password.mustChange')} className="admin-gap" />
      )}
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        <Form.Item
          name="current"
          label={t('password.currentPassword')}
          rules={[{ required: true, message: t('password.currentRequired') }]}
        >
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('password.newPassword')}
          rules={[
            { required: true, whitespace: true, message: t('password.required') },
            {
              min: PASSWORD_MIN_LENGTH,
              max: PASSWORD_MAX_LENGTH,
              message: t('password.length', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('password.confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('password.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('password.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} role="alert" />}
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
