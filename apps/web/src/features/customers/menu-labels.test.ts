import { ALL_MENU_CODES } from '@partsportal/contract/endpoint';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import zh from '../../locales/zh.json';
import { MENU_TITLE_KEYS } from './menu-labels';

describe('menu code labels', () => {
  it('name every menu code of spec §6 with a buyer route title present in zh, en and es', () => {
    for (const code of ALL_MENU_CODES) {
      const key = MENU_TITLE_KEYS[code].replace(/^route\./, '');
      for (const locale of [zh, en, es]) expect((locale.route as Record<string, string>)[key]).toBeTruthy();
    }
    expect(new Set(Object.values(MENU_TITLE_KEYS)).size).toBe(ALL_MENU_CODES.length);
  });
});
