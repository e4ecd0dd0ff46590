import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaymentRecord } from '@partsportal/contract/finance';

/**
 * A payment history amount: a refund (money paid back of an online payment) or a void shows its
 * negative amount in red with its kind beside it, so it never reads as a payment made.
 */
export function PaymentAmount({
  record,
  money,
}: {
  record: Pick<PaymentRecord, 'amount' | 'currency' | 'kind'>;
  money: (amount: string, currency: string) => string;
}) {
  const { t } = useTranslation();
  if (record.kind === 'payment') return <>{money(record.amount, record.currency)}</>;
  return (
    <span className="payment-amount-kind">
      <Tag color={record.kind === 'refund' ? 'orange' : 'red'}>
        {t(`finance.paymentKinds.${record.kind}`)}
      </Tag>
      <span className="payment-amount-negative">{money(record.amount, record.currency)}</span>
    </span>
  );
}
