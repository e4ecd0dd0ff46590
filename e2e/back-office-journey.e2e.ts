import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, baseUrl, newPage, signInByApi, useBrowser, waitForShell } from './support/browser';
import { useOwnServer } from './support/own-server';
import { staffSignInByApi, totpCode, useStaffToken } from './support/staff';

/**
 * Issue 15's "done when", on a server seeded with companies, users and the catalogue only
 * (DEMO_HISTORY=false): no order, delivery, bill or payment exists until people make them.
 * A buyer submits an order; a sales-role staff member, in Spanish, edits a line, confirms,
 * ships half with a carrier and waybill and records a payment; the buyer, in Chinese, sees the
 * state history, the delivery with the waybill, the sales bill, the payment and the balance.
 */
const locales = resolve(import.meta.dirname, '../apps/web/src/locales');
const messages = (file: string) => JSON.parse(readFileSync(resolve(locales, file), 'utf8')) as object;
const ES = { ...messages('es.json'), ...messages('admin/es.json') };
const ZH = messages('zh.json');
/** A message by dotted key with {{name}} filled in — the tests read what the pages say. */
function text(bundle: object, key: string, values: Record<string, string | number> = {}): string {
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], bundle);
  if (typeof found !== 'string') throw new Error(`no message ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}
const es = (key: string, values?: Record<string, string | number>) => text(ES, key, values);

async function call<T>(path: string, body: object, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Lng: 'en', ...(token ? { Token: token } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  expect(answer.code, `${path}: ${answer.msg}`).toBe(200);
  return answer.data;
}

/** A new sales-role member, made by the owner, signed in with a TOTP and their own password. */
async function salesSignIn(ownerToken: string): Promise<string> {
  const login = `sales-${Date.now().toString(36)}`;
  const created = await call<{ temporary_password: string }>(
    '/Admin/Staff/Create',
    { login, name: 'Marta Ventas', role: 'sales' },
    ownerToken,
  );
  const { token } = await call<{ token: string }>('/Admin/Auth/Login', {
    login,
    password: created.temporary_password,
  });
  const { secret } = await call<{ secret: string }>('/Admin/Auth/StartTotpEnrolment', {}, token);
  await call(
    '/Admin/Auth/ConfirmTotpEnrolment',
    { code: totpCode(secret, Math.floor(Date.now() / 30_000)) },
    token,
  );
  await call(
    '/Admin/Auth/ChangePassword',
    { current_password: created.temporary_password, password: 'sales-own-pass-1' },
    token,
  );
  return token;
}

describe('back office journey from an empty history', () => {
  useOwnServer('journey', { DEMO_PARTS: '600', DEMO_HISTORY: 'false' });
  const browser = useBrowser();

  it('order → edit, confirm, half shipment, payment in the back office → the buyer sees every record', async () => {
    const buyer = await newPage(browser(), { language: 'zh', viewport: { width: 1440, height: 900 } });
    const buyerToken = await signInByApi(buyer.context, 'demo');
    // Nothing yet: the seed wrote no history.
    const before = await api<{ total: number }>(buyerToken, '/Web/GetOrderList', { page: 1, pageSize: 10 });
    expect(before.total).toBe(0);

    // The buyer's order: 4 of a part with stock, paid on account.
    const products = await api<{
      list: Array<{
        id: number;
        buy_qty: number;
        stores: Array<{ store_id: number; available_stock: number }>;
      }>;
    }>(buyerToken, '/Web/GetProductList', { keyword: '', inStock: true, pageSize: 50 });
    const product = products.list.find(
      (row) => row.buy_qty <= 1 && row.stores.some((store) => store.available_stock >= 10),
    )!;
    expect(product, 'a part with 10 in one store').toBeDefined();
    const store = product.stores.find((entry) => entry.available_stock >= 10)!;
    await api(buyerToken, '/Web/AddCart', { cpid: product.id, qty: 4, store_id: store.store_id });
    const cart = await api<{ list: Array<{ id: number }> }>(buyerToken, '/Web/GetCartList');
    const order = await api<{ order_id: number; no: string }>(buyerToken, '/Web/SaveSubmits', {
      items: cart.list.map((line) => line.id),
    });
    await api(buyerToken, '/Web/WePay', { order_id: order.order_id, method: 'account' });

    // Sales staff, in Spanish: the order in the queue; line 1 from 4 to 6; confirm; ship 3.
    const owner = await staffSignInByApi();
    const staff = await newPage(browser(), { language: 'es', viewport: { width: 1440, height: 900 } });
    await useStaffToken(staff.context, await salesSignIn(owner));
    await staff.page.goto(`${baseUrl()}/admin/orders`);
    await staff.page.getByRole('button', { name: order.no }).click();
    const drawer = staff.page.locator('.order-desk-drawer');
    await drawer.getByRole('button', { name: es('admin.orderDesk.editLine'), exact: true }).click();
    const edit = staff.page.getByRole('dialog', { name: /^Editar la línea 1/ });
    await edit.getByLabel(es('admin.orderDesk.qty'), { exact: true }).fill('6');
    await edit.getByRole('button', { name: es('common.confirm') }).click();
    await edit.waitFor({ state: 'hidden' });
    await drawer.getByRole('button', { name: es('admin.orderDesk.confirm'), exact: true }).click();
    const confirm = staff.page.getByRole('dialog', {
      name: es('admin.orderDesk.confirmTitle', { no: order.no }),
    });
    await confirm.getByRole('button', { name: es('admin.orderDesk.confirm') }).click();
    await confirm.waitFor({ state: 'hidden' });
    await drawer.getByRole('button', { name: es('admin.orderDesk.ship'), exact: true }).click();
    const ship = staff.page.getByRole('dialog', { name: es('admin.orderDesk.shipTitle', { no: order.no }) });
    await ship.getByLabel(es('admin.orderDesk.carrier')).click();
    await staff.page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    const waybill = `JRN${Date.now()}`;
    await ship.getByLabel(es('admin.orderDesk.waybill')).fill(waybill);
    await ship.getByLabel(es('admin.orderDesk.toShipLine', { seq: 1 })).fill('3');
    await ship.getByRole('button', { name: es('admin.orderDesk.ship') }).click();
    await ship.waitFor({ state: 'hidden' });
    await expect.poll(() => drawer.locator('.order-desk-shipments').textContent()).toContain(waybill);

    // The payment: 100.00 by bank transfer for the demo company (code C0002).
    await staff.page.goto(`${baseUrl()}/admin/payments`);
    await staff.page.locator('.payments-company').click();
    await staff.page.keyboard.type('C0002');
    await staff.page.locator('.ant-select-item-option', { hasText: 'C0002' }).click();
    await staff.page.getByRole('button', { name: es('admin.payments.record') }).click();
    const record = staff.page.getByRole('dialog', { name: es('admin.payments.record') });
    await record.getByLabel(es('admin.payments.amount')).fill('100');
    const reference = `JRN-${Date.now().toString(36).toUpperCase()}`;
    await record.getByLabel(es('admin.payments.reference')).fill(reference);
    await record.getByRole('button', { name: es('common.confirm') }).click();
    const toast = staff.page.getByText(/^Cobro SK\d{14} registrado$/);
    await toast.waitFor();
    const paymentNo = /SK\d{14}/.exec((await toast.textContent()) ?? '')![0];

    // The buyer, in Chinese: the order's history, the delivery, the bill, the payment, the balance.
    const detail = await api<{
      header: { state: string; export_qty: number; amount: string };
      lines: Array<{ qty: number; export_qty: number }>;
      events: Array<{ note: string }>;
    }>(buyerToken, `/Web/GetOrderDetail/${order.order_id}`);
    expect(detail.header).toMatchObject({ state: 'partially_delivered', export_qty: 3 });
    expect(detail.lines).toEqual([expect.objectContaining({ qty: 6, export_qty: 3 })]);
    expect(detail.events.at(-1)!.note).toContain(waybill);
    await buyer.page.goto(`${baseUrl()}/order/detail?id=${order.order_id}`);
    await waitForShell(buyer.page);
    await expect
      .poll(() => buyer.page.locator('main').textContent())
      .toContain(text(ZH, 'orderState.partially_delivered'));

    await buyer.page.goto(`${baseUrl()}/export/index`);
    await expect.poll(() => buyer.page.locator('main').textContent()).toContain(waybill);
    const bills = await api<{ list: Array<{ no: string }>; total: number }>(buyerToken, '/Web/GetSalesList', {
      page: 1,
      pageSize: 10,
    });
    expect(bills.total).toBe(1);
    await buyer.page.goto(`${baseUrl()}/sales/index`);
    await expect.poll(() => buyer.page.locator('main').textContent()).toContain(bills.list[0]!.no);
    await buyer.page.goto(`${baseUrl()}/Payment/index`);
    await expect.poll(() => buyer.page.locator('main').textContent()).toContain(paymentNo);

    // The balance and ageing: the payment is a credit of 100.00 in the statement, the balance
    // is the statement's sum, and the open items add up to it.
    const account = await api<{
      balance: string;
      entries: Array<{ ref_no: string; debit: string; credit: string }>;
    }>(buyerToken, '/Web/GetFinanceAccount', { page: 1, pageSize: 50 });
    expect(account.entries.find((entry) => entry.ref_no === paymentNo)).toMatchObject({ credit: '100.00' });
    const cents = (value: string) => Math.round(Number(value) * 100);
    const sum = account.entries.reduce((total, entry) => total + cents(entry.debit) - cents(entry.credit), 0);
    expect(cents(account.balance)).toBe(sum);
    expect(sum).toBeGreaterThan(0);
    const ageing = await api<{ total_due: string }>(buyerToken, '/Web/GetPaymentDays');
    expect(cents(ageing.total_due)).toBe(sum);
    await buyer.page.goto(`${baseUrl()}/finance/account`);
    await expect.poll(() => buyer.page.locator('main').textContent()).toContain(paymentNo);
    await staff.context.close();
    await buyer.context.close();
  });
});
