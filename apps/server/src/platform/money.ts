import { Decimal } from 'decimal.js';

/**
 * Decimal arithmetic for prices, weights and totals: 40 significant digits, so no sum or product
 * of numeric(16,4) amounts and line quantities is rounded before it is shown; half up, as bills
 * round. (finance and dashboard still sum with decimal.js's defaults, 20 digits: equal while every
 * sum stays below 10^16, and kept so that not one answer changes.)
 */
export const ExactDecimal = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type ExactDecimal = InstanceType<typeof ExactDecimal>;

/**
 * An amount as every answer shows it: two decimals, half up. Constructing a Decimal keeps every
 * digit of its input and toFixed does not depend on the precision, so this answers the same for
 * a value computed with any Decimal setting.
 */
export const money = (value: Decimal.Value): string => new ExactDecimal(value).toFixed(2);
