import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../config';
import { rowsOf, type Database } from '../../db/client';
import { createAccount, createCompany } from '../../../test/fixtures';
import { repositoriesOn } from '../../../test/data-access';
import { createTestDatabase } from '../../../test/test-database';
import {
  genericPlan,
  planNodes,
  recordingPrepared,
  scannedRows,
  type PlanNode,
} from '../../../test/catalog-plan-test-kit';
import { TIER_CAP, type SearchQuery } from './catalog.repository';

/**
 * Issue 20: a number search and the page's hydration run as named prepared statements, and
 * PostgreSQL plans such a statement once (its generic plan) and reuses the plan for every key.
 * A generic plan does not see the key, so a `number_key like $1` in it could not use the
 * text_pattern_ops index (a scan of every part); these tests read the generic plan of the
 * statements the repository sends and fail when it leaves the indexes or reads more than the
 * capped candidates — and, on PostgreSQL, when the server does not settle on the generic plan.
 */
let database: Database;
let drop: () => Promise<void>;
let companyId: number;

const query = (key: string, usePrefix = true): SearchQuery => ({
  companyId,
  key,
  words: [],
  usePrefix,
  useInfix: false,
  sort: 'relevance',
  order: 'asc',
  limit: 20,
  offset: 0,
});

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await createAccount(database, 1);
  companyId = (await createCompany(database, 1, 'Buyer Co')).id;
  const [brand] = await database.rows<{ id: number }>(
    sql`insert into brands (account_id, name) values (1, 'Acme') returning id`,
  );
  // As in catalog.search-plan.test.ts: a broad prefix (ZZ9…) sorting after 12,000 other numbers.
  await database.rows(sql`
    insert into products (account_id, number, number_key, brand_id, name_zh, name_en, name_es, price, sale_count)
    select 1, k, k, ${brand!.id}, 'n', 'n', 'n', 10, g % 97
    from generate_series(1, 15000) g,
      lateral (select case when g <= 12000 then 'A' || lpad(g::text, 6, '0') else 'ZZ9' || lpad(g::text, 6, '0') end as k) keys`);
  await database.rows(sql`
    insert into product_numbers (product_id, kind, brand_name, number, number_key)
    select id, 'oe', 'Toyota', 'OE' || number_key, 'OE' || number_key from products`);
  await database.rows(sql`
    insert into customer_part_numbers (company_id, product_id, my_number, my_number_key)
    select ${companyId}, id, 'MY' || number_key, 'MY' || number_key from products where id % 3 = 0`);
  await database.rows(sql`analyze products`);
  await database.rows(sql`analyze product_numbers`);
  await database.rows(sql`analyze customer_part_numbers`);
}, 120_000);

afterAll(async () => {
  await drop();
});

const SEARCHED = ['products', 'product_numbers', 'customer_part_numbers'];

/** Scans of the searched tables that are not index scans. */
const fullScans = (plan: PlanNode) =>
  planNodes(plan).filter(
    (node) => SEARCHED.includes(node['Relation Name'] ?? '') && node['Node Type'] === 'Seq Scan',
  );
const indexesUsed = (plan: PlanNode) => new Set(planNodes(plan).map((node) => node['Index Name']));

async function searchStatement(key: string, usePrefix = true) {
  const { db, statements } = recordingPrepared(database.db);
  const hits = await repositoriesOn(db).catalog.search(query(key, usePrefix), { accountId: 1 });
  expect(statements).toHaveLength(1);
  return { hits, statement: statements[0]! };
}

describe('generic plans of the hot statements', () => {
  it('a broad prefix: every tier an index range, reading about the capped candidates', async () => {
    const { hits, statement } = await searchStatement('ZZ9');
    expect(hits[0]!.total).toBe(TIER_CAP);
    const plan = await genericPlan(database, statement);
    expect(fullScans(plan)).toEqual([]);
    for (const index of [
      'products_number_key_prefix_idx',
      'product_numbers_key_prefix_idx',
      'customer_part_numbers_key_idx',
    ]) {
      expect(indexesUsed(plan)).toContain(index);
    }
    expect(scannedRows(plan)).toBeLessThanOrEqual(4 * TIER_CAP);
  });

  it('an exact number, an OE number and a short key (equality) stay index lookups', async () => {
    for (const [key, usePrefix] of [
      ['ZZ9012345', true],
      ['OEA000123', true],
      ['MYZZ9012345', true],
      ['A0', false],
    ] as const) {
      const { statement } = await searchStatement(key, usePrefix);
      const plan = await genericPlan(database, statement);
      expect(fullScans(plan), key).toEqual([]);
      expect(scannedRows(plan), key).toBeLessThanOrEqual(10);
    }
  });

  it('the hydration of a page reads its products by primary key', async () => {
    const { db, statements } = recordingPrepared(database.db);
    const ids = rowsOf<{ id: number }>(
      await database.db.execute(sql`select id from products order by id limit 20`),
    ).map((row) => row.id);
    const rows = await repositoriesOn(db).catalog.productRows(ids, companyId, 'en');
    expect(rows).toHaveLength(20);
    const plan = await genericPlan(database, statements[0]!);
    expect(fullScans(plan)).toEqual([]);
    expect(indexesUsed(plan)).toContain('products_pkey');
  });
});

describe("a buyer's search and its page's rows in one statement (issue 20)", () => {
  async function searchRowsStatement(key: string, usePrefix = true) {
    const { db, statements } = recordingPrepared(database.db);
    const rows = await repositoriesOn(db).catalog.searchRows(
      query(key, usePrefix),
      { accountId: 1 },
      {
        companyId,
        language: 'en',
      },
    );
    // One round trip: the hydration is no second statement.
    expect(statements).toHaveLength(1);
    return { rows, statement: statements[0]! };
  }

  it('answers what search and productRows answer, in the same order', async () => {
    const catalog = repositoriesOn(database.db).catalog;
    for (const [key, sort, offset] of [
      ['ZZ9', 'relevance', 5],
      ['ZZ9012345', 'relevance', 0],
      ['OEA000123', 'relevance', 0],
      ['MYZZ90123', 'number', 0],
      ['A0001', 'salecount', 3],
      ['A0001', 'price', 0],
    ] as const) {
      const q = { ...query(key), sort, order: 'desc' as const, offset };
      const hits = await catalog.search(q, { accountId: 1 });
      const products = await catalog.productRows(
        hits.map((hit) => hit.id),
        companyId,
        'en',
      );
      const rows = await catalog.searchRows(q, { accountId: 1 }, { companyId, language: 'en' });
      expect(hits.length, key).toBeGreaterThan(0);
      expect(
        rows.map(({ product: _product, ...hit }) => hit),
        key,
      ).toEqual(hits);
      expect(
        rows.map((row) => row.product),
        key,
      ).toEqual(hits.map((hit) => products.find((product) => product.id === hit.id)));
    }
  });

  it('its generic plan: the tiers as index ranges, each page row by primary key', async () => {
    const { rows, statement } = await searchRowsStatement('ZZ9');
    expect(rows).toHaveLength(20);
    const broad = await genericPlan(database, statement);
    expect(fullScans(broad)).toEqual([]);
    for (const index of [
      'products_number_key_prefix_idx',
      'product_numbers_key_prefix_idx',
      'customer_part_numbers_key_idx',
      'products_pkey',
    ]) {
      expect(indexesUsed(broad)).toContain(index);
    }
    // The capped candidates, and the page's 20 rows with their few joined rows each.
    expect(scannedRows(broad)).toBeLessThanOrEqual(4 * TIER_CAP + 20 * 10);
    const exact = await genericPlan(database, (await searchRowsStatement('OEA000123')).statement);
    expect(fullScans(exact)).toEqual([]);
    expect(scannedRows(exact)).toBeLessThanOrEqual(20);
  });
});

describe('the hot statements are one text whatever the key, planned once on PostgreSQL', () => {
  it('plans a number search (with and without its rows) and a hydration once per connection, whatever the key', async () => {
    const keys = ['ZZ9', 'ZZ9012345', 'OEA000123', 'A00', 'A0001', 'ZZ901', 'OEZZ9', 'A000999', 'ZZ9014'];
    const { counts, texts } = await database.transaction(async (tx) => {
      const { db, statements } = recordingPrepared(tx);
      const catalog = repositoriesOn(db).catalog;
      for (const key of keys) {
        await catalog.searchRows(query(key), { accountId: 1 }, { companyId, language: 'en' });
        const hits = await catalog.search(query(key), { accountId: 1 });
        await catalog.productRows(
          hits.map((hit) => hit.id),
          companyId,
          'en',
        );
      }
      const names = [...new Set(statements.map((statement) => statement.name))];
      // PGlite drops statement names (every run is planned there); the texts are what make a
      // single plan possible on PostgreSQL, so both databases check them.
      const texts = new Set(statements.map((statement) => statement.text));
      if (testDatabaseKind() !== 'postgres') return { counts: [], texts };
      const counts = rowsOf<{ name: string; generic_plans: number; custom_plans: number }>(
        await tx.execute(
          sql`select name, generic_plans::int, custom_plans::int from pg_prepared_statements where name = any(${`{${names.join(',')}}`}::text[])`,
        ),
      );
      return { counts, texts };
    });
    // One text each for every key: the buyer's search with its rows, the search alone (the
    // back office's lists), and the hydration (equivalents, the detail).
    expect(texts.size).toBe(3);
    if (testDatabaseKind() !== 'postgres') return;
    // After PostgreSQL's five custom plans the cached generic plan runs (a custom plan each
    // time means planning each time).
    expect(counts).toHaveLength(3);
    for (const statement of counts) {
      expect(statement.generic_plans, statement.name).toBeGreaterThanOrEqual(keys.length - 5);
    }
  });
});
