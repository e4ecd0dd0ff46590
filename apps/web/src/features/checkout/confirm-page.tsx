import { useMemo, useRef, useState } from 'react';
import { Button, Descriptions, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@shared/hooks/use-navigate';
import { checkoutEndpoints, IDEMPOTENCY_KEY_HEADER } from '@partsportal/contract/checkout';
import { cartChanged, ORDER_READS } from '@shared/api/cart-api';
import { callEndpoint } from '@shared/api/client';
import { invalidateEndpoints, useEndpointQuery } from '@shared/api/server-state';
import { useRouteSearchParams } from '@shared/hooks/use-route-search-params';
import { CheckoutLines, CheckoutTotals } from './checkout-lines';
import { parseId, parseIds } from './checkout-query';
import { forgetIdempotencyKey, idempotencyKeyFor, submitFingerprint } from './idempotency-key';
import { useFormatMoney } from '@shared/format/use-format-money';
import { OrderReferenceFields, usePoNumberError, type OrderReference } from './order-reference-fields';
import { useFeedback } from '@shared/ui/feedback';

const PATH = '/cart/submitConfirm';

/** Spec §2 "Confirm order": total, freight, destination, consignee, lines, remark → SaveSubmits. */
export default function ConfirmPage() {
  const { t } = useTranslation();
  const { money } = useFormatMoney();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const [params] = useRouteSearchParams(PATH);
  const idsParam = params.get('ids');
  const ids = useMemo(() => parseIds(idsParam), [idsParam]);
  const addressId = parseId(params.get('address'));
  const remark = (params.get('remark') ?? '').slice(0, 500);

  const preview = useEndpointQuery(
    checkoutEndpoints.submitCart,
    { ids, address_id: addressId },
    { enabled: ids.length > 0 },
  );
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);
  const [reference, setReference] = useState<OrderReference>({ poNumber: '', backorder: 'ship_available' });
  const poError = usePoNumberError()(reference.poNumber);

  const onSubmit = async () => {
    if (inFlight.current) return;
    if (addressId === null) {
      void message.error(t('checkout.setAddress'));
      return;
    }
    if (poError) {
      document.getElementById('po-number')?.focus();
      return;
    }
    inFlight.current = true;
    setSaving(true);
    const poNumber = reference.poNumber.trim();
    const fingerprint = submitFingerprint(ids, addressId, remark, [poNumber, reference.backorder]);
    // The same key for a retry, a double click or a reload: the server answers the same order.
    const key = idempotencyKeyFor(sessionStorage, fingerprint);
    try {
      const order = await callEndpoint(
        checkoutEndpoints.saveSubmits,
        { items: ids, address_id: addressId, remark, po_number: poNumber, backorder: reference.backorder },
        { headers: { [IDEMPOTENCY_KEY_HEADER]: key } },
      );
      forgetIdempotencyKey(sessionStorage, fingerprint);
      cartChanged(order.carts);
      void invalidateEndpoints(...ORDER_READS);
      void navigate(`/cart/pay?id=${order.order_id}`, { replace: true });
    } catch {
      // Toasted; the key stays, so pressing again retries the same order.
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  const data = preview.data;
  return (
    <section className="page checkout-page" aria-labelledby="confirm-title">
      <h1 id="confirm-title" className="page-title">
        {t('route.cartSubmitConfirm')}
      </h1>
      {ids.length === 0 ? (
        <Empty description={t('checkout.noItems')} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          <Descriptions
            className="confirm-summary"
            bordered
            size="small"
            column={{ xs: 1, sm: 1, md: 2 }}
            items={[
              {
                key: 'total',
                label: t('checkout.totalAmount'),
                children: (
                  <strong className="confirm-total">{money(data.total_amount, data.currency)}</strong>
                ),
              },
              {
                key: 'freight',
                label: t('checkout.freight'),
                children:
                  data.freight === null
                    ? t('checkout.freightUnknown')
                    : `${money(data.freight, data.currency)}${data.freight_carrier ? ` (${data.freight_carrier})` : ''}`,
              },
              {
                key: 'destination',
                label: t('checkout.destination'),
                children: data.address ? `${data.address.area} ${data.address.address}` : '—',
              },
              {
                key: 'consignee',
                label: t('checkout.consignee'),
                children: data.address ? `${data.address.contact_name} · ${data.address.phone}` : '—',
              },
              { key: 'remark', label: t('checkout.remark'), children: remark || '—', span: 2 },
            ]}
          />
          <h2 className="section-title">{t('checkout.lines')}</h2>
          <CheckoutLines preview={data} />
          <div className="checkout-footer">
            <OrderReferenceFields value={reference} onChange={setReference} error={poError} />
            <CheckoutTotals preview={data} />
          </div>
          <div className="checkout-actions">
            <Button onClick={() => void navigate(-1)}>{t('checkout.back')}</Button>
            <Button
              type="primary"
              className="submit-order"
              loading={saving}
              disabled={!data.can_submit}
              onClick={() => void onSubmit()}
            >
              {t('checkout.submitOrder')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
