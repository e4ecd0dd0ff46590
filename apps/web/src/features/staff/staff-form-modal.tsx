import { Alert, Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type StaffRole } from '@partsportal/contract/endpoint';
import type { StaffMember } from './staff-page';

export interface StaffFormValues {
  login: string;
  name: string;
  role: StaffRole;
  enabled: boolean;
}

/** New member (login, name, role) or an edit (name, role, enabled; the login stays). */
export function StaffFormModal({
  member,
  self,
  saving,
  onSave,
  onCancel,
}: {
  member: StaffMember | null;
  /** The owner editing their own account: role and switch would lock them out. */
  self: boolean;
  saving: boolean;
  onSave: (values: StaffFormValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StaffFormValues>();
  return (
    <Modal
      open
      title={member ? t('admin.staff.editTitle', { name: member.name }) : t('admin.staff.create')}
      okText={member ? t('admin.staff.save') : t('admin.staff.createOk')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form<StaffFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={
          member
            ? { login: member.login, name: member.name, role: member.role, enabled: member.enabled }
            : { login: '', name: '', role: 'sales', enabled: true }
        }
        onFinish={onSave}
      >
        <Form.Item
          name="login"
          label={t('admin.staff.login')}
          extra={member ? undefined : t('admin.staff.loginHint')}
          rules={[
            { required: true, whitespace: true, message: t('admin.staff.loginRequired') },
            { max: 64, message: t('admin.staff.tooLong', { max: 64 }) },
            { pattern: /^[\p{L}\p{N}._@-]+$/u, message: t('admin.staff.loginPattern') },
          ]}
        >
          <Input autoComplete="off" disabled={Boolean(member)} autoFocus={!member} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('admin.staff.name')}
          rules={[
            { required: true, whitespace: true, message: t('admin.staff.nameRequired') },
            { max: 64, message: t('admin.staff.tooLong', { max: 64 }) },
          ]}
        >
          <Input autoComplete="off" autoFocus={Boolean(member)} />
        </Form.Item>
        <Form.Item name="role" label={t('admin.staff.role')} extra={t('admin.staff.roleHint')}>
          <Select
            disabled={self}
            options={STAFF_ROLES.map((role) => ({ value: role, label: t(`admin.role.${role}`) }))}
          />
        </Form.Item>
        {member && (
          <Form.Item name="enabled" label={t('admin.staff.enabled')} valuePropName="checked">
            <Switch disabled={self} />
          </Form.Item>
        )}
        {member && !self && <Alert type="info" showIcon title={t('admin.staff.endsSessions')} />}
      </Form>
    </Modal>
  );
}
