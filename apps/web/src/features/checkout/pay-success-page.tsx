import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@shared/hooks/use-navigate';
import { paymentEndpoints } from '@partsportal/contract/payment';
import { useEndpointQuery } from '@shared/api/server-state';
import { useRouteSearchParams } from '@shared/hooks/use-route-search-params';
import { parseId } from './checkout-query';
import { useFormatMoney } from '@shared/format/use-format-money';

const PATH = '/cart/paySuccess';

export default function PaySuccessPage() {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  const navigate = useNavigate();
  const [params] = useRouteSearchParams(PATH);
  const orderId = parseId(params.get('id'));
  const bill = useEndpointQuery(
    paymentEndpoints.getPayBill,
    {},
    { params: { id: orderId ?? 0 }, enabled: orderId !== null },
  );
  if (orderId !== null && !bill.data && bill.isFetching) return <Skeleton active paragraph={{ rows: 3 }} />;
  const data = bill.data;
  const paid = data ? data.state !== 'pending_payment' && data.state !== 'cancelled' : true;
  return (
    <section className="page pay-success-page" aria-labelledby="pay-success-title">
      <Result
        status={paid ? 'success' : 'info'}
        title={
          <span id="pay-success-title" className="pay-success-title">
            {paid
              ? t('paySuccess.title')
              : t('pay.notPayable', { state: t(`orderState.${data?.state ?? 'pending_payment'}`) })}
          </span>
        }
        subTitle={
          data && (
            <span className="pay-success-order">
              {t('paySuccess.order', { no: data.no, amount: money(data.paid_amount, data.currency) })} ·{' '}
              {t(`orderState.${data.state}`)}
            </span>
          )
        }
        extra={[
          <Button
            key="order"
            type="primary"
            onClick={() => void navigate(`/order/detail?id=${orderId ?? ''}`)}
          >
            {t('paySuccess.viewOrder')}
          </Button>,
          <Button key="catalog" onClick={() => void navigate('/product/index')}>
            {t('paySuccess.backToCatalog')}
          </Button>,
        ]}
      />
    </section>
  );
}
