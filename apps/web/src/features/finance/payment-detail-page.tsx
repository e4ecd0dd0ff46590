import { Button, Descriptions, Empty, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { financeEndpoints } from '@partsportal/contract/finance';
import { callEndpoint } from '@shared/api/client';
import { useAsyncData } from '@shared/hooks/use-async-data';
import { useRouteSearchParams } from '@shared/hooks/use-route-search-params';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { positiveInt } from '@shared/records/list-query';
import { useFormatMoney } from '@shared/records/use-format-money';
import { paymentMethodLabel } from './payment-method';

export default function PaymentDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const formatDate = useFormatDate();
  const { money } = useFormatMoney();
  // Either spelling reaches this page (the router is case-insensitive); keep the one used.
  const [params] = useRouteSearchParams(
    pathname.toLowerCase() === '/payment/detail' ? pathname : '/Payment/detail',
  );
  const id = positiveInt(params.get('id'));
  const detail = useAsyncData(id ? `payment-${id}` : null, () =>
    callEndpoint(financeEndpoints.getPaymentDetail, {}, { params: { id: id ?? 0 } }),
  );

  if (!id || detail.failed) {
    return (
      <section className="page records-page">
        <Empty description={t('recordList.notFound')} />
      </section>
    );
  }
  const payment = detail.data;
  // The previous payment stays in useAsyncData while another id loads: never show it under this id.
  if (!payment || payment.id !== id) return <Skeleton active paragraph={{ rows: 6 }} />;

  return (
    <section className="page records-page payment-detail" aria-labelledby="payment-detail-title">
      <div className="detail-heading">
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)}>
          {t('errorPage.back')}
        </Button>
        <h1 id="payment-detail-title" className="page-title">
          {t('route.paymentDetail')} {payment.no}
        </h1>
      </div>
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} className="record-header">
        <Descriptions.Item label={t('recordList.date')}>{formatDate(payment.date)}</Descriptions.Item>
        <Descriptions.Item label={t('recordList.no')}>{payment.no}</Descriptions.Item>
        <Descriptions.Item label={t('recordList.amount')}>
          {money(payment.amount, payment.currency)}
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
