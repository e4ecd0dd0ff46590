import type { PayBill, PayStatus, WePayResult } from '@partsportal/contract/payment';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/accounts';
import { DEMO_IDS, seedDemoData } from '../../db/seed/demo-data';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { plainProducts } from '../../../test/checkout-test-kit';
import {
  callback,
  openPayment,
  PAID_ONCE,
  paidFields,
  paymentState,
  pendingOrder,
  qrPayment,
  SANDBOX_SECRET,
  signed,
} from '../../../test/payment-test-kit';

let t: TestApp;
const tokens = { demo: '', partner: '' };
let product = 0;

beforeAll(async () => {
  t = await createTestApp({
    config: { sandboxPaymentSecret: SANDBOX_SECRET },
    seed: (database) =>
      seedDemoData(database, { parts: 300, seed: 11, passwordHashMemoryKiB: 1024 }).then(() => undefined),
  });
  tokens.demo = await t.login('demo', 'demo1234');
  tokens.partner = await t.login('partner', 'partner1234');
  [product] = (await plainProducts(t.database, 1)) as [number];
});
afterAll(() => t.close());

const debts = async (companyId: number) =>
  (
    await t.database.rows<{ d: string }>(
      sql`select coalesce(sum(debit - credit), 0)::text as d from ledger_entries where company_id = ${companyId}`,
    )
  )[0]!.d;

describe('/Web/GetPayBill', () => {
  it('shows amounts, methods and credit; other companies get 40004', async () => {
    const order = await pendingOrder(t, tokens.demo, product, 2);
    const bill = await t.call<PayBill>(`/Web/GetPayBill/${order.order_id}`, undefined, {
      token: tokens.demo,
    });
    expect(bill.code).toBe(200);
    expect(bill.data).toMatchObject({
      order_id: order.order_id,
      no: order.no,
      state: 'pending_payment',
      total_amount: order.total_amount,
      paid_amount: '0.00',
      methods: ['wechat', 'alipay', 'qr', 'account'],
    });
    const c = bill.data.credit;
    expect(Math.round(Number(c.limit) * 100) - Math.round(Number(c.debts) * 100)).toBe(
      Math.round(Number(c.available) * 100),
    );
    expect(
      (await t.call(`/Web/GetPayBill/${order.order_id}`, undefined, { token: tokens.partner })).code,
    ).toBe(40004);
    expect(
      (await t.call(`/Web/GetPayStatus/${order.order_id}`, undefined, { token: tokens.partner })).code,
    ).toBe(40004);
    expect(
      (await t.call('/Web/WePay', { order_id: order.order_id, method: 'account' }, { token: tokens.partner }))
        .code,
    ).toBe(40004);
  });
});

describe('/Web/WePay on account', () => {
  it('pays within the credit limit: submitted, a payment, a ledger debit', async () => {
    const order = await pendingOrder(t, tokens.demo, product);
    const before = await debts(DEMO_IDS.demoCompany);
    const roomy = (Number(before) + Number(order.total_amount) + 1).toFixed(2);
    await t.database.db
      .update(companies)
      .set({ creditLimit: roomy })
      .where(eq(companies.id, DEMO_IDS.demoCompany));
    const answer = await t.call<WePayResult>(
      '/Web/WePay',
      { order_id: order.order_id, method: 'account' },
      { token: tokens.demo },
    );
    expect(answer.data).toEqual({ status: 'paid', order_id: order.order_id, state: 'submitted' });
    expect(await paymentState(t, order.order_id)).toMatchObject({
      state: 'submitted',
      payments: 1,
      ledger: 1,
    });
    const after = await debts(DEMO_IDS.demoCompany);
    expect(Math.round((Number(after) - Number(before)) * 100)).toBe(
      Math.round(Number(order.total_amount) * 100),
    );
    const status = await t.call<PayStatus>(`/Web/GetPayStatus/${order.order_id}`, undefined, {
      token: tokens.demo,
    });
    expect(status.data).toMatchObject({ state: 'submitted', paid: true, paid_amount: order.total_amount });
    const twice = await t.call(
      '/Web/WePay',
      { order_id: order.order_id, method: 'account' },
      { token: tokens.demo, lng: 'en' },
    );
    expect(twice.code).toBe(40000);
    expect(twice.msg).toMatch(/is submitted, not awaiting payment/);
  });

  it('refuses over the limit with the available amount, changing nothing', async () => {
    const order = await pendingOrder(t, tokens.demo, product);
    const bill = (
      await t.call<PayBill>(`/Web/GetPayBill/${order.order_id}`, undefined, { token: tokens.demo })
    ).data;
    // A limit one cent short of what this order needs.
    const short = (Number(bill.credit.debts) + Number(order.total_amount) - 0.01).toFixed(2);
    await t.database.db
      .update(companies)
      .set({ creditLimit: short })
      .where(eq(companies.id, DEMO_IDS.demoCompany));
    const answer = await t.call(
      '/Web/WePay',
      { order_id: order.order_id, method: 'account' },
      { token: tokens.demo, lng: 'en' },
    );
    expect(answer.code).toBe(40000);
    expect(answer.msg).toBe(
      `This exceeds your credit limit: the order is ${order.total_amount} CNY, ${(Number(order.total_amount) - 0.01).toFixed(2)} CNY is available.`,
    );
    expect(await paymentState(t, order.order_id)).toMatchObject({
      state: 'pending_payment',
      payments: 0,
      ledger: 0,
    });
  });
});

describe('sandbox payment (QR code → phone page → signed callback)', () => {
  it('goes from QR code to a paid order with exactly one payment', async () => {
    const { order, pay } = await openPayment(t, tokens.demo, product, 3);
    expect(pay.amount).toBe(order.total_amount);
    expect(pay.confirm_url).toBe(`http://localhost:80/api/sandbox/pay/${pay.payment_no}`);
    expect(pay.qr_url).toBe(`/Web/QRCode?data=${encodeURIComponent(pay.confirm_url)}`);
    // Showing the page again reuses the open request.
    expect((await qrPayment(t, tokens.demo, order.order_id)).payment_no).toBe(pay.payment_no);

    const png = await t.app.inject({ method: 'GET', url: `/api${pay.qr_url}&token=${tokens.demo}` });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    const noToken = await t.app.inject({ method: 'GET', url: `/api${pay.qr_url}` });
    expect(noToken.json().code).toBe(50008);
    const tooLong = await t.app.inject({
      method: 'GET',
      url: `/api/Web/QRCode?data=${'x'.repeat(1001)}&token=${tokens.demo}`,
    });
    expect(tooLong.json().code).toBe(40001);

    const phone = await t.app.inject({ method: 'GET', url: `/api/sandbox/pay/${pay.payment_no}?lng=en` });
    expect(phone.statusCode).toBe(200);
    expect(phone.body).toContain(order.no);
    expect(phone.body).toContain(order.total_amount);
    // The confirmation keeps the page's language.
    expect(phone.body).toContain(`action="/api/sandbox/pay/${pay.payment_no}/confirm?lng=en"`);

    const confirm = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/pay/${pay.payment_no}/confirm?lng=en`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Payment confirmed');
    expect(await paymentState(t, order.order_id)).toMatchObject(PAID_ONCE);
    const status = await t.call<PayStatus>(`/Web/GetPayStatus/${order.order_id}`, undefined, {
      token: tokens.demo,
    });
    expect(status.data).toMatchObject({ state: 'submitted', paid: true, paid_amount: order.total_amount });
    // Confirming again is refused; nothing more is recorded.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/pay/${pay.payment_no}/confirm?lng=en`,
    });
    expect(again.body).toContain('Payment refused');
    expect(await paymentState(t, order.order_id)).toMatchObject({ payments: 1, ledger: 2 });
    expect((await t.app.inject({ method: 'GET', url: '/api/sandbox/pay/SBNOSUCH' })).statusCode).toBe(404);
  });

  it('speaks zh, en and es on the phone page: lng parameter, then Lng, then Accept-Language', async () => {
    const { pay } = await openPayment(t, tokens.demo, product);
    const url = `/api/sandbox/pay/${pay.payment_no}`;
    const open = async (query: string, headers: Record<string, string> = {}) =>
      (await t.app.inject({ method: 'GET', url: `${url}${query}`, headers })).body;
    const expected = {
      zh: ['<html lang="zh">', '<title>确认支付</title>', '支付沙箱', `confirm?lng=zh"`],
      en: ['<html lang="en">', '<title>Confirm payment</title>', 'payment sandbox', `confirm?lng=en"`],
      es: ['<html lang="es">', '<title>Confirmar el pago</title>', 'Sandbox de pagos', `confirm?lng=es"`],
    };
    for (const [language, texts] of Object.entries(expected)) {
      for (const body of [
        await open(`?lng=${language}`),
        await open('', { lng: language }),
        await open('', { 'accept-language': `de-DE, ${language};q=0.8, en;q=0.1` }),
      ]) {
        for (const text of texts) expect(body).toContain(text);
      }
    }
    // The parameter wins over the headers; with no hint at all, the portal's default (zh).
    expect(await open('?lng=es', { lng: 'en', 'accept-language': 'en' })).toContain('<html lang="es">');
    expect(await open('', { 'accept-language': 'en-GB,en;q=0.9' })).toContain('<html lang="en">');
    expect(await open('')).toContain('<html lang="zh">');
    // The confirmation answers in the language it was asked in.
    const confirmed = await t.app.inject({ method: 'POST', url: `${url}/confirm?lng=es` });
    expect(confirmed.body).toContain('<html lang="es">');
    expect(confirmed.body).toContain('Pago confirmado');
  });

  it('acknowledges the same callback again without a second payment', async () => {
    const { order, pay } = await openPayment(t, tokens.demo, product);
    const body = signed(paidFields(pay, 'REF-ONCE'));
    for (let i = 0; i < 3; i++) expect((await callback(t, body)).code).toBe(200);
    expect(await paymentState(t, order.order_id)).toMatchObject({
      state: 'submitted',
      payments: 1,
      ledger: 2,
    });
  });

  // Forged, altered, foreign, wrong-amount and stale callbacks: the reliability suite,
  // apps/server/test/reliability/payment-callbacks.test.ts.

  it("does not pay an order that was cancelled meanwhile, nor another company's order", async () => {
    const { order, pay } = await openPayment(t, tokens.demo, product);
    expect((await t.call(`/Web/CancelOrder/${order.order_id}`, undefined, { token: tokens.demo })).code).toBe(
      200,
    );
    const late = await callback(t, signed(paidFields(pay, 'REF-LATE')));
    expect(late.code).toBe(40009);
    expect(await paymentState(t, order.order_id)).toMatchObject({
      state: 'cancelled',
      payments: 0,
      requests: 'cancelled',
    });
    expect(
      (await t.call('/Web/WePay', { order_id: order.order_id, method: 'qr' }, { token: tokens.demo })).code,
    ).toBe(40000);
  });
});
