import { Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { financeEndpoints } from '@partsportal/contract/finance';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { RecordDetailHeading, RecordNotFound, useRecordDetail } from '@shared/records/record-detail';
import { useFormatMoney } from '@shared/format/use-format-money';
import { PaymentAmount } from './payment-amount';
import { paymentMethodLabel } from './payment-method';

export default function PaymentDetailPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const formatDate = useFormatDate();
  const { money } = useFormatMoney();
  // Either spelling reaches this page (the router is case-insensitive); keep the one used.
  const {
    id,
    detail,
    record: payment,
  } = useRecordDetail(
    pathname.toLowerCase() === '/payment/detail' ? pathname : '/Payment/detail',
    financeEndpoints.getPaymentDetail,
    (record) => record.id,
  );

  if (!id || detail.isError) return <RecordNotFound />;
  if (!payment) return <Skeleton active paragraph={{ rows: 6 }} />;

  return (
    <section className="page records-page payment-detail" aria-labelledby="payment-detail-title">
      <RecordDetailHeading titleId="payment-detail-title">
        {t('route.paymentDetail')} {payment.no}
      </RecordDetailHeading>
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} className="record-header">
        <Descriptions.Item label={t('recordList.date')}>{formatDate(payment.date)}</Descriptions.Item>
        <Descriptions.Item label={t('recordList.no')}>{payment.no}</Descriptions.Item>
        <Descriptions.Item label={t('recordList.amount')}>
          <PaymentAmount record={payment} money={money} />
        </Descriptions.Item>
        <Descriptions.Item label={t('finance.cutmoney')}>
          {money(payment.cutmoney, payment.currency)}
        </Descriptions.Item>
        <Descriptions.Item label={t('stock.currency')}>{payment.currency}</Descriptions.Item>
        <Descriptions.Item label={t('pay.method')}>{paymentMethodLabel(t, payment.method)}</Descriptions.Item>
        {payment.order_no && (
          <Descriptions.Item label={t('sales.order')}>
            {payment.order_id ? (
              <Link to={`/order/detail?id=${payment.order_id}`}>{payment.order_no}</Link>
            ) : (
              payment.order_no
            )}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('recordList.remark')}>{payment.remark}</Descriptions.Item>
      </Descriptions>
    </section>
  );
}
