import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { financeEndpoints } from '@partsportal/contract/finance';
import { paymentsDeskEndpoints, type StaffPayment } from '@partsportal/contract/payments-desk';
import { mutateEndpoint } from '@shared/api/server-state';
import { useFormatMoney } from '@shared/format/use-format-money';
import { toastSuccess } from '@shared/ui/feedback';

/** Whole cents of a decimal text ("12.3" → 1230), so comparisons never meet floating point. */
const cents = (value: string | number) => Math.round(Number(value) * 100);

/**
 * Refund an online payment, all or part (issue 19 item 6): at most what is left refundable, with
 * a reason the buyer sees. A provider that does not answer books nothing; the server's message
 * (toasted) says to retry, and the same amount again is the same refund at the provider.
 */
export function RefundPaymentModal({ payment, onClose }: { payment: StaffPayment; onClose: () => void }) {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  const [form] = Form.useForm<{ amount: string; reason: string }>();
  const [saving, setSaving] = useState(false);
  const refundable = payment.refundable ?? '0';
  const method = t(`admin.payments.methods.${payment.method}`, { defaultValue: payment.method });

  async function save(values: { amount: string; reason: string }) {
    setSaving(true);
    try {
      const answer = await mutateEndpoint(
        paymentsDeskEndpoints.refundPayment,
        { id: payment.id, amount: Number(values.amount).toFixed(2), reason: values.reason },
        {
          invalidates: [
            paymentsDeskEndpoints.listPayments,
            paymentsDeskEndpoints.creditPosition,
            financeEndpoints.getPaymentList,
          ],
        },
      );
      toastSuccess(
        [
          t('admin.payments.refunded', { no: answer.no, amount: money(answer.amount, answer.currency) }),
          answer.provider_status === 'processing' ? t('admin.payments.refundProcessing') : '',
        ]
          .filter(Boolean)
          .join(' '),
      );
      onClose();
    } catch {
      // Toasted by the API client (over the rest, provider refused or not answering …).
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      className="refund-modal"
      title={t('admin.payments.refundTitle', { no: payment.no })}
      okText={t('admin.payments.refund')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('admin.payments.refundExplain', {
          paid: money(payment.amount, payment.currency),
          method,
          refundable: money(refundable, payment.currency),
        })}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ amount: refundable }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item label={`${t('admin.payments.refundAmount')} (${payment.currency})`} required>
          <Space.Compact block>
            <Form.Item
              name="amount"
              noStyle
              rules={[
                { required: true, message: t('admin.payments.required') },
                {
                  validator: async (_, value: string | undefined) => {
                    if (value === undefined || value === null || value === '') return;
                    if (cents(value) <= 0) throw new Error(t('admin.payments.refundPositive'));
                    if (cents(value) > cents(refundable))
                      throw new Error(
                        t('admin.payments.refundTooLarge', {
                          refundable: money(refundable, payment.currency),
                        }),
                      );
                  },
                },
              ]}
            >
              <InputNumber<string>
                stringMode
                min="0"
                precision={2}
                className="payments-number"
                aria-label={t('admin.payments.refundAmount')}
              />
            </Form.Item>
            <Button onClick={() => form.setFieldValue('amount', refundable)}>
              {t('admin.payments.refundAll')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('admin.payments.refundReason')}
          rules={[{ required: true, whitespace: true, message: t('admin.payments.required') }]}
        >
          <Input maxLength={80} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
