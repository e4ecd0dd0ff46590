import type { DeskOrder, ShipResult } from '@partsportal/contract/order-desk';
import type {
  DemandReport,
  OperatorDashboard,
  ReportOptions,
  SalesDimension,
  SalesReport,
} from '@partsportal/contract/reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS, seedDemoData } from '../../db/seed/demo-data';
import { createStaffMember } from '../../../test/fixtures';
import { cartLine, plainProducts, saveSubmits, setStock } from '../../../test/checkout-test-kit';
import { STAFF_SECRETS, staffSignIn } from '../../../test/staff-test-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { housekeepingTasks } from '../../housekeeping-tasks';
import { createDataAccess } from '../../repositories';
import { agingOf } from '../finance/finance.service';
import { createReportsService } from './reports.service';

const GZ = DEMO_IDS.stores.guangzhou;
let t: TestApp;
let buyer = '';
const staff = { owner: '', sales: '', catalogue: '' };
let products: number[] = [];
let carrierId = 0;

beforeAll(async () => {
  t = await createTestApp({
    seed: async (database) => {
      await seedDemoData(database, { parts: 200, seed: 7, passwordHashMemoryKiB: 1024 });
      for (const role of ['owner', 'sales', 'catalogue'] as const) {
        await createStaffMember(database, {
          login: `rep-${role}`,
          password: `${role}-pass-1234`,
          role,
          totpSecret: STAFF_SECRETS[role],
        });
      }
    },
  });
  const at = new Date();
  for (const role of ['owner', 'sales', 'catalogue'] as const) {
    staff[role] = await staffSignIn(t, `rep-${role}`, `${role}-pass-1234`, STAFF_SECRETS[role], at);
  }
  buyer = await t.login('demo', 'demo1234');
  await t.database.db.execute(
    sql`update companies set credit_limit = 100000000 where id = ${DEMO_IDS.demoCompany}`,
  );
  products = await plainProducts(t.database, 3);
  for (const product of products) await setStock(t.database, product, 1000);
  const [carrier] = await t.database.rows<{ id: number }>(
    sql`select id from freight_carriers where account_id = 1 order by id limit 1`,
  );
  carrierId = carrier!.id;
});
afterAll(() => t?.close());

const call = <T>(path: string, body: unknown, role: keyof typeof staff = 'sales', lng = 'en') =>
  t.call<T>(path, body, { token: staff[role], lng });

async function shippedOrder(qty: number, shipQty: number) {
  const items = [];
  for (const product of products.slice(0, 2)) items.push(await cartLine(t, buyer, product, qty, GZ));
  const saved = await saveSubmits(t, buyer, { items });
  if (saved.code !== 200) throw new Error(`SaveSubmits: ${saved.msg}`);
  const paid = await t.call(
    '/Web/WePay',
    { order_id: saved.data.order_id, method: 'account' },
    { token: buyer },
  );
  if (paid.code !== 200) throw new Error(`WePay: ${paid.msg}`);
  const id = saved.data.order_id;
  const confirmed = await call('/Admin/Orders/Confirm', { id });
  if (confirmed.code !== 200) throw new Error(`Confirm: ${confirmed.msg}`);
  const detail = await call<DeskOrder>('/Admin/Orders/Detail', { id });
  const shipped = await call<ShipResult>('/Admin/Orders/Ship', {
    id,
    store_id: GZ,
    carrier_id: carrierId,
    logistics_no: `SF${id}`,
    lines: detail.data.lines.map((line) => ({ line_id: line.id, qty: shipQty })),
  });
  if (shipped.code !== 200) throw new Error(`Ship: ${shipped.msg}`);
  return id;
}

const GROUPINGS: SalesDimension[][] = [
  ['month', 'company'],
  ['month', 'company', 'brand', 'part_type'],
  ['brand'],
  ['part_type', 'month'],
];
const FULL_RANGE = { month_from: '2020-01', month_to: '2030-12' };

/** Every grouping of the summary-backed report equals the same figures over the sales lines. */
async function expectSalesEqualDirect() {
  const service = createReportsService(createDataAccess(t.database));
  const members = await t.database.rows<{ id: number }>(sql`select id from staff where login = 'rep-sales'`);
  const ctx = { accountId: 1, staffId: members[0]!.id } as Parameters<typeof service.salesDirect>[0];
  for (const group_by of GROUPINGS) {
    // The direct aggregate spans 36 months at most too; the seed's history is within that.
    for (const range of [
      { month_from: '2024-01', month_to: '2026-12' },
      { month_from: '2026-11', month_to: '2026-11' },
    ]) {
      const answer = await call<SalesReport>('/Admin/Reports/Sales', { ...range, group_by });
      expect(answer.code).toBe(200);
      const direct = await service.salesDirect(ctx, { ...range, group_by });
      const strip = (
        rows: Array<{
          month: string | null;
          company_id: number | null;
          brand_id: number | null;
          part_type_id: number | null;
          lines: number;
          qty: number;
          amount: string;
        }>,
      ) =>
        rows.map((row) => [
          row.month,
          row.company_id,
          row.brand_id,
          row.part_type_id,
          row.lines,
          row.qty,
          Number(row.amount).toFixed(2),
        ]);
      expect(strip(answer.data.rows)).toEqual(strip(direct));
      const sum = direct.reduce((s, row) => s + Number(row.amount), 0);
      expect(Number(answer.data.totals.amount)).toBeCloseTo(sum, 2);
    }
  }
}

describe('sales report', () => {
  it('equals the direct aggregate after the seed, after shipments, a return, a re-dated and a deleted bill', async () => {
    const seeded = await call<SalesReport>('/Admin/Reports/Sales', {
      month_from: '2024-01',
      month_to: '2026-12',
      group_by: ['month'],
    });
    expect(seeded.data.rows.length).toBeGreaterThan(0);
    await expectSalesEqualDirect();

    await shippedOrder(4, 2);
    await shippedOrder(3, 3);
    await expectSalesEqualDirect();

    // A return as an ERP writes it: a bill with negative lines.
    const [bill] = await t.database.rows<{ id: number; company_id: number }>(
      sql`select id, company_id from sales_bills order by id desc limit 1`,
    );
    await t.database.db.execute(sql`
      with b as (
        insert into sales_bills (account_id, company_id, no, bill_date, state, cargo_state, amount, total_qty)
        values (1, ${bill!.company_id}, 'RET-1', now(), 'returned', 'returned', -50, -1) returning id)
      insert into sales_lines (sales_bill_id, company_id, seq, product_id, number, number_key, part_name, factory, unit, qty, price, sum)
      select b.id, ${bill!.company_id}, 1, ${products[0]!}, 'X', 'X', 'x', 'x', 'PCS', -1, 50, -50 from b`);
    await expectSalesEqualDirect();

    // Re-dated into another month, then a line edited, then a bill deleted (its lines cascade).
    await t.database.db.execute(
      sql`update sales_bills set bill_date = bill_date - interval '40 days' where id = ${bill!.id}`,
    );
    await t.database.db.execute(
      sql`update sales_lines set qty = qty + 1, sum = sum + 10 where sales_bill_id = ${bill!.id}`,
    );
    await expectSalesEqualDirect();
    const [old] = await t.database.rows<{ id: number }>(sql`select id from sales_bills order by id limit 1`);
    await t.database.db.execute(sql`delete from sales_bills where id = ${old!.id}`);
    await expectSalesEqualDirect();
  }, 120_000);

  it('filters by company, brand and part type', async () => {
    const all = await call<SalesReport>('/Admin/Reports/Sales', {
      ...{ month_from: '2024-01', month_to: '2026-12' },
      group_by: ['company', 'brand'],
    });
    const first = all.data.rows[0]!;
    const one = await call<SalesReport>('/Admin/Reports/Sales', {
      month_from: '2024-01',
      month_to: '2026-12',
      group_by: ['company', 'brand'],
      company_ids: [first.company_id!],
      brand_ids: [first.brand_id!],
    });
    expect(one.data.rows).toEqual([first]);
    const options = await call<ReportOptions>('/Admin/Reports/Options', {}, 'sales', 'es');
    expect(options.data.brands.map((b) => b.id)).toContain(first.brand_id);
    expect(options.data.part_types.at(-1)).toEqual({ id: 0, name: '(sin tipo)' });
    expect(first.company_name).not.toBe('');
    expect(first.brand).not.toBe('');
  });

  it('refuses a reversed or too long month range in the caller language, and the catalogue role', async () => {
    const reversed = await call(
      '/Admin/Reports/Sales',
      { month_from: '2026-05', month_to: '2026-01' },
      'sales',
      'es',
    );
    expect(reversed.code).toBe(40000);
    expect(reversed.msg).toContain('Rango de meses');
    expect((await call('/Admin/Reports/Sales', FULL_RANGE)).code).toBe(40000);
    expect((await call('/Admin/Reports/Sales', { month_from: '2026-13', month_to: '2026-01' })).code).toBe(
      40001,
    );
    expect(
      (await call('/Admin/Reports/Sales', { month_from: '2026-01', month_to: '2026-02' }, 'catalogue')).code,
    ).toBe(40003);
  });

  it('exports xlsx with a totals row', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/Admin/Reports/Sales/Export?month_from=2024-01&month_to=2026-12&group_by=month,company&lang=es',
      headers: { token: staff.sales },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/Admin/Reports/Sales/Export?month_from=2026-05&month_to=2026-01',
      headers: { token: staff.sales },
    });
    expect(bad.json().code).toBe(40000);
  });
});

describe('order queue totals from the summaries', () => {
  it('equal a count of the orders, unfiltered, by state and by company', async () => {
    for (const filter of [{}, { states: ['delivered', 'confirmed'] }, { company_id: DEMO_IDS.demoCompany }]) {
      const queue = await call<{ total: number }>('/Admin/Orders/Queue', { page: 1, pageSize: 5, ...filter });
      const states = 'states' in filter ? filter.states : null;
      const company = 'company_id' in filter ? filter.company_id : null;
      const [direct] = await t.database.rows<{ n: number }>(
        sql`select count(*)::int as n from orders where account_id = 1
          and (${company}::int is null or company_id = ${company}::int)
          and (${states === null} or state = any(string_to_array(${(states ?? []).join(',')}, ',')))`,
      );
      expect(queue.data.total).toBe(direct!.n);
    }
  });
});

describe('operator dashboard', () => {
  it("counts today's submitted, confirmed and shipped orders as the rows do, and overdue debts as the aging does", async () => {
    const answer = await call<OperatorDashboard>('/Admin/Reports/Dashboard', {}, 'catalogue');
    expect(answer.code).toBe(200);
    const d = answer.data;
    const [direct] = await t.database.rows<{
      sub: number;
      conf: number;
      bills: number;
      bill_amount: string;
    }>(sql`
      select
        (select count(distinct order_id)::int from order_events where to_state = 'submitted' and created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') as sub,
        (select count(distinct order_id)::int from order_events where to_state = 'confirmed' and created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') as conf,
        (select count(*)::int from sales_bills where bill_date >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' and bill_date < now() + interval '1 day') as bills,
        (select coalesce(sum(amount), 0)::text from sales_bills where bill_date >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' and bill_date < now() + interval '1 day') as bill_amount`);
    expect(d.submitted.orders).toBe(direct!.sub);
    expect(d.submitted.orders).toBeGreaterThanOrEqual(2);
    expect(d.confirmed.orders).toBe(direct!.conf);
    expect(d.shipped.orders).toBe(direct!.bills);
    expect(Number(d.shipped.amount)).toBeCloseTo(Number(direct!.bill_amount), 2);

    // Overdue per company equals each company's own aging.
    const { repos } = createDataAccess(t.database);
    const companies = await t.database.rows<{ id: number }>(
      sql`select id from companies where account_id = 1`,
    );
    const expected: Array<[number, string]> = [];
    for (const { id } of companies) {
      const aging = await agingOf(repos, id, new Date());
      if (aging && Number(aging.overdue) > 0) expected.push([id, aging.overdue]);
    }
    expect(expected.length).toBeGreaterThan(0);
    expect(d.overdue_companies).toBe(expected.length);
    expect(new Map(d.overdue.map((row) => [row.company_id, row.overdue]))).toEqual(
      new Map(expected.sort((a, b) => Number(b[1]) - Number(a[1])).slice(0, 10)),
    );
    expect(d.low_stock.length).toBeLessThanOrEqual(10);
    for (const row of d.low_stock) expect(row.available).toBeLessThan(row.monthly_qty);
  });
});

describe('demand log and report', () => {
  const misses = () =>
    t.database.rows<{ number_key: string; source: string; input: string }>(
      sql`select number_key, source, input from demand_misses order by id`,
    );

  it('records a search without a result, and not one that found something or was filtered', async () => {
    await t.database.db.execute(sql`delete from demand_misses`);
    const [known] = await t.database.rows<{ number: string }>(
      sql`select number from products where id = ${products[0]!}`,
    );
    const search = (body: object) =>
      t.call('/Web/GetProductList', { page: 1, pageSize: 20, ...body }, { token: buyer });
    expect((await search({ keyword: known!.number })).code).toBe(200);
    expect((await search({ keyword: 'zz-nothing 999/1' })).code).toBe(200);
    expect((await search({ keyword: 'qq-nothing', inStock: true })).code).toBe(200);
    expect(await misses()).toEqual([
      { number_key: 'ZZNOTHING9991', source: 'search', input: 'zz-nothing 999/1' },
    ]);
  });

  it('records the import lines not found, and only those', async () => {
    await t.database.db.execute(sql`delete from demand_misses`);
    const [known] = await t.database.rows<{ number: string }>(
      sql`select number from products where id = ${products[1]!}`,
    );
    const answer = await t.call(
      '/Web/MatchPartNumbers',
      { text: `${known!.number}\t2\nNOPE-4711\t3\nnope 4711\t1\nXY-0001-Q\t1` },
      { token: buyer },
    );
    expect(answer.code).toBe(200);
    const rows = await misses();
    expect(rows.every((row) => row.source === 'import')).toBe(true);
    expect(rows.map((row) => row.number_key).sort()).toEqual(['NOPE4711', 'XY0001Q']);
  });

  it('reports number, how often, which companies and when, filtered by date; exports xlsx; catalogue may read it', async () => {
    await t.database.db.execute(sql`delete from demand_misses`);
    await t.database.db.execute(sql`
      insert into demand_misses (account_id, company_id, number_key, input, source, at) values
        (1, ${DEMO_IDS.demoCompany}, 'ABC123', 'abc-123', 'search', now() - interval '2 days'),
        (1, ${DEMO_IDS.demoCompany}, 'ABC123', 'ABC 123', 'import', now() - interval '1 day'),
        (1, ${DEMO_IDS.partnerCompany}, 'ABC123', 'abc123', 'search', now()),
        (1, ${DEMO_IDS.demoCompany}, 'OLD1', 'old1', 'search', now() - interval '400 days')`);
    const report = await call<DemandReport>('/Admin/Reports/Demand', {}, 'catalogue');
    expect(report.code).toBe(200);
    expect(report.data.total).toBe(2);
    expect(report.data.misses).toBe(4);
    const top = report.data.list[0]!;
    expect(top).toMatchObject({
      number_key: 'ABC123',
      input: 'abc123',
      count: 3,
      searches: 2,
      imports: 1,
      companies: 2,
    });
    expect(top.company_codes).toHaveLength(2);
    const since = Math.floor(Date.now() / 1000) - 30 * 86_400;
    const recent = await call<DemandReport>('/Admin/Reports/Demand', { dateFrom: since, source: 'search' });
    expect(recent.data.list.map((row) => [row.number_key, row.count])).toEqual([['ABC123', 2]]);

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/Admin/Reports/Demand/Export?dateFrom=${since}&lang=zh`,
      headers: { token: staff.catalogue },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');

    // Housekeeping keeps 13 months.
    const { repos } = createDataAccess(t.database);
    const task = housekeepingTasks({ repos }).find((entry) => entry.name === 'demand-misses')!;
    expect(await task.run(new Date())).toEqual({ misses: 1 });
    expect((await misses()).map((row) => row.number_key)).not.toContain('OLD1');
  });
});
