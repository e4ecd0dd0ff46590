import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, signInByApi, useBrowser, waitForShell } from './support/browser';

const summary = (page: Page) => page.getByTestId('bulk-summary').textContent();
const matchRows = (page: Page) => page.locator('.match-table tbody tr.ant-table-row');
const cartRows = (page: Page) => page.locator('.cart-table tbody tr.ant-table-row');
/** The OK button of the open confirm dialog. */
const confirmOk = (page: Page) => page.locator('.ant-modal-confirm-btns button').last();

function writeOrderXlsx(): string {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ['number', 'qty'],
      ['BRR-677', 3],
      ['BRR-623', 1],
    ]),
    'Order',
  );
  const file = join(mkdtempSync(join(tmpdir(), 'pp-cart-e2e-')), 'order.xlsx');
  writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return file;
}

describe('cart journey', () => {
  const browser = useBrowser();

  it('paste + fix + xlsx import → cart → address → confirm → sandbox QR payment → pay success (en)', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/cart/index`);
    await waitForShell(page);

    // Start from an empty cart (the demo seed has some lines).
    await page.locator('.cart-table').waitFor();
    if (await page.locator('.clear-cart').isEnabled()) {
      await page.locator('.clear-cart').click();
      await confirmOk(page).click();
    }
    await expect.poll(() => cartRows(page).count()).toBe(0);

    // Paste five lines: a hyphenated OE number, three of ours, one unknown.
    await page
      .getByLabel('Pasted lines: part number and quantity')
      .fill('04465-33450 2\nBRR-749\t1\nBRR-598, 4\nBRR-604 2\n0986494124 1');
    await page.locator('.match-paste').click();
    await expect.poll(() => matchRows(page).count()).toBe(5);
    expect(await summary(page)).toContain('5 lines · 4 ready · 0 to choose · 1 not found');
    const oeRow = matchRows(page).filter({ hasText: '04465-33450' });
    expect(await oeRow.locator('.match-status').textContent()).toBe('Via OE Toyota 04465-33450');

    // The unknown line offers suggestions; take the first one.
    const unknown = matchRows(page).filter({ has: page.locator('[data-status="not_found"]') });
    expect(await unknown.locator('.suggestion').count()).toBeGreaterThan(0);
    await unknown.locator('.suggestion').first().click();
    await expect.poll(() => summary(page)).toContain('5 lines · 5 ready · 0 to choose · 0 not found');

    // Import an .xlsx written by SheetJS: its rows join the table.
    await page.getByRole('tab', { name: 'File import' }).click();
    await page.locator('.import-upload input[type=file]').setInputFiles(writeOrderXlsx());
    await expect.poll(() => matchRows(page).count()).toBe(7);
    expect(await summary(page)).toContain('7 lines · 7 ready');
    expect(await matchRows(page).filter({ hasText: 'File · row 2' }).count()).toBe(1);

    // One BatchAddCart call for everything resolved.
    const batchCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/Web/BatchAddCart')) batchCalls.push(r.url());
    });
    await page.locator('.add-matched').click();
    await page.getByText('Added to the cart: 6').waitFor();
    expect(batchCalls).toHaveLength(1);
    expect(await matchRows(page).count()).toBe(0);
    await expect.poll(() => cartRows(page).count()).toBe(6);

    // Tick all and submit.
    await page.locator('.cart-table thead .ant-checkbox-input').check();
    await page.locator('.submit-checked').click();
    await page.waitForURL(
      (url) => url.pathname === '/cart/submit' && (url.searchParams.get('ids') ?? '') !== '',
    );
    await page.locator('.checkout-lines tbody tr.ant-table-row').first().waitFor();

    // Add an address inline; a wrong phone gets the spec message first.
    await page.locator('.address-cards .add-address').click();
    const modal = page.locator('.address-modal');
    await modal.locator('#address-contact').fill('Ana García');
    // The regions come with the dialog: until then the menu's only item is antd's disabled "No data".
    // On a busy machine the click could land while the menu re-rendered with them and choose
    // nothing (CI21: "Please select the region!"): open, choose and check the choice took, again if not.
    const region = modal.locator('.ant-cascader');
    const placeholder = 'Country / province / city';
    for (let attempt = 1; (await region.textContent())?.includes(placeholder); attempt++) {
      if (attempt > 5) throw new Error('the region cascader kept no choice after 5 tries');
      if (!(await page.locator('.ant-cascader-menu').first().isVisible()))
        await modal.locator('#address-area').click();
      await page
        .locator('.ant-cascader-menu')
        .first()
        .locator('.ant-cascader-menu-item:not(.ant-cascader-menu-item-disabled)')
        .first()
        .click();
      await page.keyboard.press('Escape');
    }
    await modal.locator('#address-detail').fill('Calle Mayor 1');
    await modal.locator('#address-phone').fill('12345');
    await modal.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please enter the correct mobile phone number!').waitFor();
    await modal.locator('#address-phone').fill('+34612345678');
    await modal.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Address saved').waitFor();
    await expect.poll(() => page.locator('.address-card-active').textContent()).toContain('Ana García');

    await page.locator('.checkout-remark').fill('e2e journey');
    await page.locator('.checkout-next').click();
    await page.waitForURL((url) => url.pathname === '/cart/submitConfirm');
    await page.locator('.confirm-total').waitFor();
    expect(await page.locator('.confirm-summary').textContent()).toContain('Ana García');
    expect(await page.locator('.confirm-summary').textContent()).toContain('e2e journey');

    const saveCalls: (string | undefined)[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/Web/SaveSubmits')) saveCalls.push(r.headers()['idempotency-key']);
    });
    await page.locator('.submit-order').click();
    await page.waitForURL((url) => url.pathname === '/cart/pay' && url.searchParams.has('id'));
    expect(saveCalls[0]).toMatch(/^[0-9a-f-]{36}$/);
    const orderNo = (await page.locator('.pay-order-no').textContent()) ?? '';
    expect(orderNo).not.toBe('');

    // Sandbox QR: open the confirmation page (what the QR encodes) and confirm there.
    await page.getByLabel('QR scan').check();
    await page.locator('.pay-now').click();
    await page.locator('.pay-qr-image').waitFor();
    await expect
      .poll(() => page.locator('.pay-qr-image').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    const confirmUrl = (await page.locator('.pay-confirm-link').getAttribute('href')) ?? '';
    const phone = await context.newPage();
    await phone.goto(confirmUrl);
    await phone.getByRole('button', { name: 'Confirm payment' }).click();
    await phone.getByText('Payment confirmed').waitFor();
    await phone.close();

    // The pay page notices by itself.
    await page.waitForURL((url) => url.pathname === '/cart/paySuccess', { timeout: 10_000 });
    await page.getByText('Payment successful').waitFor();
    expect(await page.locator('.pay-success-order').textContent()).toContain(orderNo);

    // The paid order is no longer among the pending orders.
    await page.goto(`${baseUrl()}/personalCenter/index`);
    await page.locator('.pending-table').waitFor();
    await page.waitForTimeout(500);
    expect(await page.locator('.pending-table').textContent()).not.toContain(orderNo);
    await context.close();
  });

  it('remove with nothing checked shows the spec message (zh)', async () => {
    const { context, page } = await newPage(browser(), { language: 'zh' });
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/cart/index`);
    await waitForShell(page);
    await page.locator('.cart-table').waitFor();
    await page.locator('.remove-checked').click();
    await page.getByText('请勾选需要删除的行！').waitFor();
    await page.locator('.submit-checked').click();
    await page.getByText('请先勾选要提交的商品！').waitFor();
    await context.close();
  });

  it('a file that is not xls/xlsx is refused before upload with the spec message (es)', async () => {
    const { context, page } = await newPage(browser(), { language: 'es' });
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/cart/index`);
    await waitForShell(page);
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/Web/ImportBill')) uploads.push(r.url());
    });
    await page.getByRole('tab', { name: 'Importar archivo' }).click();
    await page.locator('.import-upload input[type=file]').setInputFiles({
      name: 'order.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('number,qty\nBRR-749,1\n'),
    });
    await page.getByText('¡Los archivos solo pueden estar en formato xls o xlsx!').waitFor();
    expect(uploads).toHaveLength(0);
    await context.close();
  });
});
