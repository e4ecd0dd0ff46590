import i18next from 'i18next';
import { expect, it } from 'vitest';
import { loadAdminTexts } from './admin-texts';

it('adds the back office texts even when their file arrives before i18next is initialised', async () => {
  // The order CI met: the admin shell's texts first, the buyer's language file and init() after.
  expect(i18next.isInitialized).toBeFalsy();
  const texts = loadAdminTexts('en');
  await import('../../locales/admin/en.json');
  await new Promise((resolve) => setTimeout(resolve, 10));
  // What initI18n (i18n.ts) does once the buyer's file is in; it also touches the document.
  await i18next.init({ lng: 'en', resources: { en: { translation: {} } } });
  await texts;
  expect(i18next.t('admin.title')).toBe('Back office');
});
