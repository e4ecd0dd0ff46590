import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';
import zh from './zh.json';
import adminEn from './admin/en.json';
import adminEs from './admin/es.json';
import adminZh from './admin/zh.json';
import { ADMIN_ROUTES } from '../app/admin/admin-route-table';
import { LEAF_ROUTES, ROUTE_TABLE } from '../app/route-table';

type Tree = { [key: string]: string | Tree };

/** "a.b.c" → value, for every leaf of a nested resource object. */
function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const result = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null)
      for (const [k, v] of flatten(value, path)) result.set(k, v);
    else result.set(path, value);
  }
  return result;
}

const locales = { zh: flatten(zh), en: flatten(en), es: flatten(es) };
// The back office's texts (locales/admin/*.json) are added to the same i18next resources.
const adminLocales = { zh: flatten(adminZh), en: flatten(adminEn), es: flatten(adminEs) };

describe('locale files', () => {
  it('have exactly the same keys', () => {
    const zhKeys = [...locales.zh.keys()].sort();
    expect(zhKeys.length).toBeGreaterThan(50);
    expect([...locales.en.keys()].sort()).toEqual(zhKeys);
    expect([...locales.es.keys()].sort()).toEqual(zhKeys);
  });

  it.each(Object.entries(locales))('%s has no empty or non-string values', (_, entries) => {
    for (const [key, value] of entries) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  it('use the same interpolation variables in every language', () => {
    const vars = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, value] of locales.zh) {
      expect(vars(locales.en.get(key)), key).toEqual(vars(value));
      expect(vars(locales.es.get(key)), key).toEqual(vars(value));
    }
  });

  it('translate every title of the route table', () => {
    const titles = [...ROUTE_TABLE.map((r) => r.titleKey), ...LEAF_ROUTES.map((r) => r.titleKey)];
    for (const key of titles)
      for (const entries of Object.values(locales)) expect(entries.has(key), key).toBe(true);
  });

  it('carry the spec §5/§8 messages verbatim in English', () => {
    expect(locales.en.get('password.required')).toBe('Please enter the new password!');
    expect(locales.en.get('password.confirmRequired')).toBe('Please enter the password to confirm!');
    expect(locales.en.get('password.mismatch')).toBe("Two times the code doesn't match!");
    expect(locales.en.get('errors.verificationFailed')).toBe('Verification failed, please login again.');
    expect(locales.en.get('errors.menusNonNull')).toBe('menus must be a non-null array');
  });

  it('keep the back office apart: every admin key under `admin.`, the same keys in every language, none in the buyer files', () => {
    const zhKeys = [...adminLocales.zh.keys()].sort();
    expect([...adminLocales.en.keys()].sort()).toEqual(zhKeys);
    expect([...adminLocales.es.keys()].sort()).toEqual(zhKeys);
    for (const key of zhKeys) expect(key.startsWith('admin.'), key).toBe(true);
    for (const entries of Object.values(locales))
      expect([...entries.keys()].filter((key) => key.startsWith('admin.'))).toEqual([]);
  });

  it.each(Object.entries(adminLocales))(
    'admin %s has no empty values and the same variables',
    (lng, entries) => {
      const vars = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      for (const [key, value] of entries) {
        expect(typeof value, key).toBe('string');
        expect((value as string).trim(), key).not.toBe('');
        expect(vars(value), `${lng} ${key}`).toEqual(vars(adminLocales.zh.get(key)));
      }
    },
  );

  it('translate every title of the admin route table', () => {
    for (const route of ADMIN_ROUTES)
      for (const entries of Object.values(adminLocales))
        expect(entries.has(route.titleKey), route.titleKey).toBe(true);
  });
});
