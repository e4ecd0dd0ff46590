import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from './client';
import { MIGRATIONS_DIR } from './client';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => drop?.());

describe('migrations from empty', () => {
  it('create every table of the schema', async () => {
    const rows = await database.rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = rows.map((row) => row.table_name);
    for (const table of [
      'accounts',
      'companies',
      'users',
      'sessions',
      'brands',
      'products',
      'product_numbers',
      'customer_part_numbers',
      'vehicles',
      'fitments',
      'stores',
      'stock',
      'price_levels',
      'company_prices',
      'cart_items',
      'orders',
      'order_lines',
      'order_events',
      'deliveries',
      'delivery_lines',
      'sales_bills',
      'sales_lines',
      'purchases',
      'purchase_lines',
      'payments',
      'ledger_entries',
      'notices',
      'notice_reads',
      'addresses',
      'areas',
      'freight_carriers',
      'freight_rates',
    ]) {
      expect(names).toContain(table);
    }
  });

  it('record every migration file as applied', async () => {
    const files = fs.readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql'));
    const rows = await database.rows<{ n: string | number }>(
      sql`select count(*) as n from drizzle.__drizzle_migrations`,
    );
    expect(Number(rows[0]?.n)).toBe(files.length);
  });

  it('enable pg_trgm', async () => {
    const rows = await database.rows<{ s: number }>(sql`select similarity('0446533450', '044653345') as s`);
    expect(Number(rows[0]?.s)).toBeGreaterThan(0.5);
  });

  it('store money as numeric and refuse negative available stock', async () => {
    const columns = await database.rows<{ data_type: string }>(
      sql`select data_type from information_schema.columns where table_name = 'order_lines' and column_name = 'price'`,
    );
    expect(columns[0]?.data_type).toBe('numeric');
    const checks = await database.rows<{ conname: string }>(
      sql`select conname from pg_constraint where conname = 'stock_available_nonnegative'`,
    );
    expect(checks).toHaveLength(1);
  });

  it('keep migrations in order with a journal entry each', () => {
    const journal = JSON.parse(
      fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: Array<{ idx: number; tag: string }>;
    };
    expect(journal.entries.map((entry) => entry.idx)).toEqual(journal.entries.map((_, index) => index));
  });
});
