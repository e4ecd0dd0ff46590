// Issue 18's leftover and the phase-1 lesson: at 1440 px beside the open sidebar, the record
// lists show their key columns (number, date, status, amount) without a sideways scroll, and the
// order list's total sits under its Amount column.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, signInByApi, useBrowser, waitForShell } from './support/browser';

interface Box {
  text: string;
  left: number;
  right: number;
}

/** The header cells of a table and the part of the table a user sees without scrolling sideways. */
async function headerBoxes(page: Page, table: string): Promise<{ seen: Box; headers: Box[] }> {
  return page.locator(`${table} .ant-table-content`).evaluate((content) => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { text: (el.textContent ?? '').trim(), left: Math.round(r.left), right: Math.round(r.right) };
    };
    const seen = box(content);
    return {
      seen: { ...seen, right: Math.min(seen.right, window.innerWidth) },
      headers: [...content.querySelectorAll('thead th')].map(box),
    };
  });
}

/** The key headers that are not wholly in view. */
async function keyColumnsCut(page: Page, table: string, keys: string[]): Promise<string[]> {
  const { seen, headers } = await headerBoxes(page, table);
  const missing = keys.filter((key) => !headers.some((h) => h.text === key));
  const cut = headers
    .filter((h) => keys.includes(h.text))
    .filter((h) => h.left < seen.left || h.right > seen.right)
    .map((h) => `${h.text} ${h.left}-${h.right} (seen ${seen.left}-${seen.right})`);
  return [...missing.map((key) => `${key}: no such header`), ...cut];
}

describe('record lists at 1440 px', () => {
  const browser = useBrowser();
  const viewport = { width: 1440, height: 900 };

  for (const language of ['en', 'es'] as const) {
    it(`${language}: the order list shows number, date, status, amount and delivery in view; the total sits under Amount`, async () => {
      const { context, page } = await newPage(browser(), { language, viewport });
      await signInByApi(context, 'demo');
      await page.goto(`${baseUrl()}/order/index?type=all`);
      await waitForShell(page);
      await page.locator('.order-table tbody tr.ant-table-row').first().waitFor();
      const keys =
        language === 'en'
          ? ['Order no.', 'Order date', 'Status', 'Amount', 'Delivered %']
          : ['N.º de pedido', 'Fecha', 'Estado', 'Importe', '% entregado'];
      expect(await keyColumnsCut(page, '.order-table', keys)).toEqual([]);

      const amountHeader = (await headerBoxes(page, '.order-table')).headers.find((h) => h.text === keys[3]);
      const total = await page.locator('.order-table .totals-row td').evaluateAll((cells) =>
        cells
          .filter((cell) => /\d/.test(cell.querySelector('strong')?.textContent ?? ''))
          .map((cell) => {
            const r = cell.getBoundingClientRect();
            return { left: Math.round(r.left), right: Math.round(r.right) };
          }),
      );
      expect(total).toEqual([{ left: amountHeader?.left, right: amountHeader?.right }]);
      await context.close();
    });
  }

  it('es and en: the line searches show bill, date, part, quantities, price and total in view', async () => {
    const { context, page } = await newPage(browser(), { language: 'es', viewport });
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/order/detailSearch?type=all`);
    await waitForShell(page);
    await page.locator('.order-line-table tbody tr.ant-table-row').first().waitFor();
    expect(
      await keyColumnsCut(page, '.order-line-table', [
        'N.º de pedido',
        'Fecha',
        'Número',
        'Pieza',
        'Cant.',
        'Entregado',
        'Precio',
        'Subtotal',
        'Estado',
      ]),
    ).toEqual([]);
    await page.goto(`${baseUrl()}/sales/detailSearch`);
    await page.locator('.sales-line-table tbody tr.ant-table-row').first().waitFor();
    expect(
      await keyColumnsCut(page, '.sales-line-table', [
        'N.º',
        'Fecha',
        'Número',
        'Pieza',
        'Cant.',
        'Cant. entregada',
        'Precio',
        'Total',
        'Estado de envío',
      ]),
    ).toEqual([]);
    await context.close();

    const partner = await newPage(browser(), { language: 'en', viewport });
    await signInByApi(partner.context, 'partner');
    await partner.page.goto(`${baseUrl()}/pur/detailSearch?type=all`);
    await waitForShell(partner.page);
    await partner.page.locator('.purchase-line-table tbody tr.ant-table-row').first().waitFor();
    expect(
      await keyColumnsCut(partner.page, '.purchase-line-table', [
        'No.',
        'Date',
        'Number',
        'Part name',
        'Qty',
        'Received',
        'Price',
        'Sum',
        'State',
      ]),
    ).toEqual([]);
    await partner.page.goto(`${baseUrl()}/pur/index?type=all`);
    await partner.page.locator('.purchase-table tbody tr.ant-table-row').first().waitFor();
    expect(
      await keyColumnsCut(partner.page, '.purchase-table', [
        'Supplier',
        'No.',
        'Date',
        'State',
        'Amount',
        'Remark',
      ]),
    ).toEqual([]);
    await partner.context.close();
  });
});
