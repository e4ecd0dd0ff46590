import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE, ALL_MENU_CODES } from '@partsportal/contract/endpoint';
import { normalizePartNumber } from '@partsportal/contract/part-number';
import { verifyPassword } from '../../platform/password';
import { createTestDatabase } from '../../../test/test-database';
import type { Database } from '../client';
import { DEMO_ANCHORS, DEMO_IDS, isDatabaseEmpty, seedDemoData, type SeedSummary } from './demo-data';
import { truncateAllTables } from './reset';

const NOW = new Date('2025-11-21T08:00:00Z');
const PARTS = 300;

let database: Database;
let drop: () => Promise<void>;
let summary: SeedSummary;

/** md5 over the ordered rows of the main tables (users without their salted password hashes). */
async function fingerprint(db: Database): Promise<Record<string, string>> {
  const queries: Record<string, ReturnType<typeof sql>> = {
    products: sql`select md5(string_agg(t::text, '|' order by id)) as h from products t`,
    product_numbers: sql`select md5(string_agg(t::text, '|' order by id)) as h from product_numbers t`,
    fitments: sql`select md5(string_agg(t::text, '|' order by product_id, vehicle_id)) as h from fitments t`,
    stock: sql`select md5(string_agg(t::text, '|' order by product_id, store_id)) as h from stock t`,
    orders: sql`select md5(string_agg(t::text, '|' order by id)) as h from orders t`,
    order_lines: sql`select md5(string_agg(t::text, '|' order by id)) as h from order_lines t`,
    sales_bills: sql`select md5(string_agg(t::text, '|' order by id)) as h from sales_bills t`,
    ledger_entries: sql`select md5(string_agg(t::text, '|' order by id)) as h from ledger_entries t`,
    users: sql`select md5(string_agg(concat_ws(',', id, company_id, user_id, name, role, menus::text, tags::text, show_address, product_detail_title_show_my_number, created_at), '|' order by id)) as h from users`,
  };
  const out: Record<string, string> = {};
  for (const [name, query] of Object.entries(queries)) {
    const rows = await db.rows<{ h: string | null }>(query);
    out[name] = rows[0]?.h ?? '';
  }
  return out;
}

const count = async (query: ReturnType<typeof sql>): Promise<number> => {
  const rows = await database.rows<{ n: number | string }>(query);
  return Number(rows[0]?.n ?? Number.NaN);
};

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => drop?.());

describe('demo data', () => {
  it('seeds an empty database quickly and reports counts', async () => {
    expect(await isDatabaseEmpty(database)).toBe(true);
    summary = await seedDemoData(database, { parts: PARTS, seed: 7, now: NOW, passwordHashMemoryKiB: 1024 });
    expect(await isDatabaseEmpty(database)).toBe(false);
    expect(summary.counts.products).toBe(PARTS);
    expect(summary.counts.users).toBe(4);
    expect(summary.counts.orders).toBeGreaterThan(100);
    expect(await count(sql`select count(*) as n from products`)).toBe(PARTS);
    expect(await count(sql`select count(*) as n from order_lines`)).toBe(summary.counts.order_lines);
  });

  it('is deterministic: same seed and now give the same data, another seed different data', async () => {
    const first = await fingerprint(database);
    await truncateAllTables(database);
    expect(await isDatabaseEmpty(database)).toBe(true);
    await seedDemoData(database, { parts: PARTS, seed: 7, now: NOW, passwordHashMemoryKiB: 1024 });
    const again = await fingerprint(database);
    expect(again).toEqual(first);
    for (const value of Object.values(first)) expect(value).toMatch(/^[0-9a-f]{32}$/);

    await truncateAllTables(database);
    await seedDemoData(database, { parts: PARTS, seed: 8, now: NOW, passwordHashMemoryKiB: 1024 });
    const other = await fingerprint(database);
    expect(other.products).not.toBe(first.products);
    expect(other.orders).not.toBe(first.orders);
    expect(other.users).toBe(first.users);

    // Leave the seed-7 data in place for the checks below.
    await truncateAllTables(database);
    await seedDemoData(database, { parts: PARTS, seed: 7, now: NOW, passwordHashMemoryKiB: 1024 });
  }, 120_000);

  it('creates the four logins of brief §7', async () => {
    const users = await database.rows<{
      id: number;
      user_id: string;
      company_id: number;
      role: string;
      menus: string[];
      tags: string[];
      show_address: boolean;
      product_detail_title_show_my_number: boolean;
      password_hash: string;
      account_id: number;
    }>(sql`select * from users order by id`);
    const byName = new Map(users.map((u) => [u.user_id, u]));
    expect([...byName.keys()].sort()).toEqual(['admin', 'demo', 'partner', 'viewer']);
    const demo = byName.get('demo')!;
    const viewer = byName.get('viewer')!;
    const partner = byName.get('partner')!;
    const admin = byName.get('admin')!;
    for (const user of users) expect(user.account_id).toBe(1);
    expect([...demo.menus].sort()).toEqual([...ALL_MENU_CODES].sort());
    expect(demo.show_address).toBe(true);
    expect(demo.product_detail_title_show_my_number).toBe(true);
    expect(viewer.menus).toEqual(['1001', '1007']);
    expect(viewer.company_id).toBe(demo.company_id);
    expect(partner.company_id).not.toBe(demo.company_id);
    expect(admin.role).toBe(ADMIN_ROLE);
    expect(demo.role).not.toBe(ADMIN_ROLE);
    for (const [user, password] of [
      [demo, 'demo1234'],
      [viewer, 'viewer1234'],
      [partner, 'partner1234'],
      [admin, 'admin1234'],
    ] as const) {
      expect(await verifyPassword(user.password_hash, password)).toBe(true);
    }
    expect(await verifyPassword(demo.password_hash, 'viewer1234')).toBe(false);

    const partnerCompany = await database.rows<{ is_supplier: boolean }>(
      sql`select is_supplier from companies where id = ${partner.company_id}`,
    );
    expect(partnerCompany[0]?.is_supplier).toBe(true);
    expect(
      await count(sql`select count(*) as n from purchases where supplier_company_id = ${partner.company_id}`),
    ).toBeGreaterThan(10);
    expect(
      await count(sql`select count(*) as n from orders where company_id = ${demo.company_id}`),
    ).toBeGreaterThan(50);
    expect(
      await count(
        sql`select count(*) as n from addresses where company_id = ${demo.company_id} and is_default`,
      ),
    ).toBe(1);
  });

  it('has a broad catalogue: brands, part types, cross numbers, fitments, areas', async () => {
    expect(await count(sql`select count(*) as n from brands`)).toBeGreaterThanOrEqual(25);
    expect(await count(sql`select count(*) as n from part_types`)).toBeGreaterThanOrEqual(40);
    expect(await count(sql`select count(*) as n from vehicles`)).toBeGreaterThanOrEqual(150);
    expect(await count(sql`select count(*) as n from stores`)).toBeGreaterThanOrEqual(3);
    expect(await count(sql`select count(*) as n from notices`)).toBeGreaterThanOrEqual(12);
    expect(await count(sql`select count(*) as n from freight_rates`)).toBeGreaterThan(50);
    const countries = await database.rows<{ code: string }>(sql`select code from areas where level = 2`);
    expect(countries.map((c) => c.code)).toEqual(expect.arrayContaining(['CN', 'US', 'ES', 'MX', 'DE']));
    expect(
      await count(
        sql`select count(*) as n from areas a join areas p on p.id = a.parent_id where a.level = 3 and p.code = 'CN'`,
      ),
    ).toBeGreaterThanOrEqual(31);
    const perProduct = await count(
      sql`select count(*)::float / (select count(*) from products) as n from product_numbers`,
    );
    expect(perProduct).toBeGreaterThan(2);
    expect(perProduct).toBeLessThan(4);
    expect(
      await count(sql`select max(c) as n from (select count(*) as c from fitments group by product_id) f`),
    ).toBeLessThanOrEqual(8);
    for (const anchor of DEMO_ANCHORS) {
      expect(
        await count(
          sql`select count(*) as n from product_numbers where product_id = ${anchor.productId} and number_key = ${normalizePartNumber(anchor.oe)}`,
        ),
      ).toBe(1);
    }
  });

  it('stores every number with its normalized key', async () => {
    const numbers = await database.rows<{ number: string; number_key: string }>(
      sql`select number, number_key from product_numbers`,
    );
    const parts = await database.rows<{ number: string; number_key: string }>(
      sql`select number, number_key from products`,
    );
    const mine = await database.rows<{ number: string; number_key: string }>(
      sql`select my_number as number, my_number_key as number_key from customer_part_numbers`,
    );
    expect(numbers.length).toBeGreaterThan(PARTS);
    for (const row of [...numbers, ...parts, ...mine])
      expect(row.number_key).toBe(normalizePartNumber(row.number));
  });

  it('keeps stock, totals and the ledger consistent', async () => {
    expect(
      await count(sql`select count(*) as n from stock where available_stock > stock or available_stock < 0`),
    ).toBe(0);
    expect(await count(sql`select count(*) as n from stock where stock = 0`)).toBeGreaterThan(0);
    expect(
      await count(sql`
      select count(*) as n from orders o
      where o.amount <> (select sum(sum) from order_lines l where l.order_id = o.id)
         or o.total_qty <> (select sum(qty) from order_lines l where l.order_id = o.id)
         or o.export_qty <> (select sum(export_qty) from order_lines l where l.order_id = o.id)`),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*) as n from order_lines where sum <> price * qty or export_qty > qty or export_qty < 0`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*) as n from sales_bills b where b.amount <> (select sum(sum) from sales_lines l where l.sales_bill_id = b.id)`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*) as n from deliveries d where d.amount <> (select sum(sum) from delivery_lines l where l.delivery_id = d.id)`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*) as n from purchases p where p.amount <> (select sum(sum) from purchase_lines l where l.purchase_id = p.id)`,
      ),
    ).toBe(0);
    // Every sales bill is one debit in the ledger; every payment one credit.
    expect(
      await count(sql`
      select count(*) as n from sales_bills b
      where not exists (select 1 from ledger_entries e where e.ref_no = b.no and e.kind = 'sale' and e.debit = b.amount and e.company_id = b.company_id)`),
    ).toBe(0);
    expect(
      await count(sql`
      select count(*) as n from payments p
      where not exists (select 1 from ledger_entries e where e.ref_no = p.no and e.kind = 'payment' and e.credit = p.amount + p.cutmoney)`),
    ).toBe(0);
    // Delivered orders are fully shipped; open ones not at all.
    expect(
      await count(
        sql`select count(*) as n from orders where state = 'delivered' and export_qty <> total_qty`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*) as n from orders where state in ('pending_payment', 'submitted', 'confirmed', 'cancelled') and export_qty <> 0`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*) as n from orders where state = 'partially_delivered' and not (export_qty > 0 and export_qty < total_qty)`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select count(distinct state) as n from orders where company_id = ${DEMO_IDS.demoCompany}`,
      ),
    ).toBeGreaterThanOrEqual(4);
    // Nothing lies in the future of `now`.
    for (const [table, column] of [
      ['orders', 'bill_date'],
      ['order_events', 'created_at'],
      ['deliveries', 'date'],
      ['payments', 'date'],
      ['ledger_entries', 'date'],
      ['notices', 'published_at'],
    ] as const) {
      expect(
        await count(
          sql`select count(*) as n from ${sql.identifier(table)} where ${sql.identifier(column)} > ${NOW.toISOString()}::timestamptz`,
        ),
      ).toBe(0);
    }
  });

  it('leaves every company with a credit limit room to pay on account', async () => {
    expect(
      await count(sql`
      select count(*) as n from companies c
      where c.credit_limit > 0
        and c.credit_limit <= (select coalesce(sum(debit - credit), 0) from ledger_entries l where l.company_id = c.id)`),
    ).toBe(0);
  });

  it('continues every id sequence after the seeded ids', async () => {
    const rows = await database.rows<{ next: number | string; max: number | string }>(
      sql`select nextval(pg_get_serial_sequence('orders', 'id')) as next, (select max(id) from orders) as max`,
    );
    expect(Number(rows[0]?.next)).toBeGreaterThan(Number(rows[0]?.max));
  });

  // Last, as it replaces the seed-7 data: DEMO_HISTORY=false (issue 15's journey starts from nothing).
  it('without history writes companies, users, stores and the catalogue, and no records', async () => {
    await truncateAllTables(database);
    const bare = await seedDemoData(database, {
      parts: PARTS,
      seed: 7,
      now: NOW,
      passwordHashMemoryKiB: 1024,
      history: false,
    });
    expect(bare.counts.products).toBe(PARTS);
    expect(bare.counts.users).toBe(4);
    expect(await count(sql`select count(*) as n from companies`)).toBeGreaterThan(3);
    expect(await count(sql`select count(*) as n from stock`)).toBeGreaterThan(0);
    for (const table of [
      'orders',
      'order_lines',
      'deliveries',
      'sales_bills',
      'payments',
      'ledger_entries',
      'purchases',
      'notices',
    ])
      expect(await count(sql`select count(*) as n from ${sql.identifier(table)}`), table).toBe(0);
  });

  it('a large seed sets the indexes and foreign keys aside and puts every one back, with the same data', async () => {
    // What a 1M or 10M seed does (from 100,000 parts), tried on 300 parts: the catalogue's and
    // the history's secondary indexes and foreign keys dropped for the load, rebuilt after.
    const schema = async () => ({
      indexes: (
        await database.rows<{ definition: string }>(
          sql`select indexdef as definition from pg_indexes where schemaname = current_schema() order by indexname`,
        )
      ).map((row) => row.definition),
      foreignKeys: (
        await database.rows<{ definition: string }>(
          sql`select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) as definition
              from pg_constraint where contype = 'f' and connamespace = current_schema()::regnamespace
              order by 1`,
        )
      ).map((row) => row.definition),
    });
    const options = { parts: PARTS, seed: 7, now: NOW, passwordHashMemoryKiB: 1024 };
    await truncateAllTables(database);
    await seedDemoData(database, options);
    const before = { schema: await schema(), data: await fingerprint(database) };
    expect(before.schema.indexes.length).toBeGreaterThan(40);
    expect(before.schema.foreignKeys.length).toBeGreaterThan(20);

    await truncateAllTables(database);
    const lines: string[] = [];
    await seedDemoData(database, { ...options, setAsideIndexesFrom: 1, log: (line) => lines.push(line) });
    expect(
      lines.some((line) => /rebuilding \d+ indexes and foreign keys/.test(line)),
      lines.join('\n'),
    ).toBe(true);
    expect(
      lines.some((line) => /rebuilding \d+ history indexes and foreign keys/.test(line)),
      lines.join('\n'),
    ).toBe(true);
    expect(await schema()).toEqual(before.schema);
    expect(await fingerprint(database)).toEqual(before.data);
  }, 120_000);
});
