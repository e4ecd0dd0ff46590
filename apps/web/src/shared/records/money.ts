/**
 * Money with the record's currency. Amounts come as decimal strings ("27316.8000"); they are
 * shown with two decimals and the language's grouping, never through float arithmetic on sums.
 */
export function formatMoney(amount: string | null | undefined, currency: string, locale: string): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const value = Number(amount);
  if (!Number.isFinite(value)) return `${amount} ${currency}`.trim();
  const text = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value,
  );
  return currency ? `${text} ${currency}` : text;
}

/** Delivery rate "85.5000" → "85.5 %". */
export function formatPercent(rate: string, locale: string): string {
  const value = Number(rate);
  if (!Number.isFinite(value)) return rate;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value)} %`;
}
