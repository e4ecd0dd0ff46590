import { describe, expect, it } from 'vitest';
import { api, baseUrl, newPage, signInByApi, useBrowser, waitForShell } from './support/browser';
import { staffSignInByApi, useStaffToken } from './support/staff';

/**
 * Issue 15 item 5 in the browser: staff write a purchase to the partner company (a supplier),
 * send it, receive it into a store; the buyers' stock catalogue shows the raised stock and the
 * partner's Purchase search shows the purchase as received.
 */
describe('back office: purchases', () => {
  const browser = useBrowser();

  it('a purchase from the partner is ordered and received; the buyer sees the stock, the supplier the purchase', async () => {
    const staffToken = await staffSignInByApi();
    const buyer = await newPage(browser(), { viewport: { width: 1440, height: 900 } });
    const buyerToken = await signInByApi(buyer.context, 'demo');
    const options = await api<{ suppliers: Array<{ id: number; name: string }> }>(
      staffToken,
      '/Admin/Purchases/Options',
    );
    const supplier = options.suppliers.find((entry) => entry.id === 3)!;
    // A part the buyer can see in the stock catalogue, and its stock before.
    const products = await api<{ list: Array<{ id: number; number: string; stock: number }> }>(
      buyerToken,
      '/Web/GetStockProductList',
      { keyword: 'filter', pageSize: 20 },
    );
    const part = products.list[0]!;
    const before = await api<{ stock: number }>(buyerToken, `/Web/GetProductDetail/${part.id}`);

    // Staff: a new draft to the partner with 7 of the part, sent, then received.
    const staff = await newPage(browser(), { viewport: { width: 1440, height: 900 } });
    await useStaffToken(staff.context, staffToken);
    await staff.page.goto(`${baseUrl()}/admin/purchases`);
    await staff.page.getByRole('button', { name: 'New purchase' }).click();
    const dialog = staff.page.getByRole('dialog', { name: 'New purchase (draft)' });
    await dialog.getByLabel('Supplier').click();
    await staff.page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: supplier.name })
      .click();
    await dialog.getByLabel('Find a part by number or name').fill(part.number);
    await dialog.getByLabel('Find a part by number or name').press('Enter');
    await dialog.locator('.purchases-desk-add', { hasText: part.number }).first().click();
    await dialog.getByLabel(`Quantity of ${part.number}`).fill('7');
    await dialog.getByLabel(`Price of ${part.number}`).fill('3.50');
    await dialog.getByRole('button', { name: 'Save draft' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The new purchase opens in the drawer.
    const drawer = staff.page.locator('.purchases-desk-drawer');
    await expect.poll(() => drawer.locator('.ant-drawer-title').textContent()).toContain('Draft');
    const no = (await drawer.locator('.ant-drawer-title').textContent())!.match(/CG\d+/)![0];
    await drawer.getByRole('button', { name: 'Send to supplier' }).click();
    await staff.page.locator('.ant-popconfirm').getByRole('button', { name: 'Send to supplier' }).click();
    await expect.poll(() => drawer.locator('.ant-drawer-title').textContent()).toContain('Ordered');
    await drawer.getByRole('button', { name: 'Receive goods' }).click();
    const receive = staff.page.getByRole('dialog', { name: `Receive purchase ${no}` });
    await expect.poll(() => receive.getByLabel('Quantity to receive of line 1').inputValue()).toBe('7');
    await receive.getByRole('button', { name: 'Receive goods' }).click();
    await receive.waitFor({ state: 'hidden' });
    await expect.poll(() => drawer.locator('.ant-drawer-title').textContent()).toContain('Received');
    await expect.poll(() => drawer.locator('.purchases-desk-line-received').textContent()).toBe('7');

    // The buyer: the stock catalogue shows 7 more on hand.
    const after = await api<{ stock: number }>(buyerToken, `/Web/GetProductDetail/${part.id}`);
    expect(after.stock).toBe(before.stock + 7);
    await buyer.page.goto(`${baseUrl()}/stockProduct/index?q=${encodeURIComponent(part.number)}`);
    await waitForShell(buyer.page);
    const row = buyer.page.locator('.stock-table tbody tr.ant-table-row', { hasText: part.number }).first();
    await expect.poll(() => row.textContent()).toContain(`${after.stock} / `);

    // The supplier: its Purchase search lists the purchase as received.
    const partnerToken = await signInByApi(buyer.context, 'partner');
    const purchases = await api<{ list: Array<{ no: string; state: string }> }>(
      partnerToken,
      '/Web/GetPurchaseList',
      { no },
    );
    expect(purchases.list).toEqual([expect.objectContaining({ no, state: 'received' })]);
    await staff.context.close();
    await buyer.context.close();
  });
});
