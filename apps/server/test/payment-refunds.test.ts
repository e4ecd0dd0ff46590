import { ResultCode } from '@partsportal/contract/codes';
import type { FinanceAccount, PaymentList } from '@partsportal/contract/finance';
import type { RefundResult, StaffPaymentList } from '@partsportal/contract/payments-desk';
import type { WePayResult } from '@partsportal/contract/payment';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS, seedDemoData } from '../src/db/seed/demo-data';
import { createApiKeysService } from '../src/modules/integration/api-keys.service';
import { createDataAccess } from '../src/repositories';
import { plainProducts } from './checkout-test-kit';
import { createStaffMember } from './fixtures';
import { callback, paidFields, paymentState, pendingOrder, SANDBOX_SECRET, signed } from './payment-test-kit';
import {
  injectDeliver,
  startProviderSimulators,
  type ProviderSimulators,
} from './payment-simulators/provider-fixtures';
import { STAFF_SECRETS, staffSignIn } from './staff-test-kit';
import { createTestApp, type TestApp } from './test-app';

// Issue 19 item 6 (decision 025): refunds of online payments from the payments desk and
// /api/v1, through the real WeChat Pay and Alipay adapters against their simulators and the
// sandbox, on PGlite and PostgreSQL. Item 2: a cancel closes the open trade at the provider.

const TIMEOUT_MS = 800;
const DEMO = DEMO_IDS.demoCompany;
let t: TestApp;
let sims: ProviderSimulators;
let product = 0;
const tokens = { sales: '', catalogue: '', demo: '' };
const keys = { payments: '', orders: '' };

beforeAll(async () => {
  sims = await startProviderSimulators({ deliver: injectDeliver(() => t.app), hangMs: 3000 });
  t = await createTestApp({
    config: {
      ...sims.config,
      sandboxPaymentSecret: SANDBOX_SECRET,
      paymentProviderTimeoutMs: TIMEOUT_MS,
      loginAttemptsPerIpPerMinute: 10_000,
    },
    seed: async (database) => {
      await seedDemoData(database, { parts: 200, seed: 25, passwordHashMemoryKiB: 1024 });
      for (const role of ['sales', 'catalogue'] as const) {
        await createStaffMember(database, {
          login: `rf-${role}`,
          password: `${role}-pass-1`,
          role,
          totpSecret: STAFF_SECRETS[role],
        });
      }
    },
  });
  const signedAt = new Date();
  for (const role of ['sales', 'catalogue'] as const) {
    tokens[role] = await staffSignIn(t, `rf-${role}`, `${role}-pass-1`, STAFF_SECRETS[role], signedAt);
  }
  tokens.demo = await t.login('demo', 'demo1234');
  [product] = (await plainProducts(t.database, 1)) as [number];
  const apiKeys = createApiKeysService(createDataAccess(t.database));
  const actor = { kind: 'command' as const, id: null, name: 'test', ip: '' };
  keys.payments = (
    await apiKeys.create({ accountId: 1, name: 'erp', scopes: ['payments:write'] }, actor)
  ).key;
  keys.orders = (await apiKeys.create({ accountId: 1, name: 'orders', scopes: ['orders:write'] }, actor)).key;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sims?.close();
});

type Method = 'wechat' | 'alipay' | 'sandbox';

/** An order paid online through `method`'s provider; answers the payment row. */
async function paidOnline(method: Method, qty = 3) {
  const order = await pendingOrder(t, tokens.demo, product, qty);
  const answer = await t.call<WePayResult>(
    '/Web/WePay',
    { order_id: order.order_id, method: method === 'sandbox' ? 'qr' : method },
    { token: tokens.demo, lng: 'en' },
  );
  if (answer.data.status !== 'pending') throw new Error(`WePay: ${answer.msg}`);
  const pay = answer.data;
  if (method === 'sandbox') {
    const paid = await callback(t, signed(paidFields(pay, `SBX-${pay.payment_no}`)));
    expect(paid.code, paid.msg).toBe(200);
  } else {
    await sims[method].pay(pay.payment_no);
  }
  const [row] = await t.database.rows<{ id: number; no: string; amount: string }>(
    sql`select id, no, amount::numeric(16, 2)::text as amount from payments where order_id = ${order.order_id}`,
  );
  return { order, pay, payment: { ...row!, id: Number(row!.id) } };
}

const deskRefund = (body: Record<string, unknown>, options: { token?: string; lng?: string } = {}) =>
  t.call<RefundResult>('/Admin/Payments/Refund', body, { token: tokens.sales, lng: 'en', ...options });

const apiRefund = (
  payment: number | string,
  body: unknown,
  options: { key?: string; lng?: string; idempotencyKey?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/payments/${payment}/refunds`,
    headers: {
      authorization: `Bearer ${options.key ?? keys.payments}`,
      'content-type': 'application/json',
      'accept-language': options.lng ?? 'en',
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    },
    payload: JSON.stringify(body),
  });

/** Straight from the records: the company's balance and the payments' sum and count. */
async function books() {
  const [row] = await t.database.rows<{
    balance: string;
    payments: string;
    count: number;
    refunds: number;
  }>(sql`
    select (select coalesce(sum(debit - credit), 0) from ledger_entries where company_id = ${DEMO})::text as balance,
      (select coalesce(sum(amount), 0) from payments where company_id = ${DEMO})::text as payments,
      (select count(*)::int from payments where company_id = ${DEMO}) as count,
      (select count(*)::int from payment_refunds where status = 'succeeded') as refunds`);
  return { ...row!, count: Number(row!.count), refunds: Number(row!.refunds) };
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const half = (amount: string) => (Math.floor(cents(amount) / 2) / 100).toFixed(2);

async function history(lng = 'en') {
  const list = await t.call<PaymentList>(
    '/Web/GetPaymentList',
    { page: 1, pageSize: 200 },
    { token: tokens.demo, lng },
  );
  expect(list.code).toBe(200);
  return list.data;
}

describe('refunds of online payments', () => {
  for (const method of ['wechat', 'alipay', 'sandbox'] as const) {
    it(`${method}: part on the desk, the rest through /api/v1 — history, ledger and provider agree`, async () => {
      const { payment, pay } = await paidOnline(method);
      const before = await books();
      const part = half(payment.amount);
      const rest = ((cents(payment.amount) - cents(part)) / 100).toFixed(2);

      const first = await deskRefund({ id: payment.id, amount: part, reason: 'short delivery' });
      expect(first.code, first.msg).toBe(200);
      expect(first.data).toMatchObject({
        payment_no: payment.no,
        amount: part,
        refundable: rest,
        provider_status: 'success',
        replayed: false,
      });
      expect(first.data.no).toMatch(/^SK\d{14}$/);

      // The desk's list shows the refund and what is left refundable.
      const desk = await t.call<StaffPaymentList>(
        '/Admin/Payments/List',
        { page: 1, pageSize: 20, company_id: DEMO },
        { token: tokens.sales },
      );
      const original = desk.data.list.find((row) => row.id === payment.id)!;
      expect(original.refundable).toBe(rest);
      expect(desk.data.list.find((row) => row.no === first.data.no)).toMatchObject({
        source: 'refund',
        refunds_no: payment.no,
        amount: `-${part}`,
        refundable: null,
      });

      // The rest through /api/v1, by the payment's number; the same key again is the same refund.
      const second = await apiRefund(
        payment.no,
        { amount: rest, reason: 'order cancelled' },
        {
          idempotencyKey: `rf-${payment.no}`,
        },
      );
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json()).toMatchObject({ amount: rest, refundable: '0.00', replayed: false });
      const again = await apiRefund(
        payment.no,
        { amount: rest, reason: 'order cancelled' },
        {
          idempotencyKey: `rf-${payment.no}`,
        },
      );
      expect(again.json()).toMatchObject({ refund_no: second.json().refund_no, replayed: true });
      const otherBody = await apiRefund(
        payment.no,
        { amount: '0.01', reason: 'x' },
        {
          idempotencyKey: `rf-${payment.no}`,
        },
      );
      expect(otherBody.statusCode).toBe(422);

      // Nothing left: one cent more is refused, in the caller's language.
      const over = await deskRefund({ id: payment.id, amount: '0.01', reason: 'again' });
      expect(over.code).toBe(ResultCode.refused);
      expect(over.msg).toBe(
        `The refund of 0.01 is more than the 0.00 still refundable of payment ${payment.no}.`,
      );
      const overApi = await apiRefund(payment.id, { amount: '0.01', reason: 'again' }, { lng: 'es' });
      expect(overApi.statusCode).toBe(409);
      expect(overApi.json().detail).toContain('supera los 0.00 aún reembolsables');

      // Books: two negative payments and two negative credits; the balance rises by the total.
      const after = await books();
      expect(after.count - before.count).toBe(2);
      expect(cents(after.payments) - cents(before.payments)).toBe(-cents(payment.amount));
      expect(cents(after.balance) - cents(before.balance)).toBe(cents(payment.amount));
      const account = await t.call<FinanceAccount>(
        '/Web/GetFinanceAccount',
        { page: 1, pageSize: 1 },
        { token: tokens.demo },
      );
      expect(cents(account.data.balance)).toBe(cents(after.balance));

      // The buyer's history: both refunds, negative, named as refunds, in their language.
      const en = await history('en');
      const refundRow = en.list.find((row) => row.no === first.data.no)!;
      expect(refundRow).toMatchObject({
        kind: 'refund',
        amount: `-${part}`,
        remark: `Refund of payment ${payment.no}: short delivery`,
      });
      expect(en.list.find((row) => row.id === payment.id)?.kind).toBe('payment');
      const zh = await history('zh');
      expect(zh.list.find((row) => row.no === first.data.no)?.remark).toBe(
        `退款：收款 ${payment.no}，short delivery`,
      );

      // The provider paid out both, once each (the repeated key asked nothing new).
      if (method === 'wechat') {
        expect([...sims.wechat.trades.get(pay.payment_no)!.refunds.values()].map((r) => r.amount)).toEqual([
          cents(part),
          cents(rest),
        ]);
      } else if (method === 'alipay') {
        expect([...sims.alipay.trades.get(pay.payment_no)!.refunds.values()]).toEqual([part, rest]);
      }
      // The audit log names who refunded.
      const audit = await t.database.rows<{ actor_kind: string; action: string }>(
        sql`select actor_kind, action from audit_log where entity = 'payment' and entity_id = ${payment.id} order by id`,
      );
      expect(audit.map((row) => `${row.actor_kind} ${row.action}`)).toEqual([
        'staff payment.refund',
        'api-key payment.refund',
      ]);
    });
  }

  it('refuses zero, negative, non-online payments, and callers without the right', async () => {
    const { payment } = await paidOnline('sandbox', 1);
    const zero = await deskRefund({ id: payment.id, amount: '0', reason: 'x' }, { lng: 'zh' });
    expect(zero.msg).toBe('退款金额必须大于零。');
    const negative = await deskRefund({ id: payment.id, amount: '-1.00', reason: 'x' }, { lng: 'es' });
    expect(negative.msg).toBe('El importe del reembolso debe ser mayor que cero.');
    expect((await deskRefund({ id: payment.id, amount: '1.001', reason: 'x' })).code).toBe(
      ResultCode.validation,
    );

    // A payment on account is voided, not refunded.
    const order = await pendingOrder(t, tokens.demo, product);
    await t.database.db.execute(sql`update companies set credit_limit = 100000000 where id = ${DEMO}`);
    const onAccount = await t.call(
      '/Web/WePay',
      { order_id: order.order_id, method: 'account' },
      {
        token: tokens.demo,
      },
    );
    expect(onAccount.code, onAccount.msg).toBe(200);
    const [account] = await t.database.rows<{ id: number; no: string }>(
      sql`select id, no from payments where order_id = ${order.order_id}`,
    );
    const notOnline = await deskRefund({ id: Number(account!.id), amount: '1.00', reason: 'x' });
    expect(notOnline.msg).toBe(
      `Payment ${account!.no} was not paid online, so it cannot be refunded: void an account or recorded payment instead.`,
    );

    // Permissions: a buyer's token, a staff role without payments, a key without payments:write.
    const before = await books();
    expect(
      (await deskRefund({ id: payment.id, amount: '1.00', reason: 'x' }, { token: tokens.demo })).code,
    ).not.toBe(200);
    expect(
      (await deskRefund({ id: payment.id, amount: '1.00', reason: 'x' }, { token: tokens.catalogue })).code,
    ).toBe(ResultCode.forbidden);
    expect(
      (await apiRefund(payment.id, { amount: '1.00', reason: 'x' }, { key: keys.orders })).statusCode,
    ).toBe(403);
    expect((await apiRefund(999_999, { amount: '1.00', reason: 'x' })).statusCode).toBe(404);
    expect(await books()).toEqual(before);
  });

  it('wechat: a provider answering 5xx books nothing; the retry uses the same refund number', async () => {
    const { payment, pay } = await paidOnline('wechat');
    const before = await books();
    const part = half(payment.amount);
    sims.wechat.server.faults.push('5xx', '5xx', '5xx');
    const failed = await deskRefund({ id: payment.id, amount: part, reason: 'retry me' });
    expect(failed.code).toBe(ResultCode.unavailable);
    expect(failed.msg).toMatch(/did not answer; nothing was recorded\. Retry shortly with the same amount/);
    expect(await books()).toEqual(before);
    expect(sims.wechat.trades.get(pay.payment_no)!.refunds.size).toBe(0);
    // Another amount waits for the unconfirmed one.
    const other = await deskRefund({ id: payment.id, amount: '0.01', reason: 'other' });
    expect(other.msg).toMatch(/still unconfirmed by the payment provider/);

    const retried = await deskRefund({ id: payment.id, amount: part, reason: 'retry me' });
    expect(retried.code, retried.msg).toBe(200);
    expect(failed.msg).toContain(retried.data.refund_no);
    expect([...sims.wechat.trades.get(pay.payment_no)!.refunds.keys()]).toEqual([retried.data.refund_no]);
    expect((await books()).count).toBe(before.count + 1);
  });

  it('alipay: a provider that never answers books nothing; a refusal by the provider frees the amount', async () => {
    const { payment, pay } = await paidOnline('alipay');
    const before = await books();
    sims.alipay.server.faults.push('timeout', 'timeout', 'timeout');
    const failed = await apiRefund(payment.id, { amount: payment.amount, reason: 'slow' }, { lng: 'zh' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().detail).toMatch(/支付服务商没有响应/);
    expect(await books()).toEqual(before);
    const retried = await apiRefund(payment.id, { amount: payment.amount, reason: 'slow' });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(sims.alipay.trades.get(pay.payment_no)!.refunds.size).toBe(1);

    // A payment the provider has already refunded elsewhere: it refuses; nothing is booked.
    const second = await paidOnline('alipay');
    sims.alipay.trades.get(second.pay.payment_no)!.refunds.set('OUTSIDE', second.payment.amount);
    const mid = await books();
    const refused = await deskRefund({ id: second.payment.id, amount: '1.00', reason: 'x' });
    expect(refused.code).toBe(ResultCode.conflict);
    expect(refused.msg).toMatch(/^The payment provider refused the refund/);
    expect(await books()).toEqual(mid);
    const [row] = await t.database.rows<{ status: string }>(
      sql`select status from payment_refunds where payment_id = ${second.payment.id}`,
    );
    expect(row?.status).toBe('failed');
  }, 20_000);
});

describe('a cancelled order closes its trade at the provider (issue 19)', () => {
  it("the buyer's cancel closes the WeChat trade; a late notification changes nothing", async () => {
    const order = await pendingOrder(t, tokens.demo, product);
    const answer = await t.call<WePayResult>(
      '/Web/WePay',
      { order_id: order.order_id, method: 'wechat' },
      {
        token: tokens.demo,
      },
    );
    if (answer.data.status !== 'pending') throw new Error(answer.msg);
    const paymentNo = answer.data.payment_no;
    const cancelled = await t.call(`/Web/CancelOrder/${order.order_id}`, {}, { token: tokens.demo });
    expect(cancelled.code, cancelled.msg).toBe(200);
    expect(sims.wechat.trades.get(paymentNo)!.state).toBe('CLOSED');
    const before = await paymentState(t, order.order_id);
    sims.wechat.trades.get(paymentNo)!.state = 'SUCCESS';
    const late = await sims.wechat.post(sims.wechat.notification(paymentNo));
    expect(late.status).not.toBe(204);
    expect(await paymentState(t, order.order_id)).toEqual(before);
  });

  it("staff's cancel on the order desk closes the Alipay trade", async () => {
    const order = await pendingOrder(t, tokens.demo, product);
    const answer = await t.call<WePayResult>(
      '/Web/WePay',
      { order_id: order.order_id, method: 'alipay' },
      {
        token: tokens.demo,
      },
    );
    if (answer.data.status !== 'pending') throw new Error(answer.msg);
    const paymentNo = answer.data.payment_no;
    // The buyer scanned (the trade exists at Alipay) but did not pay.
    sims.alipay.trades.get(paymentNo)!.status = 'WAIT_BUYER_PAY';
    const cancelled = await t.call(
      '/Admin/Orders/Cancel',
      { id: order.order_id, reason: 'customer phoned' },
      { token: tokens.sales },
    );
    expect(cancelled.code, cancelled.msg).toBe(200);
    expect(sims.alipay.trades.get(paymentNo)!.status).toBe('TRADE_CLOSED');
  });
});
