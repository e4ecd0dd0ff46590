import { describe, expect, it } from 'vitest';
import { api, baseUrl, newPage, signInByApi, useBrowser, waitForShell } from './support/browser';
import { staffSignInByApi, useStaffToken } from './support/staff';

/**
 * Issue 15 items 1–2 in the browser: the demo buyer submits an order (through the API, as the
 * cart suites already test the cart pages), staff confirm it and ship half of it from the order
 * desk, and the buyer's Delivery records show the waybill.
 */
describe('back office: order desk', () => {
  const browser = useBrowser();

  it('a submitted order is confirmed and half shipped; the buyer sees the delivery with its waybill', async () => {
    const staffToken = await staffSignInByApi();
    const buyer = await newPage(browser(), { viewport: { width: 1440, height: 900 } });
    const buyerToken = await signInByApi(buyer.context, 'demo');

    // The buyer's order: 4 of a part in stock, paid on account (staff make room on the account).
    const products = await api<{
      list: Array<{
        id: number;
        buy_qty: number;
        stores: Array<{ store_id: number; available_stock: number }>;
      }>;
    }>(buyerToken, '/Web/GetProductList', { keyword: 'filter', inStock: true, pageSize: 50 });
    const product = products.list.find(
      (row) => row.buy_qty <= 1 && row.stores.some((store) => store.available_stock >= 4),
    )!;
    const store = product.stores.find((entry) => entry.available_stock >= 4)!;
    await api(buyerToken, '/Web/AddCart', { cpid: product.id, qty: 4, store_id: store.store_id });
    const cart = await api<{ list: Array<{ id: number; cpid: number; store_id: number | null }> }>(
      buyerToken,
      '/Web/GetCartList',
    );
    const line = cart.list.find((row) => row.cpid === product.id && row.store_id === store.store_id)!;
    const order = await api<{ order_id: number; no: string }>(buyerToken, '/Web/SaveSubmits', {
      items: [line.id],
    });
    await api(staffToken, '/Admin/Customers/UpdateCompany', { id: 2, credit_limit: '99999999' });
    await api(buyerToken, '/Web/WePay', { order_id: order.order_id, method: 'account' });

    // Staff: the order in the queue's "awaiting confirmation" tab, opened, confirmed, half shipped.
    const staff = await newPage(browser(), { viewport: { width: 1440, height: 900 } });
    await useStaffToken(staff.context, staffToken);
    await staff.page.goto(`${baseUrl()}/admin/orders`);
    await staff.page.getByRole('button', { name: order.no }).click();
    const drawer = staff.page.locator('.order-desk-drawer');
    await drawer.getByRole('button', { name: 'Confirm', exact: true }).click();
    const confirm = staff.page.getByRole('dialog', { name: `Confirm order ${order.no}` });
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await drawer.getByRole('button', { name: 'Ship', exact: true }).click();
    const ship = staff.page.getByRole('dialog', { name: `Ship order ${order.no}` });
    await ship.getByLabel('Carrier').click();
    await staff.page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    const waybill = `E2E${Date.now()}`;
    await ship.getByLabel('Waybill no.').fill(waybill);
    await ship.getByLabel('Quantity to ship of line 1').fill('2');
    await ship.getByRole('button', { name: 'Ship' }).click();
    await ship.waitFor({ state: 'hidden' });
    await expect
      .poll(() => drawer.locator('.order-desk-title').textContent())
      .toContain('Partially delivered');
    await expect.poll(() => drawer.locator('.order-desk-shipments').textContent()).toContain(waybill);

    // The buyer: Delivery records show the waybill; the order's history says it shipped.
    await buyer.page.goto(`${baseUrl()}/export/index`);
    await waitForShell(buyer.page);
    await expect.poll(() => buyer.page.locator('main').textContent()).toContain(waybill);
    const detail = await api<{
      header: { state: string; export_qty: number };
      events: Array<{ note: string }>;
    }>(buyerToken, `/Web/GetOrderDetail/${order.order_id}`);
    expect(detail.header).toMatchObject({ state: 'partially_delivered', export_qty: 2 });
    expect(detail.events.at(-1)!.note).toContain(waybill);
    await staff.context.close();
    await buyer.context.close();
  });
});
