import { useState } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { financeEndpoints } from '@partsportal/contract/finance';
import { paymentsDeskEndpoints, type StaffPayment } from '@partsportal/contract/payments-desk';
import { mutateEndpoint } from '@shared/api/server-state';
import { useFormatMoney } from '@shared/format/use-format-money';
import { toastSuccess } from '@shared/ui/feedback';

/** Void with a reason, after saying what it does: a counter entry, nothing deleted. */
export function VoidPaymentModal({ payment, onClose }: { payment: StaffPayment; onClose: () => void }) {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);

  async function save(reason: string) {
    setSaving(true);
    try {
      const answer = await mutateEndpoint(
        paymentsDeskEndpoints.voidPayment,
        { id: payment.id, reason },
        {
          invalidates: [
            paymentsDeskEndpoints.listPayments,
            paymentsDeskEndpoints.creditPosition,
            financeEndpoints.getPaymentList,
          ],
        },
      );
      toastSuccess(t('admin.payments.voided', { no: payment.no, void: answer.no }));
      onClose();
    } catch {
      // Toasted by the API client.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={t('admin.payments.voidTitle', { no: payment.no })}
      okText={t('admin.payments.void')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('admin.payments.voidExplain', { amount: money(payment.amount, payment.currency) })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => void save(values.reason)}>
        <Form.Item
          name="reason"
          label={t('admin.payments.voidReason')}
          rules={[{ required: true, whitespace: true, message: t('admin.payments.required') }]}
        >
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
