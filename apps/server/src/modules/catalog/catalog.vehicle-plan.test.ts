import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createAccount, createCompany } from '../../../test/fixtures';
import { createTestDatabase } from '../../../test/test-database';
import { explainingRepository, scannedRows } from '../../../test/catalog-plan-test-kit';
import { TIER_CAP, type SearchQuery } from './catalog.repository';

/**
 * A search by vehicle alone must stay bounded by the candidate cap. On 1M parts a vehicle fits
 * 30,000+ of them, and counting and sorting them all for one page took 95 ms and collapsed to
 * 14 req/s at 50 connections. These tests read EXPLAIN ANALYZE of the real statement and count
 * the rows every plan node touched.
 */
let database: Database;
let drop: () => Promise<void>;
let companyId: number;
let otherBrandId: number;
const vehicleIds: Record<'broad' | 'narrow' | 'early', number> = { broad: 0, narrow: 0, early: 0 };

const query = (overrides: Partial<SearchQuery> = {}): SearchQuery => ({
  companyId,
  key: '',
  words: [],
  usePrefix: false,
  useInfix: false,
  sort: 'relevance',
  order: 'asc',
  limit: 20,
  offset: 0,
  ...overrides,
});

const salesOf = async (ids: number[]) => {
  const found = await database.rows<{ id: number; sale_count: number }>(
    sql`select id, sale_count from products where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const byId = new Map(found.map((row) => [row.id, row.sale_count]));
  return ids.map((id) => byId.get(id)!);
};

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await createAccount(database, 1);
  companyId = (await createCompany(database, 1, 'Buyer Co')).id;
  const [brand, other] = await database.rows<{ id: number }>(
    sql`insert into brands (account_id, name) values (1, 'Acme'), (1, 'Other') returning id`,
  );
  otherBrandId = other!.id;
  // Every 50th part is of the other brand, so a brand filter keeps a sparse subset.
  await database.rows(sql`
    insert into products (account_id, number, number_key, brand_id, name_zh, name_en, name_es, price, sale_count)
    select 1, 'V' || lpad(g::text, 6, '0'), 'V' || lpad(g::text, 6, '0'),
      case when g % 50 = 0 then ${otherBrandId}::int else ${brand!.id}::int end, 'n', 'n', 'n', 10, g % 97
    from generate_series(1, 15000) g`);
  const vehicles = await database.rows<{ id: number; m3_name: string }>(sql`
    insert into vehicles (account_id, m1_name, m2_name, m3_name)
    values (1, 'Make', 'Model', 'broad'), (1, 'Make', 'Model', 'narrow'), (1, 'Make', 'Model', 'early')
    returning id, m3_name`);
  for (const vehicle of vehicles) vehicleIds[vehicle.m3_name as keyof typeof vehicleIds] = vehicle.id;
  // The broad and narrow vehicles fit the last parts of the table, where walking the products
  // primary key or the (product, vehicle) key from the start costs the most; the early vehicle
  // fills the fitments ahead of them.
  await database.rows(sql`
    insert into fitments (product_id, vehicle_id)
    select id, ${vehicleIds.early} from products order by id limit 12000`);
  await database.rows(sql`
    insert into fitments (product_id, vehicle_id)
    select id, ${vehicleIds.broad} from products order by id desc limit 3000`);
  await database.rows(sql`
    insert into fitments (product_id, vehicle_id)
    select id, ${vehicleIds.narrow} from products order by id desc limit 5`);
  await database.rows(sql`analyze products`);
  await database.rows(sql`analyze fitments`);
}, 120_000);

afterAll(async () => {
  await drop();
});

describe('search plan by vehicle alone', () => {
  it('reads about the capped candidates of a broad vehicle and reports a capped total', async () => {
    const { repo, plans } = explainingRepository(database);
    const hits = await repo.search(query(), { accountId: 1, vehicleId: vehicleIds.broad });
    expect(hits).toHaveLength(20);
    expect(hits[0]!.total).toBe(TIER_CAP);
    expect(hits[0]!.capped).toBe(true);
    expect(scannedRows(plans[0]!)).toBeLessThanOrEqual(4 * TIER_CAP);
  });

  it('reads only its few fitments for a narrow vehicle', async () => {
    const { repo, plans } = explainingRepository(database);
    const hits = await repo.search(query(), { accountId: 1, vehicleId: vehicleIds.narrow });
    expect(hits).toHaveLength(5);
    expect(hits[0]!.total).toBe(5);
    expect(hits[0]!.capped).toBe(false);
    expect(scannedRows(plans[0]!)).toBeLessThanOrEqual(50);
    const fitted = await database.rows<{ product_id: number }>(
      sql`select product_id from fitments where vehicle_id = ${vehicleIds.narrow}`,
    );
    expect(hits.map((hit) => hit.id).sort()).toEqual(fitted.map((row) => row.product_id).sort());
  });

  it('ranks the candidates by sales and pages through them without repeats', async () => {
    const { repo } = explainingRepository(database);
    const filters = { accountId: 1, vehicleId: vehicleIds.broad };
    const first = await repo.search(query(), filters);
    const second = await repo.search(query({ offset: 20 }), filters);
    const sales = await salesOf([...first, ...second].map((hit) => hit.id));
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
    expect(new Set([...first, ...second].map((hit) => hit.id)).size).toBe(40);
    const byNumber = await repo.search(query({ sort: 'number', order: 'desc' }), filters);
    const numbers = await database.rows<{ id: number; number_key: string }>(
      sql`select id, number_key from products where id in (${sql.join(
        byNumber.map((hit) => sql`${hit.id}`),
        sql`, `,
      )})`,
    );
    const keyOf = new Map(numbers.map((row) => [row.id, row.number_key]));
    const keys = byNumber.map((hit) => keyOf.get(hit.id)!);
    expect(keys).toEqual([...keys].sort().reverse());
  });

  it('applies product filters before the cap, so sparse matches are all found', async () => {
    const { repo } = explainingRepository(database);
    const hits = await repo.search(query({ limit: 200 }), {
      accountId: 1,
      vehicleId: vehicleIds.broad,
      brandIds: [otherBrandId],
    });
    const [expected] = await database.rows<{ count: number }>(sql`
      select count(*)::int as count from fitments f join products p on p.id = f.product_id
      where f.vehicle_id = ${vehicleIds.broad} and p.brand_id = ${otherBrandId}`);
    expect(expected!.count).toBeGreaterThan(0);
    expect(hits).toHaveLength(expected!.count);
    expect(hits[0]!.total).toBe(expected!.count);
  });
});
