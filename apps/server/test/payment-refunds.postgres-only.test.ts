import type { RefundResult } from '@partsportal/contract/payments-desk';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/db/seed/demo-data';
import { plainProducts } from './checkout-test-kit';
import { createStaffMember } from './fixtures';
import { callback, openPayment, paidFields, SANDBOX_SECRET, signed } from './payment-test-kit';
import { STAFF_SECRETS, staffSignIn } from './staff-test-kit';
import { createTestApp, type TestApp } from './test-app';

// Refunds racing each other (decision 025) need real parallel transactions: PostgreSQL only.
let t: TestApp;
let buyer = '';
let sales = '';
let product = 0;

beforeAll(async () => {
  t = await createTestApp({
    config: { sandboxPaymentSecret: SANDBOX_SECRET, loginAttemptsPerIpPerMinute: 10_000 },
    seed: async (database) => {
      await seedDemoData(database, { parts: 200, seed: 26, passwordHashMemoryKiB: 1024 });
      await createStaffMember(database, {
        login: 'rfc-sales',
        password: 'sales-pass-1',
        role: 'sales',
        totpSecret: STAFF_SECRETS.sales,
      });
    },
  });
  buyer = await t.login('demo', 'demo1234');
  sales = await staffSignIn(t, 'rfc-sales', 'sales-pass-1', STAFF_SECRETS.sales, new Date());
  [product] = (await plainProducts(t.database, 1)) as [number];
});
afterAll(() => t?.close());

async function paidPayment() {
  const { order, pay } = await openPayment(t, buyer, product, 4);
  expect((await callback(t, signed(paidFields(pay, `SBX-${pay.payment_no}`)))).code).toBe(200);
  const [row] = await t.database.rows<{ id: number; amount: string }>(
    sql`select id, amount::numeric(16, 2)::text as amount from payments where order_id = ${order.order_id}`,
  );
  return { id: Number(row!.id), amount: row!.amount };
}

const refund = (id: number, amount: string, reason: string) =>
  t.call<RefundResult>('/Admin/Payments/Refund', { id, amount, reason }, { token: sales, lng: 'en' });

async function booked(paymentId: number) {
  const [row] = await t.database.rows<{ rows: number; total: string; refunds: number }>(sql`
    select (select count(*)::int from payments where refunds_payment_id = ${paymentId}) as rows,
      (select coalesce(-sum(amount), 0)::numeric(16, 2)::text from payments where refunds_payment_id = ${paymentId}) as total,
      (select count(*)::int from payment_refunds where payment_id = ${paymentId} and status = 'succeeded') as refunds`);
  return { rows: Number(row!.rows), total: row!.total, refunds: Number(row!.refunds) };
}

describe('refunds under concurrency (PostgreSQL)', () => {
  it('two refunds of the whole remaining amount at once: only one lands', async () => {
    const payment = await paidPayment();
    const answers = await Promise.all([
      refund(payment.id, payment.amount, 'double click'),
      refund(payment.id, payment.amount, 'double click'),
    ]);
    // The second is either the same refund answered again or refused as more than is left.
    expect(answers.filter((a) => a.code === 200 && !a.data.replayed)).toHaveLength(1);
    expect(await booked(payment.id)).toEqual({ rows: 1, total: payment.amount, refunds: 1 });
  });

  it('ten refunds of different parts that together exceed the payment: never more than it', async () => {
    const payment = await paidPayment();
    const cents = Math.round(Number(payment.amount) * 100);
    const part = (Math.ceil(cents / 3) / 100).toFixed(2);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => refund(payment.id, part, `part ${i}`)),
    );
    const landed = answers.filter((a) => a.code === 200 && !a.data.replayed).length;
    expect(landed).toBeGreaterThanOrEqual(1);
    const done = await booked(payment.id);
    expect(done.rows).toBe(landed);
    expect(Math.round(Number(done.total) * 100)).toBeLessThanOrEqual(cents);
    expect(Math.round(Number(done.total) * 100)).toBe(landed * Math.round(Number(part) * 100));
  });
});
