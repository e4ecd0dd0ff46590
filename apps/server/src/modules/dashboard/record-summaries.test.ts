import type { OrderDetail, OrderLineRow, OrderList } from '@partsportal/contract/orders';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS, seedDemoData } from '../../db/seed/demo-data';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { cartLine, plainProducts, saveSubmits, setStock } from '../../../test/checkout-test-kit';
import { splitByMonth } from '../orders/order-records.repository';
import { repositoriesOn } from '../../../test/data-access';

// The monthly summaries of migration 0005 against aggregates over the records themselves, on
// seeded data and after every kind of write the portal makes.

const NOW = new Date('2026-03-15T09:30:00Z');
/** Wide enough to hold every seeded and test record. */
const ALL_TIME = { start: '2000-01-01T00:00:00.000Z', end: '2100-01-01T00:00:00.000Z' };

let t: TestApp;
const tokens = { demo: '', partner: '' };
let products: number[] = [];

beforeAll(async () => {
  t = await createTestApp({
    seed: (database) =>
      seedDemoData(database, { parts: 300, seed: 5, now: NOW, passwordHashMemoryKiB: 1024 }).then(
        () => undefined,
      ),
  });
  tokens.demo = await t.login('demo', 'demo1234');
  tokens.partner = await t.login('partner', 'partner1234');
  products = await plainProducts(t.database, 2);
});
afterAll(() => t.close());

const money = (value: Decimal.Value) => new Decimal(value).toFixed(2);
const byMonth = (months: Array<[string, string]> | null) =>
  Object.fromEntries((months ?? []).map(([m, s]) => [m, money(s)]));

/** The dashboard's figures from the summaries and from the records, for the whole history. */
async function expectSummariesMatch(companyId: number) {
  const repo = repositoriesOn(t.database.db).dashboard;
  const summary = await repo.figures(companyId, { debts: true, orders: true, deliveries: true }, ALL_TIME);
  const records = await repo.figuresFromRecords(companyId, ALL_TIME);
  expect(summary).toBeDefined();
  expect(records).toBeDefined();
  expect(money(summary!.debts!)).toBe(money(records!.debts!));
  expect(summary!.executing).toBe(Number(records!.executing));
  expect(byMonth(summary!.order_months)).toEqual(byMonth(records!.order_months));
  expect(byMonth(summary!.delivery_months)).toEqual(byMonth(records!.delivery_months));
  // Lines per month, and every line carries its order's bill_date.
  const [lines] = await t.database.rows<{ summary: string; counted: string; stale: number }>(sql`
    select
      (select coalesce(json_agg(x order by x.m), '[]') from (
        select month as m, sum(lines)::int as n from order_line_month_totals where company_id = ${companyId}
        group by 1 having sum(lines) <> 0) x)::text as summary,
      (select coalesce(json_agg(x order by x.m), '[]') from (
        select date_trunc('month', o.bill_date at time zone 'UTC')::date as m, count(*)::int as n
        from order_lines l join orders o on o.id = l.order_id where o.company_id = ${companyId} group by 1) x)::text as counted,
      (select count(*)::int from order_lines l join orders o on o.id = l.order_id
        where o.company_id = ${companyId} and l.bill_date is distinct from o.bill_date) as stale`);
  expect(JSON.parse(lines!.summary)).toEqual(JSON.parse(lines!.counted));
  expect(lines!.stale).toBe(0);
  // Orders and lines per UTC day (the deep-page jump).
  const [days] = await t.database.rows<{ summary: string; counted: string }>(sql`
    select
      (select coalesce(json_agg(x order by x.d), '[]') from (
        select day as d, sum(orders)::int as o, sum(lines)::int as l from order_day_totals where company_id = ${companyId}
        group by 1 having sum(orders) <> 0 or sum(lines) <> 0) x)::text as summary,
      (select coalesce(json_agg(x order by x.d), '[]') from (
        select date_trunc('day', o.bill_date at time zone 'UTC')::date as d, count(distinct o.id)::int as o, count(l.id)::int as l
        from orders o left join order_lines l on l.order_id = o.id where o.company_id = ${companyId} group by 1) x)::text as counted`);
  expect(JSON.parse(days!.summary)).toEqual(JSON.parse(days!.counted));
  return { summary: summary!, records: records! };
}

/** GetOrderList's total and totals, and GetOrderLineList's total, against SQL over the rows. */
async function expectListTotalsMatch(
  token: string,
  companyId: number,
  filter: { dateFrom?: number; dateTo?: number; states?: string[] },
) {
  const orders = await t.call<OrderList>('/Web/GetOrderList', { pageSize: 5, ...filter }, { token });
  expect(orders.code).toBe(200);
  const { states, ...dates } = filter;
  const lines = await t.call<{ list: OrderLineRow[]; total: number }>(
    '/Web/GetOrderLineList',
    { pageSize: 5, ...dates },
    { token },
  );
  expect(lines.code).toBe(200);
  const from =
    filter.dateFrom === undefined ? sql`true` : sql`o.bill_date >= to_timestamp(${filter.dateFrom})`;
  const to = filter.dateTo === undefined ? sql`true` : sql`o.bill_date < to_timestamp(${filter.dateTo + 1})`;
  const state = states?.length
    ? sql`o.state in (${sql.join(
        states.map((s) => sql`${s}`),
        sql`, `,
      )})`
    : sql`true`;
  const [row] = await t.database.rows<{ n: number; amount: string; qty: number; lines: number }>(sql`
    select count(*)::int as n, coalesce(sum(o.amount), 0)::text as amount, coalesce(sum(o.total_qty), 0)::int as qty,
      (select count(*)::int from order_lines l join orders o on o.id = l.order_id
        where o.company_id = ${companyId} and ${from} and ${to}) as lines
    from orders o where o.company_id = ${companyId} and ${from} and ${to} and ${state}`);
  expect(orders.data.total).toBe(row!.n);
  expect(orders.data.totals).toEqual({ amount: money(row!.amount), total_qty: row!.qty });
  expect(lines.data.total).toBe(row!.lines);
  return { orders: row!.n, lines: row!.lines };
}

const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('splitByMonth', () => {
  it('answers whole UTC months from the summary and the partial months at the edges from rows', () => {
    expect(splitByMonth(undefined, undefined)).toEqual({
      months: { from: undefined, to: undefined },
      edges: [],
    });
    expect(splitByMonth(seconds('2025-11-20T10:00:00Z'), seconds('2026-02-03T00:00:00Z'))).toEqual({
      months: { from: '2025-12-01', to: '2026-02-01' },
      edges: [
        { from: seconds('2025-11-20T10:00:00Z'), to: seconds('2025-12-01T00:00:00Z') },
        { from: seconds('2026-02-01T00:00:00Z'), to: seconds('2026-02-03T00:00:00Z') },
      ],
    });
    // Month-aligned bounds need no row scan at all.
    expect(splitByMonth(seconds('2026-01-01T00:00:00Z'), seconds('2026-03-01T00:00:00Z'))).toEqual({
      months: { from: '2026-01-01', to: '2026-03-01' },
      edges: [],
    });
    // Inside one month: only rows.
    expect(splitByMonth(seconds('2026-01-05T00:00:00Z'), seconds('2026-01-25T00:00:00Z'))).toEqual({
      months: null,
      edges: [{ from: seconds('2026-01-05T00:00:00Z'), to: seconds('2026-01-25T00:00:00Z') }],
    });
    // Open at one end; December rolls over into January.
    expect(splitByMonth(seconds('2025-12-31T23:59:59Z'), undefined)).toEqual({
      months: { from: '2026-01-01', to: undefined },
      edges: [{ from: seconds('2025-12-31T23:59:59Z'), to: seconds('2026-01-01T00:00:00Z') }],
    });
  });
});

/** Ids of a page of both lists against a plain ORDER BY … OFFSET over the rows. */
async function expectPagesMatch(token: string, companyId: number, page: number, order: 'asc' | 'desc') {
  const pageSize = 7;
  const offset = (page - 1) * pageSize;
  const dir = order === 'asc' ? sql`asc` : sql`desc`;
  const orders = await t.call<OrderList>('/Web/GetOrderList', { page, pageSize, order }, { token });
  const lines = await t.call<{ list: OrderLineRow[] }>(
    '/Web/GetOrderLineList',
    { page, pageSize, order },
    { token },
  );
  const expectedOrders = await t.database.rows<{ id: number }>(
    sql`select id from orders where company_id = ${companyId} order by bill_date ${dir}, id ${dir} limit ${pageSize} offset ${offset}`,
  );
  const expectedLines = await t.database.rows<{ id: number }>(
    sql`select l.id::int as id from order_lines l join orders o on o.id = l.order_id where o.company_id = ${companyId}
      order by o.bill_date ${dir}, o.id ${dir}, l.seq asc limit ${pageSize} offset ${offset}`,
  );
  expect(orders.data.list.map((o) => o.id)).toEqual(expectedOrders.map((r) => r.id));
  expect(lines.data.list.map((l) => l.id)).toEqual(expectedLines.map((r) => r.id));
  return { orders: orders.data.list.length, lines: lines.data.list.length };
}

describe('deep pages of the unfiltered lists (day jump)', () => {
  it('equal a plain OFFSET over the rows, newest and oldest first, up to and past the last page', async () => {
    const [size] = await t.database.rows<{ orders: number; lines: number }>(sql`
      select (select count(*)::int from orders where company_id = ${DEMO_IDS.demoCompany}) as orders,
        (select count(*)::int from order_lines where company_id = ${DEMO_IDS.demoCompany}) as lines`);
    const lastOrderPage = Math.ceil(size!.orders / 7);
    const lastLinePage = Math.ceil(size!.lines / 7);
    for (const order of ['desc', 'asc'] as const) {
      for (const page of [2, 3, 17, Math.floor(lastOrderPage / 2), lastOrderPage, lastLinePage]) {
        const listed = await expectPagesMatch(tokens.demo, DEMO_IDS.demoCompany, page, order);
        if (page < lastOrderPage) expect(listed.orders).toBe(7);
      }
      expect((await expectPagesMatch(tokens.demo, DEMO_IDS.demoCompany, lastLinePage + 1, order)).lines).toBe(
        0,
      );
    }
    await expectPagesMatch(tokens.partner, DEMO_IDS.partnerCompany, 4, 'desc');
  });
});

describe('monthly summaries (migration 0005)', () => {
  it('equal a direct aggregate over the seeded records of both companies', async () => {
    for (const companyId of [DEMO_IDS.demoCompany, DEMO_IDS.partnerCompany]) {
      const { records } = await expectSummariesMatch(companyId);
      // The seed made real history, so equal figures are not two empty answers.
      expect(Object.keys(byMonth(records.order_months)).length).toBeGreaterThan(6);
      expect(Object.keys(byMonth(records.delivery_months)).length).toBeGreaterThan(6);
    }
  });

  it('give the order and line lists the same totals as counting rows, with and without date filters', async () => {
    const all = await expectListTotalsMatch(tokens.demo, DEMO_IDS.demoCompany, {});
    expect(all.orders).toBeGreaterThan(100);
    // Partial months at both ends, whole months between.
    const mid = await expectListTotalsMatch(tokens.demo, DEMO_IDS.demoCompany, {
      dateFrom: seconds('2025-08-17T13:45:10Z'),
      dateTo: seconds('2026-01-09T08:00:00Z'),
    });
    expect(mid.orders).toBeGreaterThan(0);
    expect(mid.orders).toBeLessThan(all.orders);
    await expectListTotalsMatch(tokens.demo, DEMO_IDS.demoCompany, {
      dateFrom: seconds('2025-09-01T00:00:00Z'),
      dateTo: seconds('2025-11-30T23:59:59Z'),
      states: ['delivered', 'cancelled'],
    });
    await expectListTotalsMatch(tokens.demo, DEMO_IDS.demoCompany, {
      dateFrom: seconds('2025-10-10T00:00:00Z'),
    });
    await expectListTotalsMatch(tokens.demo, DEMO_IDS.demoCompany, {
      dateTo: seconds('2025-10-10T00:00:00Z'),
    });
    await expectListTotalsMatch(tokens.demo, DEMO_IDS.demoCompany, {
      dateFrom: seconds('2025-10-10T00:00:00Z'),
      dateTo: seconds('2025-10-12T00:00:00Z'),
      states: ['delivered'],
    });
    await expectListTotalsMatch(tokens.partner, DEMO_IDS.partnerCompany, {});
  });

  it('follow a submit, a line edit, a line delete, a payment on account and a cancel', async () => {
    const [first, second] = products as [number, number];
    await setStock(t.database, first, 500);
    await setStock(t.database, second, 500);
    const before = await expectSummariesMatch(DEMO_IDS.demoCompany);
    const listsBefore = await expectListTotalsMatch(tokens.demo, DEMO_IDS.demoCompany, {});

    const saved = await saveSubmits(t, tokens.demo, {
      items: [await cartLine(t, tokens.demo, first, 3), await cartLine(t, tokens.demo, second, 2)],
    });
    expect(saved.code).toBe(200);
    const orderId = saved.data.order_id;
    await expectSummariesMatch(DEMO_IDS.demoCompany);
    const afterSubmit = await expectListTotalsMatch(tokens.demo, DEMO_IDS.demoCompany, {});
    expect(afterSubmit).toEqual({ orders: listsBefore.orders + 1, lines: listsBefore.lines + 2 });

    const detail = await t.call<OrderDetail>(`/Web/GetOrderDetail/${orderId}`, undefined, {
      token: tokens.demo,
    });
    const [line1, line2] = detail.data.lines as [OrderDetail['lines'][number], OrderDetail['lines'][number]];
    const edited = await t.call<OrderDetail>(
      '/Web/UpdateOrderLine',
      { order_id: orderId, line_id: line1.id, qty: line1.qty + 4 },
      { token: tokens.demo },
    );
    expect(edited.code).toBe(200);
    await expectSummariesMatch(DEMO_IDS.demoCompany);
    await expectListTotalsMatch(tokens.demo, DEMO_IDS.demoCompany, {});

    const deleted = await t.call(
      '/Web/DeleteOrderLine',
      { order_id: orderId, line_id: line2.id },
      {
        token: tokens.demo,
      },
    );
    expect(deleted.code).toBe(200);
    await expectSummariesMatch(DEMO_IDS.demoCompany);
    expect((await expectListTotalsMatch(tokens.demo, DEMO_IDS.demoCompany, {})).lines).toBe(
      listsBefore.lines + 1,
    );

    // Paying on account moves the order into "executing" and books a ledger entry.
    const paid = await t.call('/Web/WePay', { order_id: orderId, method: 'account' }, { token: tokens.demo });
    expect(paid.code).toBe(200);
    const afterPay = await expectSummariesMatch(DEMO_IDS.demoCompany);
    expect(afterPay.summary.executing).toBe(before.summary.executing! + 1);
    await expectListTotalsMatch(tokens.demo, DEMO_IDS.demoCompany, { states: ['submitted'] });

    // A second order, cancelled while unpaid, leaves the chart and the executing count alone.
    const other = await saveSubmits(t, tokens.demo, { items: [await cartLine(t, tokens.demo, first, 1)] });
    expect(other.code).toBe(200);
    const cancelled = await t.call(`/Web/CancelOrder/${other.data.order_id}`, undefined, {
      token: tokens.demo,
    });
    expect(cancelled.code).toBe(200);
    const afterCancel = await expectSummariesMatch(DEMO_IDS.demoCompany);
    expect(afterCancel.summary.executing).toBe(afterPay.summary.executing);
    expect(byMonth(afterCancel.summary.order_months)).toEqual(byMonth(afterPay.summary.order_months));
    await expectListTotalsMatch(tokens.demo, DEMO_IDS.demoCompany, { states: ['cancelled'] });
    await expectSummariesMatch(DEMO_IDS.partnerCompany);
    await expectPagesMatch(tokens.demo, DEMO_IDS.demoCompany, 2, 'desc');
    await expectPagesMatch(tokens.demo, DEMO_IDS.demoCompany, 9, 'asc');
  });

  it("move an order's figures and its lines' bill_date when its bill date changes month", async () => {
    const [order] = await t.database.rows<{ id: number }>(
      sql`select id from orders where company_id = ${DEMO_IDS.demoCompany} and state = 'delivered' order by id limit 1`,
    );
    await t.database.db.execute(
      sql`update orders set bill_date = bill_date - interval '40 days' where id = ${order!.id}`,
    );
    await expectSummariesMatch(DEMO_IDS.demoCompany);
    await t.database.db.execute(sql`delete from orders where id = ${order!.id}`);
    await expectSummariesMatch(DEMO_IDS.demoCompany);
    await expectListTotalsMatch(tokens.demo, DEMO_IDS.demoCompany, {});
  });

  it('compact a company’s delta rows once many writes piled up, keeping the sums', async () => {
    const [order] = await t.database.rows<{ id: number }>(
      sql`select id from orders where company_id = ${DEMO_IDS.demoCompany} order by id desc limit 1`,
    );
    const rowsNow = async () =>
      (
        await t.database.rows<{ n: number; distinct: number }>(
          sql`select count(*)::int as n, count(distinct (month, state))::int as distinct
            from order_month_totals where company_id = ${DEMO_IDS.demoCompany}`,
        )
      )[0]!;
    // Each statement adds one delta row (amount +0.01, same month and state).
    for (let i = 0; i < 130; i++) {
      await t.database.db.execute(sql`update orders set amount = amount + 0.01 where id = ${order!.id}`);
    }
    const after = await rowsNow();
    expect(after.n - after.distinct).toBeLessThanOrEqual(100);
    await t.database.db.execute(sql`update orders set amount = amount - 1.30 where id = ${order!.id}`);
    await expectSummariesMatch(DEMO_IDS.demoCompany);
  });
});
