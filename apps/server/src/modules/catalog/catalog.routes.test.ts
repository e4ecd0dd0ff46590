import type { ProductDetail, ProductRow } from '@partsportal/contract/catalog';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { seedDemoData } from '../../db/seed/demo-data';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let demo: string;
let partner: string;
let viewer: string;

interface Page<T> {
  list: T[];
  total: number;
}

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
  [demo, partner, viewer] = await Promise.all([
    t.login('demo', 'demo1234'),
    t.login('partner', 'partner1234'),
    t.login('viewer', 'viewer1234'),
  ]);
});
afterAll(async () => t?.close());

const search = (body: Record<string, unknown>, token = demo, lng = 'en') =>
  t.call<Page<ProductRow>>('/Web/GetProductList', { page: 1, pageSize: 20, ...body }, { token, lng });

const one = async <T>(query: string) => (await t.database.rows<T>(sql.raw(query)))[0]!;

describe('/Web/GetProductList', () => {
  it('finds a part by its own number in any spelling, at the top', async () => {
    const product = await one<{ id: number; number: string }>(
      `select id, number from products where number ~ '[ .-]' order by id limit 1`,
    );
    const bare = product.number.replace(/[^0-9A-Za-z]/g, '');
    for (const spelling of [
      product.number,
      bare,
      bare.toLowerCase(),
      ` ${product.number.replace(/[ .-]/g, '-')} `,
    ]) {
      const answer = await search({ keyword: spelling });
      expect(answer.code).toBe(200);
      expect(answer.data.list[0]?.id).toBe(product.id);
      expect(answer.data.list[0]?.match.kind).toBe('number');
    }
  });

  it('finds a part by an OE number with hyphens, spaces or dots', async () => {
    const oe = await one<{ product_id: number; number: string }>(
      `select product_id, number from product_numbers where kind = 'oe' and number ~ '-' order by id limit 1`,
    );
    const bare = oe.number.replace(/[^0-9A-Za-z]/g, '');
    const spaced = `${bare.slice(0, 5)} ${bare.slice(5)}`;
    const dotted = `${bare.slice(0, 5)}.${bare.slice(5)}`;
    for (const spelling of [oe.number, bare, spaced, dotted]) {
      const answer = await search({ keyword: spelling });
      const hit = answer.data.list.find((row) => row.id === oe.product_id);
      expect(hit, spelling).toBeDefined();
      expect(hit?.match.kind).toBe('oe');
      expect(hit?.match.value).toContain(oe.number);
      expect(answer.data.list[0]?.match.kind).toMatch(/number|oe|brand_number|my_number/);
    }
  });

  it("finds a part by the customer's own number, only for that customer", async () => {
    const mine = await one<{ product_id: number; my_number: string; company_id: number }>(
      `select c.product_id, c.my_number, c.company_id from customer_part_numbers c
       join users u on u.company_id = c.company_id where u.user_id = 'demo' order by c.product_id limit 1`,
    );
    const answer = await search({ keyword: mine.my_number });
    expect(answer.data.list[0]?.id).toBe(mine.product_id);
    expect(answer.data.list[0]?.match.kind).toBe('my_number');
    expect(answer.data.list[0]?.my_number).toBe(mine.my_number);
    const asPartner = await search({ keyword: mine.my_number }, partner);
    expect(asPartner.data.list.some((row) => row.my_number === mine.my_number)).toBe(false);
  });

  it('ranks exact, then prefix, then infix matches', async () => {
    const product = await one<{ id: number; number_key: string }>(
      `select id, number_key from products where length(number_key) >= 7 order by id limit 1`,
    );
    const prefix = product.number_key.slice(0, 4);
    const answer = await search({ keyword: prefix, pageSize: 200 });
    const ranks = answer.data.list.map((row) =>
      ['number', 'oe', 'brand_number', 'my_number', 'prefix', 'infix', 'name'].indexOf(row.match.kind),
    );
    expect(ranks.length).toBeGreaterThan(0);
    const tiers = ranks.map((rank) => (rank <= 3 ? 0 : rank - 3));
    expect([...tiers].sort((a, b) => a - b)).toEqual(tiers);
  });

  it('searches part names in the language of the request', async () => {
    const en = await search({ keyword: 'oil filter' }, demo, 'en');
    expect(en.data.total).toBeGreaterThan(0);
    expect(en.data.list.every((row) => /oil filter/i.test(row.part_name))).toBe(true);
    const zh = await search({ keyword: '机油滤清器' }, demo, 'zh');
    expect(zh.data.total).toBeGreaterThan(0);
    expect(zh.data.list[0]?.part_name).toContain('机油');
  });

  it('applies brand, new, in-stock and vehicle filters', async () => {
    const brand = await one<{ id: number }>(
      `select brand_id as id from products group by 1 order by count(*) desc limit 1`,
    );
    const byBrand = await search({ brandIds: [brand.id], pageSize: 50 });
    expect(byBrand.data.total).toBeGreaterThan(0);
    expect(byBrand.data.list.every((row) => row.brand_id === brand.id)).toBe(true);
    const inStock = await search({ inStock: true, pageSize: 50 });
    expect(inStock.data.list.every((row) => row.available_stock > 0)).toBe(true);
    const fresh = await search({ isNew: true, pageSize: 50 });
    expect(fresh.data.list.every((row) => row.is_new)).toBe(true);
    const vehicle = await one<{ vehicle_id: number; product_id: number }>(
      `select vehicle_id, product_id from fitments order by 1 limit 1`,
    );
    const byVehicle = await search({ vehicle: { vehicleId: vehicle.vehicle_id }, pageSize: 200 });
    expect(byVehicle.data.list.map((row) => row.id)).toContain(vehicle.product_id);
  });

  it('sorts by price and pages without overlap', async () => {
    const first = await search({ sort: 'price', order: 'asc', pageSize: 10 });
    const second = await search({ sort: 'price', order: 'asc', pageSize: 10, page: 2 });
    const prices = [...first.data.list, ...second.data.list].map((row) => Number(row.price));
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    const ids = new Set([...first.data.list, ...second.data.list].map((row) => row.id));
    expect(ids.size).toBe(20);
    expect(first.data.total).toBe(300);
  });

  it('shows company prices: partner and demo see their own level', async () => {
    const asDemo = await search({ sort: 'number', pageSize: 5 });
    const asPartner = await search({ sort: 'number', pageSize: 5 }, partner);
    expect(asDemo.data.list.map((row) => row.id)).toEqual(asPartner.data.list.map((row) => row.id));
    expect(asDemo.data.list.map((row) => row.price)).not.toEqual(asPartner.data.list.map((row) => row.price));
    for (const row of asDemo.data.list) expect(row.price).toMatch(/^\d+\.\d{2}$/);
  });

  it('treats % and _ as plain characters and never fails on odd input', async () => {
    for (const keyword of ['%', '_', '%%__', "' or 1=1 --", 'x'.repeat(200), '\\', '0446%', '™😀', '   ']) {
      const answer = await search({ keyword });
      expect(answer.code, keyword).toBe(200);
    }
    const wildcard = await search({ keyword: '%' });
    expect(wildcard.data.total).toBe(300); // no letters or digits: browse everything, not "match all by LIKE"
    const underscore = await search({ keyword: 'oil_filter' });
    expect(underscore.data.total).toBe(0);
  });

  it('refuses bad paging and long keywords with 40001', async () => {
    expect((await search({ pageSize: 100000 })).code).toBe(40001);
    expect((await search({ page: -1 })).code).toBe(40001);
    expect((await search({ keyword: 'x'.repeat(201) })).code).toBe(40001);
    expect((await search({ brandIds: ['1 or 1=1'] })).code).toBe(40001);
    expect((await search({ company_id: 2 })).code).toBe(40001);
  });

  it('returns nothing for unknown brands or vehicles', async () => {
    expect((await search({ brandIds: [999999] })).data.total).toBe(0);
    expect((await search({ vehicle: { vehicleId: 999999 } })).data.total).toBe(0);
  });

  it('offers similar numbers when a number has a typo', async () => {
    const product = await one<{ number_key: string }>(
      `select number_key from products where length(number_key) >= 8 order by id limit 1`,
    );
    const typo = product.number_key.slice(0, -1) + (product.number_key.endsWith('9') ? '8' : '9');
    const answer = await search({ keyword: typo });
    expect(answer.data.list.length).toBeGreaterThan(0);
    expect(
      answer.data.list.some(
        (row) => row.match.kind === 'similar' || row.match.kind === 'prefix' || row.match.kind === 'infix',
      ),
    ).toBe(true);
  });

  it('needs code 1001', async () => {
    expect((await search({}, viewer)).code).toBe(200);
    expect((await t.call('/Web/GetProductList', {})).code).toBe(50008);
  });
});

describe('/Web/GetProductDetail/{id}', () => {
  it('returns params, fitments, cross numbers, stock per store and price', async () => {
    const fitted = await one<{ product_id: number }>(
      `select product_id from fitments group by 1 order by count(*) desc limit 1`,
    );
    const answer = await t.call<ProductDetail>(
      `/Web/GetProductDetail/${fitted.product_id}`,
      {},
      { token: demo, lng: 'es' },
    );
    expect(answer.code).toBe(200);
    const detail = answer.data;
    expect(detail.id).toBe(fitted.product_id);
    expect(detail.vehicles.length).toBeGreaterThan(0);
    expect(Object.keys(detail.vehicles[0]!).sort()).toEqual(
      [
        'm1_name',
        'm2_name',
        'm3_name',
        'm3_kw',
        'm3_cc',
        'm3_engine',
        'pl_transmission',
        'pl_fuel',
        'pl_body',
        'pl_front_brake',
        'pl_rear_brake',
        'pl_parking_brake',
        'pl_drive',
        'm3_year',
      ].sort(),
    );
    expect(detail.applicable_models[0]).toMatchObject({
      name: expect.any(String),
      engine: expect.any(String),
      year: expect.any(String),
    });
    expect(detail.contrastNumber.length).toBeGreaterThan(0);
    expect(detail.stores.length).toBeGreaterThan(0);
    expect(detail.images[0]).toMatch(/^\/Product\/ProductBigId\/\d+-1$/);
  });

  it('answers 40004 for unknown ids and refuses non-numeric ones', async () => {
    expect((await t.call('/Web/GetProductDetail/999999', {}, { token: demo })).code).toBe(40004);
    expect((await t.call('/Web/GetProductDetail/abc', {}, { token: demo })).code).toBe(40001);
  });
});

describe('/Web/GetVehicleTree', () => {
  it('walks make → model → year → engine', async () => {
    const makes = await t.call<Array<{ value: string; isLeaf: boolean }>>(
      '/Web/GetVehicleTree',
      {},
      { token: demo },
    );
    expect(makes.data.length).toBeGreaterThan(3);
    const make = makes.data[0]!.value;
    const models = await t.call<Array<{ value: string }>>('/Web/GetVehicleTree', { make }, { token: demo });
    const model = models.data[0]!.value;
    const years = await t.call<Array<{ value: number }>>(
      '/Web/GetVehicleTree',
      { make, model },
      { token: demo },
    );
    const year = years.data[0]!.value;
    const engines = await t.call<Array<{ vehicleId: number; isLeaf: boolean; label: string }>>(
      '/Web/GetVehicleTree',
      { make, model, year },
      { token: demo },
    );
    expect(engines.data.length).toBeGreaterThan(0);
    expect(engines.data[0]!.isLeaf).toBe(true);
    expect(engines.data[0]!.vehicleId).toBeGreaterThan(0);
  });
});

describe('reference lists with an ETag (issue 18 item 3)', () => {
  it.each(['/Web/GetCatalogFilters', '/Web/GetVehicleTree'])(
    '%s answers 304 when unchanged',
    async (call) => {
      const request = (headers: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: `/api${call}`,
          headers: { token: demo, 'content-type': 'application/json', ...headers },
          payload: '{}',
        });
      const first = await request({});
      expect(first.json()).toMatchObject({ code: 200 });
      const tag = String(first.headers.etag);
      expect(tag).toMatch(/^W\//);
      const again = await request({ 'if-none-match': tag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect((await request({ 'if-none-match': 'W/"stale"' })).statusCode).toBe(200);
    },
  );

  it('never tags a personal list: the product list has no ETag', async () => {
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/Web/GetProductList',
      headers: { token: demo, 'content-type': 'application/json' },
      payload: JSON.stringify({ page: 1, pageSize: 10 }),
    });
    expect(list.json()).toMatchObject({ code: 200 });
    expect(list.headers.etag).toBeUndefined();
  });
});

describe('/Web/GetStockProductList', () => {
  it('lists stock per store with store and stock filters', async () => {
    const store = await one<{ id: number }>(`select id from stores order by id limit 1`);
    const answer = await t.call<
      Page<{ stores: Array<{ store_id: number; available_stock: number }>; available_stock: number }>
    >(
      '/Web/GetStockProductList',
      { page: 1, pageSize: 50, storeId: store.id, inStock: true },
      { token: demo },
    );
    expect(answer.code).toBe(200);
    expect(answer.data.total).toBeGreaterThan(0);
    for (const row of answer.data.list)
      expect(row.stores.some((s) => s.store_id === store.id && s.available_stock > 0)).toBe(true);
  });

  it('needs code 1011', async () => {
    expect((await t.call('/Web/GetStockProductList', {}, { token: viewer })).code).toBe(40003);
  });
});

describe('pictures and attachments', () => {
  it('serves a picture for a valid ?token and refuses without one', async () => {
    const product = await one<{ id: number }>(`select id from products order by id limit 1`);
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/Product/ProductPic/${product.id}?token=${demo}`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('image/svg+xml');
    expect(ok.body).toContain('<svg');
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/Product/ProductPic/${product.id}` });
    expect(anonymous.json().code).toBe(50008);
    const big = await t.app.inject({
      method: 'GET',
      url: `/api/Product/ProductBigId/${product.id}-1?token=${demo}`,
    });
    expect(big.statusCode).toBe(200);
  });

  it('never serves a path outside the product files', async () => {
    for (const path of ['../../../etc/passwd', '/etc/passwd', '..%2F..%2Fpackage.json', 'x\0y', '']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/Product/DownloadFile?path=${encodeURIComponent(path)}&token=${demo}`,
      });
      expect(response.statusCode, path).toBe(404);
      expect(response.body).not.toContain('root:');
    }
  });
});
