import { describe, expect, it } from 'vitest';
import { parseBootData } from './boot-data';

const userInfo = {
  menus: ['1001'],
  tags: [],
  roles: ['user'],
  name: 'Demo',
  avatar: '',
  company_name: 'Demo </script> Co',
  carts: 2,
  show_address: true,
  product_detail_title_show_my_number: false,
  two_factor: false,
  must_change_password: false,
};
const config = { apiUrl: '/api/', account_id: 1, homeTitle: { en: 'Portal' } };

describe('parseBootData', () => {
  it('reads config, user info and language; trims the api url', () => {
    // As the server writes it: < > & as \\u escapes inside the script element.
    const text = JSON.stringify({ config, userInfo, language: 'en' }).replace(
      /[<>&]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    expect(text).not.toContain('</script>');
    const boot = parseBootData(text);
    expect(boot?.config).toEqual({ apiUrl: '/api', account_id: 1, homeTitle: { en: 'Portal' } });
    expect(boot?.userInfo.company_name).toBe('Demo </script> Co');
    expect(boot?.language).toBe('en');
  });

  it('reads nothing from an absent, broken or odd element', () => {
    expect(parseBootData(undefined)).toBeUndefined();
    expect(parseBootData('')).toBeUndefined();
    expect(parseBootData('{')).toBeUndefined();
    expect(parseBootData('null')).toBeUndefined();
    expect(parseBootData(JSON.stringify({ config, language: 'en' }))).toBeUndefined();
    expect(
      parseBootData(JSON.stringify({ config, userInfo: { ...userInfo, menus: null }, language: 'en' })),
    ).toBeUndefined();
    expect(
      parseBootData(JSON.stringify({ config: { ...config, account_id: 0 }, userInfo, language: 'en' })),
    ).toBeUndefined();
    expect(
      parseBootData(JSON.stringify({ config: { apiUrl: '', account_id: 1 }, userInfo, language: 'en' })),
    ).toBeUndefined();
  });

  it("reads the page's first answer, and drops a malformed one alone", () => {
    const first = { path: '/Web/GetDashboard', body: {}, data: { currency: 'CNY', debts: '12.50' } };
    expect(parseBootData(JSON.stringify({ config, userInfo, language: 'en', first }))?.first).toEqual(first);
    for (const odd of [
      { ...first, path: 'Web/GetDashboard' },
      { ...first, body: { page: 2 } },
      { ...first, data: null },
      { path: '/Web/GetDashboard', body: {} },
      'answer',
    ]) {
      const boot = parseBootData(JSON.stringify({ config, userInfo, language: 'en', first: odd }));
      expect(boot?.userInfo.name).toBe('Demo');
      expect(boot?.first).toBeUndefined();
    }
  });
});
