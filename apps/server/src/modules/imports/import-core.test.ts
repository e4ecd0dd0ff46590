import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/fixtures';
import { createTestDatabase } from '../../../test/test-database';
import type { Database } from '../../db/client';
import { brands } from '../../db/schema/catalog';
import { createDataAccess, type DataAccess } from '../../repositories';
import {
  buildReference,
  MAX_ROWS_PER_CALL,
  upsertProducts,
  type CoreContext,
  type ImportRow,
} from './import-core';

/**
 * The import core as the integration API will call it (issue 13 item 3): rows in, a result per
 * row out, inside the caller's transaction.
 */
let database: Database;
let drop: () => Promise<void>;
let data: DataAccess;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await createAccount(database);
  await database.db.insert(brands).values([{ accountId: 1, name: 'BOSCH' }]);
  data = createDataAccess(database);
});
afterAll(async () => drop());

const context = async (): Promise<CoreContext> => ({
  accountId: 1,
  reference: buildReference(await data.repos.imports.reference(1)),
  present: new Set(['brand', 'number', 'name_en', 'price', 'cross_numbers']),
});

const rows = (prices: string[]): ImportRow[] =>
  prices.map((price, i) => ({
    row: i + 1,
    values: { brand: 'BOSCH', number: `API-${i}`, name_en: `Part ${i}`, price, cross_numbers: `OE:OE-${i}` },
  }));

describe('import core', () => {
  it('created, then unchanged, then updated; a dry run answers the same without writing', async () => {
    const ctx = await context();
    const dry = await upsertProducts(data.repos, rows(['1', '2']), { ...ctx, dryRun: true });
    expect(dry.map((r) => r.result)).toEqual(['created', 'created']);
    expect((await database.rows<{ n: number }>(sql`select count(*)::int as n from products`))[0]!.n).toBe(0);

    const first = await data.transaction((tx) => upsertProducts(tx, rows(['1', '2']), ctx));
    expect(first.map((r) => r.result)).toEqual(['created', 'created']);
    const again = await data.transaction((tx) => upsertProducts(tx, rows(['1', '2']), ctx));
    expect(again.map((r) => r.result)).toEqual(['unchanged', 'unchanged']);
    const dryChange = await upsertProducts(data.repos, rows(['1', '3']), { ...ctx, dryRun: true });
    expect(dryChange.map((r) => r.result)).toEqual(['unchanged', 'updated']);
    const changed = await data.transaction((tx) => upsertProducts(tx, rows(['1', '3']), ctx));
    expect(changed.map((r) => r.result)).toEqual(['unchanged', 'updated']);

    // Only the cross numbers differ: updated too, in the dry run and for real.
    const renumbered = rows(['1', '3']).map((row) => ({
      ...row,
      values: { ...row.values, cross_numbers: 'OE:NEW-1' },
    }));
    expect(
      (await upsertProducts(data.repos, renumbered, { ...ctx, dryRun: true })).map((r) => r.result),
    ).toEqual(['updated', 'updated']);
    await data.transaction((tx) => upsertProducts(tx, renumbered, ctx));
    expect(await database.rows(sql`select number from product_numbers order by product_id`)).toEqual([
      { number: 'NEW-1' },
      { number: 'NEW-1' },
    ]);
  });

  it('a duplicate in one call points at the first row; more than the limit is refused whole', async () => {
    const ctx = await context();
    const twice: ImportRow[] = [
      { row: 1, values: { brand: 'BOSCH', number: 'DUP-1', price: '1' } },
      { row: 2, values: { brand: 'bosch', number: 'dup 1', price: '2' } },
    ];
    const results = await data.transaction((tx) => upsertProducts(tx, twice, ctx));
    expect(results[1]).toMatchObject({
      result: 'error',
      errors: [{ message_key: 'catalogImportDuplicateRow', params: { row: 1 } }],
    });
    await expect(
      upsertProducts(data.repos, rows(Array(MAX_ROWS_PER_CALL + 1).fill('1')), ctx),
    ).rejects.toThrow();
  });
});
