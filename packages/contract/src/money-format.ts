/**
 * The one formatter of money and percentages on every page and in every PDF (brief §9). Amounts come as decimal
 * strings ("27316.8000"); Intl.NumberFormat gets the string itself, so sums are never rounded
 * through float arithmetic, and prints them with the currency, two decimals and the reader's
 * grouping and decimal separator: es "1.696.082,74 CNY", en "CNY 1,696,082.74".
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();
const percentFormats = new Map<string, Intl.NumberFormat>();

const CURRENCY_CODE = /^[A-Z]{3}$/;

function moneyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      // The ISO code, not a symbol: "¥" is both CNY and JPY, and a wholesaler bills in several.
      ...(CURRENCY_CODE.test(currency) ? { style: 'currency', currency, currencyDisplay: 'code' } : {}),
    });
    moneyFormats.set(key, format);
  }
  return format;
}

/** An amount with its currency in the reader's locale; '' for no amount, the raw text for a non-number. */
export function formatMoney(
  amount: string | number | null | undefined,
  currency: string,
  locale: string,
): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const text = String(amount).trim();
  if (!Number.isFinite(Number(text))) return `${text} ${currency}`.trim();
  const upper = currency.trim().toUpperCase();
  // A decimal string keeps every digit (Intl formats it exactly); the type only admits numbers.
  const formatted = moneyFormat(locale, upper).format(text as unknown as number);
  return CURRENCY_CODE.test(upper) || !upper ? formatted : `${formatted} ${upper}`;
}

/** A rate in percent ("85.5000" → en "85.5%", es "85,5 %"). */
export function formatPercent(rate: string | number | null | undefined, locale: string): string {
  if (rate === null || rate === undefined || rate === '') return '';
  const value = Number(rate);
  if (!Number.isFinite(value)) return String(rate);
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    percentFormats.set(locale, format);
  }
  return format.format(value / 100);
}

/** Intl locale of each interface language. */
export const INTL_LOCALES = { zh: 'zh-CN', en: 'en-US', es: 'es-ES' } as const;
