import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Descriptions, Empty, Radio, Skeleton, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNavigate } from '@shared/hooks/use-navigate';
import {
  PAY_STATUS_POLL_MS,
  paymentEndpoints,
  type PaymentMethod,
  type WePayResult,
} from '@partsportal/contract/payment';
import { assetUrl } from '@shared/api/asset-url';
import { ORDER_READS } from '@shared/api/cart-api';
import { callEndpoint } from '@shared/api/client';
import { forgetEndpoints, invalidateEndpoints, useEndpointQuery } from '@shared/api/server-state';
import { useRouteSearchParams } from '@shared/hooks/use-route-search-params';
import { parseId } from './checkout-query';
import { useFormatMoney } from '@shared/format/use-format-money';

const PATH = '/cart/pay';
type Pending = Extract<WePayResult, { status: 'pending' }>;

/** Polls GetPayStatus every 2 s while the page is visible; calls onPaid once paid. */
function usePayStatusPolling(orderId: number | null, active: boolean, onPaid: () => void) {
  const paidRef = useRef(onPaid);
  useEffect(() => {
    paidRef.current = onPaid;
  });
  useEffect(() => {
    if (!active || orderId === null) return;
    let stopped = false;
    const tick = async () => {
      if (stopped || document.visibilityState !== 'visible') return;
      try {
        const status = await callEndpoint(
          paymentEndpoints.getPayStatus,
          {},
          { params: { id: orderId }, silent: true },
        );
        if (!stopped && status.paid) {
          stopped = true;
          paidRef.current();
        }
      } catch {
        // A missed poll is retried at the next tick.
      }
    };
    const timer = setInterval(() => void tick(), PAY_STATUS_POLL_MS);
    const onVisible = () => void tick();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [orderId, active]);
}

export default function PayPage() {
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
  const [method, setMethod] = useState<PaymentMethod>('wechat');
  const [paying, setPaying] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [pendingFor, setPendingFor] = useState(orderId);
  if (pendingFor !== orderId) {
    setPendingFor(orderId);
    setPending(null);
  }

  const onPaid = (id: number) => {
    // The success page must not show this page's unpaid bill while it asks again.
    forgetEndpoints(paymentEndpoints.getPayBill);
    void invalidateEndpoints(...ORDER_READS);
    void navigate(`/cart/paySuccess?id=${id}`, { replace: true });
  };
  usePayStatusPolling(orderId, pending !== null, () => onPaid(orderId ?? 0));

  const onPay = async () => {
    if (orderId === null) return;
    setPaying(true);
    try {
      const result = await callEndpoint(paymentEndpoints.wePay, { order_id: orderId, method });
      if (result.status === 'paid') onPaid(orderId);
      else setPending(result);
    } catch {
      // Toasted (e.g. the credit limit would be exceeded).
    } finally {
      setPaying(false);
    }
  };

  const data = bill.data;
  if (orderId === null) return <Empty description={t('pay.noOrder')} />;
  if (!data) return <Skeleton active paragraph={{ rows: 5 }} />;
  const c = data.currency;
  const payable = data.state === 'pending_payment';
  const available = Number(data.credit.available);
  const overLimit = method === 'account' && available < Number(data.total_amount);

  return (
    <section className="page pay-page" aria-labelledby="pay-title">
      <h1 id="pay-title" className="page-title">
        {t('route.cartPay')}
      </h1>
      <Descriptions
        bordered
        size="small"
        column={1}
        className="pay-summary"
        items={[
          { key: 'no', label: t('pay.orderNo'), children: <span className="pay-order-no">{data.no}</span> },
          { key: 'goods', label: t('pay.goods'), children: money(data.goods_amount, c) },
          { key: 'freight', label: t('checkout.freight'), children: money(data.freight, c) },
          {
            key: 'amount',
            label: t('pay.amount'),
            children: <strong className="pay-amount">{money(data.total_amount, c)}</strong>,
          },
          { key: 'state', label: t('pay.state'), children: t(`orderState.${data.state}`) },
        ]}
      />
      {!payable ? (
        <Alert
          className="pay-not-payable"
          type="info"
          showIcon
          title={t('pay.notPayable', { state: t(`orderState.${data.state}`) })}
          action={<Link to={`/cart/paySuccess?id=${data.order_id}`}>{t('pay.details')}</Link>}
        />
      ) : (
        <>
          <h2 className="section-title">{t('pay.method')}</h2>
          <Radio.Group
            className="pay-methods"
            value={method}
            onChange={(e) => {
              setMethod(e.target.value as PaymentMethod);
              setPending(null);
            }}
            options={data.methods.map((m) => ({ value: m, label: t(`pay.methods.${m}`) }))}
          />
          {method === 'account' && (
            <p className={overLimit ? 'pay-credit pay-credit-low' : 'pay-credit'}>
              {t('pay.credit', {
                available: `${data.credit.available} ${c}`,
                limit: `${data.credit.limit} ${c}`,
              })}
            </p>
          )}
          <div className="checkout-actions">
            <Button type="primary" className="pay-now" loading={paying} onClick={() => void onPay()}>
              {method === 'account' ? t('pay.payOnAccount') : t('pay.showQr')}
            </Button>
          </div>
          {pending && (
            <div className="pay-qr" aria-live="polite">
              <img
                className="pay-qr-image"
                src={assetUrl(pending.qr_url)}
                alt={t('pay.qrAlt', { method: t(`pay.methods.${method}`) })}
                width={220}
                height={220}
              />
              <div>
                <p>{t('pay.scan', { amount: money(pending.amount, pending.currency) })}</p>
                {/* WeChat Pay's code_url (weixin://…) opens only in the WeChat app: no link then. */}
                {/^https?:\/\//.test(pending.confirm_url) && (
                  <p>
                    <a
                      className="pay-confirm-link"
                      href={pending.confirm_url}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {t('pay.openPage')}
                    </a>
                  </p>
                )}
                <p className="muted">
                  <Spin size="small" /> {t('pay.waiting')}
                </p>
              </div>
            </div>
          )}
        </>
      )}
    </section>
  );
}
