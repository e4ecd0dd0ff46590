import type { PayBill } from '@partsportal/contract/payment';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seed/demo-data';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { plainProducts } from '../../../test/checkout-test-kit';
import { callback, nowSeconds, pendingOrder, SANDBOX_SECRET, signed } from '../../../test/payment-test-kit';

/** PAYMENT_SANDBOX=false: a shop taking real money must not let a public page confirm payments. */
let t: TestApp;
let token = '';
let product = 0;

beforeAll(async () => {
  t = await createTestApp({
    config: { sandboxPaymentSecret: SANDBOX_SECRET, paymentSandbox: false },
    seed: (database) =>
      seedDemoData(database, { parts: 300, seed: 12, passwordHashMemoryKiB: 1024 }).then(() => undefined),
  });
  token = await t.login('demo', 'demo1234');
  [product] = (await plainProducts(t.database, 1)) as [number];
});
afterAll(() => t.close());

it('offers only payment on account and refuses online methods', async () => {
  const order = await pendingOrder(t, token, product);
  const bill = await t.call<PayBill>(`/Web/GetPayBill/${order.order_id}`, {}, { token });
  expect(bill.data.methods).toEqual(['account']);
  const online = await t.call(
    '/Web/WePay',
    { order_id: order.order_id, method: 'wechat' },
    { token, lng: 'en' },
  );
  expect(online).toEqual({
    code: 40000,
    msg: 'Online payment is not available. Please pay on account or contact us.',
    data: null,
  });
});

it('answers the sandbox page and callback with not found', async () => {
  const page = await t.app.inject({ method: 'GET', url: '/api/sandbox/pay/SB20261121ABCDEF0123456789' });
  expect(page.statusCode).toBe(404);
  const answer = await callback(
    t,
    signed({
      payment_no: 'SB20261121ABCDEF0123456789',
      merchant_id: 1,
      amount: '1.00',
      provider_ref: 'x',
      timestamp: nowSeconds(),
    }),
  );
  expect(answer.code).toBe(40004);
});
