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
