import type { FreightView } from '@partsportal/contract/freight';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { brands, products } from '../../db/schema/catalog';
import { areas, freightCarriers, freightRates } from '../../db/schema/trading';
import { seedDemoData } from '../../db/seed/demo-data';
import { createAccount } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let demo: string;
const ids = { china: 0, guangdong: 0, guangzhou: 0, spain: 0, otherAccountProduct: 0 };

const areaId = async (database: Database, code: string) => {
  const [row] = await database.db.select({ id: areas.id }).from(areas).where(eq(areas.code, code));
  if (!row) throw new Error(`no area ${code}`);
  return row.id;
};

/**
 * Known figures on top of the demo data: product 1 weighs 1.2 kg and takes 0.001 m³; product 2
 * has no weight (0.5 kg); carrier "Test Courier" has a rate to all of China and a more specific
 * one to Guangdong; "Test Country Post" only has the China rate.
 */
async function seed(database: Database) {
  await seedDemoData(database, { parts: 300, seed: 11, passwordHashMemoryKiB: 1024 });
  ids.china = await areaId(database, 'CN');
  ids.guangdong = await areaId(database, 'CN-GD');
  ids.guangzhou = await areaId(database, 'CN-GD-GZ');
  ids.spain = await areaId(database, 'ES');
  await database.db.update(products).set({ weight: '1.2000', volumn: '0.0010' }).where(eq(products.id, 1));
  await database.db.update(products).set({ weight: null, volumn: null }).where(eq(products.id, 2));
  const [courier, post] = await database.db
    .insert(freightCarriers)
    .values([
      { accountId: 1, name: 'Test Courier', mode: 'express' },
      { accountId: 1, name: 'Test Country Post', mode: 'truck' },
    ])
    .returning();
  const tariff = {
    fromAreaId: ids.china,
    currency: 'CNY',
    firstWeightKg: '1',
    additionalWeightKg: '1',
    volumetricDivisor: 6000,
    transitDaysMin: 2,
    transitDaysMax: 4,
  };
  await database.db.insert(freightRates).values([
    { ...tariff, carrierId: courier!.id, toAreaId: ids.china, firstPrice: '99', additionalPrice: '9' },
    { ...tariff, carrierId: courier!.id, toAreaId: ids.guangdong, firstPrice: '10', additionalPrice: '3' },
    {
      ...tariff,
      carrierId: post!.id,
      toAreaId: ids.china,
      firstPrice: '5',
      additionalPrice: '1.5',
      minimumCharge: '25',
    },
  ]);
  // A product of another account: it must look exactly like an unknown one.
  await createAccount(database, 2);
  const [brand] = await database.db.insert(brands).values({ accountId: 2, name: 'Other' }).returning();
  const [other] = await database.db
    .insert(products)
    .values({
      accountId: 2,
      number: 'OTHER-1',
      numberKey: 'OTHER1',
      brandId: brand!.id,
      nameZh: '其他',
      nameEn: 'Other',
      nameEs: 'Otro',
      price: '1',
    })
    .returning();
  ids.otherAccountProduct = other!.id;
}

beforeAll(async () => {
  t = await createTestApp({ seed });
  demo = await t.login('demo', 'demo1234');
});
afterAll(async () => t?.close());

/** `token` null = no Token header at all. */
const post = (body: Record<string, unknown>, lng = 'en', token: string | null = demo) =>
  t.call<FreightView[]>('/Common/Post', body, { lng, ...(token ? { token } : {}) });
const freight = (query: unknown, lng = 'en', token: string | null = demo) =>
  post({ type: 'Freight', m: 'GetFreightViews', data: JSON.stringify(query) }, lng, token);

describe('/Common/Post Freight.GetFreightViews', () => {
  it('computes one view per carrier, the most specific rate winning, sorted by price', async () => {
    const answer = await freight({
      items: [
        { id: 1, qty: 3 },
        { id: 2, qty: 1 },
      ],
      fromAreaId: ids.china,
      toAreaId: ids.guangzhou,
    });
    expect(answer.code).toBe(200);
    const prices = answer.data.map((view) => Number(view.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // 3 × 1.2 + 0.5 = 4.1 kg → 4.5 kg chargeable; volume 0.003 m³ / 6000 = 0.5 kg.
    // Test Courier, Guangdong rate (not the China one): 10 + ceil(3.5 / 1) × 3 = 22.
    const courier = answer.data.filter((view) => view.carrier === 'Test Courier');
    expect(courier).toEqual([
      {
        carrier: 'Test Courier',
        mode: 'express',
        from: 'China',
        to: 'Guangzhou',
        weight_kg: '4.100',
        volumetric_kg: '0.500',
        chargeable_kg: '4.500',
        first_weight_kg: '1.000',
        first_price: '10.00',
        additional_weight_kg: '1.000',
        additional_price: '3.00',
        minimum_charge: '0.00',
        price: '22.00',
        currency: 'CNY',
        transit_days_min: 2,
        transit_days_max: 4,
      },
    ]);
    // Test Country Post, found two levels up: 5 + 4 × 1.5 = 11, raised to the 25 minimum.
    expect(answer.data.find((view) => view.carrier === 'Test Country Post')?.price).toBe('25.00');
    // The demo carriers with Guangdong rates serve it too; the Spain-only SEUR does not.
    expect(answer.data.map((view) => view.carrier)).toEqual(
      expect.arrayContaining(['SF Express', 'Deppon Freight']),
    );
    expect(answer.data.some((view) => view.carrier === 'SEUR')).toBe(false);
  });

  it('names the areas in the request language and sums a product listed twice', async () => {
    const query = {
      items: [
        { id: 1, qty: 1 },
        { id: 1, qty: 2 },
      ],
      fromAreaId: ids.china,
      toAreaId: ids.guangdong,
    };
    const zh = await freight(query, 'zh');
    const view = zh.data.find((v) => v.carrier === 'Test Courier');
    expect(view).toMatchObject({ from: '中国', to: '广东省', weight_kg: '3.600', price: '19.00' });
    const es = await freight(query, 'es');
    expect(es.data.find((v) => v.carrier === 'Test Courier')).toMatchObject({ from: 'China', to: 'Cantón' });
  });

  it('answers an empty list when no carrier serves the route', async () => {
    const answer = await freight({ items: [{ id: 1 }], fromAreaId: ids.spain, toAreaId: ids.guangzhou });
    expect(answer).toMatchObject({ code: 200, data: [] });
  });

  it('refuses an unknown plugin or method', async () => {
    const data = JSON.stringify({ items: [{ id: 1 }], fromAreaId: ids.china, toAreaId: ids.guangdong });
    expect(await post({ type: 'Orders', m: 'GetFreightViews', data })).toMatchObject({
      code: 40000,
      msg: 'Unknown plugin call: Orders.GetFreightViews',
      data: null,
    });
    expect((await post({ type: 'Freight', m: 'Drop', data }, 'zh')).msg).toBe('未知的插件调用：Freight.Drop');
  });

  it('does not repeat made-up plugin names in the message', async () => {
    // Found by the fuzz suite: `type`/`m` came back verbatim (SQL text, paths) in msg.
    const data = JSON.stringify({ items: [{ id: 1 }], fromAreaId: ids.china, toAreaId: ids.guangdong });
    const answer = await post({ type: 'select * from users where 1=1', m: '/srv/app/x.ts:1:1', data });
    expect(answer).toMatchObject({ code: 40000, msg: 'Unknown plugin call: ….…', data: null });
    expect((await post({ type: 'Freight', m: '<img src=x>', data })).msg).toBe(
      'Unknown plugin call: Freight.…',
    );
  });

  it('refuses data that is not a JSON object', async () => {
    for (const data of ['{items: [', '[1,2]', '"text"', '{"__proto__": {"x": 1}}']) {
      const answer = await post({ type: 'Freight', m: 'GetFreightViews', data });
      expect(answer).toMatchObject({ code: 40001, msg: 'The field data is not a valid JSON object.' });
    }
    const es = await post({ type: 'Freight', m: 'GetFreightViews', data: 'nope' }, 'es');
    expect(es.msg).toBe('El campo data no es un objeto JSON válido.');
  });

  it('asks for the sending country first, then the receiving area (spec §5)', async () => {
    const items = [{ id: 1 }];
    const noFrom = await freight({ items, toAreaId: 0 });
    expect(noFrom).toMatchObject({ code: 40001, msg: 'Please select the sending country!' });
    expect((await freight({ items, fromAreaId: 0, toAreaId: ids.guangdong }, 'es')).msg).toBe(
      '¡Seleccione el país de envío!',
    );
    expect((await freight({ items, fromAreaId: ids.china }, 'en')).msg).toBe(
      'Please select the receiving area!',
    );
    expect((await freight({ items, fromAreaId: ids.china, toAreaId: 0 }, 'zh')).msg).toBe('请选择收货地区！');
  });

  it('requires a country as the sending area and a known receiving area', async () => {
    const province = await freight({
      items: [{ id: 1 }],
      fromAreaId: ids.guangdong,
      toAreaId: ids.guangzhou,
    });
    expect(province).toMatchObject({ code: 40000, msg: 'The sending area must be a country.' });
    const unknown = await freight({ items: [{ id: 1 }], fromAreaId: ids.china, toAreaId: 987654 }, 'es');
    expect(unknown).toMatchObject({ code: 40004, msg: 'No se encontró el área 987654.' });
  });

  it('validates the query and names the fields', async () => {
    const base = { fromAreaId: ids.china, toAreaId: ids.guangdong };
    expect(await freight({ ...base, items: [{ id: 1, qty: 0 }] })).toMatchObject({
      code: 40001,
      msg: 'Invalid request: data.items.0.qty',
    });
    expect((await freight({ ...base, items: [] }, 'es')).msg).toBe('Solicitud no válida: data.items');
    expect((await freight({ ...base, fromAreaId: 'CN', items: [{ id: 1 }] })).msg).toBe(
      'Invalid request: data.fromAreaId',
    );
    expect(await freight({ ...base, items: [{ id: 1 }], account_id: 2 })).toMatchObject({
      code: 40001,
      msg: 'Fields not allowed: data.account_id',
    });
  });

  it('finds products only in the caller’s account (40004 naming the ids)', async () => {
    const answer = await freight({
      items: [{ id: 1 }, { id: ids.otherAccountProduct }, { id: 9_999_999 }],
      fromAreaId: ids.china,
      toAreaId: ids.guangdong,
    });
    expect(answer).toMatchObject({
      code: 40004,
      msg: `These products were not found: ${ids.otherAccountProduct}, 9999999.`,
    });
  });

  it('refuses unknown fields of the body', async () => {
    const answer = await post({ type: 'Freight', m: 'GetFreightViews', data: '{}', company_id: 3 });
    expect(answer).toMatchObject({ code: 40001, msg: 'Fields not allowed: company_id' });
  });

  it('needs the freight or cart menu: viewer 40003, no token 50008', async () => {
    const viewer = await t.login('viewer', 'viewer1234');
    const query = { items: [{ id: 1 }], fromAreaId: ids.china, toAreaId: ids.guangdong };
    expect(await freight(query, 'en', viewer)).toMatchObject({
      code: 40003,
      msg: 'You do not have permission to do this.',
    });
    expect(await freight(query, 'en', null)).toMatchObject({ code: 50008 });
    expect((await freight(query, 'es', null)).msg).toBe('La verificación falló, inicie sesión de nuevo.');
  });
});
