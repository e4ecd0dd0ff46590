import { afterAll, describe, expect, it } from 'vitest';
import { api, baseUrl, newPage, signInByApi, useBrowser, waitForShell } from './support/browser';
import { staffSignInByApi, useStaffToken } from './support/staff';

/**
 * Issue 14 item 7 in the browser: a staff member gives a store a Spanish name on /admin/names;
 * a buyer reading Spanish sees it as the store's column in the stock list. The store's names
 * are put back afterwards, so the other suites see the demo names they expect.
 */
interface NameEntry {
  key: string;
  written: string;
  zh: string;
  en: string;
  es: string;
}

describe('back office: names', () => {
  const browser = useBrowser();
  let restore: (() => Promise<unknown>) | undefined;
  afterAll(async () => restore?.());

  it("staff set a store's Spanish name; a buyer reading Spanish sees it in the stock list", async () => {
    const token = await staffSignInByApi();
    const stores = await api<{ list: NameEntry[] }>(token, '/Admin/Names/List', { kind: 'store' });
    const store = stores.list.at(-1)!;
    restore = () =>
      api(token, '/Admin/Names/Set', {
        kind: 'store',
        key: store.key,
        names: { zh: store.zh, en: store.en, es: store.es },
      });
    const spanish = `Almacén E2E ${Date.now().toString(36)}`;

    const staff = await newPage(browser());
    await useStaffToken(staff.context, token);
    await staff.page.goto(`${baseUrl()}/admin/names`);
    const cell = staff.page.getByLabel(`${store.written} · Español`);
    await expect.poll(() => cell.inputValue()).toBe(store.es);
    await cell.fill(spanish);
    await cell.press('Enter');
    await staff.page.getByText('Saved').first().waitFor();
    await staff.context.close();

    const buyer = await newPage(browser(), { language: 'es' });
    await signInByApi(buyer.context, 'demo');
    await buyer.page.goto(`${baseUrl()}/stockProduct/index`);
    await waitForShell(buyer.page);
    await buyer.page.locator('.stock-page thead').getByText(spanish).waitFor();
    await buyer.context.close();
  });
});
