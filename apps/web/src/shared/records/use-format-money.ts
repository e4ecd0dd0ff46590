import { useSettingsStore } from '../stores/settings-store';
import { formatMoney, formatPercent } from './money';

const INTL_LOCALES = { zh: 'zh-CN', en: 'en-US', es: 'es-ES' } as const;

/** Money and percentages in the user's language (grouping and decimal separator). */
export function useFormatMoney(): {
  money: (amount: string | null | undefined, currency: string) => string;
  percent: (rate: string) => string;
} {
  const language = useSettingsStore((s) => s.language);
  const locale = INTL_LOCALES[language];
  return {
    money: (amount, currency) => formatMoney(amount, currency, locale),
    percent: (rate) => formatPercent(rate, locale),
  };
}
