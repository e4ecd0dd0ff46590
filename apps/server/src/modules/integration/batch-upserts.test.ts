import type { ProductRow } from '@partsportal/contract/catalog';
import type { BatchResult } from '@partsportal/contract/integration-batch';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createCompany, createUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { priceLevels } from '../../db/schema/accounts';
import { createDataAccess } from '../../repositories';
import { createApiKeysService } from './api-keys.service';

let t: TestApp;
let buyer = '';
let catalogKey = '';
let stockKey = '';
let pricesKey = '';
let everyKey = '';
let customersKey = '';

const post = (path: string, body: unknown, key: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${path}`,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });

async function batch(path: string, rows: unknown[], key = everyKey, headers: Record<string, string> = {}) {
  const answer = await post(path, { rows }, key, headers);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as BatchResult;
}

const kinds = (result: BatchResult) => result.results.map((row) => row.result);

beforeAll(async () => {
  t = await createTestApp({
    seed: async (database) => {
      await createAccount(database, 1);
      const company = await createCompany(database, 1, 'Rapid Auto Repair');
      await database.db.execute(sql`update companies set code = 'RAR01' where id = ${company.id}`);
      await createUser(database, {
        accountId: 1,
        companyId: company.id,
        userId: 'demo',
        password: 'demo1234',
      });
      await database.db.insert(priceLevels).values({ accountId: 1, name: 'Gold', factor: '0.9' });
    },
  });
  buyer = await t.login('demo', 'demo1234');
  const keys = createApiKeysService(createDataAccess(t.database));
  const actor = { kind: 'command' as const, id: null, name: 'test', ip: '' };
  const key = async (name: string, scopes: Parameters<typeof keys.create>[0]['scopes']) =>
    (await keys.create({ accountId: 1, name, scopes }, actor)).key;
  catalogKey = await key('catalogue', ['catalog:write']);
  stockKey = await key('stock', ['stock:write']);
  pricesKey = await key('prices', ['prices:write']);
  everyKey = await key('erp', ['catalog:write', 'stock:write', 'prices:write']);
  customersKey = await key('customers', ['customers:write']);
});
afterAll(async () => t?.close());

describe('batch upserts on /api/v1', () => {
  it('reference data by code: created, then unchanged, then updated; a repeated code is its row error', async () => {
    const brands = await batch('/brands/batch', [{ name: 'DENSO', country: 'JP' }, { name: 'BOSCH' }]);
    expect(kinds(brands)).toEqual(['created', 'created']);
    const again = await batch('/brands/batch', [
      { name: 'denso', country: 'JP' },
      { name: 'BOSCH', country: 'DE' },
    ]);
    // `denso` is DENSO (codes compare case-insensitively): it takes the new spelling.
    expect(kinds(again)).toEqual(['updated', 'updated']);
    expect(kinds(await batch('/brands/batch', [{ name: 'DENSO', country: 'JP' }]))).toEqual(['updated']);
    expect(kinds(await batch('/brands/batch', [{ name: 'DENSO', country: 'JP' }]))).toEqual(['unchanged']);
    // A field left out keeps its stored value.
    expect(kinds(await batch('/brands/batch', [{ name: 'BOSCH' }]))).toEqual(['unchanged']);
    const [bosch] = await t.database.rows<{ country: string }>(
      sql`select country from brands where name = 'BOSCH'`,
    );
    expect(bosch!.country).toBe('DE');

    const types = await batch(
      '/part-types/batch',
      [
        { code: 'BRK', names: { zh: '刹车片', en: 'Brake pads', es: 'Pastillas' } },
        { code: 'brk', names: { zh: '刹车片', en: 'Brake pads', es: 'Pastillas' } },
      ],
      catalogKey,
      { 'accept-language': 'es' },
    );
    expect(kinds(types)).toEqual(['created', 'error']);
    expect(types.results[1]!.errors).toEqual([
      { field: 'key', message: 'Duplicado de la fila 0 (misma clave).' },
    ]);

    const stores = await batch(
      '/stores/batch',
      [{ code: 'MAIN', names: { zh: '主仓', en: 'Main', es: 'Principal' } }],
      stockKey,
    );
    expect(kinds(stores)).toEqual(['created']);
    const vehicles = await batch('/vehicles/batch', [
      { make: 'Toyota', model: 'Corolla', year: '2012-2018', engine: '1.6 VVT-i', kw: 90 },
    ]);
    expect(kinds(vehicles)).toEqual(['created']);
  });

  it('products: per-row errors (unknown brand, duplicate row) do not fail the others; search by OE at once', async () => {
    const result = await batch(
      '/products/batch',
      [
        {
          brand: 'DENSO',
          number: 'DP-1001',
          names: { zh: '刹车片', en: 'Brake pad set', es: 'Juego de pastillas' },
          part_type: 'BRK',
          unit: 'SET',
          weight: 1.25,
          volume: 0.002,
          order_multiple: 2,
          list_price: '45.50',
          is_new: true,
          params: [{ name: 'Width', value: '120 mm' }],
          cross_numbers: [
            { kind: 'oe', brand: 'TOYOTA', number: '04465-33450' },
            { kind: 'brand', brand: 'BOSCH', number: '0 986 494 100' },
          ],
          fitments: [{ make: 'Toyota', model: 'Corolla', year: '2012-2018', engine: '1.6 VVT-i' }],
          pictures: ['https://cdn.example.com/dp1001.jpg'],
        },
        { brand: 'NOSUCH', number: 'X1', list_price: '1' },
        { brand: 'DENSO', number: 'dp 1001', list_price: '46' },
        {
          brand: 'DENSO',
          number: 'DP-1002',
          list_price: '-3',
          fitments: [{ make: 'Ford', model: 'T', year: '1920', engine: '' }],
        },
      ],
      catalogKey,
      { 'accept-language': 'zh' },
    );
    expect(kinds(result)).toEqual(['created', 'error', 'error', 'error']);
    expect(result.counts).toEqual({ created: 1, updated: 0, unchanged: 0, error: 3 });
    expect(result.results[1]!.errors).toEqual([
      { field: 'brand', message: '品牌“NOSUCH”不存在（品牌来自基础资料，请先添加）。' },
    ]);
    expect(result.results[2]!.errors).toEqual([
      { field: 'number', message: '与第 0 行重复（同一品牌和编号）。' },
    ]);
    expect(result.results[3]!.errors!.map((error) => error.field).sort()).toEqual(['fitments', 'price']);

    const [product] = await t.database.rows<Record<string, unknown>>(
      sql`select p.name_en, p.price, p.buy_qty, p.unit, p.volumn, p.pro_params, p.images, p.is_new,
          (select count(*)::int from fitments f where f.product_id = p.id) as fitments,
          (select count(*)::int from product_numbers n where n.product_id = p.id) as numbers
        from products p where number_key = 'DP1001'`,
    );
    expect(product).toEqual({
      name_en: 'Brake pad set',
      price: '45.5000',
      buy_qty: 2,
      unit: 'SET',
      volumn: '0.0020',
      pro_params: [{ name: 'Width', value: '120 mm' }],
      images: ['https://cdn.example.com/dp1001.jpg'],
      is_new: true,
      fitments: 1,
      numbers: 2,
    });

    const search = await t.call<{ list: ProductRow[] }>(
      '/Web/GetProductList',
      { page: 1, pageSize: 20, keyword: '0446533450' },
      { token: buyer, lng: 'en' },
    );
    expect(search.code, search.msg).toBe(200);
    expect(search.data.list.map((row) => row.number)).toEqual(['DP-1001']);

    // The same rows again: unchanged; one cross number less: updated.
    const row = {
      brand: 'DENSO',
      number: 'DP-1001',
      cross_numbers: [{ kind: 'oe', brand: 'TOYOTA', number: '04465-33450' }],
    };
    expect(kinds(await batch('/products/batch', [row], catalogKey))).toEqual(['updated']);
    expect(kinds(await batch('/products/batch', [row], catalogKey))).toEqual(['unchanged']);
  });

  it('a key without the scope gets 403; 10,000 rows are refused whole with 413', async () => {
    const refused = await post('/stock/batch', { rows: [] }, catalogKey);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('This API key lacks the scope: stock:write.');
    expect(
      (await post('/products/batch', { rows: [{ brand: 'DENSO', number: 'A' }] }, stockKey)).statusCode,
    ).toBe(403);

    const rows = Array.from({ length: 10_000 }, (_, index) => ({ brand: 'DENSO', number: `BULK${index}` }));
    const tooMany = await post('/products/batch', { rows }, catalogKey, { 'idempotency-key': 'bulk-1' });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.headers['content-type']).toContain('application/problem+json');
    expect(tooMany.json().detail).toBe(
      'At most 1000 rows per request; this one has 10000. No row was processed. Send them in batches.',
    );
    const [written] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from products where number_key like 'BULK%'`,
    );
    expect(written!.n).toBe(0);
  });

  it('stock: absolute quantities; an older as_of arriving late is ignored; negative stock is a row error', async () => {
    const first = await batch(
      '/stock/batch',
      [
        { brand: 'DENSO', number: 'DP-1001', store: 'MAIN', quantity: 10, as_of: '2026-05-01T10:00:00Z' },
        { brand: 'DENSO', number: 'DP-1001', store: 'NOWHERE', quantity: 1, as_of: '2026-05-01T10:00:00Z' },
        { brand: 'DENSO', number: 'DP-9999', store: 'MAIN', quantity: 1, as_of: '2026-05-01T10:00:00Z' },
        { brand: 'DENSO', number: 'DP-1001', store: 'MAIN', quantity: -4, as_of: '2026-05-01T10:00:00Z' },
        { brand: 'DENSO', number: 'DP-1001', store: 'main', quantity: 4, as_of: 'yesterday' },
      ],
      stockKey,
    );
    expect(kinds(first)).toEqual(['created', 'error', 'error', 'error', 'error']);
    expect(first.results[3]!.errors).toEqual([
      { field: 'quantity', message: 'Stock cannot be negative (-4).' },
      { field: 'number', message: 'Duplicate of row 0 (same brand and number).' },
    ]);

    const newer = await batch(
      '/stock/batch',
      [{ brand: 'DENSO', number: 'DP-1001', store: 'MAIN', quantity: 7, as_of: '2026-05-01T12:00:00+02:00' }],
      stockKey,
    );
    expect(kinds(newer)).toEqual(['updated']);
    // Counted at 09:00 UTC, before the stored 10:00 UTC count: ignored.
    const late = await batch(
      '/stock/batch',
      [{ brand: 'DENSO', number: 'DP-1001', store: 'MAIN', quantity: 99, as_of: '2026-05-01T09:00:00Z' }],
      stockKey,
    );
    expect(late.results).toEqual([{ index: 0, result: 'unchanged', stale: true }]);
    const [stock] = await t.database.rows<{ stock: number; as_of: Date }>(
      sql`select s.stock, s.as_of from stock s join products p on p.id = s.product_id where p.number_key = 'DP1001'`,
    );
    expect(stock!.stock).toBe(7);
    expect(new Date(stock!.as_of).toISOString()).toBe('2026-05-01T10:00:00.000Z');
  });

  it('prices: list, level and company prices, with currency; each change audited with before and after', async () => {
    const result = await batch(
      '/prices/batch',
      [
        { brand: 'DENSO', number: 'DP-1001', list_price: '50', currency: 'CNY' },
        { brand: 'DENSO', number: 'DP-1001', price_level: 'Gold', level_price: 44 },
        { brand: 'DENSO', number: 'DP-1001', company: 'RAR01', company_price: '41.5' },
        { brand: 'DENSO', number: 'DP-1001', company: 'NOPE', company_price: '1' },
        { brand: 'DENSO', number: 'DP-1001', list_price: '51', currency: 'USD' },
      ],
      pricesKey,
    );
    expect(kinds(result)).toEqual(['updated', 'created', 'created', 'error', 'error']);
    expect(result.results[4]!.errors).toEqual([
      {
        field: 'currency',
        message: "The currency USD is not this price's currency CNY (no exchange rates are applied).",
      },
      { field: 'number', message: 'Duplicate of row 0 (same brand and number).' },
    ]);
    const audit = await t.database.rows<{
      action: string;
      changes: Record<string, unknown>;
      actor_kind: string;
    }>(sql`select action, changes, actor_kind from audit_log where action = 'api.price.update' order by id`);
    expect(audit.map((entry) => entry.changes)).toEqual([
      { price: { before: '45.5000', after: '50' } },
      { level_price: { before: null, after: '44' } },
      { company_price: { before: null, after: '41.5' } },
    ]);
    expect(audit.every((entry) => entry.actor_kind === 'api-key')).toBe(true);
    const search = await t.call<{ list: ProductRow[] }>(
      '/Web/GetProductList',
      { page: 1, pageSize: 20, keyword: 'DP1001' },
      { token: buyer, lng: 'en' },
    );
    expect(search.data.list[0]!.price).toBe('41.50');
  });

  it('Idempotency-Key: the same body replays the stored answer without writing; another body is 422', async () => {
    const body = { rows: [{ brand: 'DENSO', number: 'IDEM-1', list_price: '9' }] };
    const headers = { 'idempotency-key': 'erp-run-42' };
    const first = await post('/products/batch', body, catalogKey, headers);
    expect(first.json()).toMatchObject({ replayed: false, counts: { created: 1 } });
    await t.database.db.execute(sql`update products set price = 8 where number_key = 'IDEM1'`);
    // Same key, same body (keys in another order): the stored answer, and no second write.
    const replay = await post(
      '/products/batch',
      { rows: [{ list_price: '9', number: 'IDEM-1', brand: 'DENSO' }] },
      catalogKey,
      headers,
    );
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ ...first.json(), replayed: true });
    const [price] = await t.database.rows<{ price: string }>(
      sql`select price from products where number_key = 'IDEM1'`,
    );
    expect(price!.price).toBe('8.0000');

    const conflict = await post(
      '/products/batch',
      { rows: [{ brand: 'DENSO', number: 'IDEM-1', list_price: '10' }] },
      catalogKey,
      { ...headers, 'accept-language': 'es' },
    );
    expect(conflict.statusCode).toBe(422);
    expect(conflict.json().title).toBe('Clave de idempotencia reutilizada');
    // Two requests with one new key at once (two connections on PostgreSQL): one writes, the
    // other waits for it on the key's unique index and replays its answer.
    const racing = { rows: [{ brand: 'DENSO', number: 'IDEM-2', list_price: '3' }] };
    const both = await Promise.all(
      [0, 1].map(() => post('/products/batch', racing, catalogKey, { 'idempotency-key': 'race-1' })),
    );
    expect(both.map((answer) => answer.json().replayed).sort()).toEqual([false, true]);
    expect(both.map((answer) => answer.json().batch_id)[0]).toBe(both[1]!.json().batch_id);
    const [batches] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from api_batches where idempotency_key = 'race-1'`,
    );
    expect(batches!.n).toBe(1);
    // The key belongs to its API key: another key may use the same string.
    expect((await post('/products/batch', body, everyKey, headers)).json()).toMatchObject({
      replayed: false,
    });
    expect(
      (await post('/products/batch', body, catalogKey, { 'idempotency-key': 'bad key é' })).statusCode,
    ).toBe(400);
  });

  it('one audit entry per request with the counts; the per-row results stay retrievable by the key that sent them', async () => {
    const sent = await batch(
      '/products/deactivate',
      [
        { brand: 'DENSO', number: 'IDEM-1' },
        { brand: 'DENSO', number: 'NOT-THERE' },
      ],
      catalogKey,
      { 'idempotency-key': 'deactivate-1' },
    );
    expect(kinds(sent)).toEqual(['updated', 'error']);
    const [entry] = await t.database.rows<{
      actor_kind: string;
      actor_name: string;
      entity_id: string;
      details: unknown;
    }>(
      sql`select actor_kind, actor_name, entity_id, details from audit_log where action = 'api.deactivateProducts'`,
    );
    expect(entry).toMatchObject({
      actor_kind: 'api-key',
      entity_id: sent.batch_id,
      details: { idempotency_key: 'deactivate-1', rows: 2, created: 0, updated: 1, unchanged: 0, error: 1 },
    });
    expect(entry!.actor_name).toMatch(/^catalogue \(pp_live_.{8}…\)$/);

    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/v1/batches/${sent.batch_id}`,
      headers: { authorization: `Bearer ${catalogKey}`, 'accept-language': 'zh' },
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.json().results[1].errors).toEqual([
      { field: 'number', message: '没有此品牌和编号的产品。' },
    ]);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/v1/batches/${sent.batch_id}`,
      headers: { authorization: `Bearer ${stockKey}` },
    });
    expect(other.statusCode).toBe(404);

    const search = await t.call<{ list: ProductRow[] }>(
      '/Web/GetProductList',
      { page: 1, pageSize: 20, keyword: 'IDEM1' },
      { token: buyer, lng: 'en' },
    );
    expect(search.data.list.map((row) => row.number)).not.toContain('IDEM-1');
  });

  it('customers: companies by code and their users, each change audited with its fields', async () => {
    const companies = await batch(
      '/companies/batch',
      [
        {
          code: 'WS-100',
          name: 'West Side Garage',
          price_level: 'Gold',
          credit_limit: '5000',
          payment_days: 45,
          currency: 'usd',
        },
        { code: 'RAR01', credit_limit: '800' },
        { code: 'RAR01', name: 'again' },
        { code: 'NEW-2' },
        { code: 'NEW-3', name: 'Level-less', price_level: 'Platinum' },
      ],
      customersKey,
    );
    expect(kinds(companies)).toEqual(['created', 'updated', 'error', 'error', 'error']);
    expect(companies.results[3]!.errors).toEqual([{ field: 'name', message: 'Invalid request: name' }]);
    expect(companies.results[4]!.errors).toEqual([
      { field: 'price_level', message: 'The price level "Platinum" does not exist.' },
    ]);
    const [company] = await t.database.rows<Record<string, unknown>>(
      sql`select c.name, c.credit_limit, c.payment_days, c.currency, l.name as level
        from companies c left join price_levels l on l.id = c.price_level_id where c.code = 'WS-100'`,
    );
    expect(company).toEqual({
      name: 'West Side Garage',
      credit_limit: '5000.0000',
      payment_days: 45,
      currency: 'USD',
      level: 'Gold',
    });
    expect(
      kinds(await batch('/companies/batch', [{ code: 'rar01', credit_limit: '800.00' }], customersKey)),
    ).toEqual(['unchanged']);

    const users = await batch(
      '/customer-users/batch',
      [
        {
          user_id: 'ws.buyer',
          company: 'WS-100',
          name: 'Pat',
          menus: ['1001', '1002'],
          initial_password: 'first-pass-1',
        },
        { user_id: 'demo', company: 'RAR01', tags: ['vip'], enabled: true },
        { user_id: 'no.pass', company: 'WS-100', name: 'Kim', menus: ['1001'] },
        { user_id: 'demo', company: 'WS-100', name: 'Thief' },
        { user_id: 'x', company: 'NOPE', name: 'X', menus: ['1001'], initial_password: 'whatever1' },
      ],
      customersKey,
      { 'accept-language': 'es' },
    );
    expect(kinds(users)).toEqual(['created', 'updated', 'error', 'error', 'error']);
    expect(users.results[2]!.errors).toEqual([
      { field: 'initial_password', message: 'Este campo es obligatorio.' },
    ]);
    expect(users.results[3]!.errors![0]!.field).toBe('user_id');
    // The new user signs in with the initial password and must change it.
    const [created] = await t.database.rows<{ must_change_password: boolean; menus: string[] }>(
      sql`select must_change_password, menus from users where user_id = 'ws.buyer'`,
    );
    expect(created).toEqual({ must_change_password: true, menus: ['1001', '1002'] });
    expect(await t.login('ws.buyer', 'first-pass-1')).toBeTruthy();

    const audit = await t.database.rows<{
      action: string;
      actor_kind: string;
      changes: Record<string, unknown>;
    }>(
      sql`select action, actor_kind, changes from audit_log
        where action in ('company.create', 'company.update', 'customer-user.create', 'customer-user.update') order by id`,
    );
    expect(audit.map((entry) => entry.action)).toEqual([
      'company.create',
      'company.update',
      'customer-user.create',
      'customer-user.update',
    ]);
    expect(audit.every((entry) => entry.actor_kind === 'api-key')).toBe(true);
    expect(audit[1]!.changes).toEqual({ credit_limit: { before: '0.0000', after: '800' } });
    expect(audit[3]!.changes).toEqual({ tags: { before: [], after: ['vip'] } });
    expect((await post('/companies/batch', { rows: [{ code: 'Z' }] }, everyKey)).statusCode).toBe(403);
  });
});
