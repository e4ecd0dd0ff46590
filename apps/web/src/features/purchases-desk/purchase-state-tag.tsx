import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PurchaseState } from '@partsportal/contract/records';

const STATE_COLORS: Record<PurchaseState, string> = {
  draft: 'default',
  ordered: 'blue',
  partially_received: 'orange',
  received: 'green',
  cancelled: 'red',
};

/** A purchase's state, named as the supplier's Purchase search names it (purchaseState.*). */
export function PurchaseStateTag({ state }: { state: PurchaseState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[state]} className={`purchase-state purchase-state-${state}`}>
      {t(`purchaseState.${state}`)}
    </Tag>
  );
}
