import i18next from 'i18next';
import type { Language } from '@partsportal/contract/codes';

/**
 * The back office's texts live in their own files (locales/admin/*.json, keys under `admin.`),
 * so the buyer's language pack — loaded on /login — does not carry them. The admin shell adds
 * the active language's file to i18next before its first render.
 */
const loaders: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  zh: () => import('../../locales/admin/zh.json'),
  en: () => import('../../locales/admin/en.json'),
  es: () => import('../../locales/admin/es.json'),
};

let loaded: Promise<void> | null = null;

export function loadAdminTexts(language: Language): Promise<void> {
  loaded ??= loaders[language]().then((module) => {
    i18next.addResourceBundle(language, 'translation', module.default, true, true);
  });
  return loaded;
}
