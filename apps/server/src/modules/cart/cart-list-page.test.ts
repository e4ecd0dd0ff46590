// GetCartList reads its page, the line count and the currency in one statement
// (cart.repository.ts#listPage); these pin what the three separate queries answered before.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createAccount, createCompany, createUser } from '../../../test/fixtures';
import { createTestDatabase } from '../../../test/test-database';
import { createCartRepository } from './cart.repository';

let database: Database;
let drop: () => Promise<void>;
const buyer = { userId: 0, companyId: 0 };
const colleague = { userId: 0, companyId: 0 };
const products: number[] = [];
let storeId = 0;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await createAccount(database, 1);
  const company = await createCompany(database, 1, 'Rapid Auto Repair');
  await database.db.execute(sql`update companies set currency = 'EUR' where id = ${company.id}`);
  buyer.companyId = colleague.companyId = company.id;
  buyer.userId = (
    await createUser(database, { accountId: 1, companyId: company.id, userId: 'b', password: 'b12345' })
  ).id;
  colleague.userId = (
    await createUser(database, { accountId: 1, companyId: company.id, userId: 'c', password: 'c12345' })
  ).id;
  const [brand] = await database.rows<{ id: number }>(
    sql`insert into brands (account_id, name) values (1, 'Bosch') returning id`,
  );
  for (const number of ['0 986 452 041', '0 986 494 294', '0 242 236 571']) {
    const [row] = await database.rows<{ id: number }>(sql`
      insert into products (account_id, brand_id, number, number_key, name_en, name_zh, name_es, price)
      values (1, ${brand!.id}, ${number}, ${number.replace(/\s/g, '')}, 'Part', '零件', 'Pieza', '10.00')
      returning id`);
    products.push(row!.id);
  }
  const [store] = await database.rows<{ id: number }>(
    sql`insert into stores (account_id, name) values (1, 'Guangzhou') returning id`,
  );
  storeId = store!.id;
  // Three lines changed at known times, the middle one with a store; the oldest product retired.
  const [a, b, c] = products as [number, number, number];
  await database.db.execute(sql`
    insert into cart_items (company_id, user_id, product_id, store_id, qty, remark, updated_at) values
      (${buyer.companyId}, ${buyer.userId}, ${a}, null, 1, 'oldest', '2026-11-01T08:00:00Z'),
      (${buyer.companyId}, ${buyer.userId}, ${b}, ${storeId}, 2, 'middle', '2026-11-02T08:00:00Z'),
      (${buyer.companyId}, ${buyer.userId}, ${c}, null, 3, 'newest', '2026-11-03T08:00:00Z')`);
  await database.db.execute(sql`update products set is_active = false where id = ${a}`);
}, 120_000);
afterAll(async () => drop?.());

describe('cart list page', () => {
  it('answers the newest lines first, cut to the limit, with the count of all lines and the currency', async () => {
    const repo = createCartRepository(database.db);
    const page = await repo.listPage(buyer, 2);
    expect(page.count).toBe(3);
    expect(page.currency).toBe('EUR');
    expect(page.rows).toEqual([
      {
        id: expect.any(Number),
        product_id: products[2],
        store_id: null,
        store_name: null,
        qty: 3,
        remark: 'newest',
        is_active: true,
        updated_at: Date.parse('2026-11-03T08:00:00Z') / 1000,
      },
      expect.objectContaining({
        product_id: products[1],
        store_id: storeId,
        store_name: 'Guangzhou',
        qty: 2,
      }),
    ]);
  });

  it('answers every line without a limit, a retired product marked inactive', async () => {
    const page = await createCartRepository(database.db).listPage(buyer, null);
    expect(page.rows.map((row) => [row.remark, row.is_active])).toEqual([
      ['newest', true],
      ['middle', true],
      ['oldest', false],
    ]);
    expect(page.count).toBe(3);
  });

  it('still answers the count and currency for an empty cart', async () => {
    expect(await createCartRepository(database.db).listPage(colleague, 1)).toEqual({
      rows: [],
      count: 0,
      currency: 'EUR',
    });
  });
});
