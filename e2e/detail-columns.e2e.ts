// Issue 17 items 2 and 9 (leftovers): the order detail's lines fit 1440 px with a column chooser,
// the cart's thumbnails open the big picture like the catalogue's, and every sidebar entry reads
// in full.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  api,
  baseUrl,
  newPage,
  sidebarEntries,
  signInByApi,
  useBrowser,
  waitForShell,
} from './support/browser';

interface Product {
  id: number;
  buy_qty: number;
}
interface CartLine {
  id: number;
  cpid: number;
}

/** Puts two in-stock products into the cart; their cart lines. */
async function fillCart(token: string): Promise<CartLine[]> {
  const { list } = await api<{ list: Product[] }>(token, '/Web/GetProductList', {
    page: 1,
    pageSize: 2,
    inStock: true,
  });
  for (const p of list) await api(token, '/Web/AddCart', { cpid: p.id, qty: Math.max(p.buy_qty, 1) });
  const cart = await api<{ list: CartLine[] }>(token, '/Web/GetCartList/0');
  return cart.list.filter((line) => list.some((p) => p.id === line.cpid));
}

/** Header cells outside the window or whose text runs over more than one line. */
async function badHeaders(page: Page, selector: string, width: number): Promise<string[]> {
  return page.locator(selector).evaluateAll(
    (cells, limit) =>
      cells
        .filter((cell) => {
          const box = cell.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(cell);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          return box.width === 0 || box.left < 0 || box.right > limit || lines.size > 1;
        })
        .map((cell) => cell.textContent ?? ''),
    width,
  );
}

describe('detail columns and cart pictures', () => {
  const browser = useBrowser();

  it('1440 px es: the order detail shows its default line columns without a sideways scroll; a chosen column stays after a reload', async () => {
    const { context, page } = await newPage(browser(), {
      language: 'es',
      viewport: { width: 1440, height: 900 },
    });
    const token = await signInByApi(context, 'demo');
    const items = (await fillCart(token)).map((line) => line.id);
    const order = await api<{ order_id: number }>(token, '/Web/SaveSubmits', { items });

    await page.goto(`${baseUrl()}/order/detail?id=${order.order_id}`);
    await waitForShell(page);
    const lines = page.locator('.order-lines tbody tr.ant-table-row');
    await expect.poll(() => lines.count()).toBe(2);
    const headers = page.locator('.order-lines thead th');
    // An unpaid order: quantity editable, lines deletable (the actions column).
    expect((await headers.allTextContents()).map((h) => h.trim())).toEqual([
      'N.º',
      'Pieza',
      'Número',
      'Marca',
      'Cantidad',
      'Entregado',
      'Precio',
      'Subtotal',
      'Acciones',
    ]);
    expect(await badHeaders(page, '.order-lines thead th', 1440)).toEqual([]);
    const overflow = () =>
      page.locator('.order-lines .ant-table-content').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.locator('.order-lines .qty-input input').first().waitFor();

    // One more column, kept across a reload; the headers still read in one line.
    await page.locator('.order-lines-toolbar .column-chooser-button').click();
    await page.getByRole('checkbox', { name: 'Unidad' }).check();
    await page.locator('.order-lines thead th', { hasText: 'Unidad' }).waitFor();
    await page.reload();
    await expect.poll(() => lines.count()).toBe(2);
    await page.locator('.order-lines thead th', { hasText: 'Unidad' }).waitFor();
    expect(await badHeaders(page, '.order-lines thead th', 1440)).toEqual([]);
    expect(await overflow()).toBeLessThanOrEqual(0);

    // "Default columns" takes it away again.
    await page.locator('.order-lines-toolbar .column-chooser-button').click();
    await page.locator('.column-reset').click();
    await expect.poll(() => page.locator('.order-lines thead th', { hasText: 'Unidad' }).count()).toBe(0);
    await context.close();
  });

  it('the cart picture opens the big picture in the preview, in the table (1440 px) and on a card (375 px)', async () => {
    const { context, page } = await newPage(browser(), { viewport: { width: 1440, height: 900 } });
    const token = await signInByApi(context, 'demo');
    const [line] = await fillCart(token);
    await page.goto(`${baseUrl()}/cart/index`);
    await waitForShell(page);
    const row = page.locator(`.cart-table tbody tr[data-row-key="${line!.id}"]`);
    await row.waitFor();
    // The picture is a choosable column (not a default one).
    await page.locator('.column-chooser-button').click();
    await page.getByRole('checkbox', { name: 'Picture' }).check();
    await page.locator('.column-chooser-button').click();
    await row.locator('.product-thumb-image').click();
    const preview = page.locator('.ant-image-preview img');
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toContain(`/Product/ProductBigId/${line!.cpid}?token=`);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-image-preview').isVisible()).toBe(false);

    await page.setViewportSize({ width: 375, height: 740 });
    const card = page.locator(`.cart-cards li[data-id="${line!.id}"]`);
    await card.waitFor();
    await card.locator('.product-thumb-image').click();
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toContain(`/Product/ProductBigId/${line!.cpid}?token=`);
    await context.close();
  });

  it('1440 px: every sidebar entry reads in full in zh, en and es (long ones wrap, none is cut)', async () => {
    for (const language of ['zh', 'en', 'es'] as const) {
      const { context, page } = await newPage(browser(), {
        language,
        viewport: { width: 1440, height: 900 },
      });
      await signInByApi(context, 'demo');
      await page.goto(`${baseUrl()}/dashboard`);
      await waitForShell(page);
      expect((await sidebarEntries(page)).length).toBeGreaterThan(10);
      const cut = await page
        .locator('nav.sidebar .ant-menu-title-content')
        .evaluateAll((titles) =>
          titles
            .filter(
              (title) =>
                title.scrollWidth > title.clientWidth + 1 || title.getBoundingClientRect().right > 210,
            )
            .map((title) => title.textContent ?? ''),
        );
      expect(cut, language).toEqual([]);
      await context.close();
    }
  });
});
