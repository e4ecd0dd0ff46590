import { useTranslation } from 'react-i18next';
import { PendingOrdersTab } from './pending-orders-tab';

/** /personalCenter/index: the pending orders on their own. */
export default function PendingOrdersPage() {
  const { t } = useTranslation();
  return (
    <section className="page personal-center" aria-labelledby="pending-title">
      <h1 id="pending-title" className="page-title">
        {t('route.pendingOrders')}
      </h1>
      <PendingOrdersTab />
    </section>
  );
}
