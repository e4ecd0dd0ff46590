#!/usr/bin/env node
// Screenshots of the web client for review: `node scripts/screenshots.mjs [url]` (or SCREENSHOTS_URL).
// Logs in as demo against a running server and saves PNGs into ./screenshots/ (git-ignored):
// login (zh, en, es), dashboard, menu pages, the catalogue screens (catalogue, detail, inventory,
// freight, freight breakdown; catalogue also at 375 px), the change-password dialog, the 401 page and
// mobile (375 px), in zh and en; the cart flow (cart with the bulk panel and a result table, submit,
// address form, confirm, pay with the sandbox QR, pay success, personal centre; cart at 375 px).
// Orders (issue 6): dashboard chart, orders, order detail and its print view, line search,
// deliveries (zh, en; dashboard and orders at 375 px). SCREENSHOTS_ONLY=cart|orders|records-finance takes
// only those (records-finance: sales, purchases as partner, finance, notices; payment days, sales at 375 px).
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const baseUrl = (process.argv[2] || process.env.SCREENSHOTS_URL || 'http://127.0.0.1:8080').replace(
  /\/$/,
  '',
);
const outDir = join(root, 'screenshots');
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});

async function context(language, viewport = { width: 1440, height: 900 }) {
  const ctx = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  await ctx.addCookies([{ name: 'pp_language', value: language, url: baseUrl }]);
  return ctx;
}

async function login(page) {
  await page.goto(`${baseUrl}/login`);
  await page.locator('#login-user-id').fill('demo');
  await page.locator('#login-password').fill(process.env.SCREENSHOTS_PASSWORD || 'demo1234');
  await page.locator('#login-password').press('Enter');
  await page.getByTestId('welcome').waitFor({ timeout: 15_000 });
}

const shot = async (page, name) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(outDir, `${name}.png`) });
  console.log(`screenshots/${name}.png`);
};

/** Cart flow screens; places one order per language (paid through the sandbox). */
async function cartScreens(language) {
  const ctx = await context(language);
  const page = await ctx.newPage();
  await login(page);
  await page.goto(`${baseUrl}/cart/index`);
  await page.locator('.cart-table').waitFor();
  await page
    .locator('.paste-box')
    .fill('04465-33450 2\nBRR-749\t1\n1K0 698 151 B, 4\nBRR-604 x\n0986494124 1\nBRR-598 3\nBRR-749 2');
  await page.locator('.match-paste').click();
  await page.locator('.match-table tbody tr.ant-table-row').nth(5).waitFor();
  await page.screenshot({ path: join(outDir, `cart-bulk-${language}.png`), fullPage: true });
  console.log(`screenshots/cart-bulk-${language}.png`);
  await page.locator('.add-matched').click();
  await page.locator('.cart-table tbody tr.ant-table-row').first().waitFor();
  await page.locator('.clear-result').click();
  await shot(page, `cart-${language}`);
  const rows = page.locator('.cart-table tbody tr.ant-table-row');
  await rows.nth(0).locator('.ant-checkbox-input').check();
  await rows.nth(1).locator('.ant-checkbox-input').check();
  await page.locator('.submit-checked').click();
  await page.locator('.checkout-lines tbody tr.ant-table-row').first().waitFor();
  await shot(page, `cart-submit-${language}`);
  await page.locator('.address-cards .add-address').click();
  await page.locator('#address-contact').fill(language === 'zh' ? '李雷' : 'Ana García');
  await page.locator('#address-phone').fill('12345');
  await page.locator('.address-modal .ant-btn-primary').click();
  await shot(page, `address-form-${language}`);
  await page.locator('.address-modal .ant-modal-footer .ant-btn').first().click();
  await page.locator('.checkout-next').click();
  await page.locator('.confirm-total').waitFor();
  await shot(page, `cart-confirm-${language}`);
  await page.locator('.submit-order').click();
  await page.locator('.pay-order-no').waitFor();
  await page.locator('.pay-methods input[value="qr"]').check();
  await page.locator('.pay-now').click();
  await page.locator('.pay-qr-image').waitFor();
  await shot(page, `cart-pay-${language}`);
  const confirmUrl = await page.locator('.pay-confirm-link').getAttribute('href');
  const phone = await ctx.newPage();
  await phone.goto(confirmUrl);
  await phone.locator('button[type=submit]').click();
  await phone.close();
  await page.waitForURL((url) => url.pathname === '/cart/paySuccess', { timeout: 15_000 });
  await page.locator('.pay-success-order').waitFor();
  await shot(page, `cart-pay-success-${language}`);
  await page.goto(`${baseUrl}/personalCenter/address`);
  await page.locator('.address-table tbody tr.ant-table-row').first().waitFor();
  await shot(page, `address-list-${language}`);
  await page.locator('.address-table .address-edit').first().click();
  await page.locator('.address-modal').waitFor();
  await shot(page, `address-edit-${language}`);
  await ctx.close();

  const mobile = await context(language, { width: 375, height: 740 });
  const mpage = await mobile.newPage();
  await login(mpage);
  await mpage.goto(`${baseUrl}/cart/index`);
  await mpage.locator('.cart-table').waitFor();
  await mpage.locator('.paste-box').fill('04465-33450 2\n0986494124 1');
  await mpage.locator('.match-paste').click();
  await mpage.locator('.match-table tbody tr.ant-table-row').nth(1).waitFor();
  await mpage.screenshot({ path: join(outDir, `mobile-cart-${language}.png`), fullPage: true });
  console.log(`screenshots/mobile-cart-${language}.png`);
  await mobile.close();
}

/** Issue 6 order screens: dashboard with chart, orders, order detail + print view, line search, deliveries. */
async function orderScreens(language) {
  const ctx = await context(language);
  const page = await ctx.newPage();
  await login(page);
  await page.locator('.dashboard-chart canvas').waitFor();
  await shot(page, `dashboard-chart-${language}`);
  await page.goto(`${baseUrl}/order/index?type=all&state=partially_delivered,delivered`);
  await page.locator('.order-table tbody tr.ant-table-row').first().waitFor();
  await shot(page, `orders-${language}`);
  await page.locator('.order-table tbody .order-no').first().click();
  await page.locator('.order-lines tbody tr.ant-table-row').first().waitFor();
  await shot(page, `order-detail-${language}`);
  await page.screenshot({ path: join(outDir, `order-detail-full-${language}.png`), fullPage: true });
  // The print view: the @media print stylesheet hides the layout chrome and the actions.
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: join(outDir, `order-print-${language}.png`), fullPage: true });
  console.log(`screenshots/order-print-${language}.png`);
  await page.emulateMedia({ media: 'screen' });
  await page.goto(`${baseUrl}/order/detailSearch?type=all&part=brr`);
  await page.locator('.order-line-table tbody tr.ant-table-row').first().waitFor();
  await shot(page, `order-lines-${language}`);
  await page.goto(`${baseUrl}/export/index`);
  await page.locator('.delivery-table tbody tr.ant-table-row').first().waitFor();
  await shot(page, `deliveries-${language}`);
  await page.locator('.delivery-table tbody .delivery-no').first().click();
  await page.locator('.delivery-lines tbody tr.ant-table-row').first().waitFor();
  await shot(page, `delivery-detail-${language}`);
  await ctx.close();
  // 375 px: the dashboard and the order list.
  const mobile = await context(language, { width: 375, height: 812 });
  const mpage = await mobile.newPage();
  await login(mpage);
  await mpage.locator('.dashboard-chart canvas').waitFor();
  await mpage.waitForTimeout(400);
  await mpage.screenshot({ path: join(outDir, `mobile-dashboard-${language}.png`), fullPage: true });
  console.log(`screenshots/mobile-dashboard-${language}.png`);
  await mpage.goto(`${baseUrl}/order/index?type=all`);
  await mpage.locator('.order-table tbody tr.ant-table-row').first().waitFor();
  await shot(mpage, `mobile-orders-${language}`);
  await mobile.close();
}

/** Sales, purchases, finance and notices (issue 6); purchases as partner (a supplier). */
async function recordsFinanceScreens(language) {
  const ctx = await context(language);
  const page = await ctx.newPage();
  await login(page);
  const screens = [
    ['/sales/index', '.sales-table tbody tr.ant-table-row', 'sales'],
    ['/sales/detailSearch', '.sales-line-table tbody tr.ant-table-row', 'sales-lines'],
    ['/Payment/index', '.payment-table tbody tr.ant-table-row', 'payments'],
    ['/finance/account', '.statement-table tbody tr.statement-opening', 'finance-account'],
    ['/finance/paymentdays', '.open-items-table tbody tr.ant-table-row', 'payment-days'],
    ['/notice/index', '.notice-item', 'notices'],
  ];
  for (const [path, ready, name] of screens) {
    await page.goto(`${baseUrl}${path}`);
    await page.locator(ready).first().waitFor();
    await shot(page, `${name}-${language}`);
  }
  await page.goto(`${baseUrl}/sales/index`);
  await page.locator('.sales-table tbody tr.ant-table-row a').first().click();
  await page.locator('.sales-lines tbody tr.ant-table-row').first().waitFor();
  await shot(page, `sales-detail-${language}`);
  await page.goto(`${baseUrl}/notice/index`);
  await page.locator('.notice-item a.notice-title').first().click();
  await page.locator('.notice-content').waitFor();
  await shot(page, `notice-detail-${language}`);
  await ctx.close();

  const partner = await context(language);
  const ppage = await partner.newPage();
  await ppage.goto(`${baseUrl}/login`);
  await ppage.locator('#login-user-id').fill('partner');
  await ppage.locator('#login-password').fill('partner1234');
  await ppage.locator('#login-password').press('Enter');
  await ppage.getByTestId('welcome').waitFor({ timeout: 15_000 });
  await ppage.goto(`${baseUrl}/pur/index`);
  await ppage.locator('.purchase-table tbody tr.ant-table-row a').first().waitFor();
  await shot(ppage, `purchases-${language}`);
  await ppage.locator('.purchase-table tbody tr.ant-table-row a').first().click();
  await ppage.locator('.purchase-lines tbody tr.ant-table-row').first().waitFor();
  await shot(ppage, `purchase-detail-${language}`);
  await partner.close();

  const mobile = await context(language, { width: 375, height: 740 });
  const mpage = await mobile.newPage();
  await login(mpage);
  await mpage.goto(`${baseUrl}/finance/paymentdays`);
  await mpage.locator('.aging-buckets').waitFor();
  await mpage.screenshot({ path: join(outDir, `mobile-payment-days-${language}.png`), fullPage: true });
  console.log(`screenshots/mobile-payment-days-${language}.png`);
  await mpage.goto(`${baseUrl}/sales/index`);
  await mpage.locator('.sales-table tbody tr.ant-table-row').first().waitFor();
  await shot(mpage, `mobile-sales-${language}`);
  await mobile.close();
}

try {
  if (process.env.SCREENSHOTS_ONLY === 'records-finance') {
    for (const language of ['zh', 'en']) await recordsFinanceScreens(language);
    process.exit(0);
  }
  if (process.env.SCREENSHOTS_ONLY === 'orders') {
    for (const language of ['zh', 'en']) await orderScreens(language);
    process.exit(0);
  }
  if (process.env.SCREENSHOTS_ONLY === 'cart') {
    for (const language of ['zh', 'en']) await cartScreens(language);
    process.exit(0);
  }
  for (const language of ['zh', 'en']) await cartScreens(language);
  for (const language of ['zh', 'en']) await orderScreens(language);
  for (const language of ['zh', 'en']) await recordsFinanceScreens(language);
  for (const language of ['zh', 'en', 'es']) {
    const ctx = await context(language);
    const page = await ctx.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.locator('#login-user-id').waitFor();
    await shot(page, `login-${language}`);
    await ctx.close();
  }

  for (const language of ['zh', 'en']) {
    const ctx = await context(language);
    const page = await ctx.newPage();
    await login(page);
    await page.locator('#dashboard-title').waitFor();
    await shot(page, `dashboard-${language}`);
    // Issue 4 screens: catalogue (a search with an OE hit), product detail, inventory list,
    // product freight with computed views and one view's breakdown.
    await page.goto(`${baseUrl}/product/index?q=${encodeURIComponent('04465 33450')}`);
    await page.locator('.catalog-table tbody tr.ant-table-row').first().waitFor();
    await shot(page, `catalog-search-${language}`);
    await page.goto(`${baseUrl}/product/index`);
    await page.locator('.catalog-table tbody tr.ant-table-row').first().waitFor();
    await page.locator('.catalog-table .ant-table-row-expand-icon').first().click();
    await shot(page, `catalog-${language}`);
    await page.goto(`${baseUrl}/product/detail?id=1`);
    await page.locator('.vehicle-table').waitFor();
    await shot(page, `product-detail-${language}`);
    await page.screenshot({ path: join(outDir, `product-detail-full-${language}.png`), fullPage: true });
    await page.goto(`${baseUrl}/stockProduct/index`);
    await page.locator('.stock-table tbody tr.ant-table-row').first().waitFor();
    await shot(page, `stock-${language}`);
    await page.goto(`${baseUrl}/proCFreight/index?ids=1,2`);
    await page.locator('.freight-products tbody tr').nth(1).waitFor();
    await page.locator('.freight-submit').click();
    await shot(page, `freight-validation-${language}`);
    await page.locator('.freight-from').click();
    await page.keyboard.type(language === 'zh' ? '中国' : 'China');
    await page.keyboard.press('Enter');
    await page.locator('.freight-to').click();
    await page
      .locator('.ant-cascader-menu-item')
      .filter({ hasText: language === 'zh' ? '德国' : 'Germany' })
      .click();
    await page.keyboard.press('Escape');
    await page.locator('.freight-submit').click();
    await page.locator('.freight-views tbody tr.ant-table-row').first().waitFor();
    await shot(page, `freight-${language}`);
    await page.locator('.freight-views tbody tr.ant-table-row').first().getByRole('link').click();
    await page.locator('.freight-breakdown').waitFor();
    await shot(page, `freight-detail-${language}`);

    for (const path of ['/order/index?type=all', '/cart/index', '/personalCenter/address']) {
      await page.goto(`${baseUrl}${path}`);
      await page.locator('h1.page-title:visible').waitFor();
      await shot(page, `page-${path.split('?')[0].slice(1).replace(/\//g, '-')}-${language}`);
    }
    await page
      .locator('.top-menu')
      .getByRole('menuitem')
      .filter({ has: page.locator('.ant-menu-submenu-title') })
      .first()
      .hover()
      .catch(() => undefined);
    await page.locator('.tag-item').nth(1).click({ button: 'right' });
    await shot(page, `tags-context-menu-${language}`);
    await page.keyboard.press('Escape');
    await page.locator('.nav-theme').click();
    await shot(page, `theme-popover-${language}`);
    await page.keyboard.press('Escape');
    await page.locator('.user-menu').click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').nth(1).click();
    await page.locator('.ant-modal').waitFor();
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await shot(page, `change-password-${language}`);
    await page.keyboard.press('Escape');
    await page.goto(`${baseUrl}/401?noGoBack=true`);
    await page.locator('h1').waitFor();
    await shot(page, `401-${language}`);
    await ctx.close();

    const mobile = await context(language, { width: 375, height: 740 });
    const mpage = await mobile.newPage();
    await login(mpage);
    await mpage.locator('#dashboard-title').waitFor();
    await shot(mpage, `mobile-dashboard-${language}`);
    await mpage.goto(`${baseUrl}/product/index?q=${encodeURIComponent('04465 33450')}`);
    await mpage.locator('.catalog-table tbody tr.ant-table-row').first().waitFor();
    await shot(mpage, `mobile-catalog-${language}`);
    await mpage.goto(`${baseUrl}/dashboard`);
    await mpage.locator('#dashboard-title').waitFor();
    await mpage.locator('.hamburger').click();
    await mpage.locator('.sidebar-drawer nav.sidebar').waitFor();
    await shot(mpage, `mobile-drawer-${language}`);
    await mobile.close();
    const mlogin = await context(language, { width: 375, height: 740 });
    const lpage = await mlogin.newPage();
    await lpage.goto(`${baseUrl}/login`);
    await lpage.locator('#login-user-id').waitFor();
    await shot(lpage, `mobile-login-${language}`);
    await mlogin.close();
  }
} finally {
  await browser.close();
}
