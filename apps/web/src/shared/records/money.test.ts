import { describe, expect, it } from 'vitest';
import { formatMoney, formatPercent } from './money';

describe('formatMoney', () => {
  it('shows two decimals, the language grouping and the record currency', () => {
    expect(formatMoney('27316.8000', 'CNY', 'en-US')).toBe('27,316.80 CNY');
    expect(formatMoney('-5', 'EUR', 'en-US')).toBe('-5.00 EUR');
    expect(formatMoney('', 'EUR', 'en-US')).toBe('');
    expect(formatMoney(null, 'EUR', 'en-US')).toBe('');
  });
  it('formats percentages', () => {
    expect(formatPercent('97.3700', 'en-US')).toBe('97.37 %');
    expect(formatPercent('100.0000', 'en-US')).toBe('100 %');
  });
});
