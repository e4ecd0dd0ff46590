import { useCallback, useMemo } from 'react';
import { useSettingsStore } from '../stores/settings-store';
import { formatMoney, formatPercent, INTL_LOCALES } from '@partsportal/contract/money-format';

export type MoneyFormatter = (amount: string | number | null | undefined, currency: string) => string;

/** Money and percentages in the user's language; the functions are stable per language (memoized tables). */
export function useFormatMoney(): { money: MoneyFormatter; percent: (rate: string | number) => string } {
  const language = useSettingsStore((s) => s.language);
  const locale = INTL_LOCALES[language];
  const money = useCallback<MoneyFormatter>(
    (amount, currency) => formatMoney(amount, currency, locale),
    [locale],
  );
  const percent = useCallback((rate: string | number) => formatPercent(rate, locale), [locale]);
  return useMemo(() => ({ money, percent }), [money, percent]);
}

/** Outside React (exports, toasts): the language the settings store holds now. */
export function currentMoneyLocale(): string {
  return INTL_LOCALES[useSettingsStore.getState().language];
}

let numberFormatWarmed = false;

/**
 * Readies the browser's number formatting (ICU) in a task of its own, once per page load. The
 * first Intl.NumberFormat of a document costs 12–22 ms on a fast machine (Chromium, measured;
 * any locale or currency, the later ones ~0), 50–90 ms on a phone: it fell inside the render of
 * the first answer, which made that long task longer (issue 18, total blocking time). The
 * signed-in layout calls it when it mounts, while the page's first answer is on its way.
 */
export function warmNumberFormat(): () => void {
  if (numberFormatWarmed) return () => undefined;
  const timer = setTimeout(() => {
    numberFormatWarmed = true;
    new Intl.NumberFormat(currentMoneyLocale()).format(0);
  }, 0);
  return () => clearTimeout(timer);
}
