import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  newPage,
  seriousAxeViolations,
  sidebarEntries,
  signInByApi,
  useBrowser,
  waitForShell,
} from './support/browser';

/** Every menu entry of spec §2 (sidebar keys are route paths). */
const ALL_ENTRIES = [
  '/dashboard',
  '/product/index',
  '/stockProduct/index',
  '/proCFreight/index',
  '/order/index',
  '/order/detailSearch',
  '/export/index',
  '/sales/index',
  '/sales/detailSearch',
  '/pur/index',
  '/pur/detailSearch',
  '/Payment/index',
  '/finance/account',
  '/finance/paymentdays',
  '/cart/index',
  '/notice/index',
  '/personalCenter/index',
  '/personalCenter/address',
];

describe('permissions', () => {
  const browser = useBrowser();

  it('viewer sees only catalogue and notice (plus the code-free pages) and gets 401 on /order/index', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(context, 'viewer');
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForShell(page);
    const entries = await sidebarEntries(page);
    expect(entries).toContain('/product/index');
    expect(entries).toContain('/notice/index');
    for (const path of [
      '/order/index',
      '/cart/index',
      '/sales/index',
      '/pur/index',
      '/stockProduct/index',
      '/proCFreight/index',
      '/Payment/index',
      // The company's unpaid orders need the cart or order-search code (API.md, "Who may call").
      '/personalCenter/index',
    ]) {
      expect(entries).not.toContain(path);
    }
    // The top menu follows the same codes.
    const top = page.locator('.top-menu');
    expect(await top.getByText('Order', { exact: true }).count()).toBe(0);
    expect(await top.getByText('Catalog', { exact: true }).count()).toBeGreaterThan(0);

    await page.goto(`${baseUrl()}/order/index`);
    await page.waitForURL(`${baseUrl()}/401?noGoBack=true`);
    expect(await page.locator('h1').textContent()).toBe('No permission');
    // noGoBack: no "Back" button that would return to the refused page.
    expect(await page.getByRole('button', { name: 'Back', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Back to dashboard' }).click();
    await page.waitForURL(`${baseUrl()}/dashboard`);
    await context.close();
  });

  it('admin sees every entry and opens every page', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(context, 'admin');
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForShell(page);
    const entries = await sidebarEntries(page);
    expect([...entries].sort()).toEqual([...ALL_ENTRIES].sort());
    await page.goto(`${baseUrl()}/pur/detailSearch?type=all`);
    expect(await page.locator('h1.page-title').last().textContent()).toBe('Purchase Detail Search');
    await context.close();
  });

  it('demo opens every menu entry as a tab; unknown paths go to /404', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForShell(page);
    const entries = await sidebarEntries(page);
    expect(entries).toContain('/personalCenter/address'); // show_address is on for demo
    for (const entry of entries) {
      await page.locator('nav.sidebar').locator(`li.ant-menu-item[data-menu-id$="-${entry}"]`).click();
      await page.waitForURL((url) => url.pathname.toLowerCase() === entry.toLowerCase());
      await page.locator(`.tag-item[data-path="${entry}"].tag-active`).waitFor();
    }
    expect(await page.locator('.tag-item').count()).toBe(entries.length);
    expect(page.url()).not.toContain('/401');

    await page.goto(`${baseUrl()}/no/such/page`);
    await page.waitForURL(`${baseUrl()}/404`);
    expect(await page.locator('h1').textContent()).toBe('Page not found');
    await context.close();
  });

  it('the top menu links carry ?type=all and the cart badge shows the cart count', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForShell(page);
    await page.locator('.top-menu').getByText('Order', { exact: true }).hover();
    await page.locator('.ant-menu-submenu-popup').getByText('Order Search', { exact: true }).click();
    await page.waitForURL(`${baseUrl()}/order/index?type=all`);
    const carts = await page.evaluate(async () => {
      const token = document.cookie.match(/pp_token=([^;]+)/)?.[1] ?? '';
      const response = await fetch('/api/Web/GetUserInfo', {
        method: 'POST',
        headers: { Token: decodeURIComponent(token), 'Content-Type': 'application/json' },
        body: '{}',
      });
      return ((await response.json()) as { data: { carts: number } }).data.carts;
    });
    const badge = page.locator('.top-menu .cart-badge');
    if (carts > 0) expect(await badge.textContent()).toContain(String(carts));
    else expect(await badge.locator('sup').count()).toBe(0);
    await context.close();
  });

  it('has no serious or critical axe violations on the dashboard', async () => {
    const { context, page } = await newPage(browser(), { bypassCSP: true }); // the server's CSP forbids the injected axe script
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForShell(page);
    await page.locator('#dashboard-title').waitFor();
    const violations = await seriousAxeViolations(page);
    expect(
      violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`),
    ).toEqual([]);
    await context.close();
  });
});
