import { ResultCode } from '@partsportal/contract/codes';
import type { FinanceAccount, PaymentDays, PaymentList } from '@partsportal/contract/finance';
import type { CreditPosition, RecordedPayment, StaffPaymentList } from '@partsportal/contract/payments-desk';
import type { WePayResult } from '@partsportal/contract/payment';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS, seedDemoData } from '../../db/seed/demo-data';
import { createDataAccess } from '../../repositories';
import { createStaffMember } from '../../../test/fixtures';
import { plainProducts } from '../../../test/checkout-test-kit';
import { pendingOrder, SANDBOX_SECRET } from '../../../test/payment-test-kit';
import { STAFF_SECRETS, staffSignIn } from '../../../test/staff-test-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createApiKeysService } from '../integration/api-keys.service';

const DEMO = DEMO_IDS.demoCompany;
const PARTNER = DEMO_IDS.partnerCompany;
let t: TestApp;
const tokens = { owner: '', sales: '', catalogue: '', demo: '', partner: '' };
const keys = { payments: '', other: '' };
let product = 0;

beforeAll(async () => {
  t = await createTestApp({
    config: { sandboxPaymentSecret: SANDBOX_SECRET, loginAttemptsPerIpPerMinute: 10_000 },
    seed: async (database) => {
      await seedDemoData(database, { parts: 300, seed: 11, passwordHashMemoryKiB: 1024 });
      for (const role of ['owner', 'sales', 'catalogue'] as const) {
        await createStaffMember(database, {
          login: `pd-${role}`,
          password: `${role}-pass-1`,
          role,
          totpSecret: STAFF_SECRETS[role],
        });
      }
    },
  });
  const signedAt = new Date();
  for (const role of ['owner', 'sales', 'catalogue'] as const) {
    tokens[role] = await staffSignIn(t, `pd-${role}`, `${role}-pass-1`, STAFF_SECRETS[role], signedAt);
  }
  tokens.demo = await t.login('demo', 'demo1234');
  tokens.partner = await t.login('partner', 'partner1234');
  [product] = (await plainProducts(t.database, 1)) as [number];
  const apiKeys = createApiKeysService(createDataAccess(t.database));
  const actor = { kind: 'command' as const, id: null, name: 'test', ip: '' };
  keys.payments = (
    await apiKeys.create({ accountId: 1, name: 'erp', scopes: ['payments:write'] }, actor)
  ).key;
  keys.other = (await apiKeys.create({ accountId: 1, name: 'stock', scopes: ['stock:write'] }, actor)).key;
});
afterAll(() => t?.close());

const cents = (amount: string | number) => Math.round(Number(amount) * 100);

/** The reference figures, straight from the records (not through any service or summary). */
async function direct(companyId: number) {
  const [row] = await t.database.rows<{
    balance: string;
    summary: string;
    payments: string;
    count: number;
  }>(sql`
    select (select coalesce(sum(debit - credit), 0) from ledger_entries where company_id = ${companyId})::text as balance,
      (select coalesce(sum(debit - credit), 0) from ledger_totals where company_id = ${companyId})::text as summary,
      (select coalesce(sum(amount), 0) from payments where company_id = ${companyId})::text as payments,
      (select count(*)::int from payments where company_id = ${companyId}) as count`);
  return { ...row!, count: Number(row!.count) };
}

/** The buyer's three finance views, through their own calls. */
async function buyerViews(token: string) {
  const [list, account, days] = await Promise.all([
    t.call<PaymentList>('/Web/GetPaymentList', { page: 1, pageSize: 200 }, { token }),
    t.call<FinanceAccount>('/Web/GetFinanceAccount', { page: 1, pageSize: 1 }, { token }),
    t.call<PaymentDays>('/Web/GetPaymentDays', {}, { token }),
  ]);
  expect([list.code, account.code, days.code]).toEqual([200, 200, 200]);
  return { list: list.data, account: account.data, days: days.data };
}

/** Every figure a payment moves equals its direct aggregate. */
async function expectConsistent(companyId: number, token: string) {
  const figures = await direct(companyId);
  const views = await buyerViews(token);
  expect(cents(figures.summary)).toBe(cents(figures.balance));
  expect(cents(views.account.balance)).toBe(cents(figures.balance));
  expect(cents(views.list.totals.amount)).toBe(cents(figures.payments));
  expect(views.list.total).toBe(figures.count);
  expect(cents(views.days.total_due)).toBe(Math.max(0, cents(figures.balance)));
  const bucketSum = Object.values(views.days.buckets).reduce((sum, value) => sum + cents(value), 0);
  expect(bucketSum).toBe(cents(views.days.total_due));
  return { figures, views };
}

const record = (body: Record<string, unknown>, options: { token?: string; lng?: string } = {}) =>
  t.call<RecordedPayment>('/Admin/Payments/Record', body, { token: tokens.sales, ...options });

const credit = async (companyId: number) =>
  (await t.call<CreditPosition>('/Admin/Payments/Credit', { company_id: companyId }, { token: tokens.sales }))
    .data;

const apiPost = (body: unknown, key = keys.payments, lng = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/payments',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'accept-language': lng },
    payload: JSON.stringify(body),
  });

describe('recording a payment', () => {
  it("appears in the buyer's payment history, finance account and aging, equal to direct aggregates", async () => {
    const before = await expectConsistent(DEMO, tokens.demo);
    const answer = await record({
      company_id: DEMO,
      amount: '1234.56',
      method: 'bank_transfer',
      reference: 'BT-2026-0001',
      remark: 'March settlement',
    });
    expect(answer.code).toBe(200);
    expect(answer.data.replayed).toBe(false);
    expect(answer.data.no).toMatch(/^SK\d{8}\d{6}$/);

    const after = await expectConsistent(DEMO, tokens.demo);
    expect(cents(after.figures.balance)).toBe(cents(before.figures.balance) - 123_456);
    expect(after.views.list.list.some((p) => p.no === answer.data.no && p.amount === '1234.56')).toBe(true);
    expect(cents(after.views.days.total_due)).toBe(Math.max(0, cents(before.views.days.total_due) - 123_456));
    // The statement's last entry is the payment, its running balance the new balance.
    const last = await t.call<FinanceAccount>(
      '/Web/GetFinanceAccount',
      { page: after.views.account.total, pageSize: 1 },
      { token: tokens.demo },
    );
    expect(last.data.entries[0]).toMatchObject({ ref_no: answer.data.no, credit: '1234.56' });
    expect(last.data.entries[0]!.running_balance).toBe(last.data.balance);

    // One audit entry with the fields it set.
    const [audit] = await t.database.rows<{
      actor_name: string;
      changes: Record<string, { after: unknown }>;
    }>(
      sql`select actor_name, changes from audit_log where action = 'payment.record' and entity_id = ${String(answer.data.id)}`,
    );
    expect(audit!.actor_name).toBe('pd-sales');
    expect(audit!.changes.reference!.after).toBe('BT-2026-0001');
    expect(audit!.changes.amount!.after).toBe('1234.56');
  });

  it('allocated to a chosen open item pays that one, not the oldest', async () => {
    const position = await credit(DEMO);
    expect(position.open_items.length).toBeGreaterThan(1);
    const oldest = position.open_items[0]!;
    const newest = position.open_items.at(-1)!;
    const part = Math.min(cents(newest.open_amount), 10_000) / 100;
    const answer = await record({
      company_id: DEMO,
      amount: part.toFixed(2),
      method: 'cheque',
      reference: 'CHQ-778899',
      allocations: [{ entry_id: newest.entry_id, amount: part.toFixed(2) }],
    });
    expect(answer.code).toBe(200);
    const afterwards = await credit(DEMO);
    const item = (id: number) => afterwards.open_items.find((i) => i.entry_id === id);
    expect(item(oldest.entry_id)?.open_amount).toBe(oldest.open_amount);
    expect(cents(item(newest.entry_id)?.open_amount ?? '0')).toBe(cents(newest.open_amount) - cents(part));
    await expectConsistent(DEMO, tokens.demo);
  });

  it('refuses allocations that do not fit, writing nothing', async () => {
    const position = await credit(DEMO);
    const item = position.open_items[0]!;
    const count = (await direct(DEMO)).count;
    const tooMuch = await record(
      {
        company_id: DEMO,
        amount: '999999',
        method: 'cash',
        reference: 'CASH-1',
        allocations: [{ entry_id: item.entry_id, amount: (cents(item.open_amount) / 100 + 1).toFixed(2) }],
      },
      { lng: 'en' },
    );
    expect(tooMuch.code).toBe(ResultCode.refused);
    expect(tooMuch.msg).toContain(`more than its open ${item.open_amount}`);
    const overAmount = await record({
      company_id: DEMO,
      amount: '1.00',
      method: 'cash',
      reference: 'CASH-2',
      allocations: [{ entry_id: item.entry_id, amount: '2.00' }],
    });
    expect(overAmount.code).toBe(ResultCode.refused);
    // Another company's open item is not this company's.
    const foreign = (await credit(PARTNER)).open_items[0]!;
    const unknown = await record({
      company_id: DEMO,
      amount: '1.00',
      method: 'cash',
      reference: 'CASH-3',
      allocations: [{ entry_id: foreign.entry_id, amount: '1.00' }],
    });
    expect(unknown.code).toBe(ResultCode.refused);
    expect((await direct(DEMO)).count).toBe(count);
  });

  it("refuses another currency than the company's, in the caller's language", async () => {
    const count = (await direct(DEMO)).count;
    const en = await record(
      { company_id: DEMO, amount: '10', currency: 'EUR', method: 'bank_transfer', reference: 'EUR-1' },
      { lng: 'en' },
    );
    expect(en.code).toBe(ResultCode.refused);
    expect(en.msg).toContain('pays in CNY');
    const zh = await record(
      { company_id: DEMO, amount: '10', currency: 'eur', method: 'bank_transfer', reference: 'EUR-1' },
      { lng: 'zh' },
    );
    expect(zh.msg).toContain('币种不符');
    expect((await direct(DEMO)).count).toBe(count);
  });

  it('books a replayed reference once; the same reference with another amount is a conflict', async () => {
    const body = { company_id: DEMO, amount: '50.00', method: 'bank_transfer', reference: 'BT-REPLAY-1' };
    const first = await record(body);
    const count = (await direct(DEMO)).count;
    const again = await record(body);
    expect(again.data).toEqual({ id: first.data.id, no: first.data.no, replayed: true });
    expect((await direct(DEMO)).count).toBe(count);
    const other = await record({ ...body, amount: '60.00' }, { lng: 'en' });
    expect(other.code).toBe(ResultCode.conflict);
    expect(other.msg).toContain(first.data.no);
    // The reference is per company: another company may use it.
    expect((await record({ ...body, company_id: PARTNER })).data.replayed).toBe(false);
  });

  it('two requests with one reference at once book one payment', async () => {
    const body = { company_id: DEMO, amount: '12.34', method: 'bank_transfer', reference: 'BT-RACE-1' };
    const answers = await Promise.all([record(body), record(body), record(body)]);
    expect(answers.map((a) => a.code)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => !a.data.replayed)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.data.no)).size).toBe(1);
    const [row] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from payments where company_id = ${DEMO} and reference = 'BT-RACE-1'`,
    );
    expect(Number(row!.n)).toBe(1);
  });

  it('refuses a date after tomorrow', async () => {
    const answer = await record(
      {
        company_id: DEMO,
        amount: '1',
        method: 'cash',
        reference: 'FUTURE-1',
        date: Math.floor(Date.now() / 1000) + 3 * 86_400,
      },
      { lng: 'en' },
    );
    expect(answer.code).toBe(ResultCode.refused);
    expect(answer.msg).toContain('later than today');
  });

  it('an unknown company or one of another account is 40004', async () => {
    const answer = await record({ company_id: 999_999, amount: '1', method: 'cash', reference: 'X-1' });
    expect(answer.code).toBe(ResultCode.notFound);
  });
});

describe('voiding a payment', () => {
  it('adds a counter entry, reopens what it paid, and is audited; twice is refused', async () => {
    const before = await expectConsistent(DEMO, tokens.demo);
    const agingBefore = await credit(DEMO);
    const paid = await record({
      company_id: DEMO,
      amount: '777.00',
      method: 'bank_transfer',
      reference: 'BT-WRONG-1',
      allocations: [{ entry_id: agingBefore.open_items.at(-1)!.entry_id, amount: '7.00' }],
    });
    const rowsBefore = (await direct(DEMO)).count;
    const voided = await t.call<RecordedPayment>(
      '/Admin/Payments/Void',
      { id: paid.data.id, reason: 'typed for the wrong customer' },
      { token: tokens.sales },
    );
    expect(voided.code).toBe(200);
    const after = await expectConsistent(DEMO, tokens.demo);
    // Nothing deleted: the payment and its counter entry are both there.
    expect((await direct(DEMO)).count).toBe(rowsBefore + 1);
    expect(cents(after.figures.balance)).toBe(cents(before.figures.balance));
    const agingAfter = await credit(DEMO);
    expect(agingAfter.open_items.map((i) => [i.entry_id, i.open_amount])).toEqual(
      agingBefore.open_items.map((i) => [i.entry_id, i.open_amount]),
    );
    expect(agingAfter.buckets).toEqual(agingBefore.buckets);
    const counter = after.views.list.list.find((p) => p.no === voided.data.no);
    expect(counter?.amount).toBe('-777.00');

    const list = await t.call<StaffPaymentList>(
      '/Admin/Payments/List',
      { page: 1, pageSize: 50, company_id: DEMO, keyword: 'BT-WRONG' },
      { token: tokens.sales },
    );
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({ source: 'recorded', voided_by_no: voided.data.no });

    const twice = await t.call(
      '/Admin/Payments/Void',
      { id: paid.data.id, reason: 'again' },
      { token: tokens.sales, lng: 'en' },
    );
    expect(twice.code).toBe(ResultCode.refused);
    expect(twice.msg).toContain('already void');
    const ofCounter = await t.call(
      '/Admin/Payments/Void',
      { id: voided.data.id, reason: 'x' },
      { token: tokens.sales },
    );
    expect(ofCounter.code).toBe(ResultCode.refused);
    const [audit] = await t.database.rows<{ details: { reason: string } }>(
      sql`select details from audit_log where action = 'payment.void' and entity_id = ${String(paid.data.id)}`,
    );
    expect(audit!.details.reason).toBe('typed for the wrong customer');
  });

  it("refuses to void the checkout's online payments, which the list shows as checkout", async () => {
    const list = await t.call<StaffPaymentList>(
      '/Admin/Payments/List',
      { page: 1, pageSize: 200, company_id: DEMO, method: 'wechat' },
      { token: tokens.sales },
    );
    const online = list.data.list.find((p) => p.source === 'checkout');
    expect(online).toBeDefined();
    expect(list.data.list.every((p) => p.method === 'wechat')).toBe(true);
    const answer = await t.call(
      '/Admin/Payments/Void',
      { id: online!.id, reason: 'x' },
      { token: tokens.sales },
    );
    expect(answer.code).toBe(ResultCode.refused);
  });
});

describe('credit', () => {
  it('the position equals the limit and the ledger balance read directly', async () => {
    const position = await credit(DEMO);
    const figures = await direct(DEMO);
    const [company] = await t.database.rows<{ credit_limit: string }>(
      sql`select credit_limit::text from companies where id = ${DEMO}`,
    );
    expect(cents(position.open_balance)).toBe(cents(figures.balance));
    expect(cents(position.credit_limit)).toBe(cents(company!.credit_limit));
    expect(cents(position.available)).toBe(
      cents(position.credit_limit) + cents(position.allowance) - cents(position.open_balance),
    );
  });

  it('a submit on account over the limit is refused; the owner raises an allowance and it passes', async () => {
    const order = await pendingOrder(t, tokens.partner, product, 2);
    const balance = (await direct(PARTNER)).balance;
    // Leave 1.00 of credit: the order cannot fit.
    await t.database.db.execute(
      sql`update companies set credit_limit = ${balance}::numeric + 1 where id = ${PARTNER}`,
    );
    const refusedPay = await t.call<WePayResult>(
      '/Web/WePay',
      { order_id: order.order_id, method: 'account' },
      { token: tokens.partner, lng: 'es' },
    );
    expect(refusedPay.code).toBe(ResultCode.refused);
    expect(refusedPay.msg).toContain('límite de crédito');
    expect(refusedPay.msg).toContain('1.00');

    // Sales may not override; the owner may.
    const expiresAt = Math.floor(Date.now() / 1000) + 7 * 86_400;
    const allowance = {
      company_id: PARTNER,
      amount: order.total_amount,
      expires_at: expiresAt,
      reason: 'big job',
    };
    const bySales = await t.call('/Admin/Payments/SetCreditAllowance', allowance, { token: tokens.sales });
    expect(bySales.code).toBe(ResultCode.forbidden);
    const past = await t.call(
      '/Admin/Payments/SetCreditAllowance',
      { ...allowance, expires_at: 1_000 },
      { token: tokens.owner },
    );
    expect(past.code).toBe(ResultCode.refused);
    const byOwner = await t.call('/Admin/Payments/SetCreditAllowance', allowance, { token: tokens.owner });
    expect(byOwner.code).toBe(200);
    const position = await credit(PARTNER);
    expect(position.allowance).toBe(order.total_amount);
    expect(position.allowance_reason).toBe('big job');

    const paid = await t.call<WePayResult>(
      '/Web/WePay',
      { order_id: order.order_id, method: 'account' },
      { token: tokens.partner },
    );
    expect(paid.code).toBe(200);
    expect(paid.data.status).toBe('paid');
    const [audit] = await t.database.rows<{
      actor_name: string;
      changes: Record<string, { after: unknown }>;
    }>(
      sql`select actor_name, changes from audit_log where action = 'company.credit_allowance' and entity_id = ${String(PARTNER)}`,
    );
    expect(audit!.actor_name).toBe('pd-owner');
    expect(audit!.changes.credit_allowance!.after).toBe(order.total_amount);
  });
});

describe('roles', () => {
  it('catalogue staff and buyers cannot reach the desk; sales and owner can', async () => {
    const body = { page: 1, pageSize: 10 };
    expect((await t.call('/Admin/Payments/List', body, { token: tokens.catalogue })).code).toBe(
      ResultCode.forbidden,
    );
    expect((await t.call('/Admin/Payments/List', body, { token: tokens.demo })).code).not.toBe(200);
    expect((await t.call('/Admin/Payments/List', body, { token: tokens.owner })).code).toBe(200);
    const list = await t.call<StaffPaymentList>('/Admin/Payments/List', body, { token: tokens.sales });
    expect(list.code).toBe(200);
    const [all] = await t.database.rows<{ n: number; amount: string }>(
      sql`select count(*)::int as n, coalesce(sum(amount), 0)::text as amount from payments where account_id = 1`,
    );
    expect(list.data.total).toBe(Number(all!.n));
    expect(cents(list.data.amount)).toBe(cents(all!.amount));
  });
});

describe('POST /api/v1/payments', () => {
  it('books a payment by company code; a replay books nothing; the buyer sees it', async () => {
    const [demo] = await t.database.rows<{ code: string }>(
      sql`select code from companies where id = ${DEMO}`,
    );
    const body = {
      company_code: demo!.code,
      amount: '88.80',
      method: 'bank_transfer',
      reference: 'ERP-PAY-1',
    };
    const first = await apiPost(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ replayed: false });
    const count = (await direct(DEMO)).count;
    const again = await apiPost(body);
    expect(again.json()).toEqual({ ...first.json(), replayed: true });
    expect((await direct(DEMO)).count).toBe(count);
    const conflict = await apiPost({ ...body, amount: '99.00' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().detail).toContain('ERP-PAY-1');

    const views = await expectConsistent(DEMO, tokens.demo);
    expect(views.views.list.list.some((p) => p.no === first.json().no)).toBe(true);
    const [audit] = await t.database.rows<{ actor_kind: string }>(
      sql`select actor_kind from audit_log where action = 'payment.record' and entity_id = ${String(first.json().id)}`,
    );
    expect(audit!.actor_kind).toBe('api-key');
  });

  it('needs payments:write, refuses another currency and unknown items and companies', async () => {
    const [demo] = await t.database.rows<{ code: string }>(
      sql`select code from companies where id = ${DEMO}`,
    );
    const body = { company_code: demo!.code, amount: '5', method: 'cash', reference: 'ERP-PAY-2' };
    expect((await apiPost(body, keys.other)).statusCode).toBe(403);
    const currency = await apiPost({ ...body, currency: 'USD' }, keys.payments, 'es');
    expect(currency.statusCode).toBe(422);
    expect(currency.json().detail).toContain('Moneda incorrecta');
    const item = await apiPost({ ...body, allocations: [{ ref_no: 'NO-SUCH-BILL', amount: '5' }] });
    expect(item.statusCode).toBe(422);
    expect((await apiPost({ ...body, company_code: 'NOPE-404' })).statusCode).toBe(404);
    expect((await apiPost({ ...body, amount: '-5' })).statusCode).toBe(422);
  });

  it('allocates by ref_no', async () => {
    const [demo] = await t.database.rows<{ code: string }>(
      sql`select code from companies where id = ${DEMO}`,
    );
    const item = (await credit(DEMO)).open_items.at(-1)!;
    const answer = await apiPost({
      company_code: demo!.code,
      amount: '3.00',
      method: 'bank_transfer',
      reference: 'ERP-PAY-3',
      allocations: [{ ref_no: item.ref_no, amount: '3.00' }],
    });
    expect(answer.statusCode).toBe(200);
    const after = (await credit(DEMO)).open_items.find((i) => i.entry_id === item.entry_id);
    expect(cents(after?.open_amount ?? '0')).toBe(cents(item.open_amount) - 300);
  });
});
