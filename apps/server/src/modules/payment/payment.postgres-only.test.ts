import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seed/demo-data';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { plainProducts } from '../../../test/checkout-test-kit';
import {
  callback,
  openPayment,
  PAID_ONCE,
  paidFields,
  paymentState,
  SANDBOX_SECRET,
  signed,
} from '../../../test/payment-test-kit';

// Real parallel transactions need several connections: PostgreSQL only (PGlite has one).
let t: TestApp;
let token = '';
let product = 0;

beforeAll(async () => {
  t = await createTestApp({
    config: { sandboxPaymentSecret: SANDBOX_SECRET },
    seed: (database) =>
      seedDemoData(database, { parts: 300, seed: 11, passwordHashMemoryKiB: 1024 }).then(() => undefined),
  });
  token = await t.login('demo', 'demo1234');
  [product] = (await plainProducts(t.database, 1)) as [number];
});
afterAll(() => t.close());

describe('payment callbacks under concurrency (PostgreSQL)', () => {
  it('10 parallel identical callbacks record exactly one payment', async () => {
    const { order, pay } = await openPayment(t, token, product);
    const body = signed(paidFields(pay, 'REF-PAR'));
    const answers = await Promise.all(Array.from({ length: 10 }, () => callback(t, body)));
    expect(answers.map((a) => a.code)).toEqual(Array(10).fill(200));
    expect(await paymentState(t, order.order_id)).toMatchObject(PAID_ONCE);
  });

  it('10 parallel different callbacks of one request: one payment, the rest refused', async () => {
    const { order, pay } = await openPayment(t, token, product);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => callback(t, signed(paidFields(pay, `REF-${i}`)))),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(await paymentState(t, order.order_id)).toMatchObject({ payments: 1, ledger: 2 });
  });

  it('a callback racing a cancel: either paid or cancelled, never both', async () => {
    const { order, pay } = await openPayment(t, token, product);
    const body = signed(paidFields(pay, 'REF-RACE'));
    const [paid, cancelled] = await Promise.all([
      callback(t, body),
      t.call(`/Web/CancelOrder/${order.order_id}`, undefined, { token }),
    ]);
    expect([paid.code, cancelled.code].filter((c) => c === 200)).toHaveLength(1);
    const state = await paymentState(t, order.order_id);
    expect(state).toMatchObject(
      paid.code === 200
        ? { state: 'submitted', payments: 1, requests: 'paid' }
        : { state: 'cancelled', payments: 0, requests: 'cancelled' },
    );
  });
});
