import type { FinanceAccount, PaymentDays, PaymentDetail, PaymentList } from '@partsportal/contract/finance';
import { MENU_CODES } from '@partsportal/contract/endpoint';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/accounts';
import { ledgerEntries, payments } from '../../db/schema/trading';
import { DEMO_IDS, seedDemoData } from '../../db/seed/demo-data';
import { createCompany, createUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { extractText } from 'unpdf';
import { agingBucket } from './finance.service';

/** The fixed clock of the app and the seed: aging counts days to this date. */
const NOW = new Date('2026-03-15T09:30:00Z');
const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

let t: TestApp;
const tokens = { demo: '', partner: '', viewer: '', ledger: '' };

beforeAll(async () => {
  t = await createTestApp({
    now: () => NOW,
    seed: (database) =>
      seedDemoData(database, { parts: 300, seed: 7, now: NOW, passwordHashMemoryKiB: 1024 }).then(
        () => undefined,
      ),
  });
  // A company with a hand-written ledger, so the arithmetic can be checked to the cent.
  const company = await createCompany(t.database, 1, 'Ledger Test Co');
  await t.database.db
    .update(companies)
    .set({ creditLimit: '1000.00', paymentDays: 30, currency: 'EUR' })
    .where(eq(companies.id, company.id));
  await createUser(t.database, {
    accountId: 1,
    companyId: company.id,
    userId: 'ledger',
    password: 'ledger1234',
    menus: [MENU_CODES.financeAccount, MENU_CODES.paymentDays],
  });
  const row = (date: string, kind: string, refNo: string, debit: string, credit: string, due?: string) => ({
    companyId: company.id,
    date: new Date(date),
    kind,
    refNo,
    debit,
    credit,
    dueDate: due ? new Date(due) : null,
    currency: 'EUR',
  });
  await t.database.db.insert(ledgerEntries).values([
    // A: no due date → date + 30 days = 2025-12-01, 104 days late; paid in full by FIFO.
    row('2025-11-01T10:00:00Z', 'sale', 'S-A', '30.00', '0'),
    // B: due 2026-02-04 (date + 30), 39 days late; 10.20 of the credits left for it.
    row('2026-01-05T10:00:00Z', 'sale', 'S-B', '100.10', '0'),
    row('2026-01-20T10:00:00Z', 'payment', 'P-1', '0', '40.05'),
    // C: explicit due date 2026-03-05, 10 days late.
    row('2026-02-03T10:00:00Z', 'sale', 'S-C', '250.00', '0', '2026-03-05T00:00:00Z'),
    row('2026-02-10T10:00:00Z', 'adjustment', 'ADJ-1', '0', '0.15'),
    // D: due 2026-03-31, not due yet.
    row('2026-03-01T10:00:00Z', 'sale', 'S-D', '19.99', '0', '2026-03-31T00:00:00Z'),
  ]);
  tokens.demo = await t.login('demo', 'demo1234');
  tokens.partner = await t.login('partner', 'partner1234');
  tokens.viewer = await t.login('viewer', 'viewer1234');
  tokens.ledger = await t.login('ledger', 'ledger1234');
});
afterAll(() => t.close());

const cents = (value: string) => Math.round(Number(value) * 100);

describe('/Web/GetPaymentList', () => {
  it("lists only the company's payments with totals over the whole filter", async () => {
    const all = await t.call<PaymentList>(
      '/Web/GetPaymentList',
      { page: 1, pageSize: 200 },
      { token: tokens.demo },
    );
    expect(all.code).toBe(200);
    const [db] = await t.database.rows<{ n: number; amount: string; cutmoney: string }>(
      sql`select count(*)::int as n, coalesce(sum(amount), 0)::numeric(16,2)::text as amount,
        coalesce(sum(cutmoney), 0)::numeric(16,2)::text as cutmoney
        from payments where company_id = ${DEMO_IDS.demoCompany}`,
    );
    expect(db!.n).toBeGreaterThan(3);
    expect(all.data.total).toBe(Number(db!.n));
    expect(all.data.totals).toEqual({ amount: db!.amount, cutmoney: db!.cutmoney });
    const ids = all.data.list.map((p) => p.id);
    const owners = await t.database.rows<{ company_id: number }>(
      sql`select distinct company_id from payments where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(owners.map((o) => Number(o.company_id))).toEqual([DEMO_IDS.demoCompany]);
    // Default: newest first.
    const dates = all.data.list.map((p) => p.date);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(String(dates[0])).toMatch(/^\d{10}$/);
  });

  it('filters by date range (inclusive) and number, sorts by amount, pages to an empty page', async () => {
    const all = (
      await t.call<PaymentList>('/Web/GetPaymentList', { page: 1, pageSize: 200 }, { token: tokens.demo })
    ).data.list;
    const middle = all[Math.floor(all.length / 2)]!;
    const exact = await t.call<PaymentList>(
      '/Web/GetPaymentList',
      { page: 1, pageSize: 20, dateFrom: middle.date, dateTo: middle.date },
      { token: tokens.demo },
    );
    expect(exact.data.list.map((p) => p.id)).toContain(middle.id);
    expect(exact.data.list.every((p) => p.date === middle.date)).toBe(true);
    expect(exact.data.totals.amount).toBe(
      (exact.data.list.reduce((sum, p) => sum + cents(p.amount), 0) / 100).toFixed(2),
    );

    const byNo = await t.call<PaymentList>(
      '/Web/GetPaymentList',
      { page: 1, pageSize: 20, no: middle.no.slice(1).toLowerCase() },
      { token: tokens.demo },
    );
    expect(byNo.data.list.map((p) => p.no)).toContain(middle.no);
    expect(byNo.data.list.every((p) => p.no.toLowerCase().includes(middle.no.slice(1).toLowerCase()))).toBe(
      true,
    );
    const wildcard = await t.call<PaymentList>('/Web/GetPaymentList', { no: '%' }, { token: tokens.demo });
    expect(wildcard.data.total).toBe(0);

    const sorted = await t.call<PaymentList>(
      '/Web/GetPaymentList',
      { page: 1, pageSize: 200, sort: 'amount', order: 'asc' },
      { token: tokens.demo },
    );
    const amounts = sorted.data.list.map((p) => cents(p.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));

    const pageSize = 2;
    const last = Math.ceil(all.length / pageSize);
    const lastPage = await t.call<PaymentList>(
      '/Web/GetPaymentList',
      { page: last, pageSize },
      { token: tokens.demo },
    );
    expect(lastPage.data.list.length).toBe(all.length - (last - 1) * pageSize);
    const beyond = await t.call<PaymentList>(
      '/Web/GetPaymentList',
      { page: last + 1, pageSize },
      { token: tokens.demo },
    );
    expect(beyond.data).toMatchObject({ list: [], total: all.length });
  });

  it('refuses oversized pages, unknown sorts and fields', async () => {
    for (const body of [
      { pageSize: 201 },
      { sort: 'remark' },
      { companyId: DEMO_IDS.partnerCompany },
      { page: 0 },
    ]) {
      expect((await t.call('/Web/GetPaymentList', body, { token: tokens.demo })).code).toBe(40001);
    }
  });
});

describe('/Web/GetPaymentDetail', () => {
  it("shows the company's payment and answers 40004 for another company's", async () => {
    const [own] = await t.database.db
      .select({ id: payments.id, no: payments.no })
      .from(payments)
      .where(eq(payments.companyId, DEMO_IDS.demoCompany))
      .limit(1);
    const detail = await t.call<PaymentDetail>(`/Web/GetPaymentDetail/${own!.id}`, undefined, {
      token: tokens.demo,
    });
    expect(detail.code).toBe(200);
    expect(detail.data).toMatchObject({ id: own!.id, no: own!.no });
    expect(
      (await t.call(`/Web/GetPaymentDetail/${own!.id}`, undefined, { token: tokens.partner })).code,
    ).toBe(40004);
    expect((await t.call('/Web/GetPaymentDetail/2147483000', undefined, { token: tokens.demo })).code).toBe(
      40004,
    );
  });
});

describe('/Web/GetFinanceAccount', () => {
  it('computes balance, opening, running balance and closing to the cent', async () => {
    const answer = await t.call<FinanceAccount>(
      '/Web/GetFinanceAccount',
      { dateFrom: seconds('2026-02-01T00:00:00Z'), dateTo: seconds('2026-02-28T23:59:59Z') },
      { token: tokens.ledger },
    );
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({
      currency: 'EUR',
      balance: '359.89',
      credit_limit: '1000.00',
      available_credit: '640.11',
      opening_balance: '90.05',
      total: 2,
      closing_balance: '339.90',
      period_debit: '250.00',
      period_credit: '0.15',
    });
    expect(answer.data.entries.map((e) => [e.ref_no, e.debit, e.credit, e.running_balance])).toEqual([
      ['S-C', '250.00', '0.00', '340.05'],
      ['ADJ-1', '0.00', '0.15', '339.90'],
    ]);
    expect(answer.data.entries[0]!.due_date).toBe(seconds('2026-03-05T00:00:00Z'));
  });

  it('keeps the running balance across pages and over the whole ledger', async () => {
    const whole = await t.call<FinanceAccount>('/Web/GetFinanceAccount', {}, { token: tokens.ledger });
    expect(whole.data.opening_balance).toBe('0.00');
    expect(whole.data.entries.map((e) => e.running_balance)).toEqual([
      '30.00',
      '130.10',
      '90.05',
      '340.05',
      '339.90',
      '359.89',
    ]);
    expect(whole.data.closing_balance).toBe(whole.data.balance);
    const page2 = await t.call<FinanceAccount>(
      '/Web/GetFinanceAccount',
      { page: 2, pageSize: 4 },
      { token: tokens.ledger },
    );
    expect(page2.data.entries.map((e) => [e.ref_no, e.running_balance])).toEqual([
      ['ADJ-1', '339.90'],
      ['S-D', '359.89'],
    ]);
    expect(page2.data.total).toBe(6);
  });

  it("is the demo company's ledger: balance = Σ debit − Σ credit", async () => {
    const answer = await t.call<FinanceAccount>(
      '/Web/GetFinanceAccount',
      { pageSize: 5 },
      { token: tokens.demo },
    );
    const [db] = await t.database.rows<{ d: string }>(
      sql`select sum(debit - credit)::numeric(16,2)::text as d from ledger_entries where company_id = ${DEMO_IDS.demoCompany}`,
    );
    expect(answer.data.balance).toBe(db!.d);
    expect(answer.data.entries.length).toBe(5);
  });
});

describe('/Web/GetPaymentDays', () => {
  it('ages the open debits after FIFO allocation of the credits', async () => {
    const answer = await t.call<PaymentDays>('/Web/GetPaymentDays', undefined, { token: tokens.ledger });
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({
      payment_days: 30,
      currency: 'EUR',
      total_due: '359.89',
      overdue: '339.90',
      buckets: { current: '19.99', d1_30: '250.00', d31_60: '89.90', d61_90: '0.00', over_90: '0.00' },
      open_count: 3,
      as_of: seconds('2026-03-15T00:00:00Z'),
    });
    expect(answer.data.open_items.map((i) => [i.ref_no, i.open_amount, i.days_overdue, i.bucket])).toEqual([
      ['S-B', '89.90', 39, 'd31_60'],
      ['S-C', '250.00', 10, 'd1_30'],
      ['S-D', '19.99', -16, 'current'],
    ]);
    expect(answer.data.open_items[0]).toMatchObject({
      amount: '100.10',
      due_date: seconds('2026-02-04T10:00:00Z'),
    });
  });

  it('puts boundaries in the right buckets', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91, -5].map(agingBucket)).toEqual([
      'current',
      'd1_30',
      'd1_30',
      'd31_60',
      'd31_60',
      'd61_90',
      'd61_90',
      'over_90',
      'current',
    ]);
  });

  it('totals the demo company debts like the account does', async () => {
    const days = await t.call<PaymentDays>('/Web/GetPaymentDays', undefined, { token: tokens.demo });
    const account = await t.call<FinanceAccount>(
      '/Web/GetFinanceAccount',
      { pageSize: 1 },
      { token: tokens.demo },
    );
    const balance = cents(account.data.balance);
    expect(cents(days.data.total_due)).toBe(Math.max(0, balance));
    const b = days.data.buckets;
    expect(cents(b.current) + cents(b.d1_30) + cents(b.d31_60) + cents(b.d61_90) + cents(b.over_90)).toBe(
      cents(days.data.total_due),
    );
  });
});

describe('/Web/GetFinanceStatementPdf (the statement as a PDF)', () => {
  const pdfText = async (query: string, token: string) => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/Web/GetFinanceStatementPdf?${query}&token=${token}`,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(new Uint8Array(answer.rawPayload), { mergePages: true });
    // pdf.js puts spaces between glyph runs; compare without them.
    return { text: text.replace(/\s+/g, ''), bytes: answer.rawPayload.length };
  };

  it("lists the range's entries with running balances, in the reader's language with its money format", async () => {
    const range = `dateFrom=${seconds('2026-01-01T00:00:00Z')}&dateTo=${seconds('2026-02-28T23:59:59Z')}`;
    const es = await pdfText(`${range}&lng=es`, tokens.ledger);
    expect(es.text).toContain('Estadodecuenta');
    expect(es.text).toContain('LedgerTestCo');
    // Opening 30.00 (S-A before the range); S-B 100.10 → 130.10; P-1 −40.05 → 90.05; S-C → 340.05.
    for (const expected of ['Saldoinicial:30,00EUR', 'S-B', 'P-1', 'S-C', 'ADJ-1', '130,10EUR', '340,05EUR'])
      expect(es.text).toContain(expected);
    expect(es.text).not.toContain('S-D');
    expect(es.text).toContain('Saldofinal:339,90EUR');
    const zh = await pdfText(`${range}&lng=zh`, tokens.ledger);
    expect(zh.text).toContain('对账单');
    expect(zh.text).toContain('期末余额:EUR339.90');
    expect(zh.text).toContain('付款');
    expect(es.bytes).toBeLessThan(200_000);
  });

  it('needs the finance account menu and a token; another company sees only its own', async () => {
    const viewer = await t.app.inject({
      method: 'GET',
      url: `/api/Web/GetFinanceStatementPdf?token=${tokens.viewer}`,
    });
    expect(viewer.json()).toMatchObject({ code: 40003 });
    const none = await t.app.inject({ method: 'GET', url: '/api/Web/GetFinanceStatementPdf' });
    expect(none.json()).toMatchObject({ code: 50008 });
    const demo = await pdfText('lng=en', tokens.demo);
    expect(demo.text).toContain('Statementofaccount');
    expect(demo.text).not.toContain('LedgerTestCo');
    expect(demo.text).not.toContain('S-B');
  });
});

describe('finance permissions', () => {
  it('refuses the viewer (no 1004/1005) and lets a 1005-only user see payments but not the account', async () => {
    for (const path of [
      '/Web/GetPaymentList',
      '/Web/GetFinanceAccount',
      '/Web/GetPaymentDays',
      '/Web/GetPaymentDetail/1',
    ]) {
      expect((await t.call(path, {}, { token: tokens.viewer })).code).toBe(40003);
    }
    await createUser(t.database, {
      accountId: 1,
      companyId: DEMO_IDS.demoCompany,
      userId: 'terms-only',
      password: 'terms1234',
      menus: [MENU_CODES.paymentDays],
    });
    const token = await t.login('terms-only', 'terms1234');
    expect((await t.call('/Web/GetPaymentList', {}, { token })).code).toBe(200);
    expect((await t.call('/Web/GetPaymentDays', {}, { token })).code).toBe(200);
    expect((await t.call('/Web/GetFinanceAccount', {}, { token })).code).toBe(40003);
  });
});
