import { Tabs } from 'antd';
import { PENDING_ORDER_CODES } from '@partsportal/contract/orders';
import { useTranslation } from 'react-i18next';
import { useRouteSearchParams } from '@shared/hooks/use-route-search-params';
import { useHasAnyCode } from '@shared/permission/use-has-code';
import { useSessionStore } from '@shared/stores/session-store';
import { AddressTab } from './address-tab';
import { PendingOrdersTab } from './pending-orders-tab';

const PATH = '/personalCenter/address';

/** /personalCenter/address: "My shipping address" and "Pending orders" tabs (tab in the URL). */
export default function PersonalCenterPage() {
  const { t } = useTranslation();
  const [params, setParams] = useRouteSearchParams(PATH);
  const showAddress = useSessionStore((s) => s.userInfo?.show_address ?? false);
  const seesPendingOrders = useHasAnyCode(PENDING_ORDER_CODES);
  const tab = (params.get('tab') === 'orders' || !showAddress) && seesPendingOrders ? 'orders' : 'address';
  return (
    <section className="page personal-center" aria-labelledby="pc-title">
      <h1 id="pc-title" className="page-title">
        {t('route.personalCenter')}
      </h1>
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          setParams(new URLSearchParams(key === 'orders' ? { tab: 'orders' } : {}), { replace: true })
        }
        items={[
          ...(showAddress ? [{ key: 'address', label: t('route.address'), children: <AddressTab /> }] : []),
          ...(seesPendingOrders
            ? [{ key: 'orders', label: t('route.pendingOrders'), children: <PendingOrdersTab /> }]
            : []),
        ]}
      />
    </section>
  );
}
