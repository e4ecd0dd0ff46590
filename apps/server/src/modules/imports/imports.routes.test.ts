import { read, utils } from '@e965/xlsx';
import type { ProductRow } from '@partsportal/contract/catalog';
import type { ImportStatus } from '@partsportal/contract/imports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeZip, multipart, sheetFile } from '../../../test/cart-test-files';
import { createAccount, createCompany, createStaffMember, createUser } from '../../../test/fixtures';
import { STAFF_SECRETS, staffSignIn } from '../../../test/staff-test-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { brands, partTypes, stores } from '../../db/schema/catalog';

let t: TestApp;
let buyer: string;
let staffToken = '';

async function seed(database: Database) {
  await createAccount(database);
  const company = await createCompany(database, 1, 'Acme Parts');
  await createUser(database, { accountId: 1, companyId: company.id, userId: 'buyer', password: 'buyer1234' });
  await createStaffMember(database, {
    login: 'cata',
    password: 'cata-pass-1',
    role: 'catalogue',
    totpSecret: STAFF_SECRETS.catalogue,
  });
  await database.db.insert(brands).values([
    { accountId: 1, name: 'BOSCH' },
    { accountId: 1, name: 'DENSO' },
  ]);
  await database.db.insert(stores).values([
    { accountId: 1, name: 'Main store' },
    { accountId: 1, name: 'North' },
  ]);
  await database.db
    .insert(partTypes)
    .values({ accountId: 1, code: 'BRK', nameZh: '刹车', nameEn: 'Brakes', nameEs: 'Frenos' });
}

beforeAll(async () => {
  t = await createTestApp({ seed, config: { jobs: 'inline', jobsPollSeconds: 0.5 } });
  buyer = await t.login('buyer', 'buyer1234');
  // Every import call is a staff call of the catalogue role.
  staffToken = await staffSignIn(t, 'cata', 'cata-pass-1', STAFF_SECRETS.catalogue, new Date());
  const buyerCall = t.call.bind(t);
  t.call = (path, body, options = {}) =>
    buyerCall(path, body, path.startsWith('/Admin/') ? { token: staffToken, ...options } : options);
});
afterAll(async () => t?.close());

const csv = (rows: string[][]) =>
  Buffer.from(
    rows
      .map((row) =>
        row.map((cell) => (/[",;\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(','),
      )
      .join('\r\n'),
  );

async function upload(filename: string, content: Buffer, kind = 'products') {
  const form = multipart(filename, content);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/Admin/Imports/Upload?kind=${kind}`,
    headers: { ...form.headers, lng: 'en', token: staffToken },
    payload: form.payload,
  });
  return response.json() as {
    code: number;
    msg: string;
    data: ImportStatus & { mapping: Array<string | null> };
  };
}

async function waitFor(importId: number, states: string[]): Promise<ImportStatus> {
  const deadline = Date.now() + 25_000;
  for (;;) {
    const answer = await t.call<ImportStatus>('/Admin/Imports/Status', { import_id: importId });
    if (states.includes(answer.data.state)) {
      if (answer.data.state === 'failed') console.error('import failed:', answer.data.error);
      return answer.data;
    }
    if (Date.now() > deadline) throw new Error(`import ${importId} stuck in ${answer.data.state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function dryRun(importId: number, mapping: Array<string | null>, mode = 'upsert') {
  const answer = await t.call<ImportStatus>('/Admin/Imports/DryRun', { import_id: importId, mapping, mode });
  expect(answer.code, answer.msg).toBe(200);
  return waitFor(importId, ['checked', 'failed']);
}

async function commit(importId: number) {
  const answer = await t.call<ImportStatus>('/Admin/Imports/Commit', { import_id: importId });
  expect(answer.code, answer.msg).toBe(200);
  return waitFor(importId, ['done', 'failed']);
}

async function rows(importId: number) {
  const answer = await t.call<{
    rows: Array<{
      row: number;
      result: string;
      errors?: Array<{ field: string; message_key: string; message: string }>;
    }>;
  }>('/Admin/Imports/Rows', { import_id: importId, rows: 500 }, { lng: 'en' });
  return new Map(answer.data.rows.map((row) => [row.row, row]));
}

const count = async (query: string) =>
  (await t.database.rows<{ n: number }>(sql.raw(`select count(*)::int as n from (${query}) q`)))[0]!.n;

const PRODUCT_HEADER = [
  'Brand',
  'Number',
  'Name (Chinese)',
  'Name (English)',
  'Name (Spanish)',
  'Part type',
  'Unit',
  'Weight',
  'Order multiple',
  'List price',
  'New',
  'Cross numbers',
];

describe('product import from CSV', () => {
  let importId: number;
  let mapping: Array<string | null>;
  const file = csv([
    PRODUCT_HEADER,
    [
      'BOSCH',
      '0 986 494 100',
      '刹车片',
      'Brake pad',
      'Pastilla',
      'BRK',
      'SET',
      '1.25',
      '2',
      '45.50',
      '1',
      'OE:04465-33450;DENSO:DP123;OE TOYOTA:04465-0K090',
    ],
    ['bosch', '0986494101', '', 'Brake disc', '', 'Brakes', '', '', '', '88', 'no', ''],
    ['ACME', 'X-1', '', 'Unknown brand', '', '', '', '', '', '10', '', ''],
    ['BOSCH', '---', '', 'No digits', '', '', '', '', '', '10', '', ''],
    ['BOSCH', '0986-494-100', '', 'Duplicate of row 2', '', '', '', '', '', '10', '', ''],
    ['BOSCH', '0986494102', '', 'Bad price', '', '', '', '', '', '-3', '', ''],
    ['BOSCH', '0986494103', '', 'Bad type', '', 'NOPE', '', '', '', '3', 'maybe', ''],
    ['', '', '', '', '', '', '', '', '', '', '', ''],
    ['DENSO', 'DP 999', '', '', 'Solo español', '', '', '', '', '12,5', '', 'MAHLE:LX 1006'],
  ]);

  it('uploads, suggests the mapping from the English template headers', async () => {
    const answer = await upload('parts.csv', file);
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data.format).toBe('csv');
    expect(answer.data.mapping).toEqual([
      'brand',
      'number',
      'name_zh',
      'name_en',
      'name_es',
      'part_type',
      'unit',
      'weight',
      'buy_qty',
      'price',
      'is_new',
      'cross_numbers',
    ]);
    importId = answer.data.import_id;
    mapping = answer.data.mapping;
  });

  it('dry run: a result per row, each error class pointing at its field, nothing written', async () => {
    const status = await dryRun(importId, mapping);
    expect(status.state).toBe('checked');
    expect(status.total_rows).toBe(9);
    expect(status.check_counts).toEqual({ created: 3, updated: 0, unchanged: 0, error: 5 });
    const results = await rows(importId);
    expect(results.get(2)!.result).toBe('created');
    expect(results.get(3)!.result).toBe('created');
    expect(results.get(4)!.errors![0]).toMatchObject({
      field: 'brand',
      message_key: 'catalogImportUnknownBrand',
    });
    expect(results.get(4)!.errors![0]!.message).toContain('"ACME" does not exist');
    expect(results.get(5)!.errors![0]).toMatchObject({
      field: 'number',
      message_key: 'catalogImportBadNumber',
    });
    expect(results.get(6)!.errors![0]).toMatchObject({
      field: 'number',
      message_key: 'catalogImportDuplicateRow',
      message: 'Duplicate of row 2 (same brand and number).',
    });
    expect(results.get(7)!.errors![0]).toMatchObject({
      field: 'price',
      message_key: 'catalogImportBadDecimal',
    });
    expect(results.get(8)!.errors!.map((e) => e.field)).toEqual(['part_type', 'is_new']);
    expect(results.has(9)).toBe(false);
    expect(results.get(10)!.result).toBe('created');
    expect(await count('select 1 from products')).toBe(0);
  });

  it('commit: the job writes the rows, counts match the dry run', async () => {
    const status = await commit(importId);
    expect(status.state).toBe('done');
    expect(status.rows_done).toBe(9);
    expect(status.counts).toEqual({ created: 3, updated: 0, unchanged: 0, error: 5 });
    expect(await count('select 1 from products')).toBe(3);
    expect(await count('select 1 from product_numbers')).toBe(4);
    const [pad] = await t.database.rows<{
      name_zh: string;
      price: string;
      buy_qty: number;
      is_new: boolean;
      weight: string;
    }>(sql`select name_zh, price, buy_qty, is_new, weight from products where number_key = '0986494100'`);
    expect(pad).toEqual({ name_zh: '刹车片', price: '45.5000', buy_qty: 2, is_new: true, weight: '1.2500' });
    const [spanish] = await t.database.rows<{ name_zh: string; name_en: string; price: string }>(
      sql`select name_zh, name_en, price from products where number_key = 'DP999'`,
    );
    expect(spanish).toEqual({ name_zh: 'Solo español', name_en: 'Solo español', price: '12.5000' });
    // The webhook event, written with the commit (issue 13 item 5).
    const events = await t.database.rows<{
      type: string;
      entity_id: string;
      payload: Record<string, unknown>;
    }>(
      sql`select type, entity_id, payload from outbox_events where entity = 'import' and entity_id = ${String(importId)}`,
    );
    expect(events).toEqual([
      {
        type: 'import.finished',
        entity_id: String(importId),
        payload: {
          import_id: importId,
          kind: 'products',
          mode: 'upsert',
          filename: expect.any(String),
          rows: 9,
          counts: { created: 3, updated: 0, unchanged: 0, error: 5 },
          deactivated: 0,
        },
      },
    ]);
  });

  it('the buyer finds the imported part by its OE number right after the commit', async () => {
    const answer = await t.call<{ list: ProductRow[] }>(
      '/Web/GetProductList',
      { page: 1, pageSize: 20, keyword: '04465 33450' },
      { token: buyer, lng: 'en' },
    );
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data.list.map((row) => row.number)).toEqual(['0 986 494 100']);
  });

  it('the same file again: every valid row unchanged; a changed field is updated', async () => {
    const again = await upload('parts.csv', file);
    const status = await dryRun(again.data.import_id, again.data.mapping);
    expect(status.check_counts).toEqual({ created: 0, updated: 0, unchanged: 3, error: 5 });
    const committed = await commit(again.data.import_id);
    expect(committed.counts).toEqual({ created: 0, updated: 0, unchanged: 3, error: 5 });

    const changed = await upload(
      'parts.csv',
      csv([
        PRODUCT_HEADER.slice(0, 2).concat('List price', 'Cross numbers'),
        ['BOSCH', '0986494100', '46', 'OE:04465-33450'],
        ['BOSCH', '0986494101', '88', ''],
      ]),
    );
    const checked = await dryRun(changed.data.import_id, changed.data.mapping);
    expect(checked.check_counts).toEqual({ created: 0, updated: 1, unchanged: 1, error: 0 });
    await commit(changed.data.import_id);
    expect(
      await count(
        `select 1 from product_numbers n join products p on p.id = n.product_id where p.number_key = '0986494100'`,
      ),
    ).toBe(1);
  });
});

describe('stock and prices', () => {
  it('stock from xlsx: per store, unknown store / product, negative stock', async () => {
    const file = sheetFile(
      [
        ['Marca', 'Número', 'Almacén', 'Cantidad'],
        ['BOSCH', '0986494100', 'Main store', 5],
        ['BOSCH', '0986494100', 'north', '7'],
        ['BOSCH', '0986494100', 'Nowhere', 1],
        ['BOSCH', 'NOPE-1', 'Main store', 1],
        ['DENSO', 'DP999', 'Main store', -2],
        ['BOSCH', '0986494100', 'Main store', 6],
      ],
      'xlsx',
    );
    const uploaded = await upload('stock.xlsx', file, 'stock');
    expect(uploaded.code, uploaded.msg).toBe(200);
    expect(uploaded.data.mapping).toEqual(['brand', 'number', 'store', 'quantity']);
    const status = await dryRun(uploaded.data.import_id, uploaded.data.mapping);
    expect(status.check_counts).toEqual({ created: 2, updated: 0, unchanged: 0, error: 4 });
    const results = await rows(uploaded.data.import_id);
    expect(results.get(4)!.errors![0]!.message_key).toBe('catalogImportUnknownStore');
    expect(results.get(5)!.errors![0]!.message_key).toBe('catalogImportUnknownProduct');
    expect(results.get(6)!.errors![0]).toMatchObject({
      field: 'quantity',
      message_key: 'catalogImportNegativeStock',
    });
    expect(results.get(7)!.errors![0]!.message_key).toBe('catalogImportDuplicateRow');
    const done = await commit(uploaded.data.import_id);
    expect(done.counts.created).toBe(2);
    expect(
      await t.database.rows(
        sql`select s.stock, s.available_stock from stock s join stores st on st.id = s.store_id order by st.name`,
      ),
    ).toEqual([
      { stock: 5, available_stock: 5 },
      { stock: 7, available_stock: 7 },
    ]);
  });

  it('prices: list price and company price, unknown company', async () => {
    const file = csv([
      ['Brand', 'Number', 'List price', 'Company', 'Company price'],
      ['BOSCH', '0986494100', '50', 'Acme Parts', '40'],
      ['BOSCH', '0986494101', '', 'Nobody Ltd', '1'],
      ['BOSCH', '0986494101', '', '', ''],
      ['DENSO', 'DP999', '12.5', '', ''],
    ]);
    const uploaded = await upload('prices.csv', file, 'prices');
    const status = await dryRun(uploaded.data.import_id, uploaded.data.mapping);
    expect(status.check_counts).toEqual({ created: 1, updated: 0, unchanged: 1, error: 2 });
    const results = await rows(uploaded.data.import_id);
    expect(results.get(3)!.errors![0]!.message_key).toBe('catalogImportUnknownCompany');
    expect(results.get(4)!.errors![0]!.message_key).toBe('catalogImportNothingToSet');
    await commit(uploaded.data.import_id);
    expect(await t.database.rows(sql`select price from company_prices`)).toEqual([{ price: '40.0000' }]);
    expect(await t.database.rows(sql`select price from products where number_key = '0986494100'`)).toEqual([
      { price: '50.0000' },
    ]);
  });
});

describe('report, mapping, templates', () => {
  it('the xlsx report neutralises cells that start like a formula', async () => {
    const uploaded = await upload(
      'evil.csv',
      csv([
        ['Brand', 'Number', 'List price'],
        ['=HYPERLINK("http://evil","x")', '+1-2', '5'],
        ['BOSCH', '@SUM(A1)', '5'],
      ]),
    );
    await dryRun(uploaded.data.import_id, uploaded.data.mapping);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/Admin/Imports/Report/${uploaded.data.import_id}?lang=en`,
      headers: { token: staffToken },
    });
    expect(response.statusCode).toBe(200);
    const book = read(response.rawPayload, { type: 'buffer' });
    const table = utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: false });
    expect(table[0]).toEqual(['Row', 'Brand', 'Number', 'Result', 'Errors']);
    expect(table[1]![1]).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(table[1]![2]).toBe(`'+1-2`);
    expect(table[1]![3]).toBe('error');
    expect(table[2]![2]).toBe(`'@SUM(A1)`);
    for (const row of table) for (const cell of row) expect(String(cell ?? '')).not.toMatch(/^[=+\-@]/);
  });

  it('remembers the last mapping per kind by header text', async () => {
    const file = csv([
      ['Marke', 'Teilenummer', 'Preis'],
      ['BOSCH', '0986494100', '50'],
    ]);
    const first = await upload('de.csv', file);
    expect(first.data.mapping).toEqual([null, null, null]);
    await dryRun(first.data.import_id, ['brand', 'number', 'price']);
    const second = await upload('de-again.csv', file);
    expect(second.data.mapping).toEqual(['brand', 'number', 'price']);
    const suggested = await t.call<{ mapping: unknown[] }>('/Admin/Imports/SuggestMapping', {
      kind: 'products',
      headers: ['Preis', 'x', 'Marke'],
    });
    expect(suggested.data.mapping).toEqual(['price', null, 'brand']);
  });

  it('refuses a mapping without the required columns', async () => {
    const uploaded = await upload(
      'short.csv',
      csv([
        ['Brand', 'Number'],
        ['BOSCH', '1'],
      ]),
    );
    const answer = await t.call(
      '/Admin/Imports/DryRun',
      { import_id: uploaded.data.import_id, mapping: ['brand', 'number'] },
      { lng: 'en' },
    );
    expect(answer.code).toBe(40001);
    expect(answer.msg).toContain('price');
  });

  it('templates per kind and language', async () => {
    for (const [kind, lang, first] of [
      ['products', 'zh', '品牌'],
      ['stock', 'es', 'Marca'],
      ['prices', 'en', 'Brand'],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/Admin/Imports/Template?kind=${kind}&lang=${lang}`,
        headers: { token: staffToken },
      });
      expect(response.statusCode).toBe(200);
      const book = read(response.rawPayload, { type: 'buffer' });
      const table = utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
      expect(table[0]![0]).toBe(first);
      // The template, filled in and uploaded as it is, maps itself.
      const uploaded = await upload(`template.xlsx`, Buffer.from(response.rawPayload), kind);
      expect(uploaded.data.mapping.every((field) => field !== null)).toBe(true);
    }
  });
});

describe('hostile files', () => {
  it('refuses a non-spreadsheet, a wrong extension, an empty file, a zip bomb, binary CSV', async () => {
    const bomb = makeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(10), declaredSize: 900 * 1024 * 1024 },
    ]);
    const cases: Array<[string, Buffer]> = [
      ['parts.xlsx', Buffer.from('Brand,Number\nBOSCH,1\n')],
      ['parts.pdf', Buffer.from('%PDF-1.4')],
      ['parts.csv', Buffer.alloc(0)],
      ['parts.xlsx', bomb],
      ['parts.csv', Buffer.from([0x42, 0x00, 0x43, 0x0a])],
      ['parts.csv', makeZip([{ name: 'a.txt', data: Buffer.from('x') }])],
    ];
    for (const [name, content] of cases) {
      const answer = await upload(name, content);
      expect(answer.code, `${name}: ${answer.msg}`).toBe(40001);
    }
    // Nothing of a refused upload stays behind.
    expect(
      await count(
        "select 1 from import_file_chunks c join import_files f on f.id = c.file_id where f.filename = 'parts.pdf'",
      ),
    ).toBe(0);
  });
});

describe('full mode', () => {
  it('deactivates the brand products the file does not list; the buyer no longer finds them', async () => {
    const header = ['Brand', 'Number', 'Name (English)', 'List price'];
    const seedFile = await upload(
      'seed.csv',
      csv([header, ['DENSO', 'FULL-1', 'One', '1'], ['DENSO', 'FULL-2', 'Two', '2']]),
    );
    await dryRun(seedFile.data.import_id, seedFile.data.mapping);
    await commit(seedFile.data.import_id);
    const full = await upload('full.csv', csv([header, ['DENSO', 'FULL-1', 'One', '1']]));
    await dryRun(full.data.import_id, full.data.mapping, 'full');
    const done = await commit(full.data.import_id);
    expect(done.state).toBe('done');
    const active = await t.database.rows<{ number: string; is_active: boolean }>(
      sql`select number, is_active from products where brand_id = (select id from brands where name = 'DENSO') order by number`,
    );
    expect(active).toEqual([
      { number: 'DP 999', is_active: false },
      { number: 'FULL-1', is_active: true },
      { number: 'FULL-2', is_active: false },
    ]);
    // Another brand is untouched.
    expect(
      await count(
        `select 1 from products p join brands b on b.id = p.brand_id where b.name = 'BOSCH' and not p.is_active`,
      ),
    ).toBe(0);
    const search = await t.call<{ list: ProductRow[] }>(
      '/Web/GetProductList',
      { page: 1, pageSize: 20, keyword: 'FULL2' },
      { token: buyer },
    );
    expect(search.data.list.map((row) => row.number)).not.toContain('FULL-2');
  });
});
