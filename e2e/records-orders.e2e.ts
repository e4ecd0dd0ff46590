import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, signInByApi, useBrowser, waitForShell } from './support/browser';

/** A call with the signed-in page's token (to pick test data the way the server sees it). */
async function api<T>(page: Page, path: string, body: object): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const token = document.cookie.match(/pp_token=([^;]+)/)?.[1] ?? '';
      const response = await fetch(`/api${path}`, {
        method: 'POST',
        headers: { Token: decodeURIComponent(token), 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return ((await response.json()) as { data: T }).data;
    },
    { path, body },
  );
}

const orderRows = (page: Page) => page.locator('.order-table tbody tr.ant-table-row');

describe('dashboard and orders (demo)', () => {
  const browser = useBrowser();

  it('dashboard shows the figure cards, the notice feed and a drawn chart canvas (en)', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForShell(page);
    for (const card of ['debts', 'delivered', 'executing', 'carts']) {
      await page.locator(`.dashboard-card-${card} .ant-statistic-content`).waitFor();
    }
    await expect(page.locator('.dashboard-card-debts').textContent()).resolves.toContain('CNY');
    expect(await page.locator('.dashboard-notices .dashboard-notice-item').count()).toBe(5);
    await page.locator('.dashboard-notices .notice-unread').first().waitFor();
    const canvas = page.locator('.dashboard-chart canvas');
    await canvas.waitFor();
    const box = await canvas.boundingBox();
    expect(box?.width).toBeGreaterThan(300);
    expect(box?.height).toBeGreaterThan(200);
    // Resizes with the window (ResizeObserver on the container); 1300 px keeps the two-column layout.
    await page.setViewportSize({ width: 1300, height: 900 });
    await expect.poll(async () => (await canvas.boundingBox())?.width).toBeLessThan(box?.width ?? 0);
    const host = await page.locator('.dashboard-chart').boundingBox();
    expect(Math.abs((await canvas.boundingBox())!.width - host!.width)).toBeLessThan(2);
    await context.close();
  });

  it('filters the order list by state; the filter survives a reload; a row opens the detail (en)', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/order/index?type=all`);
    await waitForShell(page);
    await orderRows(page).first().waitFor();
    await page.locator('.filter-states').click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^Delivered$/ })
      .click();
    await page.keyboard.press('Escape');
    await page.waitForURL(/state=delivered/);
    await page.reload();
    await waitForShell(page);
    await orderRows(page).first().waitFor();
    await expect(page.locator('.filter-states').textContent()).resolves.toContain('Delivered');
    await expect
      .poll(async () => new Set(await page.locator('.order-table tbody .order-state').allTextContents()))
      .toEqual(new Set(['Delivered']));
    expect(page.url()).toContain('type=all');

    const no = (await orderRows(page).first().locator('.order-no').textContent()) ?? '';
    await orderRows(page).first().locator('td').nth(2).click();
    await page.waitForURL(/\/order\/detail\?id=\d+/);
    await expect(page.locator('.order-detail-page h1').textContent()).resolves.toContain(no);
    expect(await page.locator('.order-lines tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    await page.locator('.order-history .ant-timeline-item').first().waitFor();
    // A delivered order cannot be changed: no quantity inputs, no delete buttons.
    expect(await page.locator('.order-lines .qty-input').count()).toBe(0);
    await context.close();
  });

  it('exports the order list of the current filter to an xlsx that SheetJS reads back (en)', async () => {
    const { context, page } = await newPage(browser(), { acceptDownloads: true });
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/order/index?type=all&state=confirmed`);
    await waitForShell(page);
    await orderRows(page).first().waitFor();
    const total = await api<{ total: number }>(page, '/Web/GetOrderList', {
      states: ['confirmed'],
      pageSize: 1,
    });
    // The export's pages come slowly, so its progress dialog (whose code loads with the first
    // export) is seen while it runs.
    await page.route('**/api/Web/GetOrderList', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('.export-xlsx').click(),
      page.getByRole('dialog').getByText('Exporting').waitFor(),
    ]);
    await page.unroute('**/api/Web/GetOrderList');
    expect(download.suggestedFilename()).toMatch(/^orders-\d{8}-\d{4}\.xlsx$/);
    const file = join(mkdtempSync(join(tmpdir(), 'pp-orders-')), download.suggestedFilename());
    await download.saveAs(file);
    const book = XLSX.read(readFileSync(file));
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0] ?? '']!, { header: 1 });
    expect(rows[0]).toEqual([
      'Company',
      'Order no.',
      'PO number',
      'Order date',
      'Channel',
      'Status',
      'Currency',
      'Delivered %',
      'Amount',
      'Remark',
    ]);
    expect(rows.length - 1).toBe(total.total);
    expect(new Set(rows.slice(1).map((row) => row[5]))).toEqual(new Set(['Confirmed']));
    expect(typeof rows[1]?.[8]).toBe('number');
    await context.close();
  });

  it('order detail search finds lines by a part number, in any spelling (es)', async () => {
    const { context, page } = await newPage(browser(), { language: 'es' });
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/order/detailSearch?type=all`);
    await waitForShell(page);
    await page.locator('.order-line-table tbody tr.ant-table-row').first().waitFor();
    const lines = await api<{ list: { number: string }[] }>(page, '/Web/GetOrderLineList', { pageSize: 1 });
    const number = lines.list[0]?.number ?? '';
    expect(number).not.toBe('');
    // Lower case and without separators: the server normalizes like the catalogue.
    const typed = number.toLowerCase().replace(/[^a-z0-9]/g, '');
    await page.locator('.filter-part input').fill(typed);
    await page.locator('.filter-part input').press('Enter');
    await page.waitForURL(new RegExp(`part=${typed}`));
    // Every row shown is a match (the old unfiltered rows are gone), the line we looked for among them.
    const normalize = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '');
    await expect
      .poll(async () => {
        const shown = await page.locator('.order-line-table tbody .product-number').allTextContents();
        return shown.includes(number) && shown.every((n) => normalize(n).startsWith(typed));
      })
      .toBe(true);
    await expect(page.locator('.order-line-search-page h1').textContent()).resolves.toBe(
      'Buscar líneas de pedido',
    );
    // The order no links to its order.
    await page.locator('.order-line-table tbody .order-no').first().click();
    await page.waitForURL(/\/order\/detail\?id=\d+/);
    await page.locator('.order-lines tbody tr.ant-table-row').first().waitFor();
    await context.close();
  });

  it('delivery records open a shipping detail with links to the orders it fulfils (en)', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/export/index`);
    await waitForShell(page);
    await page.locator('.delivery-table tbody tr.ant-table-row').first().waitFor();
    await page.locator('.delivery-table tbody .delivery-no').first().click();
    await page.waitForURL(/\/export\/detail\?id=\d+/);
    await page.locator('.delivery-lines tbody tr.ant-table-row').first().waitFor();
    await page.locator('.fulfilled-orders .order-no').first().click();
    await page.waitForURL(/\/order\/detail\?id=\d+/);
    await context.close();
  });

  it('a pending order: edit a quantity, cancel and confirm a line deletion, buy again (en)', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForShell(page);
    // A fresh pending_payment order of two in-stock products (the seed has none).
    const products = await api<{ list: { id: number }[] }>(page, '/Web/GetProductList', {
      keyword: '',
      inStock: true,
      pageSize: 2,
    });
    const cpids = products.list.map((p) => p.id);
    for (const cpid of cpids) await api(page, '/Web/AddCart', { cpid, qty: 2 });
    const cart = await api<{ list: { id: number; cpid: number }[] }>(page, '/Web/GetCartList', {});
    const items = cart.list.filter((item) => cpids.includes(item.cpid)).map((item) => item.id);
    const order = await api<{ order_id: number; no: string }>(page, '/Web/SaveSubmits', { items });

    await page.goto(`${baseUrl()}/order/detail?id=${order.order_id}`);
    const lines = page.locator('.order-lines tbody tr.ant-table-row');
    await expect.poll(() => lines.count()).toBe(2);
    const qty = page.locator('.order-lines .qty-input input').first();
    await qty.fill('3');
    await qty.press('Enter');
    // Confirmed first (issue 17 item 5): it moves stock and the order's total.
    const confirmQty = page.locator('.ant-modal-confirm');
    await confirmQty.getByText('Change the quantity of').waitFor();
    await confirmQty.locator('.ant-btn-primary').click();
    await page.getByText(/quantity now 3/).waitFor();

    await page.locator('.order-lines .ant-btn-dangerous').first().click();
    await page.locator('.ant-popconfirm .ant-btn').filter({ hasText: 'Cancel' }).click();
    await page.getByText('Deletion cancelled!').waitFor();
    await page.locator('.order-lines .ant-btn-dangerous').first().click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect.poll(() => lines.count()).toBe(1);

    await page.locator('.buy-again').click();
    await page.getByText('Added to the cart: 1 lines').waitFor();
    await context.close();
  });

  it('a pending order: pay and cancel from its detail, with a confirmation (es)', async () => {
    const { context, page } = await newPage(browser(), { language: 'es' });
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForShell(page);
    const products = await api<{ list: { id: number }[] }>(page, '/Web/GetProductList', {
      keyword: '',
      inStock: true,
      pageSize: 1,
    });
    const cpid = products.list[0]!.id;
    await api(page, '/Web/AddCart', { cpid, qty: 1 });
    const cart = await api<{ list: { id: number; cpid: number }[] }>(page, '/Web/GetCartList', {});
    const items = cart.list.filter((item) => item.cpid === cpid).map((item) => item.id);
    const order = await api<{ order_id: number; no: string }>(page, '/Web/SaveSubmits', { items });

    await page.goto(`${baseUrl()}/order/detail?id=${order.order_id}`);
    await page.locator('.order-pending-hint').waitFor();
    // Pay leads to the cart flow's pay page of this order; back to the detail.
    await page.locator('.order-pay').click();
    await page.waitForURL(new RegExp(`/cart/pay\\?id=${order.order_id}$`));
    await page.goBack();
    // Cancel asks first; "keep the order" keeps it.
    await page.locator('.order-cancel').click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.getByText(`¿Cancelar el pedido ${order.no}?`).waitFor();
    await dialog.getByRole('button', { name: 'Mantener el pedido' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.locator('.order-header').textContent()).toContain('Pendiente de pago');
    await page.locator('.order-cancel').click();
    await dialog.locator('.ant-btn-dangerous').click();
    await page.getByText(`${order.no} cancelado`).waitFor();
    // The detail reloads as cancelled: no pay, cancel, quantity or delete actions any more.
    await expect.poll(() => page.locator('.order-header').textContent()).toContain('Cancelado');
    expect(await page.locator('.order-pay, .order-cancel, .order-pending-hint').count()).toBe(0);
    expect(await page.locator('.order-lines .qty-input, .order-lines .ant-btn-dangerous').count()).toBe(0);
    await context.close();
  });

  it('an order, a delivery or a product that is not there: the page title and a warning in the language of the user (es)', async () => {
    const { context, page } = await newPage(browser(), { language: 'es' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInByApi(context, 'demo');
    for (const [path, title, text] of [
      ['/order/detail?id=99999999', 'Detalle del pedido', 'Registro no encontrado'],
      ['/export/detail?id=99999999', 'Detalle del envío', 'Registro no encontrado'],
      ['/product/detail', 'Detalle del producto', 'No se eligió ningún producto.'],
    ] as const) {
      await page.goto(`${baseUrl()}${path}`);
      await waitForShell(page);
      await expect.poll(() => page.locator('.page .missing-state').textContent()).toBe(text);
      expect(await page.locator('.page h1').textContent()).toBe(title);
      // The warning sign is drawn (the page's own CSS, not antd's Result).
      const sign = await page.locator('.missing-state-icon').boundingBox();
      expect(sign?.height).toBeGreaterThanOrEqual(60);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('viewer opening /order/index gets the 401 page', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(context, 'viewer');
    await page.goto(`${baseUrl()}/order/index?type=all`);
    await page.waitForURL(`${baseUrl()}/401?noGoBack=true`);
    await context.close();
  });
});
