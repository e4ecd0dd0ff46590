import { useMemo, useState } from 'react';
import { Button, Card, Empty, Input, Skeleton, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@shared/hooks/use-navigate';
import { addressEndpoints, type Address } from '@partsportal/contract/addresses';
import { checkoutEndpoints } from '@partsportal/contract/checkout';
import { useEndpointQuery } from '@shared/api/server-state';
import { useRouteSearchParams } from '@shared/hooks/use-route-search-params';
import { CheckoutLines, CheckoutTotals } from './checkout-lines';
import { parseIds } from './checkout-query';
import { useFeedback } from '@shared/ui/feedback';
import { onDemand, useOnDemandShown } from '@shared/ui/on-demand';

const PATH = '/cart/submit';
// antd's Form, Modal and Cascader come with "Add shipping address", not with the page.
const AddressFormModal = onDemand(() => import('@shared/address/address-form-modal'));

/** Spec §2 "Select shipping address": address cards (default first), preview with freight, remark. */
export default function SubmitPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [params] = useRouteSearchParams(PATH);
  const idsParam = params.get('ids');
  const ids = useMemo(() => parseIds(idsParam), [idsParam]);

  const addresses = useEndpointQuery(addressEndpoints.getAddress, {});
  const [chosen, setChosen] = useState<number | null>(null);
  const list = addresses.data ?? [];
  const addressId = list.some((a) => a.id === chosen) ? chosen : (list[0]?.id ?? null);

  const preview = useEndpointQuery(
    checkoutEndpoints.submitCart,
    { ids, address_id: addressId },
    { enabled: ids.length > 0 && addresses.data !== undefined },
  );
  const [remark, setRemark] = useState('');
  const [adding, setAdding] = useState(false);
  const addShown = useOnDemandShown(AddressFormModal, adding, () => setAdding(false));

  const onNext = () => {
    if (addressId === null) {
      void message.error(t('checkout.setAddress'));
      return;
    }
    if (preview.data && preview.data.lines.some((l) => l.problem)) {
      void message.warning(t('checkout.fixLines'));
      return;
    }
    const query = new URLSearchParams({ ids: ids.join(','), address: String(addressId) });
    if (remark.trim()) query.set('remark', remark.trim());
    void navigate(`/cart/submitConfirm?${query.toString()}`);
  };

  const onSaved = (address: Address) => {
    setAdding(false);
    // The address form's save invalidated the address list: it arrives with the new one.
    setChosen(address.id);
  };

  if (ids.length === 0) {
    return (
      <section className="page" aria-labelledby="submit-title">
        <h1 id="submit-title" className="page-title">
          {t('route.cartSubmit')}
        </h1>
        <Empty description={t('checkout.noItems')}>
          <Button onClick={() => void navigate('/cart/index')}>{t('checkout.backToCart')}</Button>
        </Empty>
      </section>
    );
  }

  return (
    <section className="page checkout-page" aria-labelledby="submit-title">
      <h1 id="submit-title" className="page-title">
        {t('route.cartSubmit')}
      </h1>
      <h2 className="section-title">{t('checkout.shippingAddress')}</h2>
      {!addresses.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <div className="address-cards" role="radiogroup" aria-label={t('checkout.shippingAddress')}>
          {list.map((address) => (
            <Card
              key={address.id}
              size="small"
              role="radio"
              aria-checked={address.id === addressId}
              tabIndex={0}
              className={`address-card${address.id === addressId ? ' address-card-active' : ''}`}
              onClick={() => setChosen(address.id)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  setChosen(address.id);
                }
              }}
            >
              <div className="address-card-head">
                <strong>{address.caption || address.contact_name}</strong>
                {address.is_default && <Tag color="blue">{t('address.default')}</Tag>}
              </div>
              <div>
                {address.contact_name} · {address.phone}
              </div>
              <div className="muted">
                {address.area} {address.address}
              </div>
            </Card>
          ))}
          <Button
            className="add-address address-card-add"
            icon={<PlusOutlined />}
            onClick={() => setAdding(true)}
          >
            {t('address.add')}
          </Button>
        </div>
      )}
      <h2 className="section-title">{t('checkout.lines')}</h2>
      <CheckoutLines preview={preview.data} />
      <div className="checkout-footer">
        <Input.TextArea
          className="checkout-remark"
          aria-label={t('checkout.remark')}
          placeholder={t('checkout.remarkPlaceholder')}
          maxLength={500}
          autoSize={{ minRows: 2, maxRows: 4 }}
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
        />
        {preview.data && <CheckoutTotals preview={preview.data} />}
      </div>
      <div className="checkout-actions">
        <Button onClick={() => void navigate('/cart/index')}>{t('checkout.backToCart')}</Button>
        <Button type="primary" className="checkout-next" disabled={!preview.data} onClick={onNext}>
          {t('checkout.next')}
        </Button>
      </div>
      {addShown && (
        <AddressFormModal open={adding} address={null} onClose={() => setAdding(false)} onSaved={onSaved} />
      )}
    </section>
  );
}
