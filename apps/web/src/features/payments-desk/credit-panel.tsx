import { useState } from 'react';
import {
  Button,
  Card,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AGING_BUCKETS } from '@partsportal/contract/finance';
import { paymentsDeskEndpoints, type CreditPosition } from '@partsportal/contract/payments-desk';
import { mutateEndpoint, useEndpointQuery } from '@shared/api/server-state';
import { useFormatMoney } from '@shared/format/use-format-money';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { useStaffSession } from '@shared/stores/staff-session';
import { toastSuccess } from '@shared/ui/feedback';

/** A company's credit position and aging (sales, owner); the owner sets a temporary allowance here. */
export function CreditPanel({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  const formatDate = useFormatDate();
  const role = useStaffSession((s) => s.info?.role);
  const [editing, setEditing] = useState(false);
  const query = useEndpointQuery(paymentsDeskEndpoints.creditPosition, { company_id: companyId });
  const credit = query.data;
  if (!credit) return <Card type="inner" className="payments-credit" loading />;
  const over = credit.available.startsWith('-');

  return (
    <Card
      type="inner"
      className="payments-credit"
      title={t('admin.payments.credit')}
      extra={
        role === 'owner' && (
          <Button size="small" onClick={() => setEditing(true)}>
            {t('admin.payments.setAllowance')}
          </Button>
        )
      }
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
        <Descriptions.Item label={t('admin.payments.creditLimit')}>
          {money(credit.credit_limit, credit.currency)}
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.payments.allowance')}>
          {money(credit.allowance, credit.currency)}
          {credit.allowance_expires_at !== null && (
            <Typography.Text type="secondary">
              {' '}
              {t('admin.payments.allowanceUntil', { date: formatDate(credit.allowance_expires_at) })}
            </Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.payments.openBalance')}>
          {money(credit.open_balance, credit.currency)}
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.payments.available')}>
          <Typography.Text strong type={over ? 'danger' : undefined} data-testid="credit-available">
            {money(credit.available, credit.currency)}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.payments.paymentDays')}>
          {t('admin.payments.days', { count: credit.payment_days })}
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.payments.overdue')}>
          {money(credit.overdue, credit.currency)}
        </Descriptions.Item>
      </Descriptions>
      <div className="payments-buckets" aria-label={t('admin.payments.aging')}>
        {AGING_BUCKETS.map((bucket) => (
          <Tag key={bucket} color={bucket === 'current' ? 'default' : 'orange'}>
            {t(`admin.payments.buckets.${bucket}`)}: {money(credit.buckets[bucket], credit.currency)}
          </Tag>
        ))}
      </div>
      {editing && <AllowanceModal credit={credit} onClose={() => setEditing(false)} />}
    </Card>
  );
}

interface AllowanceValues {
  amount: string;
  expires: Dayjs;
  reason: string;
}

function AllowanceModal({ credit, onClose }: { credit: CreditPosition; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AllowanceValues>();
  const [saving, setSaving] = useState(false);

  async function save(values: AllowanceValues) {
    setSaving(true);
    try {
      await mutateEndpoint(
        paymentsDeskEndpoints.setCreditAllowance,
        {
          company_id: credit.company_id,
          amount: String(values.amount),
          expires_at: values.expires.endOf('day').unix(),
          reason: values.reason,
        },
        { invalidates: [paymentsDeskEndpoints.creditPosition] },
      );
      toastSuccess(t('admin.payments.allowanceSaved'));
      onClose();
    } catch {
      // Toasted by the API client; the form stays open.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={t('admin.payments.allowanceTitle')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('admin.payments.allowanceHint')}</Typography.Paragraph>
      <Form<AllowanceValues>
        form={form}
        layout="vertical"
        onFinish={(values) => void save(values)}
        initialValues={{ amount: credit.allowance, expires: dayjs().add(7, 'day') }}
      >
        <Form.Item
          name="amount"
          label={`${t('admin.payments.allowanceAmount')} (${credit.currency})`}
          rules={[{ required: true, message: t('admin.payments.required') }]}
        >
          <InputNumber<string> stringMode min="0" step="1000" precision={2} className="payments-number" />
        </Form.Item>
        <Form.Item
          name="expires"
          label={t('admin.payments.allowanceExpires')}
          rules={[{ required: true, message: t('admin.payments.required') }]}
        >
          <DatePicker disabledDate={(day) => day.isBefore(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('admin.payments.allowanceReason')}
          rules={[{ required: true, whitespace: true, message: t('admin.payments.required') }]}
        >
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
