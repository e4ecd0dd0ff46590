import type { ProductRow } from '@partsportal/contract/catalog';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { seedDemoData } from '../../db/seed/demo-data';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TIER_CAP } from './catalog.repository';

/**
 * Broad searches rank a capped candidate set for speed (docs/PERFORMANCE.md). The answer must
 * say so (`total_is_lower_bound`), every page the total promises must have rows, and a page past
 * them answers an empty list with the same total and flag, not "0 results".
 */
let t: TestApp;
let demo: string;
const vehicles = { broad: 0, narrow: 0 };

interface ProductList {
  list: ProductRow[];
  total: number;
  total_is_lower_bound?: boolean;
}

/** Parts the tests add to the demo account: more than the cap share a prefix. */
const BROAD_PARTS = 450;
const INFIX_PARTS = 30;

beforeAll(async () => {
  t = await createTestApp({
    seed: (database: Database) =>
      seedDemoData(database, {
        parts: 300,
        seed: 7,
        now: new Date('2026-11-01T00:00:00Z'),
        passwordHashMemoryKiB: 1024,
      }).then(() => undefined),
  });
  demo = await t.login('demo', 'demo1234');
  const [owner] = await t.database.rows<{ account_id: number; brand_id: number }>(sql`
    select c.account_id, (select b.id from brands b where b.account_id = c.account_id order by b.id limit 1) as brand_id
    from users u join companies c on c.id = u.company_id where u.user_id = 'demo'`);
  const { account_id: accountId, brand_id: brandId } = owner!;
  // QZ70001 … QZ70450; QZ700… are 99 of them, under the cap. The infix parts hide "WV8Q3" inside.
  await t.database.rows(sql`
    insert into products (account_id, number, number_key, brand_id, name_zh, name_en, name_es, price, sale_count)
    select ${accountId}::int, k, k, ${brandId}::int, 'n', 'n', 'n', 10 + g, g % 37
    from generate_series(1, ${BROAD_PARTS}::int) g, lateral (select 'QZ7' || lpad(g::text, 4, '0') as k) keys`);
  await t.database.rows(sql`
    insert into products (account_id, number, number_key, brand_id, name_zh, name_en, name_es, price, sale_count)
    select ${accountId}::int, k, k, ${brandId}::int, 'n', 'n', 'n', 10, g
    from generate_series(1, ${INFIX_PARTS}::int) g, lateral (select 'JJ' || lpad(g::text, 2, '0') || 'WV8Q3' as k) keys`);
  const [broad, narrow] = await t.database.rows<{ id: number }>(sql`
    insert into vehicles (account_id, m1_name, m2_name, m3_name)
    values (${accountId}::int, 'Capmake', 'Capmodel', 'broad'), (${accountId}::int, 'Capmake', 'Capmodel', 'narrow')
    returning id`);
  vehicles.broad = broad!.id;
  vehicles.narrow = narrow!.id;
  await t.database.rows(sql`
    insert into fitments (product_id, vehicle_id) select id, ${vehicles.broad}::int from products where number_key like 'QZ7%'`);
  await t.database.rows(sql`
    insert into fitments (product_id, vehicle_id)
    select id, ${vehicles.narrow}::int from products where number_key like 'QZ7%' order by id limit 5`);
});
afterAll(async () => t?.close());

const search = async (body: Record<string, unknown>) => {
  const answer = await t.call<ProductList>(
    '/Web/GetProductList',
    { page: 1, pageSize: 20, ...body },
    { token: demo, lng: 'en' },
  );
  expect(answer.code).toBe(200);
  return answer.data;
};

/** Every page the first answer's total promises, then the page after them. */
async function walkPages(body: Record<string, unknown>, pageSize: number) {
  const first = await search({ ...body, pageSize });
  const lastPage = Math.ceil(first.total / pageSize);
  const pages = [first];
  for (let page = 2; page <= lastPage; page++) pages.push(await search({ ...body, pageSize, page }));
  const beyond = await search({ ...body, pageSize, page: lastPage + 1 });
  return { first, pages, beyond };
}

describe('capped totals of broad catalogue searches', () => {
  it('a broad prefix says its total is a lower bound, and every promised page has rows', async () => {
    const { first, pages, beyond } = await walkPages({ keyword: 'QZ7' }, 20);
    expect(first.total_is_lower_bound).toBe(true);
    expect(first.total).toBeGreaterThanOrEqual(TIER_CAP);
    expect(first.total).toBeLessThan(BROAD_PARTS);
    for (const [index, page] of pages.entries()) {
      expect(page.list.length, `page ${index + 1}`).toBeGreaterThan(0);
      expect(page.total).toBe(first.total);
      expect(page.total_is_lower_bound).toBe(true);
    }
    const ids = pages.flatMap((page) => page.list.map((row) => row.id));
    expect(new Set(ids).size).toBe(first.total);
    expect(ids.length).toBe(first.total);
    // Past the reachable results: an empty page that still carries the total and the flag.
    expect(beyond).toEqual({ list: [], total: first.total, total_is_lower_bound: true });
    const far = await search({ keyword: 'QZ7', page: 500 });
    expect(far).toEqual({ list: [], total: first.total, total_is_lower_bound: true });
  });

  it('keeps the flag and reachable pages under another sort', async () => {
    const { first, pages } = await walkPages({ keyword: 'QZ7', sort: 'price', order: 'desc' }, 50);
    expect(first.total_is_lower_bound).toBe(true);
    const prices = pages.flatMap((page) => page.list.map((row) => Number(row.price)));
    expect(prices).toHaveLength(first.total);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it('a narrower prefix under the cap keeps an exact total and no flag', async () => {
    const { first, pages, beyond } = await walkPages({ keyword: 'QZ700' }, 20);
    expect(first).toMatchObject({ total: 99, total_is_lower_bound: false });
    expect(pages.flatMap((page) => page.list).every((row) => row.number.startsWith('QZ700'))).toBe(true);
    expect(pages.at(-1)!.list).toHaveLength(19);
    expect(beyond).toEqual({ list: [], total: 99, total_is_lower_bound: false });
  });

  it('an exact number keeps an exact total and no flag', async () => {
    const answer = await search({ keyword: 'QZ70123' });
    expect(answer.total).toBe(1);
    expect(answer.total_is_lower_bound).toBe(false);
    expect(answer.list[0]).toMatchObject({ number: 'QZ70123', match: { kind: 'number' } });
  });

  it('an infix search pages past its first page with an exact total', async () => {
    const { first, pages, beyond } = await walkPages({ keyword: 'WV8Q3' }, 20);
    expect(first).toMatchObject({ total: INFIX_PARTS, total_is_lower_bound: false });
    expect(pages.map((page) => page.list.length)).toEqual([20, 10]);
    expect(pages.flatMap((page) => page.list).every((row) => row.match.kind === 'infix')).toBe(true);
    expect(beyond).toEqual({ list: [], total: INFIX_PARTS, total_is_lower_bound: false });
  });

  it('a vehicle alone with more parts than the cap is flagged; a narrow one is exact', async () => {
    const { first, pages, beyond } = await walkPages({ vehicle: { vehicleId: vehicles.broad } }, 20);
    expect(first).toMatchObject({ total: TIER_CAP, total_is_lower_bound: true });
    expect(pages).toHaveLength(TIER_CAP / 20);
    expect(pages.every((page) => page.list.length === 20)).toBe(true);
    expect(beyond).toEqual({ list: [], total: TIER_CAP, total_is_lower_bound: true });
    const narrow = await search({ vehicle: { vehicleId: vehicles.narrow } });
    expect(narrow.total).toBe(5);
    expect(narrow.total_is_lower_bound).toBe(false);
    expect(narrow.list).toHaveLength(5);
  });

  it('browsing without a keyword counts everything exactly', async () => {
    const answer = await search({ page: 1000 });
    expect(answer).toEqual({ list: [], total: 300 + BROAD_PARTS + INFIX_PARTS, total_is_lower_bound: false });
  });

  it('similar-number suggestions promise only pages that have rows', async () => {
    const { first, pages, beyond } = await walkPages({ keyword: 'QZ7012X' }, 5);
    expect(first.total).toBeGreaterThan(5);
    expect(first.total_is_lower_bound).toBe(false);
    expect(pages.every((page) => page.list.length > 0)).toBe(true);
    expect(pages.flatMap((page) => page.list).every((row) => row.match.kind === 'similar')).toBe(true);
    expect(beyond.list).toEqual([]);
    expect(beyond.total).toBe(first.total);
  });
});
