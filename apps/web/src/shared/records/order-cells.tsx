import { Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderState } from '@partsportal/contract/orders';
import { deliveryPercent, formatDeliveryRate, ORDER_STATE_COLORS } from './order-state';

export function OrderStateTag({ state }: { state: OrderState }) {
  const { t } = useTranslation();
  return (
    <Tag color={ORDER_STATE_COLORS[state]} className={`order-state order-state-${state}`}>
      {t(`orderState.${state}`)}
    </Tag>
  );
}

/** export_rate as a small bar with the percentage as text (readable without the colour). */
export function DeliveryRate({ rate, locale }: { rate: string; locale: string }) {
  const { t } = useTranslation();
  const percent = deliveryPercent(rate);
  return (
    <Progress
      // role="progressbar" needs a name (axe aria-progressbar-name); the value is its text.
      aria-label={t('orders.deliveryRate')}
      className="delivery-rate"
      size="small"
      percent={percent}
      format={() => formatDeliveryRate(rate, locale)}
      status={percent >= 100 ? 'success' : 'normal'}
    />
  );
}
