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

/**
 * i18next gives an instance its `addResourceBundle` in `init()`, and main.tsx starts that only
 * after the buyer's language file has arrived; the admin shell asks for its texts when its chunk
 * is evaluated, so its (smaller) file can win the race — in CI the back office then crashed
 * with "addResourceBundle is not a function". Add the texts once i18next is initialised.
 */
const initialised = (): Promise<void> =>
  i18next.isInitialized
    ? Promise.resolve()
    : new Promise((resolve) => {
        const done = () => {
          i18next.off('initialized', done);
          resolve();
        };
        i18next.on('initialized', done);
      });

export function loadAdminTexts(language: Language): Promise<void> {
  loaded ??= Promise.all([loaders[language](), initialised()]).then(([module]) => {
    i18next.addResourceBundle(language, 'translation', module.default, true, true);
  });
  return loaded;
}
