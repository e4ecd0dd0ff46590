import type { Language } from '@partsportal/contract/codes';
import { t } from '../i18n/i18n';
import { saveLanguage } from '../stores/settings-store';
import { toastSuccess } from './feedback';

/** Each language names itself, so a reader of any of them finds their own. */
export const LANGUAGE_NAMES: Record<Language, string> = { zh: '中文', en: 'English', es: 'Español' };

/** Spec §4: save (far-future cookie), say so, reload so every text and pack follows. */
export function switchLanguage(language: Language): void {
  saveLanguage(language);
  toastSuccess(t('settings.languageChanged'));
  // Long enough for the message to be seen before the page goes.
  window.setTimeout(() => location.reload(), 600);
}
