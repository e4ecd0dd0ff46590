import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@partsportal/contract/codes';

/**
 * Only the active language's resources are loaded (a dynamic import per file), so the
 * /login bundle carries none of them; switching language reloads the page (spec §4).
 */
const loaders: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  zh: () => import('../../locales/zh.json'),
  en: () => import('../../locales/en.json'),
  es: () => import('../../locales/es.json'),
};

export async function initI18n(language: Language): Promise<typeof i18next> {
  const resources = (await loaders[language]()).default;
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: resources } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : language;
  return i18next;
}

/** For code outside React (API client, guard); components use `useTranslation`. */
export const t = (key: string, options?: Record<string, unknown>): string =>
  i18next.t(key, options) as string;
