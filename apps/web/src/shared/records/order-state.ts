import type { OrderState } from '@partsportal/contract/orders';
import { formatPercent } from '@partsportal/contract/money-format';

/**
 * Delivery rate as the order list shows it: export_rate is a percent string with 2 decimals
 * ("37.50"); the Progress bar needs a number in 0–100 and the text keeps at most 2 decimals.
 */
export function deliveryPercent(rate: string): number {
  const value = Number(rate);
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.round(value * 100) / 100));
}

export function formatDeliveryRate(rate: string, locale: string): string {
  return formatPercent(deliveryPercent(rate), locale);
}

/** Tag colours of the order states (antd preset colours). */
export const ORDER_STATE_COLORS: Readonly<Record<OrderState, string>> = {
  pending_payment: 'gold',
  submitted: 'blue',
  credit_hold: 'orange',
  confirmed: 'cyan',
  partially_delivered: 'purple',
  delivered: 'green',
  cancelled: 'default',
  rejected: 'red',
};
