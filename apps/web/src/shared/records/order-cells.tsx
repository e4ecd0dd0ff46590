import { Tag } from 'antd';
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

/**
 * export_rate as a small bar with the percentage as text (readable without the colour). A native
 * progressbar, not antd's Progress: the order list's only Progress, 5.6 KB gzip of script for a
 * bar that CSS draws (styles.css, .delivery-rate).
 */
export function DeliveryRate({ rate, locale }: { rate: string; locale: string }) {
  const { t } = useTranslation();
  const percent = deliveryPercent(rate);
  const text = formatDeliveryRate(rate, locale);
  return (
    <div
      role="progressbar"
      // role="progressbar" needs a name (axe aria-progressbar-name); the value is its text.
      aria-label={t('orders.deliveryRate')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={text}
      className={percent >= 100 ? 'delivery-rate delivery-rate-done' : 'delivery-rate'}
    >
      <span className="delivery-rate-track" aria-hidden="true">
        <span className="delivery-rate-bar" style={{ width: `${percent}%` }} />
      </span>
      <span className="delivery-rate-text">{text}</span>
    </div>
  );
}
