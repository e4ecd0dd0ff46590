import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/fixtures';
import { createTestDatabase } from '../../../test/test-database';
import type { Database } from '../../db/client';
import { brands } from '../../db/schema/catalog';
import { createDataAccess, type DataAccess } from '../../repositories';
import {
  buildReference,
  deactivateProducts,
  upsertPrices,
  upsertProducts,
  upsertReference,
  type CoreContext,
  type ImportRow,
} from './import-core';

/**
 * Decision 028: an identical product row is recognised by its content hash and skips the diff
 * and the writes. These tests hold the other side of it: a row that differs in any one field
 * (names per language, fitments, cross numbers, …) is never `unchanged`, and neither is the same
 * row after anything else changed the product, its cross numbers or its fitments.
 */
let database: Database;
let drop: () => Promise<void>;
let data: DataAccess;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await createAccount(database);
  await database.db.insert(brands).values([{ accountId: 1, name: 'BOSCH' }]);
  data = createDataAccess(database);
  await data.transaction(async (tx) => {
    await upsertReference(
      tx,
      'part_types',
      ['PAD', 'DISC'].map((code, row) => ({
        row,
        key: code.toLowerCase(),
        values: { code, name_zh: code, name_en: code, name_es: code },
      })),
      { accountId: 1 },
    );
    await upsertReference(
      tx,
      'vehicles',
      ['Corolla', 'Camry'].map((model, row) => ({
        row,
        key: ['toyota', model.toLowerCase(), '2015', '1.6'].join('\u001f'),
        values: { m1_name: 'Toyota', m2_name: model, m3_name: model, m3_year: '2015', m3_engine: '1.6' },
      })),
      { accountId: 1 },
    );
  });
});
afterAll(async () => drop());

const context = async (): Promise<CoreContext> => ({
  accountId: 1,
  reference: buildReference(await data.repos.imports.reference(1)),
  present: new Set(),
});

const corolla = { make: 'Toyota', model: 'Corolla', year: '2015', engine: '1.6' };
const camry = { make: 'Toyota', model: 'Camry', year: '2015', engine: '1.6' };

/** A product row with every field an API row can carry. */
const fullRow = (number: string): ImportRow => ({
  row: 0,
  values: {
    brand: 'BOSCH',
    number,
    name_zh: '刹车片',
    name_en: 'Brake pad',
    name_es: 'Pastilla',
    part_type: 'PAD',
    unit: 'SET',
    weight: '1.2',
    volume: '0.003',
    buy_qty: '2',
    price: '10.5',
    is_new: '1',
  },
  lists: {
    crossNumbers: [
      { kind: 'oe', brand: 'TOYOTA', number: `04465-${number}` },
      { kind: 'brand', brand: 'DENSO', number: `DP-${number}` },
    ],
    params: [{ name: 'Width', value: '120 mm' }],
    pictures: ['https://img.example/1.jpg'],
    fitments: [corolla],
  },
});

const apply = async (row: ImportRow, dryRun = false) => {
  const ctx = { ...(await context()), dryRun };
  const [result] = dryRun
    ? await upsertProducts(data.repos, [row], ctx)
    : await data.transaction((tx) => upsertProducts(tx, [row], ctx));
  return result!.result;
};

const storedHash = async (number: string) =>
  (
    await database.rows<{ content_hash: string | null }>(
      sql`select content_hash from products where number = ${number}`,
    )
  )[0]!.content_hash;

/** One field changed at a time; each must come back `updated`, then `unchanged` when repeated. */
const variants: Array<[string, (row: ImportRow) => ImportRow]> = [
  ['name_zh', (row) => ({ ...row, values: { ...row.values, name_zh: '刹车片 新' } })],
  ['name_en', (row) => ({ ...row, values: { ...row.values, name_en: 'Brake pad set' } })],
  ['name_es', (row) => ({ ...row, values: { ...row.values, name_es: 'Pastillas' } })],
  ['part_type', (row) => ({ ...row, values: { ...row.values, part_type: 'DISC' } })],
  ['unit', (row) => ({ ...row, values: { ...row.values, unit: 'PCS' } })],
  ['weight', (row) => ({ ...row, values: { ...row.values, weight: '1.3' } })],
  ['volume', (row) => ({ ...row, values: { ...row.values, volume: '0.004' } })],
  ['buy_qty', (row) => ({ ...row, values: { ...row.values, buy_qty: '4' } })],
  ['price', (row) => ({ ...row, values: { ...row.values, price: '11' } })],
  ['is_new', (row) => ({ ...row, values: { ...row.values, is_new: '0' } })],
  ['params', (row) => ({ ...row, lists: { ...row.lists, params: [{ name: 'Width', value: '121 mm' }] } })],
  ['pictures', (row) => ({ ...row, lists: { ...row.lists, pictures: ['https://img.example/2.jpg'] } })],
  [
    'cross number',
    (row) => ({
      ...row,
      lists: { ...row.lists, crossNumbers: [{ kind: 'oe', brand: 'TOYOTA', number: '04465-OTHER' }] },
    }),
  ],
  [
    'cross number kind',
    (row) => ({
      ...row,
      lists: {
        ...row.lists,
        crossNumbers: row.lists!.crossNumbers!.map((entry) => ({ ...entry, kind: 'brand' as const })),
      },
    }),
  ],
  ['fitments', (row) => ({ ...row, lists: { ...row.lists, fitments: [corolla, camry] } })],
  [
    'number as printed',
    (row) => ({ ...row, values: { ...row.values, number: row.values.number!.toLowerCase() } }),
  ],
];

describe('unchanged rows by content hash', () => {
  it('the same row twice is unchanged, and the product keeps its hash', async () => {
    expect(await apply(fullRow('H-0'))).toBe('created');
    expect(await storedHash('H-0')).toMatch(/^[\w-]{43}$/);
    expect(await apply(fullRow('H-0'))).toBe('unchanged');
    expect(await apply(fullRow('H-0'), true)).toBe('unchanged');
  });

  it.each(variants)('a different %s is updated (dry run and for real), then unchanged', async (_, change) => {
    const number = `H-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    expect(await apply(fullRow(number))).toBe('created');
    const changed = change(fullRow(number));
    expect(await apply(changed, true)).toBe('updated');
    expect(await apply(changed)).toBe('updated');
    expect(await apply(changed)).toBe('unchanged');
    // And back again.
    expect(await apply(fullRow(number))).toBe('updated');
  });

  it('a field left out keeps the stored value: unchanged though the hash differs, and the hash is stored', async () => {
    expect(await apply(fullRow('H-OMIT'))).toBe('created');
    const partial: ImportRow = { row: 0, values: { brand: 'BOSCH', number: 'H-OMIT', price: '10.5' } };
    expect(await apply(partial)).toBe('unchanged');
    expect(await apply(partial)).toBe('unchanged');
    // The full row's hash is gone (the partial row's is stored), so a real change shows.
    expect(await apply({ ...partial, values: { ...partial.values, price: '12' } })).toBe('updated');
    expect(await apply(fullRow('H-OMIT'))).toBe('updated');
  });

  describe('a change made elsewhere forgets the hash: the same row again is updated', () => {
    const fresh = async (number: string) => {
      expect(await apply(fullRow(number))).toBe('created');
      expect(await apply(fullRow(number))).toBe('unchanged');
    };
    const productId = async (number: string) =>
      (await database.rows<{ id: number }>(sql`select id from products where number = ${number}`))[0]!.id;

    it('a product column (the back office edits a name)', async () => {
      await fresh('E-1');
      await database.db.execute(sql`update products set name_en = 'Edited' where number = 'E-1'`);
      expect(await storedHash('E-1')).toBeNull();
      expect(await apply(fullRow('E-1'), true)).toBe('updated');
      expect(await apply(fullRow('E-1'))).toBe('updated');
      expect(await apply(fullRow('E-1'))).toBe('unchanged');
    });

    it('the list price through the prices batch', async () => {
      await fresh('E-2');
      const ctx = await context();
      const [price] = await data.transaction((tx) =>
        upsertPrices(tx, [{ row: 0, values: { brand: 'BOSCH', number: 'E-2', price: '99' } }], ctx),
      );
      expect(price!.result).toBe('updated');
      expect(await apply(fullRow('E-2'))).toBe('updated');
    });

    it('deactivation (a delta feed delete)', async () => {
      await fresh('E-3');
      const ctx = await context();
      await data.transaction((tx) =>
        deactivateProducts(tx, [{ row: 0, values: { brand: 'BOSCH', number: 'E-3' } }], ctx),
      );
      expect(await apply(fullRow('E-3'))).toBe('updated');
    });

    it('a cross number added, changed or removed', async () => {
      await fresh('E-4');
      const id = await productId('E-4');
      await database.db.execute(
        sql`insert into product_numbers (product_id, kind, brand_name, number, number_key) values (${id}, 'oe', 'HONDA', 'X1', 'X1')`,
      );
      expect(await apply(fullRow('E-4'))).toBe('updated');
      expect(await apply(fullRow('E-4'))).toBe('unchanged');
      await database.db.execute(
        sql`update product_numbers set number = 'DP-OTHER' where product_id = ${id} and kind = 'brand'`,
      );
      expect(await apply(fullRow('E-4'))).toBe('updated');
      expect(await apply(fullRow('E-4'))).toBe('unchanged');
      await database.db.execute(sql`delete from product_numbers where product_id = ${id} and kind = 'oe'`);
      expect(await apply(fullRow('E-4'))).toBe('updated');
    });

    it('a fitment added or removed', async () => {
      await fresh('E-5');
      const id = await productId('E-5');
      await database.db.execute(sql`delete from fitments where product_id = ${id}`);
      expect(await apply(fullRow('E-5'))).toBe('updated');
      expect(await apply(fullRow('E-5'))).toBe('unchanged');
      await database.db.execute(
        sql`insert into fitments (product_id, vehicle_id) select ${id}, id from vehicles where m2_name = 'Camry'`,
      );
      expect(await apply(fullRow('E-5'))).toBe('updated');
    });

    it('a change later in the same transaction as the core (its sync flag ends with its sync)', async () => {
      await fresh('E-6');
      const id = await productId('E-6');
      const ctx = await context();
      const changed = { ...fullRow('E-6'), values: { ...fullRow('E-6').values, price: '1' } };
      await data.transaction(async (tx, db) => {
        expect((await upsertProducts(tx, [changed], ctx))[0]!.result).toBe('updated');
        await db.execute(sql`delete from product_numbers where product_id = ${id} and kind = 'brand'`);
      });
      expect(await apply(changed)).toBe('updated');
      expect(await apply(changed)).toBe('unchanged');
    });
  });
});
