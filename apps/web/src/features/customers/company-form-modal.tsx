import { useState } from 'react';
import { Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { customersEndpoints, type Company } from '@partsportal/contract/customers';
import { mutateEndpoint, useEndpointQuery } from '@shared/api/server-state';
import { toastSuccess } from '@shared/ui/feedback';

interface Values {
  code: string;
  name: string;
  sort_name: string;
  price_level_id: number | null;
  credit_limit: string;
  payment_days: number;
  currency: string;
  enabled: boolean;
}

const INVALIDATES = [customersEndpoints.listCompanies, customersEndpoints.getCompany];

/**
 * New company, or the edit of `company`. The server checks the code's uniqueness and the price
 * level; its message is toasted by the API client and the form stays open.
 */
export function CompanyFormModal({
  company,
  onClose,
}: {
  company?: Company;
  onClose: (id?: number) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const levels = useEndpointQuery(customersEndpoints.listPriceLevels, {});

  async function save(values: Values) {
    setSaving(true);
    try {
      const body = {
        ...values,
        credit_limit: String(values.credit_limit ?? '0'),
        currency: values.currency || undefined,
        sort_name: values.sort_name ?? '',
      };
      if (company) {
        await mutateEndpoint(
          customersEndpoints.updateCompany,
          { id: company.id, ...body, sort_name: body.sort_name || company.sort_name },
          { invalidates: INVALIDATES },
        );
        toastSuccess(t('admin.customers.saved'));
        onClose(company.id);
      } else {
        const created = await mutateEndpoint(customersEndpoints.createCompany, body, {
          invalidates: INVALIDATES,
        });
        toastSuccess(t('admin.customers.created'));
        onClose(created.id);
      }
    } catch {
      // Toasted by the API client; the form stays open for a correction.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={company ? t('admin.customers.editCompany') : t('admin.customers.newCompany')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => onClose()}
      destroyOnHidden
      width={560}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        className="customers-form"
        initialValues={
          company
            ? {
                code: company.code,
                name: company.name,
                sort_name: company.sort_name,
                price_level_id: company.price_level_id,
                credit_limit: company.credit_limit,
                payment_days: company.payment_days,
                currency: company.currency,
                enabled: company.enabled,
              }
            : { price_level_id: null, credit_limit: '0', payment_days: 30, enabled: true }
        }
        onFinish={(values) => void save(values)}
      >
        <div className="customers-form-grid">
          <Form.Item
            name="code"
            label={t('admin.customers.code')}
            rules={[
              { required: true, whitespace: true, message: t('admin.customers.codeRequired') },
              { pattern: /^[\p{L}\p{N}._-]{1,32}$/u, message: t('admin.customers.codeFormat') },
            ]}
          >
            <Input maxLength={32} autoFocus={!company} />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('admin.customers.name')}
            rules={[{ required: true, whitespace: true, message: t('admin.customers.nameRequired') }]}
          >
            <Input maxLength={128} />
          </Form.Item>
          <Form.Item
            name="sort_name"
            label={t('admin.customers.sortName')}
            tooltip={t('admin.customers.sortNameHint')}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="price_level_id" label={t('admin.customers.priceLevel')}>
            <Select
              loading={levels.isFetching}
              options={[
                { value: null, label: t('admin.customers.listPrice') },
                ...(levels.data ?? []).map((level) => ({
                  value: level.id,
                  label: `${level.name} (× ${Number(level.factor)})`,
                })),
              ]}
            />
          </Form.Item>
          <Form.Item name="credit_limit" label={t('admin.customers.creditLimit')}>
            <InputNumber<string> stringMode min="0" precision={2} className="customers-number" />
          </Form.Item>
          <Form.Item name="payment_days" label={t('admin.customers.paymentDays')}>
            <InputNumber min={0} max={365} precision={0} className="customers-number" />
          </Form.Item>
          <Form.Item
            name="currency"
            label={t('admin.customers.currency')}
            rules={[{ pattern: /^[A-Za-z]{3}$/, message: t('admin.customers.currencyFormat') }]}
          >
            <Input maxLength={3} placeholder="CNY" className="customers-currency" />
          </Form.Item>
          <Form.Item
            name="enabled"
            label={t('admin.customers.enabled')}
            valuePropName="checked"
            tooltip={t('admin.customers.enabledHint')}
          >
            <Switch />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
