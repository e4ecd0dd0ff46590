import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProductRow } from '@partsportal/contract/catalog';
import { ResultCode } from '@partsportal/contract/codes';
import type { InventoryProduct, InventoryRow } from '@partsportal/contract/inventory';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { seedDemoData } from '../../db/seed/demo-data';
import { multipart } from '../../../test/cart-test-files';
import { createStaffMember } from '../../../test/fixtures';
import { STAFF_SECRETS, staffSignIn } from '../../../test/staff-test-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';

const clock = Date.parse('2026-11-26T09:00:00Z');
const now = () => new Date(clock);
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-inventory-'));
let t: TestApp;
let staff: string;
let sales: string;
let demo: string;
let partner: string;

interface Page<T> {
  list: T[];
  total: number;
}
interface AuditRow {
  action: string;
  entity: string;
  entity_id: string;
  actor_name: string;
  changes: Record<string, { before: unknown; after: unknown }>;
  details: Record<string, unknown>;
}

beforeAll(async () => {
  t = await createTestApp({
    now,
    config: { productFilesDir: filesDir, loginAttemptsPerIpPerMinute: 1000 },
    seed: async (database: Database) => {
      await seedDemoData(database, {
        parts: 300,
        seed: 11,
        now: new Date('2026-11-01T00:00:00Z'),
        passwordHashMemoryKiB: 1024,
      });
      await createStaffMember(database, {
        login: 'cata',
        password: 'catalogue-pass',
        role: 'catalogue',
        totpSecret: STAFF_SECRETS.catalogue,
      });
      await createStaffMember(database, {
        login: 'sally',
        password: 'sales-pass',
        role: 'sales',
        totpSecret: STAFF_SECRETS.sales,
      });
    },
  });
  staff = await staffSignIn(t, 'cata', 'catalogue-pass', STAFF_SECRETS.catalogue, now());
  sales = await staffSignIn(t, 'sally', 'sales-pass', STAFF_SECRETS.sales, now());
  [demo, partner] = await Promise.all([t.login('demo', 'demo1234'), t.login('partner', 'partner1234')]);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

const admin = <T>(url: string, body: unknown, lng = 'en') =>
  t.call<T>(`/Admin/Inventory/${url}`, body, { token: staff, lng });
const one = async <T>(query: string) => (await t.database.rows<T>(sql.raw(query)))[0]!;
const auditOf = async (entity: string, entityId: string | number) =>
  t.database.rows<AuditRow>(
    sql`select action, entity, entity_id, actor_name, changes, details from audit_log
        where entity = ${entity} and entity_id = ${String(entityId)} order by id`,
  );
const buyerSearch = (keyword: string, token = demo) =>
  t.call<Page<ProductRow>>('/Web/GetProductList', { keyword, page: 1, pageSize: 50 }, { token, lng: 'en' });
/** A different product for each test (from the end of the table), so their audit rows are their own. */
const freshProduct = (offset: number) =>
  one<{ id: number; number: string; number_key: string }>(
    `select id, number, number_key from products p where is_active order by id desc offset ${offset} limit 1`,
  );

const upload = async (
  kind: 'Picture' | 'Attachment',
  productId: number,
  filename: string,
  content: Buffer,
) => {
  const { payload, headers } = multipart(filename, content);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/Admin/Inventory/Upload${kind}/${productId}`,
    headers: { ...headers, token: staff, lng: 'en' },
    payload,
  });
  return response.json() as { code: number; msg: string; data: unknown };
};

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('product search for staff (the buyers engine)', () => {
  it('finds a part by its number in another spelling, with list price and every store', async () => {
    const product = await one<{ id: number; number: string; price: string }>(
      `select id, number, round(price, 2)::text as price from products where number ~ '[ .-]' order by id limit 1`,
    );
    const stores = await one<{ n: number }>(`select count(*)::int as n from stores`);
    const answer = await admin<Page<InventoryRow>>('SearchProducts', {
      keyword: product.number.replace(/[^0-9A-Za-z]/g, '').toLowerCase(),
    });
    expect(answer.code).toBe(200);
    const row = answer.data.list[0]!;
    expect(row.id).toBe(product.id);
    expect(row.match.kind).toBe('number');
    expect(row.price).toBe(product.price);
    expect(row.stores).toHaveLength(stores.n);
    expect(row.stock).toBe(row.stores.reduce((sum, s) => sum + s.stock, 0));
    expect(row.is_active).toBe(true);
  });

  it('pages through every product without a keyword, and names follow the language', async () => {
    const first = await admin<Page<InventoryRow>>('SearchProducts', { page: 1, pageSize: 10 }, 'zh');
    expect(first.data.total).toBe(300);
    expect(first.data.list).toHaveLength(10);
    const second = await admin<Page<InventoryRow>>('SearchProducts', { page: 2, pageSize: 10 }, 'zh');
    expect(second.data.list.map((r) => r.id)).not.toContain(first.data.list[0]!.id);
    const zhName = await one<{ name_zh: string }>(
      `select name_zh from products where id = ${first.data.list[0]!.id}`,
    );
    expect(first.data.list[0]!.part_name).toBe(zhName.name_zh);
  });

  it('is refused to a sales member (40003) and to a buyer token (50008)', async () => {
    const bySales = await t.call('/Admin/Inventory/SearchProducts', {}, { token: sales });
    expect(bySales.code).toBe(ResultCode.forbidden);
    const byBuyer = await t.call('/Admin/Inventory/SearchProducts', {}, { token: demo });
    expect(byBuyer.code).toBe(ResultCode.invalidToken);
  });
});

describe('one product', () => {
  it('reads every field the back office edits', async () => {
    const id = (await one<{ id: number }>(`select product_id as id from product_numbers order by id limit 1`))
      .id;
    const answer = await admin<InventoryProduct>('GetProduct', { id });
    expect(answer.code).toBe(200);
    const p = answer.data;
    expect(p.id).toBe(id);
    expect(p.numbers.length).toBeGreaterThan(0);
    expect(p.brand).not.toBe('');
    expect(p.price).toMatch(/^\d+\.\d{2}$/);
    expect(typeof p.fitments).toBe('number');
    expect(p.is_active).toBe(true);
    expect((await admin('GetProduct', { id: 99_999_999 })).code).toBe(ResultCode.notFound);
  });

  it('refuses bad fields with the field named, in the caller language', async () => {
    const { id } = await freshProduct(0);
    for (const [lng, text] of [
      ['en', 'Invalid request'],
      ['zh', '请求数据有误'],
      ['es', 'Solicitud no válida'],
    ] as const) {
      const empty = await admin('UpdateProduct', { id, name_en: '  ' }, lng);
      expect(empty.code).toBe(ResultCode.validation);
      expect(empty.msg).toContain(text);
      expect(empty.msg).toContain('name_en');
    }
    const price = await admin('UpdateProduct', { id, price: '-1' });
    expect(price.code).toBe(ResultCode.validation);
    expect(price.msg).toContain('price');
    const brand = await admin('UpdateProduct', { id, brand_id: 999_999 }, 'es');
    expect(brand.code).toBe(ResultCode.validation);
    expect(brand.msg).toContain('brand_id');
    const number = await admin('UpdateProduct', { id, number: '--' });
    expect(number.code).toBe(ResultCode.validation);
    const unknown = await admin('UpdateProduct', { id, account_id: 2 });
    expect(unknown.code).toBe(ResultCode.validation);
    expect(await auditOf('product', id)).toEqual([]);
  });

  it("refuses another product's number of the same brand (conflict)", async () => {
    const [a, b] = await t.database.rows<{ id: number; number: string; brand_id: number }>(
      sql`select p.id, p.number, p.brand_id from products p
          where p.brand_id = (select brand_id from products group by brand_id having count(*) > 1 order by brand_id limit 1)
          order by id limit 2`,
    );
    const answer = await admin('UpdateProduct', { id: a!.id, number: ` ${b!.number.toLowerCase()} ` });
    expect(answer.code).toBe(ResultCode.conflict);
  });

  it('updates the fields sent, with one audit row holding before and after', async () => {
    const { id } = await freshProduct(1);
    const before = (await admin<InventoryProduct>('GetProduct', { id })).data;
    const answer = await admin('UpdateProduct', {
      id,
      name_en: 'Brake pad set, front (staff edit)',
      price: '123.4',
      buy_qty: 4,
      pro_params: [{ name: 'Width', value: '131 mm' }],
    });
    expect(answer.code).toBe(200);
    const after = (await admin<InventoryProduct>('GetProduct', { id })).data;
    expect(after.name_en).toBe('Brake pad set, front (staff edit)');
    expect(after.price).toBe('123.40');
    expect(after.buy_qty).toBe(4);
    expect(after.name_zh).toBe(before.name_zh);
    const rows = await auditOf('product', id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'product.update', actor_name: 'cata' });
    expect(rows[0]!.changes).toEqual({
      name_en: { before: before.name_en, after: 'Brake pad set, front (staff edit)' },
      price: { before: String(Number(before.price)), after: '123.4' },
      buy_qty: { before: before.buy_qty, after: 4 },
      pro_params: { before: before.pro_params, after: [{ name: 'Width', value: '131 mm' }] },
    });
    // The same values again change nothing and write no entry.
    await admin('UpdateProduct', { id, price: '123.40', buy_qty: 4 });
    expect(await auditOf('product', id)).toHaveLength(1);
    // The buyers' name search finds the new name.
    const found = await buyerSearch('staff edit');
    expect(found.data.list.map((r) => r.id)).toContain(id);
  });

  it('adds an OE number (duplicates in any spelling refused), the buyers find it, removal audited', async () => {
    const { id } = await freshProduct(2);
    const added = await admin<{ id: number }>('AddCrossNumber', {
      product_id: id,
      kind: 'oe',
      brand_name: 'TOYOTA',
      number: '04465-ZZ901',
    });
    expect(added.code).toBe(200);
    const again = await admin('AddCrossNumber', {
      product_id: id,
      kind: 'oe',
      brand_name: 'Toyota',
      number: '04465 zz901',
    });
    expect(again.code).toBe(ResultCode.conflict);
    expect(again.msg).toContain('04465-ZZ901');
    const blank = await admin('AddCrossNumber', {
      product_id: id,
      kind: 'oe',
      brand_name: 'X',
      number: '- -',
    });
    expect(blank.code).toBe(ResultCode.validation);

    const found = await buyerSearch('04465.ZZ901');
    const hit = found.data.list.find((r) => r.id === id);
    expect(hit?.match.kind).toBe('oe');

    expect((await admin('RemoveCrossNumber', { product_id: id, number_id: added.data.id })).code).toBe(200);
    expect((await admin('RemoveCrossNumber', { product_id: id, number_id: added.data.id })).code).toBe(
      ResultCode.notFound,
    );
    expect((await buyerSearch('0446SZZ901')).data.list.find((r) => r.id === id)).toBeUndefined();
    const rows = await auditOf('product', id);
    expect(rows.map((r) => r.action)).toEqual(['product.add-number', 'product.remove-number']);
    expect(rows[0]!.changes.cross_number!.after).toEqual({
      kind: 'oe',
      brand_name: 'TOYOTA',
      number: '04465-ZZ901',
    });
    expect(rows[1]!.changes.cross_number!.before).toEqual({
      kind: 'oe',
      brand_name: 'TOYOTA',
      number: '04465-ZZ901',
    });
  });

  it('two simultaneous adds of one number: exactly one is taken (the product row lock)', async () => {
    const { id } = await freshProduct(8);
    const body = { product_id: id, kind: 'brand', brand_name: 'FEBI', number: 'RACE-0001' };
    const answers = await Promise.all([admin('AddCrossNumber', body), admin('AddCrossNumber', body)]);
    expect(answers.map((a) => a.code).sort()).toEqual([200, ResultCode.conflict]);
    const rows = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from product_numbers where product_id = ${id} and number_key = 'RACE0001'`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it("deactivation takes the part out of the buyers' catalogue; reactivation brings it back", async () => {
    const { id, number } = await freshProduct(3);
    expect((await buyerSearch(number)).data.list.map((r) => r.id)).toContain(id);
    expect((await admin('SetProductActive', { id, active: false })).code).toBe(200);
    expect((await buyerSearch(number)).data.list.map((r) => r.id)).not.toContain(id);
    const detail = await t.call(`/Web/GetProductDetail/${id}`, undefined, { token: demo });
    expect(detail.code).toBe(ResultCode.notFound);
    // Staff still find it, flagged, and can narrow to inactive parts.
    const staffSees = await admin<Page<InventoryRow>>('SearchProducts', { keyword: number });
    expect(staffSees.data.list.find((r) => r.id === id)?.is_active).toBe(false);
    const inactive = await admin<Page<InventoryRow>>('SearchProducts', { status: 'inactive' });
    expect(inactive.data.list.map((r) => r.id)).toEqual([id]);

    expect((await admin('SetProductActive', { id, active: true })).code).toBe(200);
    expect((await buyerSearch(number)).data.list.map((r) => r.id)).toContain(id);
    const rows = await auditOf('product', id);
    expect(rows.map((r) => [r.action, r.changes.is_active])).toEqual([
      ['product.deactivate', { before: true, after: false }],
      ['product.reactivate', { before: false, after: true }],
    ]);
  });
});

describe('pictures and attachments', () => {
  it('stores a PNG, serves it to buyers and staff, and removes it', async () => {
    const { id } = await freshProduct(4);
    const before = (await admin<InventoryProduct>('GetProduct', { id })).data.pictures;
    const answer = await upload('Picture', id, 'photo.png', PNG);
    expect(answer.code).toBe(200);
    expect(answer.data).toEqual({ pictures: before + 1 });
    const index = before + 1;
    const buyer = await t.app.inject({
      method: 'GET',
      url: `/api/Product/ProductBigId/${id}-${index}?token=${demo}`,
    });
    expect(buyer.statusCode).toBe(200);
    expect(buyer.headers['content-type']).toBe('image/png');
    expect(buyer.rawPayload.equals(PNG)).toBe(true);
    const forStaff = await t.app.inject({
      method: 'GET',
      url: `/api/Admin/Inventory/Picture/${id}/${index}`,
      headers: { token: staff },
    });
    expect(forStaff.rawPayload.equals(PNG)).toBe(true);
    // The bytes are in the database (every process serves them), not in the files folder.
    const stored = await one<{ images: string[] }>(`select images from products where id = ${id}`);
    const picturePath = stored.images[index - 1]!;
    const kept = await one<{ n: number; size: number }>(
      `select count(*)::int as n, max(byte_size) as size from product_files where path = '${picturePath}'`,
    );
    expect(kept).toEqual({ n: 1, size: PNG.length });
    expect(fs.existsSync(path.join(filesDir, picturePath))).toBe(false);

    expect((await admin('RemovePicture', { product_id: id, index })).code).toBe(200);
    const gone = await one<{ n: number }>(
      `select count(*)::int as n from product_files where path = '${picturePath}'`,
    );
    expect(gone.n).toBe(0);
    const rows = await auditOf('product', id);
    expect(rows.map((r) => r.action)).toEqual(['product.add-picture', 'product.remove-picture']);
    expect(rows[0]!.changes.pictures).toEqual({ before, after: before + 1 });
    expect(rows[0]!.details).toMatchObject({ file: 'photo.png', type: 'png', bytes: PNG.length });
  });

  it('refuses a .jpg that is really text, and a picture over the size cap', async () => {
    const { id } = await freshProduct(4);
    const text = await upload('Picture', id, 'photo.jpg', Buffer.from('just some text, not a picture\n'));
    expect(text.code).toBe(ResultCode.validation);
    expect(text.msg).toContain('JPEG, PNG or WebP');
    const html = await upload('Picture', id, 'x.png', Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(html.code).toBe(ResultCode.validation);
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooLarge = await upload('Picture', id, 'big.jpg', big);
    expect(tooLarge.code).toBe(ResultCode.payloadTooLarge);
    expect(tooLarge.msg).toContain('5 MB');
    const noFile = await t.call(`/Admin/Inventory/UploadPicture/${id}`, {}, { token: staff });
    expect(noFile.code).toBe(ResultCode.validation);
    // Just under the cap passes (the JSON body limit does not apply to uploads).
    const nearCap = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.alloc(5 * 1024 * 1024 - 10),
    ]);
    expect((await upload('Picture', id, 'near.jpg', nearCap)).code).toBe(200);
    expect((await auditOf('product', id)).map((r) => r.action)).toEqual([
      'product.add-picture',
      'product.remove-picture',
      'product.add-picture',
    ]);
  });

  it('stores a PDF attachment the buyers can download; a non-PDF is refused', async () => {
    const { id } = await freshProduct(5);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const answer = await upload('Attachment', id, '../../etc/Fitting guide.pdf', pdf);
    expect(answer.code).toBe(200);
    const { files } = answer.data as { files: Array<{ name: string; path: string }> };
    expect(files.at(-1)!.name).toBe('Fitting guide.pdf');
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/Product/DownloadFile?path=${encodeURIComponent(files.at(-1)!.path)}&token=${demo}`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-disposition']).toContain(encodeURIComponent('Fitting guide.pdf'));
    // Staff download it with the Token header; a path this product does not list is not found.
    const staffUrl = (productId: number, filePath: string) =>
      `/api/Admin/Inventory/Attachment/${productId}?path=${encodeURIComponent(filePath)}`;
    const forStaff = await t.app.inject({
      method: 'GET',
      url: staffUrl(id, files.at(-1)!.path),
      headers: { token: staff },
    });
    expect(forStaff.statusCode).toBe(200);
    expect(forStaff.rawPayload.equals(pdf)).toBe(true);
    const other = await freshProduct(20);
    const wrongProduct = await t.app.inject({
      method: 'GET',
      url: staffUrl(other.id, files.at(-1)!.path),
      headers: { token: staff },
    });
    expect(wrongProduct.statusCode).toBe(404);
    const asBuyer = await t.app.inject({
      method: 'GET',
      url: staffUrl(id, files.at(-1)!.path),
      headers: { token: demo },
    });
    // A buyer's token is unknown here: the envelope's 50008, never the file.
    expect(asBuyer.rawPayload.equals(pdf)).toBe(false);
    expect((asBuyer.json() as { code: number }).code).toBe(ResultCode.invalidToken);
    const fake = await upload('Attachment', id, 'manual.pdf', Buffer.from('MZ\x90\x00 not a pdf'));
    expect(fake.code).toBe(ResultCode.validation);
    expect((await admin('RemoveAttachment', { product_id: id, path: files.at(-1)!.path })).code).toBe(200);
    const rows = await auditOf('product', id);
    expect(rows.map((r) => r.action)).toEqual(['product.add-attachment', 'product.remove-attachment']);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/Product/DownloadFile?path=${encodeURIComponent(files.at(-1)!.path)}&token=${demo}`,
    });
    expect(after.statusCode).toBe(404);
  });

  it('still serves a file an older installation kept in the files folder', async () => {
    const { id } = await freshProduct(21);
    const legacy = `attachments/${id}/legacy.pdf`;
    const pdf = Buffer.from('%PDF-1.4\nold file\n%%EOF\n');
    fs.mkdirSync(path.join(filesDir, 'attachments', String(id)), { recursive: true });
    fs.writeFileSync(path.join(filesDir, legacy), pdf);
    await t.database.rows(
      sql`update products set files = ${JSON.stringify([{ name: 'Old manual.pdf', path: legacy }])}::jsonb where id = ${id}`,
    );
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/Product/DownloadFile?path=${encodeURIComponent(legacy)}&token=${demo}`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect((await admin('RemoveAttachment', { product_id: id, path: legacy })).code).toBe(200);
    expect(fs.existsSync(path.join(filesDir, legacy))).toBe(false);
  });
});

describe('stock per store', () => {
  it('lists every store and sets one quantity, audited before/after; reserved stock is kept', async () => {
    const { id, number } = await freshProduct(6);
    const stock = await admin<
      Array<{ store_id: number; stock: number; available_stock: number; reserved: number }>
    >('GetStock', { id });
    const storeCount = await one<{ n: number }>(`select count(*)::int as n from stores`);
    expect(stock.data).toHaveLength(storeCount.n);
    const store = stock.data[0]!;
    // Hold 3 as if an unshipped order had reserved them.
    await t.database.rows(sql`
      insert into stock (product_id, store_id, stock, available_stock) values (${id}, ${store.store_id}, 10, 7)
      on conflict (product_id, store_id) do update set stock = 10, available_stock = 7`);
    const below = await admin('SetStock', { product_id: id, store_id: store.store_id, stock: 2 });
    expect(below.code).toBe(ResultCode.refused);
    expect(below.msg).toContain('3');
    expect((await admin('SetStock', { product_id: id, store_id: store.store_id, stock: 25 })).code).toBe(200);
    const after = (await admin<typeof stock.data>('GetStock', { id })).data[0]!;
    expect(after).toMatchObject({ stock: 25, available_stock: 22, reserved: 3 });
    const rows = await auditOf('stock', `${id}:${store.store_id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.changes).toEqual({
      stock: { before: 10, after: 25 },
      available_stock: { before: 7, after: 22 },
    });
    expect(rows[0]!.details).toMatchObject({ number, store_id: store.store_id });
    // The buyers see the new stock.
    const buyer = (await buyerSearch(number)).data.list.find((r) => r.id === id)!;
    expect(buyer.stores.find((s) => s.store_id === store.store_id)?.available_stock).toBe(22);
    const badStore = await admin('SetStock', { product_id: id, store_id: 99_999, stock: 1 });
    expect(badStore.code).toBe(ResultCode.validation);
    const negative = await admin('SetStock', { product_id: id, store_id: store.store_id, stock: -1 });
    expect(negative.code).toBe(ResultCode.validation);
  });
});

describe('price levels and company prices', () => {
  it('creates a level and changes its factor, audited; a zero factor is refused', async () => {
    const created = await admin<{ id: number }>('CreatePriceLevel', { name: 'Fleet', factor: '0.9' });
    expect(created.code).toBe(200);
    expect((await admin('CreatePriceLevel', { name: 'Free', factor: '0' })).code).toBe(ResultCode.validation);
    expect((await admin('UpdatePriceLevel', { id: created.data.id, factor: '0.875' })).code).toBe(200);
    const levels = await admin<Array<{ id: number; factor: string; companies: number }>>(
      'ListPriceLevels',
      {},
    );
    expect(levels.data.find((l) => l.id === created.data.id)).toMatchObject({
      factor: '0.8750',
      companies: 0,
    });
    const rows = await auditOf('price-level', created.data.id);
    expect(rows.map((r) => [r.action, r.changes])).toEqual([
      [
        'price-level.create',
        { name: { before: null, after: 'Fleet' }, factor: { before: null, after: '0.9' } },
      ],
      ['price-level.update', { factor: { before: '0.9', after: '0.875' } }],
    ]);
  });

  it("a company price shows in that company's catalogue only, in its currency; removal restores the level price", async () => {
    const { id, number } = await freshProduct(7);
    const company = await one<{ id: number; currency: string }>(
      `select c.id, c.currency from users u join companies c on c.id = u.company_id where u.user_id = 'demo'`,
    );
    const partnerBefore = (await buyerSearch(number, partner)).data.list.find((r) => r.id === id)!.price;
    const demoBefore = (await buyerSearch(number)).data.list.find((r) => r.id === id)!.price;
    const set = await admin<{ id: number }>('SetCompanyPrice', {
      product_id: id,
      company_id: company.id,
      price: '77.7',
    });
    expect(set.code).toBe(200);
    const demoRow = (await buyerSearch(number)).data.list.find((r) => r.id === id)!;
    expect(demoRow.price).toBe('77.70');
    expect(demoRow.currency).toBe(company.currency);
    expect((await buyerSearch(number, partner)).data.list.find((r) => r.id === id)!.price).toBe(
      partnerBefore,
    );

    // Setting again replaces the one price (no second row).
    const again = await admin<{ id: number }>('SetCompanyPrice', {
      product_id: id,
      company_id: company.id,
      price: '70',
    });
    expect(again.data.id).toBe(set.data.id);
    const list = await admin<Page<{ id: number; price: string; currency: string; list_price: string }>>(
      'ListCompanyPrices',
      { product_id: id },
    );
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ id: set.data.id, price: '70.00', currency: company.currency });
    const byCompany = await admin<Page<{ id: number }>>('ListCompanyPrices', {
      company_id: company.id,
      pageSize: 200,
    });
    expect(byCompany.data.list.map((r) => r.id)).toContain(set.data.id);

    expect((await admin('RemoveCompanyPrice', { id: set.data.id })).code).toBe(200);
    expect((await buyerSearch(number)).data.list.find((r) => r.id === id)!.price).toBe(demoBefore);
    const rows = await auditOf('company-price', set.data.id);
    expect(rows.map((r) => [r.action, r.changes.price])).toEqual([
      ['company-price.create', { before: null, after: '77.7' }],
      ['company-price.update', { before: '77.7', after: '70' }],
      ['company-price.remove', { before: '70', after: null }],
    ]);
    expect(rows[0]!.details).toMatchObject({ company_id: company.id, currency: company.currency });
    const unknown = await admin('SetCompanyPrice', { product_id: id, company_id: 99_999, price: '1' });
    expect(unknown.code).toBe(ResultCode.validation);
  });

  it('finds companies for the picker with their currency', async () => {
    const answer = await admin<Array<{ name: string; currency: string }>>('FindCompanies', {
      keyword: 'rapid',
    });
    expect(answer.data.map((c) => c.name)).toEqual(['Shenzhen Rapid Auto Repair Co., Ltd.']);
    expect(answer.data[0]!.currency).toBe('CNY');
  });
});
