import type { Dashboard } from '@partsportal/contract/dashboard';
import type { FinanceAccount } from '@partsportal/contract/finance';
import type { NoticeList } from '@partsportal/contract/notices';
import { MENU_CODES } from '@partsportal/contract/endpoint';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, orders } from '../../db/schema/trading';
import { DEMO_IDS, seedDemoData } from '../../db/seed/demo-data';
import { createUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { chartWindow } from './dashboard.service';

const NOW = new Date('2026-03-15T09:30:00Z');

let t: TestApp;
const tokens = { demo: '', partner: '', viewer: '', admin: '' };

beforeAll(async () => {
  t = await createTestApp({
    now: () => NOW,
    seed: (database) =>
      seedDemoData(database, { parts: 300, seed: 9, now: NOW, passwordHashMemoryKiB: 1024 }).then(
        () => undefined,
      ),
  });
  tokens.demo = await t.login('demo', 'demo1234');
  tokens.partner = await t.login('partner', 'partner1234');
  tokens.viewer = await t.login('viewer', 'viewer1234');
  tokens.admin = await t.login('admin', 'admin1234');
});
afterAll(() => t.close());

const dashboard = (token: string, lng = 'en') =>
  t.call<Dashboard>('/Web/GetDashboard', undefined, { token, lng });
const cents = (value: string) => Math.round(Number(value) * 100);
const sumCents = (values: readonly string[]) => values.reduce((s, v) => s + cents(v), 0);

describe('chartWindow', () => {
  it('ends with the current month and spans 12 calendar months across the year end', () => {
    const w = chartWindow(new Date('2026-01-31T23:59:59Z'));
    expect(w.months[0]).toBe('2025-02');
    expect(w.months[11]).toBe('2026-01');
    expect(w.months).toHaveLength(12);
    expect(w.start).toBe('2025-02-01T00:00:00.000Z');
    expect(w.end).toBe('2026-02-01T00:00:00.000Z');
  });
});

describe('/Web/GetDashboard', () => {
  it('gives demo every figure, consistent with the lists and the records', async () => {
    const answer = await dashboard(tokens.demo);
    expect(answer.code).toBe(200);
    const d = answer.data;
    expect(d.chart.months).toEqual(chartWindow(NOW).months);
    expect(d.chart.months.at(-1)).toBe('2026-03');

    const account = await t.call<FinanceAccount>(
      '/Web/GetFinanceAccount',
      { pageSize: 1 },
      { token: tokens.demo },
    );
    expect(d.debts).toBe(account.data.balance);

    const [db] = await t.database.rows<{ executing: number; ordered: string; delivered: string }>(sql`
      select
        (select count(*) from orders where company_id = ${DEMO_IDS.demoCompany}
          and state in ('submitted', 'confirmed', 'partially_delivered'))::int as executing,
        (select coalesce(sum(amount), 0)::numeric(16,2)::text from orders where company_id = ${DEMO_IDS.demoCompany}
          and bill_date >= '2025-04-01T00:00:00Z' and state not in ('pending_payment', 'cancelled')) as ordered,
        (select coalesce(sum(amount), 0)::numeric(16,2)::text from deliveries where company_id = ${DEMO_IDS.demoCompany}
          and date >= '2025-04-01T00:00:00Z') as delivered`);
    expect(d.executing_orders).toBe(Number(db!.executing));
    expect(d.executing_orders).toBeGreaterThan(0);
    expect(d.amount_delivered).toBe(db!.delivered);
    expect(cents(d.amount_delivered!)).toBeGreaterThan(0);
    expect(sumCents(d.chart.delivery_amounts!)).toBe(cents(db!.delivered));
    expect(sumCents(d.chart.order_amounts!)).toBe(cents(db!.ordered));
    expect(d.chart.order_amounts).toHaveLength(12);

    const [cart] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from cart_items where user_id = ${DEMO_IDS.users.demo}`,
    );
    expect(d.carts).toBe(Number(cart!.n));

    const notices = await t.call<NoticeList>(
      '/Web/GetNoticeList',
      { pageSize: 100 },
      { token: tokens.demo, lng: 'en' },
    );
    const newest = [...notices.data.list].sort((a, b) => b.published_at - a.published_at).slice(0, 5);
    expect(d.notices!.map((n) => [n.id, n.title, n.is_read])).toEqual(
      newest.map((n) => [n.id, n.title, n.is_read]),
    );
  });

  it('puts a record into its month and leaves cancelled orders out', async () => {
    const before = (await dashboard(tokens.demo)).data;
    const [order] = await t.database.rows<{ id: number }>(
      sql`select id from orders where company_id = ${DEMO_IDS.demoCompany} limit 1`,
    );
    const base = { accountId: 1, companyId: DEMO_IDS.demoCompany, currency: 'CNY' };
    await t.database.db.insert(orders).values([
      {
        ...base,
        no: 'DASH-1',
        billDate: new Date('2026-02-10T00:00:00Z'),
        state: 'confirmed',
        amount: '123.45',
      },
      {
        ...base,
        no: 'DASH-2',
        billDate: new Date('2026-02-11T00:00:00Z'),
        state: 'cancelled',
        amount: '999.00',
      },
      // Before the window: not in the chart, but executing all the same.
      {
        ...base,
        no: 'DASH-3',
        billDate: new Date('2025-03-31T23:59:59Z'),
        state: 'submitted',
        amount: '5.00',
      },
    ]);
    await t.database.db
      .insert(deliveries)
      .values({ ...base, no: 'DASH-D', date: new Date('2026-03-01T00:00:00Z'), amount: '10.01' });
    expect(order).toBeDefined();
    const after = (await dashboard(tokens.demo)).data;
    const feb = after.chart.months.indexOf('2026-02');
    expect(cents(after.chart.order_amounts![feb]!) - cents(before.chart.order_amounts![feb]!)).toBe(12345);
    expect(sumCents(after.chart.order_amounts!) - sumCents(before.chart.order_amounts!)).toBe(12345);
    expect(cents(after.chart.delivery_amounts![11]!) - cents(before.chart.delivery_amounts![11]!)).toBe(1001);
    expect(cents(after.amount_delivered!) - cents(before.amount_delivered!)).toBe(1001);
    expect(after.executing_orders! - before.executing_orders!).toBe(2);
  });

  it('shows the viewer only the notices, and the partner only its own company', async () => {
    const viewer = (await dashboard(tokens.viewer)).data;
    expect(viewer).toMatchObject({
      debts: null,
      amount_delivered: null,
      executing_orders: null,
      carts: null,
      chart: { order_amounts: null, delivery_amounts: null },
    });
    expect(viewer.notices!.length).toBe(5);

    const partner = (await dashboard(tokens.partner)).data;
    const [db] = await t.database.rows<{ d: string }>(
      sql`select coalesce(sum(debit - credit), 0)::numeric(16,2)::text as d from ledger_entries where company_id = ${DEMO_IDS.partnerCompany}`,
    );
    expect(partner.debts).toBe(db!.d);
    const [demoOnly] = await t.database.rows<{ id: number }>(
      sql`select notice_id as id from notice_companies where company_id = ${DEMO_IDS.demoCompany}`,
    );
    expect(partner.notices!.map((n) => n.id)).not.toContain(Number(demoOnly!.id));
  });

  it('gives a 1004-only user debts and nothing else; admin everything', async () => {
    await createUser(t.database, {
      accountId: 1,
      companyId: DEMO_IDS.demoCompany,
      userId: 'account-only',
      password: 'account1234',
      menus: [MENU_CODES.financeAccount],
    });
    const token = await t.login('account-only', 'account1234');
    const d = (await dashboard(token)).data;
    expect(d.debts).not.toBeNull();
    expect([d.amount_delivered, d.executing_orders, d.carts, d.notices]).toEqual([null, null, null, null]);
    const admin = (await dashboard(tokens.admin)).data;
    expect(
      [admin.debts, admin.amount_delivered, admin.executing_orders, admin.carts, admin.notices].includes(
        null,
      ),
    ).toBe(false);
  });

  it('refuses callers without a token', async () => {
    expect((await t.call('/Web/GetDashboard')).code).toBe(50008);
  });
});
