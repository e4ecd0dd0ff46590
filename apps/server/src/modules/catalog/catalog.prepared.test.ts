import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createAccount, createCompany } from '../../../test/fixtures';
import { repositoriesOn } from '../../../test/data-access';
import { createTestDatabase } from '../../../test/test-database';

/**
 * productRows runs as a named prepared statement on PostgreSQL: one statement text for every
 * page size (the ids travel as one array), the same rows as a plain query.
 */
let database: Database;
let drop: () => Promise<void>;
let companyId: number;
const ids: number[] = [];

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await createAccount(database, 1);
  companyId = (await createCompany(database, 1, 'Buyer Co')).id;
  const [brand] = await database.rows<{ id: number }>(
    sql`insert into brands (account_id, name) values (1, 'Acme') returning id`,
  );
  const rows = await database.rows<{ id: number }>(sql`
    insert into products (account_id, number, number_key, brand_id, name_zh, name_en, name_es, price)
    select 1, 'P-' || g, 'P' || g, ${brand!.id}, '零件' || g, 'Part ' || g, 'Pieza ' || g, g
    from generate_series(1, 30) g returning id`);
  ids.push(...rows.map((row) => row.id));
}, 60_000);
afterAll(async () => drop());

describe('prepared product rows', () => {
  it('answers pages of any size, repeatedly, with the right products', async () => {
    const repo = repositoriesOn(database.db).catalog;
    // More runs than PostgreSQL's five custom plans, and sizes that differ between runs.
    for (const size of [1, 20, 3, 30, 1, 7, 20, 2]) {
      const page = ids.slice(0, size);
      const rows = await repo.productRows(page, companyId, 'en');
      expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(page);
      expect(rows.find((row) => row.id === page[0])).toMatchObject({
        number: 'P-1',
        part_name: 'Part 1',
        price: '1.00',
      });
    }
  });

  it('answers nothing for no ids and ignores ids of no product', async () => {
    const repo = repositoriesOn(database.db).catalog;
    expect(await repo.productRows([], companyId, 'en')).toEqual([]);
    expect(
      (await repo.productRows([ids[0]!, 999_999_999], companyId, 'es')).map((row) => row.part_name),
    ).toEqual(['Pieza 1']);
  });
});
