import { useState } from 'react';
import { Checkbox, Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { customersEndpoints, type CustomerUser } from '@partsportal/contract/customers';
import { ALL_MENU_CODES } from '@partsportal/contract/endpoint';
import { mutateEndpoint } from '@shared/api/server-state';
import { toastSuccess } from '@shared/ui/feedback';
import { menuTitleKey } from './menu-labels';

interface Values {
  user_id: string;
  name: string;
  menus: string[];
  tags: string[];
  show_address: boolean;
  product_detail_title_show_my_number: boolean;
  enabled: boolean;
}

const INVALIDATES = [
  customersEndpoints.listUsers,
  customersEndpoints.getCompany,
  customersEndpoints.listCompanies,
];

/**
 * New user of a company, or the edit of `user`. The menus are the codes of spec §6 as
 * checkboxes named like the buyer's pages; a change applies to the user's next call.
 */
export function UserFormModal({
  companyId,
  user,
  onClose,
}: {
  companyId: number;
  user?: CustomerUser;
  /** With the temporary password when a user was created (shown once by the caller). */
  onClose: (created?: { userId: string; password: string }) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  async function save(values: Values) {
    setSaving(true);
    try {
      if (user) {
        await mutateEndpoint(
          customersEndpoints.updateUser,
          { id: user.id, ...values },
          { invalidates: INVALIDATES },
        );
        toastSuccess(t('admin.customers.saved'));
        onClose();
      } else {
        const created = await mutateEndpoint(
          customersEndpoints.createUser,
          { company_id: companyId, ...values },
          { invalidates: INVALIDATES },
        );
        onClose({ userId: values.user_id, password: created.temporary_password });
      }
    } catch {
      // Toasted by the API client; the form stays open.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={user ? t('admin.customers.editUser', { user: user.user_id }) : t('admin.customers.newUser')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => onClose()}
      destroyOnHidden
      width={640}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        className="customers-form"
        initialValues={
          user
            ? {
                user_id: user.user_id,
                name: user.name,
                menus: user.menus,
                tags: user.tags,
                show_address: user.show_address,
                product_detail_title_show_my_number: user.product_detail_title_show_my_number,
                enabled: user.enabled,
              }
            : {
                menus: [],
                tags: [],
                show_address: false,
                product_detail_title_show_my_number: false,
                enabled: true,
              }
        }
        onFinish={(values) => void save(values)}
      >
        <div className="customers-form-grid">
          <Form.Item
            name="user_id"
            label={t('admin.customers.userId')}
            rules={[
              { required: true, whitespace: true, message: t('admin.customers.userIdRequired') },
              { pattern: /^[\p{L}\p{N}._@-]{1,64}$/u, message: t('admin.customers.userIdFormat') },
            ]}
          >
            <Input maxLength={64} autoComplete="off" autoFocus={!user} />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('admin.customers.userName')}
            rules={[{ required: true, whitespace: true, message: t('admin.customers.nameRequired') }]}
          >
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
        </div>
        <Form.Item
          name="menus"
          label={t('admin.customers.menus')}
          extra={t('admin.customers.menusHint')}
          rules={[{ required: true, type: 'array', min: 1, message: t('admin.customers.menusRequired') }]}
        >
          <Checkbox.Group className="customers-menus">
            {ALL_MENU_CODES.map((code) => (
              <Checkbox key={code} value={code}>
                {t(menuTitleKey(code))} <span className="customers-menu-code">{code}</span>
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Form.Item name="tags" label={t('admin.customers.tags')} extra={t('admin.customers.tagsHint')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} />
        </Form.Item>
        <div className="customers-form-grid">
          <Form.Item name="show_address" label={t('admin.customers.showAddress')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="product_detail_title_show_my_number"
            label={t('admin.customers.showMyNumber')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.Item
            name="enabled"
            label={t('admin.customers.enabled')}
            valuePropName="checked"
            tooltip={t('admin.customers.userEnabledHint')}
          >
            <Switch />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
