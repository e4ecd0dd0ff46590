import { useRef, useState } from 'react';
import { Alert, DatePicker, Form, Input, InputNumber, Modal, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { financeEndpoints } from '@partsportal/contract/finance';
import {
  paymentsDeskEndpoints,
  RECORDED_PAYMENT_METHODS,
  type RecordedPaymentMethod,
  type StaffOpenItem,
} from '@partsportal/contract/payments-desk';
import { mutateEndpoint, useEndpointQuery } from '@shared/api/server-state';
import { useFormatMoney } from '@shared/format/use-format-money';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { toastSuccess } from '@shared/ui/feedback';
import { CompanyPicker } from './company-picker';

interface Values {
  company_id: number;
  amount: string;
  method: RecordedPaymentMethod;
  reference: string;
  date: Dayjs;
  remark: string;
}

const INVALIDATES = [
  paymentsDeskEndpoints.listPayments,
  paymentsDeskEndpoints.creditPosition,
  financeEndpoints.getPaymentList,
];

/** Cents of a decimal string, for comparing sums without float drift. */
const cents = (value: string | number | null | undefined) => Math.round(Number(value ?? 0) * 100);

/**
 * Record a payment: company, amount (in its currency), method, the payer's reference, the date
 * the money arrived, and — ticked in the open items table — which bills it settles.
 */
export function RecordPaymentModal({
  companyId,
  onClose,
}: {
  companyId: number | undefined;
  onClose: (company?: number) => void;
}) {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  const formatDate = useFormatDate();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const chosen = Form.useWatch('company_id', form) ?? companyId;
  const amount = Form.useWatch('amount', form);
  const [picked, setPicked] = useState<Record<number, string>>({});
  const suggested = useRef<string | undefined>(undefined);
  const credit = useEndpointQuery(
    paymentsDeskEndpoints.creditPosition,
    { company_id: chosen ?? 0 },
    { enabled: chosen !== undefined },
  );
  const currency = credit.data?.currency ?? '';
  const allocated = Object.values(picked).reduce((sum, value) => sum + cents(value), 0);
  // Until an amount is typed the ticks suggest it (below); the limit applies once there is one.
  const tooMuch = Boolean(amount) && allocated > cents(amount);

  async function save(values: Values) {
    if (tooMuch) return;
    setSaving(true);
    try {
      const answer = await mutateEndpoint(
        paymentsDeskEndpoints.recordPayment,
        {
          company_id: values.company_id,
          amount: String(values.amount),
          method: values.method,
          reference: values.reference,
          date: values.date.unix(),
          remark: values.remark ?? '',
          allocations: Object.entries(picked)
            .filter(([, value]) => cents(value) > 0)
            .map(([entry, value]) => ({ entry_id: Number(entry), amount: String(value) })),
        },
        { invalidates: INVALIDATES },
      );
      toastSuccess(
        t(answer.replayed ? 'admin.payments.replayed' : 'admin.payments.recorded', { no: answer.no }),
      );
      onClose(values.company_id);
    } catch {
      // Toasted by the API client (currency, reference, allocation); the form stays open.
    } finally {
      setSaving(false);
    }
  }

  const columns: ColumnsType<StaffOpenItem> = [
    {
      title: t('admin.payments.itemRef'),
      dataIndex: 'ref_no',
      render: (ref: string, item) => (
        <>
          <div>{ref}</div>
          {/* Below sm the open column is hidden (375 px): the open amount goes under the item. */}
          <Typography.Text type="secondary" className="payments-note payments-xs-only">
            {money(item.open_amount, currency)}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('admin.payments.dueDate'),
      dataIndex: 'due_date',
      responsive: ['sm'],
      render: (value: number) => formatDate(value),
    },
    {
      title: t('admin.payments.open'),
      dataIndex: 'open_amount',
      align: 'right',
      responsive: ['sm'],
      render: (value: string) => money(value, currency),
    },
    {
      title: t('admin.payments.allocation'),
      key: 'allocation',
      width: 120,
      render: (_: unknown, item) =>
        item.entry_id in picked ? (
          <InputNumber<string>
            stringMode
            size="small"
            min="0"
            max={item.open_amount}
            precision={2}
            aria-label={`${t('admin.payments.allocation')} ${item.ref_no}`}
            value={picked[item.entry_id]}
            onChange={(value) => setPicked((p) => ({ ...p, [item.entry_id]: value ?? '0' }))}
          />
        ) : null,
    },
  ];

  return (
    <Modal
      open
      title={t('admin.payments.record')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: tooMuch }}
      onOk={() => form.submit()}
      onCancel={() => onClose()}
      destroyOnHidden
      width={720}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(values) => void save(values)}
        initialValues={{ company_id: companyId, method: 'bank_transfer', date: dayjs(), remark: '' }}
      >
        <Form.Item
          name="company_id"
          label={t('admin.payments.company')}
          rules={[{ required: true, message: t('admin.payments.required') }]}
        >
          <CompanyPicker
            value={chosen}
            onChange={(id) => {
              form.setFieldValue('company_id', id);
              setPicked({});
            }}
          />
        </Form.Item>
        <div className="payments-form-row">
          <Form.Item
            name="amount"
            label={t('admin.payments.amount')}
            extra={currency && t('admin.payments.currencyNote', { currency })}
            rules={[{ required: true, message: t('admin.payments.required') }]}
          >
            <InputNumber<string> stringMode min="0.01" precision={2} className="payments-number" />
          </Form.Item>
          <Form.Item name="method" label={t('admin.payments.method')} rules={[{ required: true }]}>
            <Select
              options={RECORDED_PAYMENT_METHODS.map((method) => ({
                value: method,
                label: t(`admin.payments.methods.${method}`),
              }))}
            />
          </Form.Item>
        </div>
        <div className="payments-form-row">
          <Form.Item
            name="reference"
            label={t('admin.payments.reference')}
            rules={[{ required: true, whitespace: true, message: t('admin.payments.required') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="date" label={t('admin.payments.date')} rules={[{ required: true }]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
        </div>
        <Form.Item name="remark" label={t('admin.payments.remark')}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
      {chosen !== undefined && (
        <>
          <Typography.Title level={5}>{t('admin.payments.allocate')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('admin.payments.allocateHint')}</Typography.Paragraph>
          <Table<StaffOpenItem>
            rowKey="entry_id"
            size="small"
            className="payments-allocations"
            columns={columns}
            dataSource={credit.data?.open_items ?? []}
            loading={credit.isFetching}
            pagination={{ pageSize: 8, hideOnSinglePage: true }}
            rowSelection={{
              selectedRowKeys: Object.keys(picked).map(Number),
              onChange: (_keys, rows) => {
                const next = Object.fromEntries(
                  rows.map((row) => [row.entry_id, picked[row.entry_id] ?? row.open_amount]),
                );
                setPicked(next);
                // No amount typed (empty, or still the last suggestion): the ticked items' sum is.
                const typed = form.getFieldValue('amount') as string | undefined;
                if (!typed || typed === suggested.current) {
                  const sum = Object.values(next).reduce((total, value) => total + cents(value), 0);
                  suggested.current = sum > 0 ? (sum / 100).toFixed(2) : undefined;
                  form.setFieldValue('amount', suggested.current);
                }
              },
            }}
          />
          {allocated > 0 && (
            <Alert
              type={tooMuch ? 'error' : 'info'}
              showIcon
              title={
                tooMuch
                  ? t('admin.payments.allocationTooLarge')
                  : t('admin.payments.allocated', {
                      allocated: money(allocated / 100, currency),
                      amount: money(amount ?? 0, currency),
                    })
              }
            />
          )}
        </>
      )}
    </Modal>
  );
}
