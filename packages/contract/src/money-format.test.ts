import { describe, expect, it } from 'vitest';
import { formatMoney, formatPercent, INTL_LOCALES } from './money-format';

// Intl separates code and number with a no-break space; the tests read it as a plain one.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('prints the same amount per language with its currency', () => {
    expect(plain(formatMoney('1696082.7400', 'CNY', INTL_LOCALES.es))).toBe('1.696.082,74 CNY');
    expect(plain(formatMoney('1696082.7400', 'CNY', INTL_LOCALES.en))).toBe('CNY 1,696,082.74');
    expect(plain(formatMoney('1696082.7400', 'CNY', INTL_LOCALES.zh))).toBe('CNY 1,696,082.74');
    expect(plain(formatMoney('15993.00', 'EUR', INTL_LOCALES.es))).toBe('15.993,00 EUR');
    expect(plain(formatMoney('2080.8', 'USD', INTL_LOCALES.en))).toBe('USD 2,080.80');
  });
  it('keeps every digit of a decimal string and rounds to cents', () => {
    expect(plain(formatMoney('12345678901234.125', 'CNY', 'en-US'))).toBe('CNY 12,345,678,901,234.13');
    expect(plain(formatMoney(0, 'CNY', 'en-US'))).toBe('CNY 0.00');
  });
  it('shows nothing for no amount and the raw text for a non-number', () => {
    expect(formatMoney('', 'EUR', 'en-US')).toBe('');
    expect(formatMoney(null, 'EUR', 'en-US')).toBe('');
    expect(formatMoney(undefined, 'EUR', 'en-US')).toBe('');
    expect(formatMoney('n/a', 'EUR', 'en-US')).toBe('n/a EUR');
  });
  it('formats without a currency, or with a non-ISO one after the number', () => {
    expect(formatMoney('1234.5', '', 'es-ES')).toBe('1234,50');
    expect(formatMoney('1234.5', 'rmb1', 'en-US')).toBe('1,234.50 RMB1');
  });
});

describe('formatPercent', () => {
  it('uses the language decimal separator', () => {
    expect(plain(formatPercent('23.3000', INTL_LOCALES.es))).toBe('23,3 %');
    expect(formatPercent('23.3000', INTL_LOCALES.en)).toBe('23.3%');
    expect(formatPercent('97.3700', INTL_LOCALES.zh)).toBe('97.37%');
    expect(formatPercent('100.0000', 'en-US')).toBe('100%');
    expect(formatPercent('', 'en-US')).toBe('');
  });
});
