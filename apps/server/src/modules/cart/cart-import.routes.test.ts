import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MatchResult } from '@partsportal/contract/cart';
import { read, utils } from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { seedDemoData } from '../../db/seed/demo-data';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { multipart, sheetFile } from '../../../test/cart-test-files';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/spreadsheets');
let t: TestApp;
let token = '';

/**
 * The fixtures' numbers (see fixtures/README in the shared folder): the demo anchors already
 * carry 04465-33450 (OE of product 1) and 1K0 698 151 B (OE of product 2); the rest are seeded
 * here, 15208-65F0E in two brands.
 */
async function seed(database: Database) {
  await seedDemoData(database, { parts: 300, seed: 5, passwordHashMemoryKiB: 1024 });
  await database.db.execute(sql`
    insert into products (account_id, number, number_key, brand_id, name_zh, name_en, name_es, price)
    values (1, '90915-YZZD4', '90915YZZD4', 1, '机滤', 'Oil filter', 'Filtro', 12),
      (1, '15208-65F0E', '1520865F0E', 1, '机滤', 'Oil filter', 'Filtro', 9),
      (1, '15208-65F0E', '1520865F0E', 2, '机滤', 'Oil filter', 'Filtro', 8),
      (1, '26300-35505', '2630035505', 1, '机滤', 'Oil filter', 'Filtro', 7),
      (1, '0 986 494 104', '0986494104', 1, '刹车片', 'Brake pad', 'Pastilla', 30),
      (1, 'W 712/95', 'W71295', 3, '机滤', 'Oil filter', 'Filtro', 6)`);
}

beforeAll(async () => {
  t = await createTestApp({ seed });
  token = await t.login('demo', 'demo1234');
}, 120_000);
afterAll(async () => t?.close());

async function upload(filename: string, content: Buffer, lng = 'en', field = 'file') {
  const { payload, headers } = multipart(filename, content, field);
  const started = performance.now();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/Web/ImportBill',
    headers: { ...headers, token, lng },
    payload,
  });
  const ms = performance.now() - started;
  return { ...(response.json() as { code: number; msg: string; data: MatchResult | null }), ms };
}
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const byInput = (result: MatchResult | null, input: string) =>
  result?.lines.find((line) => line.input === input);

describe('/Web/ImportBill with files written by LibreOffice', () => {
  for (const extension of ['xlsx', 'xls']) {
    it(`import-basic.${extension}: OE, restored zeros merged, spaces trimmed, lower case suggested`, async () => {
      const { code, data } = await upload(`import-basic.${extension}`, fixture(`import-basic.${extension}`));
      expect(code).toBe(200);
      const pads = byInput(data, '04465-33450');
      expect(pads).toMatchObject({ status: 'cross', via: { kind: 'oe' }, qty: 6, merged_lines: [3] });
      expect(pads?.product?.number).toBe('0 986 494 123');
      expect(byInput(data, '1K0 698 151 B')).toMatchObject({ status: 'cross', qty: 1 });
      expect(byInput(data, '90915-YZZD4')).toMatchObject({
        status: 'exact',
        qty: 6,
        remark: 'spaces around',
      });
      const oil = byInput(data, 'mann w 712/95');
      expect(oil?.status).toBe('not_found');
      expect(oil?.suggestions.map((product) => product.number)).toContain('W 712/95');
      expect(data?.summary).toMatchObject({ total: 5, matched: 3, not_found: 1, merged: 1 });
    });
  }

  it('import-title-row: header below a title row, `quantity`, a blank row, two brands → ambiguous', async () => {
    const { code, data } = await upload('import-title-row.xlsx', fixture('import-title-row.xlsx'));
    expect(code).toBe(200);
    expect(data?.lines.map((line) => [line.line, line.status, line.qty])).toEqual([
      [3, 'cross', 4],
      [4, 'ambiguous', 2],
      [6, 'exact', 3],
    ]);
    expect(byInput(data, '15208-65F0E')?.candidates).toHaveLength(2);
  });

  it('import-numeric-cells: numbers stored as numbers get their leading zero back', async () => {
    for (const extension of ['xlsx', 'xls']) {
      const { data } = await upload(`x.${extension}`, fixture(`import-numeric-cells.${extension}`));
      expect(byInput(data, '446533450')).toMatchObject({ status: 'cross', qty: 1 });
      expect(byInput(data, '986494104')).toMatchObject({ status: 'normalized', qty: 2 });
      expect(byInput(data, '986494104')?.product?.number).toBe('0 986 494 104');
      expect(byInput(data, '986494104')?.message).toContain('leading zeros');
    }
  });

  it('spec messages for a missing number column and for no data (en, zh, es)', async () => {
    expect(await upload('a.xlsx', fixture('import-no-number.xlsx'))).toMatchObject({
      code: 40000,
      msg: 'The column named number could not be found!',
    });
    expect(await upload('a.xls', fixture('import-no-number.xls'), 'zh')).toMatchObject({
      msg: '找不到名为 number 的列！',
    });
    expect(await upload('a.xlsx', fixture('import-header-only.xlsx'))).toMatchObject({
      code: 40000,
      msg: 'There is no data in the excel file!',
    });
    expect(await upload('a.xls', fixture('import-header-only.xls'), 'es')).toMatchObject({
      msg: '¡No hay datos en el archivo de Excel!',
    });
  });
});

describe('/Web/ImportBill with files made by SheetJS', () => {
  const messy = [
    ['Bestellung / 订单', null, null],
    ['Número', null, 'Cantidad'],
    [null, null, null],
    ['  04465 33450 ', null, '2'],
    [null, null, null],
    [446533450, null, 1],
    ['0986494104', null, 3],
    ['nope-123', null, 'x'],
    ['26300-35505', null, 0],
  ];
  for (const bookType of ['xlsx', 'biff8'] as const) {
    it(`${bookType}: merged header cells, blank rows, numbers as numbers and as text, bad quantities`, async () => {
      const file = sheetFile(messy, bookType, (sheet) => {
        sheet['!merges'] = [utils.decode_range('A2:B2')];
      });
      const { code, data } = await upload(`list.${bookType === 'biff8' ? 'xls' : 'xlsx'}`, file, 'es');
      expect(code).toBe(200);
      expect(byInput(data, '04465 33450')).toMatchObject({ status: 'cross', qty: 3, merged_lines: [6] });
      expect(byInput(data, '0986494104')).toMatchObject({ status: 'normalized', qty: 3 });
      expect(byInput(data, 'nope-123')).toMatchObject({ status: 'not_found', qty: null });
      expect(byInput(data, '26300-35505')).toMatchObject({ status: 'invalid_qty', qty: null });
      expect(byInput(data, '26300-35505')?.message).toBe('La cantidad «0» no es un número entero positivo.');
    });
  }

  it('no line matches: code 200, the spec message in msg and data.message, lines still listed', async () => {
    const file = sheetFile(
      [
        ['number', 'qty'],
        ['ZZZ-1', 1],
        ['ZZZ-2', 2],
      ],
      'xlsx',
    );
    const answer = await upload('none.xlsx', file);
    expect(answer).toMatchObject({ code: 200, msg: "I can't find the corresponding product!" });
    expect(answer.data?.message).toBe("I can't find the corresponding product!");
    expect(answer.data?.lines.map((line) => line.status)).toEqual(['not_found', 'not_found']);
  });

  it('refuses more than 5,000 data rows', async () => {
    const rows: unknown[][] = [['number']];
    for (let i = 0; i < 5001; i++) rows.push([`N-${i}`]);
    expect(await upload('big.xlsx', sheetFile(rows, 'xlsx'))).toMatchObject({
      code: 40000,
      msg: 'At most 5000 lines can be imported at once.',
    });
  });
});

// Hostile files (zip bombs, XXE, __proto__, renamed and oversized files, formulas): the
// reliability suite, apps/server/test/reliability/hostile-files.test.ts.
describe('/Web/ImportBill request shape and permission', () => {
  it('a request without a file, or with another field name', async () => {
    const answer = await upload('a.xlsx', fixture('import-basic.xlsx'), 'en', 'other');
    expect(answer).toMatchObject({ code: 40001, msg: 'Please choose a file to upload.' });
    const json = await t.call('/Web/ImportBill', {}, { token });
    expect(json.code).toBe(40001);
  });

  it('needs the cart permission', async () => {
    const viewer = await t.login('viewer', 'viewer1234');
    const { payload, headers } = multipart('a.xlsx', fixture('import-basic.xlsx'));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Web/ImportBill',
      headers: { ...headers, token: viewer, lng: 'en' },
      payload,
    });
    expect(response.json()).toMatchObject({ code: 40003 });
  });
});

describe('GET /Web/ImportTemplate', () => {
  it('answers an xlsx with number, qty, remark and an example row, with ?token=', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/Web/ImportTemplate?token=${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('import-template.xlsx');
    const book = read(response.rawPayload, { type: 'buffer' });
    const rows = utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]).toEqual(['number', 'qty', 'remark']);
    expect(rows).toHaveLength(2);
    // The template imports cleanly.
    const answer = await upload('template.xlsx', response.rawPayload);
    expect(answer.data?.lines[0]).toMatchObject({ input: '04465-33450', qty: 4, status: 'cross' });
  });

  it('refuses without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/Web/ImportTemplate' });
    expect(response.json()).toMatchObject({ code: 50008 });
  });
});
