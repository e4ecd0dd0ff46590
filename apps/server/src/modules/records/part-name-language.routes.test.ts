import type { OrderDetail, OrderLineRow } from '@partsportal/contract/orders';
import type {
  DeliveryDetail,
  PurchaseDetail,
  PurchaseLineRow,
  SalesDetail,
  SalesLineRow,
} from '@partsportal/contract/records';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { DEMO_IDS, seedDemoData } from '../../db/seed/demo-data';
import { createTestApp, type TestApp } from '../../../test/test-app';

// Issue 17 item 3: a record line shows the part name in the reader's language (Lng) — the
// product's name in that language when it is filled, else the name the line was written with.

let t: TestApp;
let demo: string;
let partner: string;

beforeAll(async () => {
  t = await createTestApp({
    seed: (database: Database) =>
      seedDemoData(database, {
        parts: 120,
        seed: 17,
        now: new Date('2026-11-01T00:00:00Z'),
        passwordHashMemoryKiB: 1024,
      }).then(() => undefined),
  });
  [demo, partner] = await Promise.all([t.login('demo', 'demo1234'), t.login('partner', 'partner1234')]);
});
afterAll(async () => t?.close());

const DEMO = DEMO_IDS.demoCompany;
const PARTNER = DEMO_IDS.partnerCompany;

type Lng = 'zh' | 'en' | 'es';
const LANGUAGES: Lng[] = ['zh', 'en', 'es'];

const get = <T>(path: string, lng: Lng, token = demo) => t.call<T>(path, undefined, { token, lng });
const post = <T>(path: string, body: Record<string, unknown>, lng: Lng, token = demo) =>
  t.call<{ list: T[]; total: number }>(path, { page: 1, pageSize: 200, ...body }, { token, lng });

/**
 * One line of `table` of `company` (the last), its product given distinct names per language
 * and the line a snapshot name of its own, so each answer tells which one was read.
 */
async function namedLine(table: string, billColumn: string, whose: string) {
  const [line] = await t.database.rows<{ id: number; bill_id: number; product_id: number; number: string }>(
    sql.raw(`select id::int as id, ${billColumn} as bill_id, product_id, number from ${table}
      where ${whose} order by id desc limit 1`),
  );
  if (!line) throw new Error(`no line in ${table}`);
  const names: Record<Lng, string> = {
    zh: `测试零件${line.product_id}`,
    en: `Test part ${line.product_id}`,
    es: `Pieza de prueba ${line.product_id}`,
  };
  const snapshot = `快照名称${line.id}`;
  await t.database.rows(
    sql`update products set name_zh = ${names.zh}, name_en = ${names.en}, name_es = ${names.es}
      where id = ${line.product_id}`,
  );
  await t.database.rows(sql.raw(`update ${table} set part_name = '${snapshot}' where id = ${line.id}`));
  return { ...line, names, snapshot };
}

const clearName = (productId: number, lng: Lng) =>
  t.database.rows(sql.raw(`update products set name_${lng} = '' where id = ${productId}`));

describe('order lines follow the reader’s language', () => {
  it('order detail and order line search: zh, en, es from the product; an empty name falls back', async () => {
    const line = await namedLine('order_lines', 'order_id', `company_id = ${DEMO}`);
    const detailName = async (lng: Lng) => {
      const answer = await get<OrderDetail>(`/Web/GetOrderDetail/${line.bill_id}`, lng);
      expect(answer.code).toBe(200);
      return answer.data.lines.find((l) => l.id === line.id)?.part_name;
    };
    const searchName = async (lng: Lng, body: Record<string, unknown> = { no: '' }) => {
      const answer = await post<OrderLineRow>(
        '/Web/GetOrderLineList',
        { partNumber: line.number, ...body },
        lng,
      );
      expect(answer.code).toBe(200);
      return answer.data.list.find((l) => l.id === line.id)?.part_name;
    };
    for (const lng of LANGUAGES) {
      expect(await detailName(lng)).toBe(line.names[lng]);
      expect(await searchName(lng)).toBe(line.names[lng]);
      // The name filter matches the name as shown in that language, not another language's.
      expect(await searchName(lng, { name: line.names[lng] })).toBe(line.names[lng]);
    }
    expect(await searchName('en', { name: line.names.es })).toBeUndefined();
    expect(await searchName('es', { name: line.snapshot })).toBeUndefined();

    await clearName(line.product_id, 'es');
    expect(await detailName('es')).toBe(line.snapshot);
    expect(await searchName('es')).toBe(line.snapshot);
    expect(await searchName('es', { name: line.snapshot })).toBe(line.snapshot);
    expect(await detailName('en')).toBe(line.names.en);
  });
});

describe('sales, delivery and purchase lines follow the reader’s language', () => {
  it('sales bill detail and sales line search', async () => {
    const line = await namedLine('sales_lines', 'sales_bill_id', `company_id = ${DEMO}`);
    for (const lng of LANGUAGES) {
      const answer = await get<SalesDetail>(`/Web/GetSalesDetail/${line.bill_id}`, lng);
      expect(answer.data.lines.find((l) => l.id === line.id)?.part_name).toBe(line.names[lng]);
      const found = await post<SalesLineRow>('/Web/GetSalesLineList', { name: line.names[lng] }, lng);
      // Every line of the product answers its name in that language; the changed line among them.
      expect(found.data.list.find((l) => l.id === line.id)?.part_name).toBe(line.names[lng]);
      expect(found.data.list.every((l) => l.part_name === line.names[lng])).toBe(true);
    }
    await clearName(line.product_id, 'en');
    const answer = await get<SalesDetail>(`/Web/GetSalesDetail/${line.bill_id}`, 'en');
    expect(answer.data.lines.find((l) => l.id === line.id)?.part_name).toBe(line.snapshot);
  });

  it('delivery detail', async () => {
    const line = await namedLine(
      'delivery_lines',
      'delivery_id',
      `delivery_id in (select id from deliveries where company_id = ${DEMO})`,
    );
    for (const lng of LANGUAGES) {
      const answer = await get<DeliveryDetail>(`/Web/GetDeliveryDetail/${line.bill_id}`, lng);
      expect(answer.data.lines.find((l) => l.id === line.id)?.part_name).toBe(line.names[lng]);
    }
    await clearName(line.product_id, 'zh');
    const answer = await get<DeliveryDetail>(`/Web/GetDeliveryDetail/${line.bill_id}`, 'zh');
    expect(answer.data.lines.find((l) => l.id === line.id)?.part_name).toBe(line.snapshot);
  });

  it('purchase detail and purchase line search (the company as supplier)', async () => {
    const line = await namedLine('purchase_lines', 'purchase_id', `supplier_company_id = ${PARTNER}`);
    for (const lng of LANGUAGES) {
      const answer = await get<PurchaseDetail>(`/Web/GetPurchaseDetail/${line.bill_id}`, lng, partner);
      expect(answer.data.lines.find((l) => l.id === line.id)?.part_name).toBe(line.names[lng]);
      const found = await post<PurchaseLineRow>(
        '/Web/GetPurchaseLineList',
        { name: line.names[lng] },
        lng,
        partner,
      );
      // Every line of the product answers its name in that language; the changed line among them.
      expect(found.data.list.find((l) => l.id === line.id)?.part_name).toBe(line.names[lng]);
      expect(found.data.list.every((l) => l.part_name === line.names[lng])).toBe(true);
    }
  });
});
