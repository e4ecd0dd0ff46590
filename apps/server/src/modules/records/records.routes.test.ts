import type {
  Delivery,
  DeliveryDetail,
  Purchase,
  PurchaseDetail,
  PurchaseLineRow,
  RecordTotals,
  SalesBill,
  SalesDetail,
  SalesLineRow,
} from '@partsportal/contract/records';
import { normalizePartNumber } from '@partsportal/contract/part-number';
import { sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { DEMO_IDS, seedDemoData } from '../../db/seed/demo-data';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let demo: string;
let partner: string;
let viewer: string;

interface Page<T> {
  list: T[];
  total: number;
  totals?: RecordTotals[];
}

beforeAll(async () => {
  t = await createTestApp({
    seed: (database: Database) =>
      seedDemoData(database, {
        parts: 300,
        seed: 11,
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

const list = <T>(path: string, body: Record<string, unknown> = {}, token = demo) =>
  t.call<Page<T>>(path, { page: 1, pageSize: 20, ...body }, { token, lng: 'en' });
const detail = <T>(path: string, id: number, token = demo) =>
  t.call<T>(`${path}/${id}`, undefined, { token, lng: 'en' });
const rows = <T>(query: string) => t.database.rows<T>(sql.raw(query));
const one = async <T>(query: string) => (await rows<T>(query))[0]!;
const countOf = async (query: string) => Number((await one<{ n: string | number }>(query)).n);

const DEMO = DEMO_IDS.demoCompany;
const PARTNER = DEMO_IDS.partnerCompany;

/** Walks all pages of a list call and answers the ids in order. */
async function allIds(path: string, body: Record<string, unknown>, token = demo): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const answer = await list<{ id: number }>(path, { ...body, page, pageSize: 200 }, token);
    expect(answer.code).toBe(200);
    ids.push(...answer.data.list.map((row) => row.id));
    if (answer.data.list.length < 200) return ids;
  }
}

describe('/Web/GetDeliveryList', () => {
  it("answers the company's deliveries, newest first, with totals over the whole filter", async () => {
    const expected = await one<{ n: string; amount: string; qty: string }>(
      `select count(*) n, sum(amount)::numeric(18,4)::text amount, sum(total_qty) qty from deliveries where company_id = ${DEMO}`,
    );
    const answer = await list<Delivery>('/Web/GetDeliveryList');
    expect(answer.code).toBe(200);
    expect(Number(expected.n)).toBeGreaterThan(20);
    expect(answer.data.total).toBe(Number(expected.n));
    expect(answer.data.list).toHaveLength(20);
    expect(answer.data.totals).toEqual([
      {
        currency: 'CNY',
        records: Number(expected.n),
        total_qty: Number(expected.qty),
        amount: expected.amount,
      },
    ]);
    const dates = answer.data.list.map((d) => d.date);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const first = answer.data.list[0]!;
    expect(String(first.date)).toMatch(/^\d{10}$/);
    expect(first.amount).toMatch(/^\d+\.\d{4}$/);
    expect(first.logistics_no).not.toBe('');
  });

  it('pages without overlap: last page, beyond the last page, 200 allowed, 201 refused', async () => {
    const total = await countOf(`select count(*) n from deliveries where company_id = ${DEMO}`);
    const big = await list<Delivery>('/Web/GetDeliveryList', { pageSize: 200 });
    expect(big.code).toBe(200);
    expect(big.data.list).toHaveLength(Math.min(200, total));
    const refused = await list<Delivery>('/Web/GetDeliveryList', { pageSize: 201 });
    expect(refused.code).toBe(40001);

    const [p1, p2, both] = await Promise.all([
      list<Delivery>('/Web/GetDeliveryList', { page: 1, pageSize: 7 }),
      list<Delivery>('/Web/GetDeliveryList', { page: 2, pageSize: 7 }),
      list<Delivery>('/Web/GetDeliveryList', { page: 1, pageSize: 14 }),
    ]);
    expect([...p1.data.list, ...p2.data.list].map((d) => d.id)).toEqual(both.data.list.map((d) => d.id));

    const pageSize = 9;
    const lastPage = Math.ceil(total / pageSize);
    const last = await list<Delivery>('/Web/GetDeliveryList', { page: lastPage, pageSize });
    expect(last.data.list).toHaveLength(total - (lastPage - 1) * pageSize);
    const beyond = await list<Delivery>('/Web/GetDeliveryList', { page: lastPage + 1, pageSize });
    expect(beyond.code).toBe(200);
    expect(beyond.data.list).toEqual([]);
    expect(beyond.data.total).toBe(total);
  });

  it('sorts only by allow-listed columns, ties broken by id', async () => {
    const ids = await allIds('/Web/GetDeliveryList', { sort: 'amount', order: 'asc' });
    const expected = await rows<{ id: number }>(
      `select id from deliveries where company_id = ${DEMO} order by amount asc, id asc`,
    );
    expect(ids).toEqual(expected.map((r) => r.id));
    for (const sort of ['company_id', 'account_id', 'id; drop table deliveries']) {
      expect((await list('/Web/GetDeliveryList', { sort })).code).toBe(40001);
    }
    expect((await list('/Web/GetDeliveryList', { order: 'sideways' })).code).toBe(40001);
    expect((await list('/Web/GetDeliveryList', { company_id: PARTNER })).code).toBe(40001);
  });

  it('filters by date range (inclusive) and part of the no', async () => {
    const sample = await one<{ no: string; at: string }>(
      `select no, floor(extract(epoch from date))::bigint at from deliveries where company_id = ${DEMO} order by date desc offset 5 limit 1`,
    );
    const at = Number(sample.at);
    const exact = await list<Delivery>('/Web/GetDeliveryList', { dateFrom: at, dateTo: at });
    expect(exact.data.list.map((d) => d.no)).toContain(sample.no);
    expect(exact.data.list.every((d) => d.date === at)).toBe(true);

    const from = at - 30 * 86_400;
    const expected = await countOf(
      `select count(*) n from deliveries where company_id = ${DEMO} and date >= to_timestamp(${from}) and date < to_timestamp(${at + 1})`,
    );
    const ranged = await list<Delivery>('/Web/GetDeliveryList', {
      dateFrom: from,
      dateTo: at,
      pageSize: 200,
    });
    expect(ranged.data.total).toBe(expected);
    expect(ranged.data.list.every((d) => d.date >= from && d.date <= at)).toBe(true);

    const part = sample.no.slice(-6).toLowerCase();
    const byNo = await list<Delivery>('/Web/GetDeliveryList', { no: ` ${part} ` });
    expect(byNo.data.total).toBeGreaterThanOrEqual(1);
    expect(byNo.data.list.every((d) => d.no.toLowerCase().includes(part))).toBe(true);
    // Wildcards typed by the user are literal.
    expect((await list<Delivery>('/Web/GetDeliveryList', { no: '%' })).data.total).toBe(0);
    expect((await list<Delivery>('/Web/GetDeliveryList', { no: '' })).data.total).toBe(
      (await list<Delivery>('/Web/GetDeliveryList')).data.total,
    );
  });
});

describe('/Web/GetDeliveryDetail/{id}', () => {
  it('answers header, lines with their orders, and the orders fulfilled', async () => {
    const id = (await list<Delivery>('/Web/GetDeliveryList')).data.list[0]!.id;
    const answer = await detail<DeliveryDetail>('/Web/GetDeliveryDetail', id);
    expect(answer.code).toBe(200);
    const { header, lines, orders } = answer.data;
    expect(header.id).toBe(id);
    expect(lines).toHaveLength(header.count);
    expect(lines.reduce((s, l) => s + l.qty, 0)).toBe(header.total_qty);
    expect(orders.length).toBeGreaterThanOrEqual(1);
    // The seed writes the order no into the delivery's remark.
    expect(orders.map((o) => o.no)).toContain(header.remark);
    for (const line of lines) {
      expect(orders.map((o) => o.id)).toContain(line.order_id);
      expect(line.order_no).toBe(orders.find((o) => o.id === line.order_id)!.no);
    }
  });

  it('answers 40004 for an unknown id and refuses a malformed one', async () => {
    expect((await detail('/Web/GetDeliveryDetail', 99_999_999)).code).toBe(40004);
    expect((await detail('/Web/GetDeliveryDetail', 0)).code).toBe(40001);
  });
});

describe('/Web/GetSalesList', () => {
  it('lists bills with ship status and logistics; filters by state, cargo_state and airway bill no', async () => {
    const total = await countOf(`select count(*) n from sales_bills where company_id = ${DEMO}`);
    const all = await list<SalesBill>('/Web/GetSalesList');
    expect(all.code).toBe(200);
    expect(all.data.total).toBe(total);
    const sortName = (await one<{ s: string }>(`select sort_name s from companies where id = ${DEMO}`)).s;
    for (const bill of all.data.list) {
      expect(bill.company_sort_name).toBe(sortName);
      // The seed writes the order no into the remark; order_id links the same order.
      expect(bill.order_no).toBe(bill.remark);
      expect(bill.order_id).not.toBeNull();
    }

    for (const cargo of ['signed', 'in_transit', 'shipped'] as const) {
      const expected = await countOf(
        `select count(*) n from sales_bills where company_id = ${DEMO} and cargo_state = '${cargo}'`,
      );
      const answer = await list<SalesBill>('/Web/GetSalesList', { cargo_state: cargo, pageSize: 50 });
      expect(answer.data.total).toBe(expected);
      expect(answer.data.list.every((b) => b.cargo_state === cargo)).toBe(true);
    }
    expect((await list('/Web/GetSalesList', { cargo_state: 'lost' })).code).toBe(40001);
    expect((await list<SalesBill>('/Web/GetSalesList', { state: 'cancelled' })).data.total).toBe(0);
    expect((await list<SalesBill>('/Web/GetSalesList', { state: 'audited' })).data.total).toBe(total);

    const awb = all.data.list[3]!.logistics_no;
    const byAwb = await list<SalesBill>('/Web/GetSalesList', { logistics_no: awb.toLowerCase() });
    expect(byAwb.data.list.map((b) => b.logistics_no)).toContain(awb);
    expect(byAwb.data.list.every((b) => b.logistics_no.toLowerCase().includes(awb.toLowerCase()))).toBe(true);
  });

  it('finds the bills containing a part number in any spelling', async () => {
    const line = await one<{ number: string; number_key: string }>(
      `select number, number_key from sales_lines where company_id = ${DEMO} and length(number_key) >= 6 order by id limit 1`,
    );
    const prefix = line.number_key.slice(0, 6);
    const expected = await countOf(
      `select count(distinct sales_bill_id) n from sales_lines where company_id = ${DEMO} and number_key like '${prefix}%'`,
    );
    const spelled = `${prefix.slice(0, 3).toLowerCase()}-${prefix.slice(3)}`;
    expect(normalizePartNumber(spelled)).toBe(prefix);
    const answer = await list<SalesBill>('/Web/GetSalesList', { partNumber: spelled, pageSize: 200 });
    expect(answer.data.total).toBe(expected);
    expect(answer.data.total).toBeGreaterThanOrEqual(1);
  });

  it('sorts by cargo_state and export_rate; refuses other columns', async () => {
    const ids = await allIds('/Web/GetSalesList', { sort: 'export_rate', order: 'desc' });
    const expected = await rows<{ id: number }>(
      `select id from sales_bills where company_id = ${DEMO} order by export_rate desc, id desc`,
    );
    expect(ids).toEqual(expected.map((r) => r.id));
    expect((await list('/Web/GetSalesList', { sort: 'logistics_name' })).code).toBe(40001);
  });
});

describe('/Web/GetSalesDetail/{id} and /Web/GetSalesLineList', () => {
  it('answers the bill with its lines in seq order', async () => {
    const bill = (await list<SalesBill>('/Web/GetSalesList')).data.list[0]!;
    const answer = await detail<SalesDetail>('/Web/GetSalesDetail', bill.id);
    expect(answer.code).toBe(200);
    expect(answer.data.header).toEqual(bill);
    expect(answer.data.lines.map((l) => l.seq)).toEqual(answer.data.lines.map((_, i) => i + 1));
    expect(answer.data.lines.reduce((s, l) => s + l.qty, 0)).toBe(bill.total_qty);
  });

  it('searches lines across bills by part number prefix, name and bill no', async () => {
    const line = await one<{ number_key: string }>(
      `select number_key from sales_lines where company_id = ${DEMO} order by id desc limit 1`,
    );
    const prefix = line.number_key.slice(0, 5);
    const expected = await countOf(
      `select count(*) n from sales_lines where company_id = ${DEMO} and number_key like '${prefix}%'`,
    );
    const answer = await list<SalesLineRow>('/Web/GetSalesLineList', { partNumber: prefix, pageSize: 200 });
    expect(answer.code).toBe(200);
    expect(answer.data.total).toBe(expected);
    expect(answer.data.list.every((l) => normalizePartNumber(l.number).startsWith(prefix))).toBe(true);
    const dates = answer.data.list.map((l) => l.bill_date);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    // The name filter matches the name as shown in the reader's language (issue 17 item 3).
    const word = answer.data.list[0]!.part_name.slice(0, 3);
    const byName = await list<SalesLineRow>('/Web/GetSalesLineList', { name: word });
    expect(byName.data.total).toBeGreaterThanOrEqual(1);
    expect(byName.data.list.every((l) => l.part_name.toLowerCase().includes(word.toLowerCase()))).toBe(true);

    const first = answer.data.list[0]!;
    const byNo = await list<SalesLineRow>('/Web/GetSalesLineList', { no: first.no, pageSize: 200 });
    expect(byNo.data.list.every((l) => l.no === first.no && l.sales_bill_id === first.sales_bill_id)).toBe(
      true,
    );
    expect(byNo.data.total).toBe(
      await countOf(`select count(*) n from sales_lines where sales_bill_id = ${first.sales_bill_id}`),
    );
  });
});

describe('delivery note and sales bill as PDFs (issue 15 item 2)', () => {
  const pdf = async (path: string, token: string) => {
    const answer = await t.app.inject({ method: 'GET', url: `/api${path}&token=${token}` });
    return answer;
  };
  const textOf = async (answer: { rawPayload: Buffer }) =>
    (await extractText(new Uint8Array(answer.rawPayload), { mergePages: true })).text.replace(/\s+/g, '');

  it("prints the delivery's lines and the bill's lines in the reader's language", async () => {
    const delivery = (await list<Delivery>('/Web/GetDeliveryList')).data.list[0]!;
    const lines = (await detail<DeliveryDetail>('/Web/GetDeliveryDetail', delivery.id)).data.lines;
    const note = await pdf(`/Web/GetDeliveryNotePdf/${delivery.id}?lng=es`, demo);
    expect(note.statusCode).toBe(200);
    expect(note.headers['content-type']).toBe('application/pdf');
    const noteText = await textOf(note);
    expect(noteText).toContain('Albarándeentrega');
    expect(noteText).toContain(delivery.no);
    for (const line of lines.slice(0, 5)) expect(noteText).toContain(line.number.replace(/\s+/g, ''));

    const bill = (await list<SalesBill>('/Web/GetSalesList')).data.list[0]!;
    const sale = await pdf(`/Web/GetSalesBillPdf/${bill.id}?lng=zh`, demo);
    const saleText = await textOf(sale);
    expect(saleText).toContain('销售单');
    expect(saleText).toContain(bill.no);
  });

  it("prints the buyer's PO number of the order(s) it belongs to (issue 17 #15)", async () => {
    const bill = await one<{ id: number; order_id: number }>(
      `select id, order_id from sales_bills where company_id = ${DEMO} and order_id is not null order by id limit 1`,
    );
    const delivery = await one<{ id: number; order_id: number }>(
      `select d.id, l.order_id from deliveries d join delivery_lines l on l.delivery_id = d.id
        where d.company_id = ${DEMO} and l.order_id is not null order by d.id limit 1`,
    );
    await t.database.db.execute(
      sql`update orders set po_number = 'PO-PDF-' || id where id in (${bill.order_id}, ${delivery.order_id})`,
    );
    const saleText = await textOf(await pdf(`/Web/GetSalesBillPdf/${bill.id}?lng=en`, demo));
    expect(saleText).toContain(`YourPOnumber:PO-PDF-${bill.order_id}`);
    const noteText = await textOf(await pdf(`/Web/GetDeliveryNotePdf/${delivery.id}?lng=es`, demo));
    expect(noteText).toContain(`SunúmerodeOC:PO-PDF-${delivery.order_id}`);
    await t.database.db.execute(sql`update orders set po_number = '' where po_number like 'PO-PDF-%'`);
  });

  it("never prints another company's document, and needs the record's menu", async () => {
    const theirs = await one<{ id: number }>(
      `select id from deliveries where company_id = ${PARTNER} limit 1`,
    );
    expect(theirs?.id).toBeGreaterThan(0);
    const answer = await pdf(`/Web/GetDeliveryNotePdf/${theirs.id}?lng=en`, demo);
    expect(answer.json()).toMatchObject({ code: 40004 });
    const bill = (await list<SalesBill>('/Web/GetSalesList')).data.list[0]!;
    const refused = await pdf(`/Web/GetSalesBillPdf/${bill.id}?lng=en`, viewer);
    expect((refused.json() as { code: number }).code).toBe(40003);
    const noToken = await t.app.inject({ method: 'GET', url: `/api/Web/GetSalesBillPdf/${bill.id}` });
    expect((noToken.json() as { code: number }).code).toBe(50008);
  });
});

describe('purchases: the company as supplier', () => {
  it('demo supplies nothing and sees no purchases', async () => {
    const answer = await list<Purchase>('/Web/GetPurchaseList');
    expect(answer.code).toBe(200);
    expect(answer.data).toEqual({ list: [], total: 0, totals: [] });
    expect((await list<PurchaseLineRow>('/Web/GetPurchaseLineList')).data.total).toBe(0);
  });

  it('partner sees exactly its supplier purchases, with its own short name as supplier', async () => {
    const total = await countOf(`select count(*) n from purchases where supplier_company_id = ${PARTNER}`);
    expect(total).toBeGreaterThan(0);
    const ids = await allIds('/Web/GetPurchaseList', {}, partner);
    const expected = await rows<{ id: number }>(
      `select id from purchases where supplier_company_id = ${PARTNER} order by bill_date desc, id desc`,
    );
    expect(ids).toEqual(expected.map((r) => r.id));

    const answer = await list<Purchase>('/Web/GetPurchaseList', {}, partner);
    const sortName = (await one<{ s: string }>(`select sort_name s from companies where id = ${PARTNER}`)).s;
    expect(answer.data.list.every((p) => p.company_sort_name === sortName)).toBe(true);
    const qty = await countOf(
      `select coalesce(sum(l.qty), 0) n from purchase_lines l join purchases p on p.id = l.purchase_id where p.supplier_company_id = ${PARTNER}`,
    );
    expect(answer.data.totals?.[0]?.total_qty).toBe(qty);
    expect(answer.data.totals?.[0]?.records).toBe(total);

    const received = await list<Purchase>(
      '/Web/GetPurchaseList',
      { state: 'received', pageSize: 200 },
      partner,
    );
    expect(received.data.total).toBe(
      await countOf(
        `select count(*) n from purchases where supplier_company_id = ${PARTNER} and state = 'received'`,
      ),
    );
    expect(received.data.list.every((p) => p.state === 'received')).toBe(true);
    const byRequire = await allIds('/Web/GetPurchaseList', { sort: 'require_date', order: 'asc' }, partner);
    const expectedByRequire = await rows<{ id: number }>(
      `select id from purchases where supplier_company_id = ${PARTNER} order by require_date asc, id asc`,
    );
    expect(byRequire).toEqual(expectedByRequire.map((r) => r.id));
  });

  it('detail answers lines with cpid, last_price and store_qty; line search by number', async () => {
    const purchase = (await list<Purchase>('/Web/GetPurchaseList', {}, partner)).data.list[0]!;
    const answer = await detail<PurchaseDetail>('/Web/GetPurchaseDetail', purchase.id, partner);
    expect(answer.code).toBe(200);
    expect(answer.data.header).toEqual(purchase);
    const lineCount = await countOf(
      `select count(*) n from purchase_lines where purchase_id = ${purchase.id}`,
    );
    expect(answer.data.lines).toHaveLength(lineCount);
    const line = answer.data.lines[0]!;
    const product = await one<{ number: string }>(`select number from products where id = ${line.cpid}`);
    expect(product.number).toBe(line.number);

    const prefix = normalizePartNumber(line.number).slice(0, 5);
    const found = await list<PurchaseLineRow>(
      '/Web/GetPurchaseLineList',
      { partNumber: prefix, pageSize: 200 },
      partner,
    );
    expect(found.data.total).toBe(
      await countOf(
        `select count(*) n from purchase_lines where supplier_company_id = ${PARTNER} and number_key like '${prefix}%'`,
      ),
    );
    expect(found.data.list.map((l) => l.id)).toContain(line.id);
    const withBills = await list<Purchase>(
      '/Web/GetPurchaseList',
      { partNumber: prefix, pageSize: 200 },
      partner,
    );
    expect(withBills.data.list.map((p) => p.id)).toContain(purchase.id);
  });
});

describe('company scoping', () => {
  it("another company's ids read as unknown (40004) on every detail call, both ways", async () => {
    const pick = async (query: string) => (await one<{ id: number }>(query)).id;
    const partnerDelivery = await pick(`select id from deliveries where company_id = ${PARTNER} limit 1`);
    const partnerSales = await pick(`select id from sales_bills where company_id = ${PARTNER} limit 1`);
    const demoDelivery = await pick(`select id from deliveries where company_id = ${DEMO} limit 1`);
    const demoSales = await pick(`select id from sales_bills where company_id = ${DEMO} limit 1`);
    const partnerPurchase = await pick(
      `select id from purchases where supplier_company_id = ${PARTNER} limit 1`,
    );
    const otherPurchase = await pick(
      `select id from purchases where supplier_company_id <> ${PARTNER} limit 1`,
    );

    // Sanity: each record is visible to its own company, so the 40004s below mean scoping.
    expect((await detail('/Web/GetDeliveryDetail', partnerDelivery, partner)).code).toBe(200);
    expect((await detail('/Web/GetSalesDetail', partnerSales, partner)).code).toBe(200);
    expect((await detail('/Web/GetDeliveryDetail', demoDelivery, demo)).code).toBe(200);
    expect((await detail('/Web/GetSalesDetail', demoSales, demo)).code).toBe(200);
    expect((await detail('/Web/GetPurchaseDetail', partnerPurchase, partner)).code).toBe(200);

    for (const [path, id, token] of [
      ['/Web/GetDeliveryDetail', partnerDelivery, demo],
      ['/Web/GetSalesDetail', partnerSales, demo],
      ['/Web/GetPurchaseDetail', partnerPurchase, demo],
      ['/Web/GetDeliveryDetail', demoDelivery, partner],
      ['/Web/GetSalesDetail', demoSales, partner],
      ['/Web/GetPurchaseDetail', otherPurchase, partner],
    ] as const) {
      const answer = await detail(path, id, token);
      expect({ path, id, code: answer.code, data: answer.data }).toEqual({
        path,
        id,
        code: 40004,
        data: null,
      });
    }
  });

  it("lists never contain another company's records", async () => {
    const walk = async (path: string, table: string, scope: string, company: number, token: string) => {
      const ids = await allIds(path, {}, token);
      // Line ids are bigint: raw rows answer them as strings on PostgreSQL.
      const own = await rows<{ id: number | string }>(`select id from ${table} where ${scope} = ${company}`);
      expect(new Set(ids)).toEqual(new Set(own.map((r) => Number(r.id))));
    };
    await walk('/Web/GetDeliveryList', 'deliveries', 'company_id', PARTNER, partner);
    await walk('/Web/GetSalesList', 'sales_bills', 'company_id', PARTNER, partner);
    await walk('/Web/GetPurchaseList', 'purchases', 'supplier_company_id', PARTNER, partner);
    await walk('/Web/GetSalesLineList', 'sales_lines', 'company_id', PARTNER, partner);
    await walk('/Web/GetPurchaseLineList', 'purchase_lines', 'supplier_company_id', PARTNER, partner);
  });

  it('viewer (1001 + 1007 only) is refused every record call with 40003', async () => {
    const id = (await one<{ id: number }>(`select id from deliveries where company_id = ${DEMO} limit 1`)).id;
    for (const path of [
      '/Web/GetDeliveryList',
      '/Web/GetSalesList',
      '/Web/GetSalesLineList',
      '/Web/GetPurchaseList',
      '/Web/GetPurchaseLineList',
    ]) {
      expect({ path, code: (await list(path, {}, viewer)).code }).toEqual({ path, code: 40003 });
    }
    for (const path of ['/Web/GetDeliveryDetail', '/Web/GetSalesDetail', '/Web/GetPurchaseDetail']) {
      expect({ path, code: (await detail(path, id, viewer)).code }).toEqual({ path, code: 40003 });
    }
  });
});
