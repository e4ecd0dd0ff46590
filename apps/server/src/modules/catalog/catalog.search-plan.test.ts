import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createAccount, createCompany } from '../../../test/fixtures';
import { createTestDatabase } from '../../../test/test-database';
import { explainingRepository, scannedRows } from '../../../test/catalog-plan-test-kit';
import { TIER_CAP, type SearchQuery } from './catalog.repository';

/**
 * The work a search does must stay bounded by the candidate cap, whatever the planner thinks of
 * the key. On 1M parts a broad prefix that sorts late ("8MK37…") made PostgreSQL walk the
 * (account, number, brand) unique index from the start and filter the LIKE row by row: 479,068
 * rows read for 500 kept, 2.3 s. These tests read EXPLAIN ANALYZE of the real statement and
 * count the rows every plan node touched.
 */
let database: Database;
let drop: () => Promise<void>;
let companyId: number;

const query = (key: string): SearchQuery => ({
  companyId,
  key,
  words: [],
  usePrefix: true,
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
  // 12,000 numbers before the broad prefix and 3,000 sharing it: many more than the cap, and
  // sorting last, where a walk of the wrong index costs the most.
  await database.rows(sql`
    insert into products (account_id, number, number_key, brand_id, name_zh, name_en, name_es, price, sale_count)
    select 1, k, k, ${brand!.id}, 'n', 'n', 'n', 10, g % 97
    from generate_series(1, 15000) g,
      lateral (select case when g <= 12000 then 'A' || lpad(g::text, 6, '0') else 'ZZ9' || lpad(g::text, 6, '0') end as k) keys`);
  await database.rows(sql`
    insert into product_numbers (product_id, kind, brand_name, number, number_key)
    select id, 'oe', 'Toyota', 'OE' || number_key, 'OE' || number_key from products`);
  await database.rows(sql`analyze products`);
  await database.rows(sql`analyze product_numbers`);
}, 120_000);

afterAll(async () => {
  await drop();
});

describe('search plan on a broad prefix', () => {
  it('reads about the capped candidates, not the whole index', async () => {
    const { repo, plans } = explainingRepository(database);
    const hits = await repo.search(query('ZZ9'), { accountId: 1 });
    expect(hits).toHaveLength(20);
    // Capped count: TIER_CAP of our numbers start with the key, none of the OE numbers do.
    expect(hits[0]!.total).toBe(TIER_CAP);
    expect(hits[0]!.capped).toBe(true);
    expect(scannedRows(plans[0]!)).toBeLessThanOrEqual(4 * TIER_CAP);
  });

  it('reads about the capped candidates for a broad cross-number prefix too', async () => {
    const { repo, plans } = explainingRepository(database);
    const hits = await repo.search(query('OEZZ9'), { accountId: 1 });
    expect(hits[0]!.total).toBe(TIER_CAP);
    // Only the cross-number tier reached the cap; that alone makes the total a lower bound.
    expect(hits[0]!.capped).toBe(true);
    expect(scannedRows(plans[0]!)).toBeLessThanOrEqual(4 * TIER_CAP);
  });

  it('still ranks by sales within the prefix candidates and finds the exact number first', async () => {
    const { repo } = explainingRepository(database);
    const hits = await repo.search(query('ZZ9012345'), { accountId: 1 });
    expect(hits[0]).toMatchObject({ rank: 0, kind: 'number', value: 'ZZ9012345', total: 1, capped: false });
    const broad = await repo.search(query('ZZ9'), { accountId: 1 });
    const sales = await database.rows<{ id: number; sale_count: number }>(
      sql`select id, sale_count from products where id in (${sql.join(
        broad.map((hit) => sql`${hit.id}`),
        sql`, `,
      )})`,
    );
    const byId = new Map(sales.map((row) => [row.id, row.sale_count]));
    const ordered = broad.map((hit) => byId.get(hit.id)!);
    expect(ordered).toEqual([...ordered].sort((a, b) => b - a));
  });
});
