import { describe, expect, it } from 'vitest';
import { api, baseUrl, newPage, signInByApi, useBrowser, waitForShell } from './support/browser';

/**
 * Issue 17 #15 in the browser, in two page loads: the cart saved as a named list, the list
 * added back to the cart, renamed and deleted; an order placed with the buyer's PO number (a
 * bad one explained first) and "wait for all", both shown on the order detail.
 */
describe('PO number, backorder choice and saved part lists', () => {
  const browser = useBrowser();

  it('save the cart as a list, add it back, then order with a PO number and see it on the order (en)', async () => {
    const { context, page } = await newPage(browser(), { viewport: { width: 1440, height: 900 } });
    const token = await signInByApi(context, 'demo');
    const before = await api<{ list: Array<{ id: number; qty: number }>; count: number }>(
      token,
      '/Web/GetCartList',
    );
    expect(before.count).toBeGreaterThan(0);

    // Page load 1: the cart. Save the whole cart as a list.
    await page.goto(`${baseUrl()}/cart/index`);
    await waitForShell(page);
    await page.locator('.cart-table tbody tr.ant-table-row').first().waitFor();
    await page.locator('.save-as-list').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Save the cart as a list' });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.getByText('Please enter a name for the list.').waitFor();
    await dialog.locator('#saved-list-name').fill('Brake service kit');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Saved as “Brake service kit”').waitFor();

    // The lists page (client-side), the list's lines, then the list into the cart again.
    await page.locator('.saved-lists-link').click();
    await page.waitForURL((url) => url.pathname === '/cart/lists');
    const card = page.locator('.saved-list-card').filter({ hasText: 'Brake service kit' });
    expect(await card.locator('.saved-list-figures').textContent()).toContain(`Lines: ${before.count}`);
    await card.locator('.saved-list-toggle').click();
    await expect
      .poll(() => card.locator('.saved-list-lines tbody tr.ant-table-row').count())
      .toBe(before.count);
    await card.locator('.saved-list-add').click();
    await page.getByText(`Added to the cart: ${before.count} lines`).waitFor();
    const after = await api<{ list: Array<{ id: number; qty: number }> }>(token, '/Web/GetCartList');
    // Same lines, each quantity doubled (the list's quantities on top of the cart's).
    expect(after.list.map((line) => line.qty).sort()).toEqual(before.list.map((line) => line.qty * 2).sort());

    // Rename, then delete.
    await card.locator('.saved-list-rename').click();
    const rename = page.locator('.ant-modal').filter({ hasText: 'Rename the list' });
    await rename.locator('#saved-list-name').fill('Brake kit front');
    await rename.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Renamed to “Brake kit front”').waitFor();
    const renamed = page.locator('.saved-list-card').filter({ hasText: 'Brake kit front' });
    await renamed.locator('.saved-list-delete').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    await page.getByText('List deleted').waitFor();
    await page.getByText('No saved lists yet.').waitFor();

    // Back to the cart; order the first line with a PO number and "wait for all".
    await page.locator('.saved-lists-page .ant-empty a').click();
    await page.waitForURL((url) => url.pathname === '/cart/index');
    // A line the stock covers (the doubled quantities may not be).
    const orderable = (
      await api<{ list: Array<{ number: string; qty: number; available_stock: number; status: string }> }>(
        token,
        '/Web/GetCartList',
      )
    ).list.find((line) => line.status === 'ok' && line.available_stock >= line.qty)!;
    await page
      .locator('.cart-table tbody tr.ant-table-row')
      .filter({ hasText: orderable.number })
      .first()
      .locator('.ant-checkbox-input')
      .check();
    await page.locator('.submit-checked').click();
    await page.waitForURL((url) => url.pathname === '/cart/submit');
    await page.locator('.checkout-lines tbody tr.ant-table-row').first().waitFor();
    await page.locator('.checkout-next').click();
    await page.waitForURL((url) => url.pathname === '/cart/submitConfirm');
    await page.locator('.confirm-total').waitFor();
    await page.locator('#po-number').fill('<PO 1>');
    await page.getByText('must start with a letter or digit').waitFor();
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/Web/SaveSubmits')) saves.push(request.postData() ?? '');
    });
    await page.locator('.submit-order').click();
    expect(saves).toEqual([]);
    await page.locator('#po-number').fill('PO-E2E/0001');
    await page.getByLabel('Wait and ship everything together').check();
    await page.locator('.submit-order').click();
    await page.waitForURL((url) => url.pathname === '/cart/pay' && url.searchParams.has('id'));
    expect(JSON.parse(saves[0]!)).toMatchObject({ po_number: 'PO-E2E/0001', backorder: 'wait_all' });
    const id = new URL(page.url()).searchParams.get('id');

    // Page load 2: the order detail shows both.
    await page.goto(`${baseUrl()}/order/detail?id=${id}`);
    await page.locator('.order-po-number').waitFor();
    expect(await page.locator('.order-po-number').textContent()).toBe('PO-E2E/0001');
    expect(await page.locator('.order-backorder').textContent()).toBe('Wait and ship everything together');
    await context.close();
  });
});
