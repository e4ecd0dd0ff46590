import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ProductList } from '@partsportal/contract/catalog';
import { api, baseUrl, newPage, signInByApi, useBrowser, waitForShell } from './support/browser';

/**
 * Supersessions and substitutes as a buyer meets them (decision 023), on the demo data: the
 * seeded "0 986 494 122" was replaced by the anchor "0 986 494 123", and out-of-stock parts have
 * seeded equivalents in stock. Four page loads: catalogue (replaced number, then an out-of-stock
 * part), its detail, and the paste import.
 */
const SHOTS = resolve(import.meta.dirname, '..', 'test-results', 'e2e', 'supersessions');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
const rows = (page: Page) => page.locator('.catalog-table tbody tr.ant-table-row');

describe('supersessions and substitutes', () => {
  const browser = useBrowser();

  it('leads from a replaced number to the new one and offers equivalents in stock (catalogue, detail, import)', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { context, page } = await newPage(browser(), { viewport: { width: 1440, height: 900 } });
    const token = await signInByApi(context, 'demo');
    // An out-of-stock part with equivalents: the first one the stock-sorted list shows.
    const outOfStock = await api<ProductList>(token, '/Web/GetProductList', {
      keyword: '',
      sort: 'stock',
      order: 'asc',
      pageSize: 200,
    });
    const part = outOfStock.list.find((row) => row.available_stock <= 0 && row.equivalents.length > 0);
    expect(part, 'the demo data has an out-of-stock part with equivalents').toBeDefined();
    expect(part!.equivalents.every((item) => item.available_stock > 0)).toBe(true);

    // 1. The replaced number: a notice, and the new part first, marked "Replaces …".
    await page.goto(`${baseUrl()}/product/index?q=${encodeURIComponent('0 986 494 122')}`);
    await waitForShell(page);
    await expect
      .poll(() => page.locator('.replaced-alert').textContent())
      .toBe('Bosch 0 986 494 122 has been replaced by Bosch 0 986 494 123.');
    expect(await rows(page).first().locator('.product-number').textContent()).toBe('0 986 494 123');
    expect(await rows(page).first().locator('.replaces-tag').textContent()).toBe(
      'Replaces Bosch 0 986 494 122',
    );
    await shot(page, 'catalogue-replaced-1440-en');

    // 2. The out-of-stock part: its row offers the equivalents with price and stock.
    await page.getByLabel('Search parts', { exact: true }).fill(part!.number);
    const row = rows(page).filter({ has: page.locator(`a[href="/product/detail?id=${part!.id}"]`) });
    await row.locator('.equivalents-tag').click();
    const offered = page.locator('.ant-popover .equivalent-item');
    await expect.poll(() => offered.count()).toBe(part!.equivalents.length);
    expect(await offered.first().textContent()).toContain(part!.equivalents[0]!.number);
    await shot(page, 'catalogue-equivalents-1440-en');

    // 3. Its detail lists them too.
    await page.goto(`${baseUrl()}/product/detail?id=${part!.id}`);
    await page.locator('.detail-equivalents .equivalent-item').first().waitFor();
    expect(await page.locator('.detail-equivalents .equivalent-item').count()).toBeGreaterThan(0);
    await shot(page, 'detail-equivalents-1440-en');

    // 4. Paste import: the old number takes the new one and says so; the out-of-stock line offers
    // its equivalents, and "Use this" puts one on the line.
    await page.goto(`${baseUrl()}/cart/index`);
    await page.getByLabel('Pasted lines: part number and quantity').fill(`0986494122 2\n${part!.number} 1`);
    await page.locator('.match-paste').click();
    const matchRows = page.locator('.match-table tbody tr.ant-table-row');
    await expect.poll(() => matchRows.count()).toBe(2);
    const replaced = matchRows.filter({ has: page.locator('[data-status="replaced"]') });
    expect(await replaced.locator('.match-status').textContent()).toBe('Replaced by a newer number');
    expect(await replaced.locator('.replaces-tag').textContent()).toBe('Replaces Bosch 0 986 494 122');
    expect(await replaced.locator('.product-number').textContent()).toBe('0 986 494 123');
    const empty = matchRows.filter({ hasText: part!.number });
    await empty.locator('.equivalents-tag').click();
    await shot(page, 'import-result-1440-en');
    await page.locator('.ant-popover .equivalent-pick').first().click();
    await expect.poll(() => empty.locator('[data-status="picked"]').count()).toBe(1);
    expect(await empty.locator('.product-number').textContent()).toBe(part!.equivalents[0]!.number);
    await context.close();
  });
});
