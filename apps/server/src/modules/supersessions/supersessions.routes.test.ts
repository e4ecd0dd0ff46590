import type { MatchResult } from '@partsportal/contract/cart';
import type { ProductDetail, ProductList } from '@partsportal/contract/catalog';
import type { BatchResult } from '@partsportal/contract/integration-batch';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, sheetFile } from '../../../test/cart-test-files';
import { createAccount, createCompany, createUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createDataAccess } from '../../repositories';
import { createApiKeysService } from '../integration/api-keys.service';

/**
 * Supersessions and substitutes end to end (decision 023): loaded through /api/v1, followed by
 * the catalogue and the cart import, equivalents offered only in stock, at each buyer's price.
 */
let t: TestApp;
let gold = '';
let plain = '';
let catalogKey = '';
let stockKey = '';
const id: Record<string, number> = {};

async function seed(database: TestApp['database']) {
  await createAccount(database, 1);
  await database.db.execute(
    sql`insert into price_levels (id, account_id, name, factor) values (1, 1, 'Gold', 0.5)`,
  );
  const a = await createCompany(database, 1, 'Gold Garage');
  const b = await createCompany(database, 1, 'Plain Parts');
  await database.db.execute(sql`update companies set price_level_id = 1 where id = ${a.id}`);
  await createUser(database, { accountId: 1, companyId: a.id, userId: 'gold', password: 'demo1234' });
  await createUser(database, { accountId: 1, companyId: b.id, userId: 'plain', password: 'demo1234' });
  await database.db.execute(sql`
    insert into brands (id, account_id, name) values (1, 1, 'BOSCH'), (2, 1, 'TRW'), (3, 1, 'FEBI')`);
  await database.db.execute(sql`insert into stores (id, account_id, name) values (1, 1, 'Main')`);
  const parts: Array<[string, string, number, number, number]> = [
    // name, number, brand, list price, available
    ['old', '0 986 494 001', 1, 100, 0],
    ['new', '0 986 494 002', 1, 120, 5],
    ['pad', 'GDB1001', 2, 80, 0],
    ['crossStocked', '16001', 3, 70, 3],
    ['crossEmpty', '16002', 3, 75, 0],
    ['substitute', 'GDB2002', 2, 90, 4],
    ['oneWayTarget', 'GDB3003', 2, 60, 0],
    ['oneWaySource', '17001', 3, 65, 6],
  ];
  for (const [name, number, brand, price, available] of parts) {
    const [row] = await database.rows<{ id: number }>(sql`
      insert into products (account_id, number, number_key, brand_id, name_zh, name_en, name_es, price)
      values (1, ${number}, ${number.replace(/[^0-9A-Z]/g, '')}, ${brand}, '刹车片', 'Brake pad', 'Pastilla', ${price})
      returning id`);
    id[name] = row!.id;
    await database.db.execute(sql`
      insert into stock (product_id, store_id, stock, available_stock) values (${row!.id}, 1, ${available}, ${available})`);
  }
  for (const name of ['pad', 'crossStocked', 'crossEmpty']) {
    await database.db.execute(sql`
      insert into product_numbers (product_id, kind, brand_name, number, number_key)
      values (${id[name]}, 'oe', 'TOYOTA', '04465-33450', '0446533450')`);
  }
}

beforeAll(async () => {
  t = await createTestApp({ seed });
  gold = await t.login('gold', 'demo1234');
  plain = await t.login('plain', 'demo1234');
  const keys = createApiKeysService(createDataAccess(t.database));
  const actor = { kind: 'command' as const, id: null, name: 'test', ip: '' };
  catalogKey = (await keys.create({ accountId: 1, name: 'erp', scopes: ['catalog:write'] }, actor)).key;
  stockKey = (await keys.create({ accountId: 1, name: 'stock', scopes: ['stock:write'] }, actor)).key;
}, 120_000);
afterAll(async () => t?.close());

const post = (path: string, rows: unknown[], key = catalogKey, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${path}`,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ rows }),
  });
async function batch(path: string, rows: unknown[], headers: Record<string, string> = {}) {
  const answer = await post(path, rows, catalogKey, headers);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as BatchResult;
}
const kinds = (result: BatchResult) => result.results.map((row) => row.result);

const search = async (keyword: string, token = gold, lng = 'en') => {
  const answer = await t.call<ProductList>('/Web/GetProductList', { keyword }, { token, lng });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data;
};
const paste = async (text: string, token = gold, lng = 'en') => {
  const answer = await t.call<MatchResult>('/Web/MatchPartNumbers', { text }, { token, lng });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data;
};

describe('/api/v1/supersessions and /api/v1/substitutes', () => {
  it('upserts per row: created, then unchanged, then updated; errors per row; replays by Idempotency-Key', async () => {
    const rows = [
      { old_brand: 'BOSCH', old_number: '0 986 494 000', new_brand: 'bosch', new_number: '0 986 494 001' },
      {
        old_brand: 'BOSCH',
        old_number: '0986494001',
        new_brand: 'BOSCH',
        new_number: '0 986 494 002',
        note: 'New compound',
      },
      { old_brand: 'NOPE', old_number: '1', new_brand: 'BOSCH', new_number: '2' },
      { old_brand: 'BOSCH', old_number: 'X-1', new_brand: 'BOSCH', new_number: 'x1' },
      { old_brand: 'BOSCH', old_number: '0986494000', new_brand: 'TRW', new_number: 'GDB1001' },
    ];
    const first = await batch('/supersessions/batch', rows, {
      'idempotency-key': 'sup-1',
      'accept-language': 'es',
    });
    expect(kinds(first)).toEqual(['created', 'created', 'error', 'error', 'error']);
    expect(first.results[2]!.errors![0]).toMatchObject({ field: 'old_brand' });
    expect(first.results[2]!.errors![0]!.message).toContain('NOPE');
    expect(first.results[4]!.errors![0]!.message).toContain('fila 0');
    const replay = await batch('/supersessions/batch', rows, { 'idempotency-key': 'sup-1' });
    expect(replay.replayed).toBe(true);
    expect(replay.batch_id).toBe(first.batch_id);
    expect(kinds(await batch('/supersessions/batch', rows.slice(0, 2)))).toEqual(['unchanged', 'unchanged']);
    expect(
      kinds(
        await batch('/supersessions/batch', [
          { ...rows[1], note: 'New friction compound', since: '2026-01-01' },
        ]),
      ),
    ).toEqual(['updated']);
    const [stored] = await t.database.rows<{ count: number }>(
      sql`select count(*)::int as count from supersessions`,
    );
    expect(stored!.count).toBe(2);
  });

  it('refuses a key without catalog:write and lists the operations in the OpenAPI document', async () => {
    const refused = await post(
      '/supersessions/batch',
      [{ old_brand: 'BOSCH', old_number: '1', new_brand: 'BOSCH', new_number: '2' }],
      stockKey,
    );
    expect(refused.statusCode).toBe(403);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, { post?: { operationId: string } }>;
    };
    for (const [path, op] of [
      ['/supersessions/batch', 'upsertSupersessions'],
      ['/supersessions/delete', 'deleteSupersessions'],
      ['/substitutes/batch', 'upsertSubstitutes'],
      ['/substitutes/delete', 'deleteSubstitutes'],
    ] as const) {
      const entry = Object.entries(doc.paths).find(([key]) => key.endsWith(path));
      expect(entry?.[1].post?.operationId).toBe(op);
    }
  });

  it('substitutes: two-way by default, one-way on request; deletes answer unchanged when nothing was there', async () => {
    const result = await batch('/substitutes/batch', [
      { brand: 'TRW', number: 'GDB 2002', substitute_brand: 'TRW', substitute_number: 'GDB1001' },
      {
        brand: 'FEBI',
        number: '17001',
        substitute_brand: 'TRW',
        substitute_number: 'GDB3003',
        two_way: false,
      },
      { brand: 'TRW', number: 'GDB1001', substitute_brand: 'TRW', substitute_number: 'gdb-1001' },
      { brand: 'TRW', number: 'GDB9', substitute_brand: 'FEBI', substitute_number: '9' },
    ]);
    expect(kinds(result)).toEqual(['created', 'created', 'error', 'created']);
    const deleted = await batch('/substitutes/delete', [
      { brand: 'TRW', number: 'GDB9', substitute_brand: 'FEBI', substitute_number: '9' },
      { brand: 'TRW', number: 'GDB9', substitute_brand: 'FEBI', substitute_number: '9' },
    ]);
    expect(kinds(deleted)).toEqual(['updated', 'unchanged']);
  });
});

describe('buyers follow supersessions and are offered equivalents in stock', () => {
  it('search by a replaced number leads to the newest number and says so; the old row says "replaced by"', async () => {
    // 0986494000 is not in the catalogue: two links lead to 0 986 494 002.
    const gone = await search('0986494000');
    expect(gone.replacements?.map((row) => row.id)).toEqual([id.new]);
    expect(gone.replacements![0]!.replaces).toMatchObject({ number: '0 986 494 000', factory: 'BOSCH' });
    expect(gone.list).toEqual([]);

    const old = await search('0 986 494 001');
    const oldRow = old.list.find((row) => row.id === id.old)!;
    expect(oldRow.replaced_by).toMatchObject({ id: id.new, number: '0 986 494 002', factory: 'BOSCH' });
    expect(oldRow.replaced_by!.note).toBe('New friction compound');
    // Out of stock: its successor, in stock, is offered first.
    expect(oldRow.equivalents[0]).toMatchObject({ id: id.new, source: 'supersession', available_stock: 5 });
    expect(old.replacements?.map((row) => row.id)).toEqual([id.new]);
    // A row in stock gets no equivalents computed.
    expect(old.replacements![0]!.equivalents).toEqual([]);
  });

  it('equivalents: cross numbers and substitutes, only in stock, at the buyer price level', async () => {
    const rowOf = async (token: string) =>
      (await search('GDB1001', token)).list.find((row) => row.id === id.pad)!;
    const forGold = await rowOf(gold);
    const offered = forGold.equivalents.map((item) => [item.id, item.source]);
    expect(offered).toEqual(
      expect.arrayContaining([
        [id.substitute, 'substitute'],
        [id.crossStocked, 'cross'],
      ]),
    );
    expect(offered.map(([item]) => item)).not.toContain(id.crossEmpty);
    expect(forGold.equivalents.find((item) => item.id === id.crossStocked)!.price).toBe('35.00');
    const forPlain = await rowOf(plain);
    expect(forPlain.equivalents.find((item) => item.id === id.crossStocked)!.price).toBe('70.00');

    // The detail offers the same; a one-way substitute is not offered the other way round.
    const detail = await t.call<ProductDetail>(`/Web/GetProductDetail/${id.pad}`, {}, { token: gold });
    expect(detail.data.equivalents.map((item) => item.id)).toEqual(
      expect.arrayContaining([id.substitute, id.crossStocked]),
    );
    const oneWay = await t.call<ProductDetail>(
      `/Web/GetProductDetail/${id.oneWayTarget}`,
      {},
      { token: gold },
    );
    expect(oneWay.data.equivalents).toEqual([]);
    const stocked = await t.call<ProductDetail>(`/Web/GetProductDetail/${id.new}`, {}, { token: gold });
    expect(stocked.data.equivalents).toEqual([]);
  });

  it('paste import takes the successor and says so in the reader language, with its equivalents', async () => {
    const result = await paste('0986494000 2\nGDB1001 1\n0 986 494 001', gold, 'es');
    const [gone, pad, old] = result.lines;
    expect(gone).toMatchObject({ status: 'replaced', qty: 2, replaces: { number: '0 986 494 000' } });
    expect(gone!.product!.id).toBe(id.new);
    expect(gone!.message).toContain('sustituido');
    expect(old).toMatchObject({ status: 'replaced', replaces: { number: '0986494001' } });
    expect(old!.product!.id).toBe(id.new);
    expect(pad!.status).toBe('exact');
    expect(pad!.equivalents.map((item) => item.id)).toEqual(
      expect.arrayContaining([id.substitute, id.crossStocked]),
    );
    expect(pad!.equivalents.every((item) => item.available_stock > 0)).toBe(true);
    expect(result.summary.matched).toBe(3);
  });

  it('spreadsheet import follows the same way', async () => {
    const file = sheetFile(
      [
        ['number', 'qty'],
        ['0986494000', 1],
      ],
      'xlsx',
    );
    const { payload, headers } = multipart('list.xlsx', file);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/Web/ImportBill',
      headers: { ...headers, token: gold, lng: 'en' },
      payload,
    });
    const body = answer.json() as { code: number; data: MatchResult };
    expect(body.code).toBe(200);
    expect(body.data.lines[0]).toMatchObject({ status: 'replaced', product: { id: id.new } });
    expect(body.data.lines[0]!.message).toContain('replaced by BOSCH 0 986 494 002');
  });

  it('a deleted supersession is no longer followed', async () => {
    expect(
      kinds(await batch('/supersessions/delete', [{ old_brand: 'BOSCH', old_number: '0986494000' }])),
    ).toEqual(['updated']);
    expect((await search('0986494000')).replacements).toBeUndefined();
    const [line] = (await paste('0986494000')).lines;
    expect(line!.status).toBe('not_found');
  });
});
