import { readFileSync } from 'node:fs';
import type { Address } from '@partsportal/contract/addresses';
import type { CartList } from '@partsportal/contract/cart';
import type { catalogFiltersSchema, ProductDetail, ProductRow } from '@partsportal/contract/catalog';
import type { CheckoutPreview } from '@partsportal/contract/checkout';
import type { FinanceAccount, PaymentList } from '@partsportal/contract/finance';
import type { FreightView } from '@partsportal/contract/freight';
import type { OrderDetail, PendingOrder } from '@partsportal/contract/orders';
import type { DeliveryDetail, SalesDetail } from '@partsportal/contract/records';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS, seedDemoData } from '../../db/seed/demo-data';
import { cartLine, saveSubmits, setStock } from '../../../test/checkout-test-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createNamesRepository } from './names.repository';

/**
 * Data names in the reader's language (decision 011; issue 14 item 7, issue 17 item 3): stores,
 * units, parameter names and values, vehicle words, carriers, area paths and the system's order
 * notes follow `Lng`, and a name missing in that language shows as written.
 */

type CatalogFilters = z.infer<typeof catalogFiltersSchema>;
interface Page<T> {
  list: T[];
  total: number;
}

const LANGUAGES = ['zh', 'en', 'es'] as const;
type Lng = (typeof LANGUAGES)[number];

let t: TestApp;
let demo: string;
const { guangzhou, shanghai } = DEMO_IDS.stores;

beforeAll(async () => {
  t = await createTestApp({
    seed: async (database) => {
      await seedDemoData(database, { parts: 300, seed: 23, passwordHashMemoryKiB: 1024 });
      // Missing languages, written through the back office's functions: the Shanghai store has no
      // Spanish name, SF Express only a Chinese one, and the unit KIT no names at all.
      const names = createNamesRepository(database.db);
      expect(
        await names.setStoreNames(1, shanghai, { zh: '上海仓', en: ' Shanghai Warehouse ', es: '  ' }),
      ).toBe(true);
      expect(await names.setCarrierNames(1, 1, { zh: '顺丰速运' })).toBe(true);
      await names.setTermNames('unit', 'KIT', {});
    },
  });
  demo = await t.login('demo', 'demo1234');
}, 180_000);
afterAll(async () => t?.close());

const call = <T>(path: string, body: unknown, lng: Lng) => t.call<T>(path, body, { token: demo, lng });
const rows = <T>(query: ReturnType<typeof sql>) => t.database.rows<T>(query);
const idOf = async (query: ReturnType<typeof sql>) => (await rows<{ id: number }>(query))[0]!.id;
const areaId = (code: string) => idOf(sql`select id from areas where code = ${code}`);
const inEvery = async <T>(read: (lng: Lng) => Promise<T>) =>
  Object.fromEntries(
    await Promise.all(LANGUAGES.map(async (lng) => [lng, await read(lng)] as const)),
  ) as Record<Lng, T>;

describe('stores', () => {
  it('catalogue stock, filters and cart lines name stores in Lng, else as written', async () => {
    const product = await idOf(sql`select product_id as id from stock where store_id = ${guangzhou}
      and product_id in (select product_id from stock where store_id = ${shanghai}) order by 1 limit 1`);
    const storesOf = async (lng: Lng) => {
      const answer = await call<ProductDetail>(`/Web/GetProductDetail/${product}`, undefined, lng);
      return Object.fromEntries(answer.data.stores.map((store) => [store.store_id, store.store_name]));
    };
    const seen = await inEvery(storesOf);
    expect(seen.zh).toMatchObject({ [guangzhou]: '广州总仓', [shanghai]: '上海仓' });
    expect(seen.en).toMatchObject({
      [guangzhou]: 'Guangzhou Main Warehouse',
      [shanghai]: 'Shanghai Warehouse',
    });
    // No Spanish name for Shanghai: the name as written.
    expect(seen.es).toMatchObject({
      [guangzhou]: 'Almacén central de Cantón',
      [shanghai]: 'Shanghai Warehouse',
    });

    const filters = await call<CatalogFilters>('/Web/GetCatalogFilters', undefined, 'zh');
    expect(filters.data.stores.map((store) => store.name)).toEqual([
      '广州总仓',
      '上海仓',
      '马德里仓',
      '洛杉矶仓',
    ]);

    await setStock(t.database, product, 50);
    await cartLine(t, demo, product, 1, guangzhou);
    const cart = await call<CartList>('/Web/GetCartList/0', undefined, 'es');
    expect(cart.data.list.find((line) => line.cpid === product)?.store_name).toBe(
      'Almacén central de Cantón',
    );
    await t.call('/Web/ClearCart', undefined, { token: demo });
  });
});

describe('units, parameters and vehicle words', () => {
  it('a product’s unit, parameter names and word values and its vehicles’ words follow Lng', async () => {
    const padId = await idOf(sql`select p.id from products p join part_types pt on pt.id = p.part_type_id
      where pt.code = 'brake_pad' and exists (select 1 from fitments f where f.product_id = p.id) order by p.id limit 1`);
    const detail = await inEvery(
      async (lng) => (await call<ProductDetail>(`/Web/GetProductDetail/${padId}`, undefined, lng)).data,
    );
    expect([detail.zh.unit, detail.en.unit, detail.es.unit]).toEqual(['套', 'set', 'juego']);
    expect(detail.zh.pro_params.map((p) => p.name)).toEqual([
      '宽度 [mm]',
      '高度 [mm]',
      '厚度 [mm]',
      '磨损报警',
    ]);
    expect(detail.es.pro_params.map((p) => p.name)).toEqual([
      'Ancho [mm]',
      'Alto [mm]',
      'Espesor [mm]',
      'Testigo de desgaste',
    ]);
    // Numbers stay; the wear indicator's word is translated.
    expect(detail.es.pro_params[0]!.value).toBe(detail.zh.pro_params[0]!.value);
    const wear = { en: detail.en.pro_params[3]!.value, es: detail.es.pro_params[3]!.value };
    const spanish: Record<string, string> = {
      prepared: 'preparado',
      'with sensor': 'con sensor',
      acoustic: 'acústico',
      none: 'ninguno',
    };
    expect(wear.es).toBe(spanish[wear.en]);

    expect(detail.es.vehicles.length).toBeGreaterThan(0);
    for (const [index, vehicle] of detail.es.vehicles.entries()) {
      const zh = detail.zh.vehicles[index]!;
      expect(['Gasolina', 'Diésel', 'Híbrido']).toContain(vehicle.pl_fuel);
      expect(['汽油', '柴油', '混合动力']).toContain(zh.pl_fuel);
      expect(['Freno de disco', 'Freno de disco ventilado', 'Freno de tambor']).toContain(
        vehicle.pl_rear_brake,
      );
      // Makes and models are proper names, the same in every language.
      expect([zh.m1_name, zh.m2_name]).toEqual([vehicle.m1_name, vehicle.m2_name]);
    }
  });

  it('a unit without names shows as written; the catalogue list and order lines translate units too', async () => {
    const kit = await idOf(sql`select id from products where unit = 'KIT' and is_active order by id limit 1`);
    for (const lng of LANGUAGES) {
      const answer = await call<ProductDetail>(`/Web/GetProductDetail/${kit}`, undefined, lng);
      expect(answer.data.unit).toBe('KIT');
    }
    const list = await call<Page<ProductRow>>(
      '/Web/GetProductList',
      { keyword: '', page: 1, pageSize: 50 },
      'zh',
    );
    const units = new Set(list.data.list.map((row) => row.unit));
    expect([...units].every((unit) => ['个', '套', '对', '瓶', 'KIT'].includes(unit))).toBe(true);

    const orderId = await idOf(sql`select o.id from orders o where o.company_id = ${DEMO_IDS.demoCompany}
      and exists (select 1 from order_lines l where l.order_id = o.id and l.unit = 'PCS') order by o.id limit 1`);
    const lines = await inEvery(
      async (lng) => (await call<OrderDetail>(`/Web/GetOrderDetail/${orderId}`, undefined, lng)).data.lines,
    );
    const pcs = lines.en.findIndex((line) => line.unit === 'pcs');
    expect(pcs).toBeGreaterThanOrEqual(0);
    expect([lines.zh[pcs]!.unit, lines.es[pcs]!.unit]).toEqual(['个', 'ud.']);
  });
});

describe('carriers', () => {
  it('freight views and the checkout name carriers in Lng, else as written', async () => {
    const product = await idOf(
      sql`select id from products where weight is not null and is_active order by id limit 1`,
    );
    const query = {
      items: [{ id: product, qty: 1 }],
      fromAreaId: await areaId('CN'),
      toAreaId: await areaId('CN-GD-GZ'),
    };
    const carriersIn = async (lng: Lng) =>
      (
        await call<FreightView[]>(
          '/Common/Post',
          { type: 'Freight', m: 'GetFreightViews', data: JSON.stringify(query) },
          lng,
        )
      ).data.map((view) => view.carrier);
    const seen = await inEvery(carriersIn);
    expect(seen.zh).toEqual(expect.arrayContaining(['顺丰速运', '德邦物流']));
    // SF Express has only its Chinese name now: English and Spanish readers see it as written.
    expect(seen.en).toEqual(expect.arrayContaining(['SF Express', 'Deppon Freight']));
    expect(seen.es).toEqual(expect.arrayContaining(['SF Express', 'Deppon Freight']));
  });

  it('sales bills and deliveries name their carrier in Lng', async () => {
    const zto = await idOf(sql`select id from sales_bills where company_id = ${DEMO_IDS.demoCompany}
      and carrier_id = 7 order by id limit 1`);
    const names = await inEvery(
      async (lng) =>
        (await call<SalesDetail>(`/Web/GetSalesDetail/${zto}`, undefined, lng)).data.header.logistics_name,
    );
    expect(names).toEqual({ zh: '中通快递', en: 'ZTO Express', es: 'ZTO Express' });

    // Written in English on the bill, read in Chinese.
    const delivery = await idOf(sql`select id from deliveries where company_id = ${DEMO_IDS.demoCompany}
      and logistics_name = 'SF Express' order by id limit 1`);
    const zh = await call<DeliveryDetail>(`/Web/GetDeliveryDetail/${delivery}`, undefined, 'zh');
    expect(zh.data.header.logistics_name).toBe('顺丰速运');
    const list = await call<Page<DeliveryDetail['header']>>(
      '/Web/GetDeliveryList',
      { page: 1, pageSize: 200 },
      'zh',
    );
    expect(list.data.list.some((row) => row.logistics_name === 'SF Express')).toBe(false);
  });
});

describe('areas', () => {
  it('address paths follow Lng whoever wrote them', async () => {
    const paths = await inEvery(async (lng) => {
      const list = (await call<Address[]>('/Web/GetAddress', undefined, lng)).data;
      return list.find((address) => address.caption === '深圳总店')?.area;
    });
    expect(paths).toEqual({
      zh: '中国 / 广东省 / 深圳市',
      en: 'China / Guangdong / Shenzhen',
      es: 'China / Cantón / Shenzhen',
    });

    // Added by a Chinese reader, read by an English one.
    const added = await call<Address>(
      '/Web/AddAddress',
      {
        contact_name: '张三',
        area_id: await areaId('CN-GD-GZ'),
        address: '天河路 1 号',
        phone: '13800138000',
      },
      'zh',
    );
    expect(added.data.area).toBe('中国 / 广东省 / 广州市');
    const en = (await call<Address[]>('/Web/GetAddress', undefined, 'en')).data;
    expect(en.find((address) => address.id === added.data.id)?.area).toBe('China / Guangdong / Guangzhou');
  });
});

describe('system notes of an order’s history', () => {
  it('checkout, line edits and cancel write keys that read in Lng; a note without a key shows as written', async () => {
    const product = await idOf(
      sql`select id from products where buy_qty = 0 and is_active order by id limit 1`,
    );
    await setStock(t.database, product, 20);
    const line = await cartLine(t, demo, product, 2, guangzhou);
    const preview = await call<CheckoutPreview>('/Web/SubmitCart', { ids: [line] }, 'zh');
    expect(preview.data.freight_carrier === null || !/[A-Za-z]{4}/.test(preview.data.freight_carrier)).toBe(
      true,
    );
    const saved = await saveSubmits(
      t,
      demo,
      { items: [line], address_id: preview.data.address!.id },
      { lng: 'zh' },
    );
    expect(saved.code).toBe(200);
    const orderId = saved.data.order_id;
    const lineId = (await call<OrderDetail>(`/Web/GetOrderDetail/${orderId}`, undefined, 'en')).data.lines[0]!
      .id;
    // The pending orders show the destination's area path in Lng, then the street as written.
    const pending = await inEvery(
      async (lng) =>
        (
          await call<Page<PendingOrder>>('/Web/GetPendingOrders', { page: 1, pageSize: 50 }, lng)
        ).data.list.find((order) => order.id === orderId)?.destination,
    );
    const street = preview.data.address!.address;
    expect(pending.zh).toBe(`中国 / 广东省 / 深圳市 ${street}`);
    expect(pending.en).toBe(`China / Guangdong / Shenzhen ${street}`);
    expect(pending.es).toBe(`China / Cantón / Shenzhen ${street}`);
    await call('/Web/UpdateOrderLine', { order_id: orderId, line_id: lineId, qty: 3 }, 'zh');
    await call(`/Web/CancelOrder/${orderId}`, undefined, 'zh');
    await t.database.db.execute(
      sql`insert into order_events (order_id, from_state, to_state, note) values (${orderId}, 'cancelled', 'cancelled', 'hand note')`,
    );
    const notes = await inEvery(async (lng) =>
      (await call<OrderDetail>(`/Web/GetOrderDetail/${orderId}`, undefined, lng)).data.events.map(
        (e) => e.note,
      ),
    );
    const [number] = (
      await rows<{ number: string }>(sql`select number from products where id = ${product}`)
    ).map((row) => row.number);
    expect(notes.zh).toEqual(['网上下单', `第 1 行（${number}）：数量 2 → 3`, '买家取消', 'hand note']);
    expect(notes.en).toEqual([
      'web checkout',
      `line 1 (${number}): qty 2 → 3`,
      'cancelled by the buyer',
      'hand note',
    ]);
    expect(notes.es).toEqual([
      'pedido web',
      `línea 1 (${number}): cantidad 2 → 3`,
      'cancelado por el comprador',
      'hand note',
    ]);
    const [order] = await rows<{ destination_area_id: number | null }>(
      sql`select destination_area_id from orders where id = ${orderId}`,
    );
    expect(order?.destination_area_id).toBe(await areaId('CN-GD-SZ'));
  });
});

describe('remarks the system writes into the ledger and the payments', () => {
  it('payment history and account statement remarks follow Lng', async () => {
    const payments = await inEvery(async (lng) =>
      (await call<PaymentList>('/Web/GetPaymentList', { page: 1, pageSize: 200 }, lng)).data.list.map(
        (p) => p.remark,
      ),
    );
    const index = payments.en.indexOf('Monthly settlement');
    expect(index).toBeGreaterThanOrEqual(0);
    expect([payments.zh[index], payments.es[index]]).toEqual(['月结', 'Liquidación mensual']);

    const statement = await inEvery(async (lng) =>
      (await call<FinanceAccount>('/Web/GetFinanceAccount', { page: 1, pageSize: 50 }, lng)).data.entries.map(
        (entry) => entry.remark,
      ),
    );
    const opening = statement.en.indexOf('Opening balance');
    expect(opening).toBeGreaterThanOrEqual(0);
    expect([statement.zh[opening], statement.es[opening]]).toEqual(['期初余额', 'Saldo inicial']);
    // A remark written by a person or the ERP (a bill number) stays as written.
    const written = statement.en.findIndex((remark) => /^(SO|PO)\d/.test(remark));
    if (written >= 0) expect(statement.es[written]).toBe(statement.en[written]);
  });
});

describe('migration 0016 (backfill of data written before per-language names)', () => {
  it('links bills to carriers by any of their names, orders to their area, and old notes to keys', async () => {
    const orderId = await idOf(sql`select id from orders where company_id = ${DEMO_IDS.demoCompany}
      and address_id = 1 order by id limit 1`);
    const bill = await idOf(sql`select id from sales_bills order by id limit 1`);
    const events = await rows<{ id: number }>(sql`
      insert into order_events (order_id, from_state, to_state, note) values
        (${orderId}, null, 'pending_payment', 'web checkout'),
        (${orderId}, 'pending_payment', 'submitted', 'paid by wechat (WX-1)'),
        (${orderId}, 'submitted', 'submitted', 'line 2 (04465-33450) deleted, qty 4'),
        (${orderId}, 'submitted', 'submitted', 'said on the phone')
      returning id`);
    await t.database.db.execute(
      sql`update sales_bills set carrier_id = null, logistics_name = '德邦物流' where id = ${bill}`,
    );
    const [ledger] = await rows<{ id: number }>(sql`
      insert into ledger_entries (company_id, date, kind, ref_no, debit, currency, remark)
      values (${DEMO_IDS.demoCompany}, now(), 'payment', 'SK1', 0, 'CNY', 'cutmoney 12.50') returning id`);
    await t.database.db.execute(sql`update orders o set destination_area_id = null, destination_detail = '',
      destination = a.area || ' ' || a.address from addresses a where a.id = 1 and o.id = ${orderId}`);

    const migration = readFileSync(
      new URL('../../db/migrations/0016_per_language_names_sql.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) {
      await t.database.db.execute(sql.raw(statement));
    }

    const keyed = await rows<{ note_key: string; note_params: Record<string, unknown> }>(
      sql`select note_key, note_params from order_events where id in ${sql.raw(`(${events.map((e) => e.id).join(',')})`)} order by id`,
    );
    expect(keyed).toEqual([
      { note_key: 'orderEventCheckout', note_params: {} },
      { note_key: 'orderEventPaidBy', note_params: { method: 'wechat', ref: 'WX-1' } },
      { note_key: 'orderEventLineDeleted', note_params: { seq: 2, number: '04465-33450', qty: 4 } },
      { note_key: '', note_params: {} },
    ]);
    const [remark] = await rows<{ remark_key: string; remark_params: Record<string, unknown> }>(
      sql`select remark_key, remark_params from ledger_entries where id = ${ledger!.id}`,
    );
    expect(remark).toEqual({ remark_key: 'paymentCutmoney', remark_params: { amount: '12.50' } });
    const [linked] = await rows<{ carrier_id: number }>(
      sql`select carrier_id from sales_bills where id = ${bill}`,
    );
    expect(linked?.carrier_id).toBe(2);
    const [order] = await rows<{ destination_area_id: number; destination_detail: string }>(
      sql`select destination_area_id, destination_detail from orders where id = ${orderId}`,
    );
    expect(order).toEqual({
      destination_area_id: await areaId('CN-GD-SZ'),
      destination_detail: expect.any(String),
    });
    const [path] = await rows<{ es: string; unknown: string | null }>(
      sql`select area_path(${await areaId('CN-GD-GZ')}, 'es') as es, area_path(-1, 'en') as unknown`,
    );
    expect(path).toEqual({ es: 'China / Cantón / Cantón (ciudad)', unknown: null });
  });
});
