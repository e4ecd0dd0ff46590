import { read, utils, write } from '@e965/xlsx';
import { ResultCode } from '@partsportal/contract/codes';
import type { catalogFiltersSchema } from '@partsportal/contract/catalog';
import type { NameEntry, NameImportResult } from '@partsportal/contract/names';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS, seedDemoData } from '../../db/seed/demo-data';
import { createStaffMember } from '../../../test/fixtures';
import { hostileFiles } from '../../../test/reliability/hostile-spreadsheets';
import { STAFF_SECRETS, staffSignIn } from '../../../test/staff-test-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * The back office's names (issue 14 item 7): list, edit, export and import the zh/en/es names
 * of stores, carriers, areas and words, every change audited; buyers then read the new names.
 */

const clock = Date.parse('2026-11-26T10:00:00Z');
const now = () => new Date(clock);
let t: TestApp;
let catalogue: string;
let sales: string;
let buyer: string;
const { guangzhou, shanghai } = DEMO_IDS.stores;

beforeAll(async () => {
  t = await createTestApp({
    now,
    config: { loginAttemptsPerIpPerMinute: 10_000 },
    seed: async (database) => {
      await seedDemoData(database, { parts: 100, seed: 31, passwordHashMemoryKiB: 1024 });
      await createStaffMember(database, {
        login: 'cat',
        password: 'catalogue-pass-1',
        role: 'catalogue',
        totpSecret: STAFF_SECRETS.catalogue,
      });
      await createStaffMember(database, {
        login: 'sam',
        password: 'sales-pass-1',
        role: 'sales',
        totpSecret: STAFF_SECRETS.sales,
      });
    },
  });
  catalogue = await staffSignIn(t, 'cat', 'catalogue-pass-1', STAFF_SECRETS.catalogue, now());
  sales = await staffSignIn(t, 'sam', 'sales-pass-1', STAFF_SECRETS.sales, now());
  buyer = await t.login('demo', 'demo1234');
}, 180_000);
afterAll(async () => t?.close());

interface Page<T> {
  list: T[];
  total: number;
}
const list = (body: Record<string, unknown>, token = catalogue, lng: 'zh' | 'en' | 'es' = 'en') =>
  t.call<Page<NameEntry>>('/Admin/Names/List', body, { token, lng });
const setNames = (body: Record<string, unknown>, token = catalogue, lng: 'zh' | 'en' | 'es' = 'en') =>
  t.call('/Admin/Names/Set', body, { token, lng });

interface AuditRow {
  action: string;
  entity: string;
  entity_id: string;
  actor_name: string;
  changes: Record<string, { before: unknown; after: unknown }>;
  details: Record<string, unknown>;
}
const audits = (action: string) =>
  t.database.rows<AuditRow>(
    sql`select action, entity, entity_id, actor_name, changes, details from audit_log
        where action = ${action} order by id`,
  );

const xlsx = (rows: unknown[][], formulas: Array<[string, string]> = []) => {
  const sheet = utils.aoa_to_sheet(rows);
  // A formula cell as Excel saves it: the formula and the value it last computed.
  for (const [address, formula] of formulas) sheet[address] = { t: 's', v: 'computed', f: formula };
  const book = utils.book_new();
  utils.book_append_sheet(book, sheet, 'names');
  return write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
};

const upload = async (
  kind: string,
  filename: string,
  content: Buffer,
  options: { apply?: boolean; lng?: 'zh' | 'en' | 'es'; token?: string } = {},
) => {
  const boundary = `----names${Math.random().toString(16).slice(2)}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(
      field('kind', kind) +
        field('apply', options.apply ? 'true' : 'false') +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/Admin/Names/Import',
    headers: {
      token: options.token ?? catalogue,
      lng: options.lng ?? 'en',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return response.json() as { code: number; msg: string; data: NameImportResult };
};

describe('roles', () => {
  it('catalogue staff may, sales staff and buyers may not', async () => {
    expect((await list({ kind: 'store' })).code).toBe(200);
    expect((await list({ kind: 'store' }, sales)).code).toBe(ResultCode.forbidden);
    expect((await setNames({ kind: 'store', key: String(guangzhou), names: { es: 'x' } }, sales)).code).toBe(
      ResultCode.forbidden,
    );
    expect((await list({ kind: 'store' }, buyer)).code).toBe(ResultCode.invalidToken);
    expect((await upload('store', 'names.xlsx', xlsx([['Key', 'Spanish']]), { token: sales })).code).toBe(
      ResultCode.forbidden,
    );
  });
});

describe('list', () => {
  it('stores with written name and names; search in any language; missing a language', async () => {
    const stores = await list({ kind: 'store' });
    expect(stores.data.total).toBe(4);
    expect(stores.data.list[0]).toMatchObject({
      key: String(guangzhou),
      written: expect.any(String),
      zh: '广州总仓',
      en: 'Guangzhou Main Warehouse',
      es: 'Almacén central de Cantón',
      context: '',
    });
    const found = await list({ kind: 'store', keyword: 'cantón' });
    expect(found.data.list.map((entry) => entry.key)).toEqual([String(guangzhou)]);
    // No Spanish name for Shanghai: it shows under "missing".
    await setNames({
      kind: 'store',
      key: String(shanghai),
      names: { zh: '上海仓', en: 'Shanghai Warehouse' },
    });
    const missing = await list({ kind: 'store', missing: true });
    expect(missing.data.list.map((entry) => entry.key)).toContain(String(shanghai));
    expect(missing.data.list.map((entry) => entry.key)).not.toContain(String(guangzhou));
  });

  it('areas carry their parent path in the reader’s language; words page in byte order', async () => {
    const guangzhouCity = await list({ kind: 'area', keyword: 'Guangzhou' }, catalogue, 'es');
    const city = guangzhouCity.data.list.find((entry) => entry.en === 'Guangzhou');
    expect(city).toMatchObject({ written: '广州市', zh: '广州市', context: 'China / Cantón' });
    const units = await list({ kind: 'unit', page: 1, pageSize: 2 });
    expect(units.data.list).toHaveLength(2);
    expect(units.data.total).toBeGreaterThan(2);
    const keys = units.data.list.map((entry) => entry.key);
    expect([...keys].sort()).toEqual(keys);
    expect((await list({ kind: 'nope' })).code).toBe(ResultCode.validation);
  });
});

describe('set', () => {
  it('writes a store’s es name with an audit entry; a buyer reading es sees it', async () => {
    const answer = await setNames({
      kind: 'store',
      key: String(guangzhou),
      names: { zh: '广州总仓', en: 'Guangzhou Main Warehouse', es: '  Almacén Guangzhou  ' },
    });
    expect(answer.code).toBe(200);
    const [entry] = (await audits('names.set')).filter((row) => row.entity_id === String(guangzhou));
    expect(entry).toMatchObject({
      entity: 'store',
      actor_name: 'cat',
      changes: { es: { before: 'Almacén central de Cantón', after: 'Almacén Guangzhou' } },
    });
    const filters = await t.call<z.infer<typeof catalogFiltersSchema>>('/Web/GetCatalogFilters', undefined, {
      token: buyer,
      lng: 'es',
    });
    expect(filters.data.stores.find((store) => store.id === guangzhou)?.name).toBe('Almacén Guangzhou');
    // Saving the same names again changes nothing and writes no audit entry.
    const count = (await audits('names.set')).length;
    await setNames({
      kind: 'store',
      key: String(guangzhou),
      names: { zh: '广州总仓', en: 'Guangzhou Main Warehouse', es: 'Almacén Guangzhou' },
    });
    expect((await audits('names.set')).length).toBe(count);
  });

  it('validates: too long, two lines, unknown fields, unknown store; an area keeps its written name', async () => {
    const long = await setNames({ kind: 'store', key: '1', names: { es: 'x'.repeat(129) } });
    expect(long.code).toBe(ResultCode.validation);
    expect((await setNames({ kind: 'store', key: '1', names: { es: 'a\nb' } })).code).toBe(
      ResultCode.validation,
    );
    expect((await setNames({ kind: 'store', key: '1', names: { fr: 'x' } })).code).toBe(
      ResultCode.validation,
    );
    const unknown = await setNames({ kind: 'store', key: '999', names: { es: 'x' } }, catalogue, 'es');
    expect(unknown.code).toBe(ResultCode.notFound);
    expect((await setNames({ kind: 'carrier', key: 'abc', names: { es: 'x' } })).code).toBe(
      ResultCode.notFound,
    );

    const [area] = await t.database.rows<{ id: number }>(sql`select id from areas where code = 'CN-GD'`);
    expect(
      (
        await setNames({
          kind: 'area',
          key: String(area!.id),
          names: { zh: '', en: 'Guangdong', es: 'Guangdong' },
        })
      ).code,
    ).toBe(200);
    const [row] = await t.database.rows<{ name: string; name_es: string }>(
      sql`select name, name_es from areas where id = ${area!.id}`,
    );
    expect(row).toEqual({ name: '广东省', name_es: 'Guangdong' });
    // The buyers' area list (cached per process) shows the new name at once.
    const areas = await t.call<Array<{ id: number; name: string }>>('/Web/GetAllAreas', undefined, {
      token: buyer,
      lng: 'es',
    });
    expect(areas.data.find((entry) => entry.id === area!.id)?.name).toBe('Guangdong');
  });

  it('words: a new word is added, one without names leaves the vocabulary', async () => {
    expect(
      (await setNames({ kind: 'unit', key: 'BOX', names: { zh: '盒', en: 'box', es: 'caja' } })).code,
    ).toBe(200);
    expect((await list({ kind: 'unit', keyword: 'caja' })).data.list).toEqual([
      { key: 'BOX', written: 'BOX', zh: '盒', en: 'box', es: 'caja', context: '' },
    ]);
    expect((await setNames({ kind: 'unit', key: 'BOX', names: {} })).code).toBe(200);
    expect((await list({ kind: 'unit', keyword: 'caja' })).data.total).toBe(0);
    const trail = (await audits('names.set')).filter((row) => row.entity === 'unit');
    expect(trail.map((row) => row.changes.es)).toEqual([
      { before: null, after: 'caja' },
      { before: 'caja', after: '' },
    ]);
  });
});

describe('export and import', () => {
  it('exports the names of a kind as xlsx, neutralizing cells that start like a formula', async () => {
    await setNames({ kind: 'param_value', key: '-40 °C', names: { zh: '零下40度', es: '=1+2' } });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/Admin/Names/Export?kind=param_value&lang=es',
      headers: { token: catalogue },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type'], response.body.slice(0, 200)).toContain('spreadsheetml');
    const book = read(response.rawPayload, { type: 'buffer' });
    const rows = utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]).toEqual(['Clave', 'Nombre original', 'Chino', 'Inglés', 'Español']);
    expect(rows).toContainEqual(["'-40 °C", "'-40 °C", '零下40度', '', "'=1+2"]);
    // A buyer's token opens no staff download.
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/Admin/Names/Export?kind=store',
      headers: { token: buyer },
    });
    expect(refused.json<{ code: number }>().code).toBe(ResultCode.invalidToken);
  });

  it('a downloaded file comes back unchanged (the neutralizing apostrophes are undone)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/Admin/Names/Export?kind=param_value',
      headers: { token: catalogue },
    });
    const preview = await upload('param_value', 'param-values.xlsx', response.rawPayload);
    expect(preview.code).toBe(200);
    expect(preview.data.counts).toMatchObject({ updated: 0, created: 0, error: 0 });
    expect(preview.data.counts.unchanged).toBeGreaterThan(0);
  });

  it('previews per row (changed, unchanged, errors with reasons), writes nothing, then applies', async () => {
    const before = await list({ kind: 'store' });
    const name = (key: number) => before.data.list.find((entry) => entry.key === String(key))!;
    const file = xlsx(
      [
        ['Clave', 'Nombre original', 'Chino', 'Inglés', 'Español'],
        [guangzhou, name(guangzhou).written, name(guangzhou).zh, name(guangzhou).en, name(guangzhou).es],
        [shanghai, 'Shanghai', '上海仓', 'Shanghai Warehouse', 'Almacén de Shanghái'],
        [999, 'Nowhere', '', '', 'Ninguno'],
        [DEMO_IDS.stores.madrid, 'Madrid', '', '', ''],
        ['', 'no key', '', '', 'x'],
        [shanghai, 'again', '', '', 'Otra vez'],
        [DEMO_IDS.stores.losAngeles, 'LA', 'x'.repeat(200), '', ''],
      ],
      [['E5', 'CONCAT("Ma","drid")']],
    );
    const preview = await upload('store', 'stores.xlsx', file, { lng: 'es' });
    expect(preview.code).toBe(200);
    expect(preview.data.applied).toBe(false);
    expect(preview.data.rows.map((row) => [row.row, row.result, row.message])).toEqual([
      [2, 'unchanged', ''],
      [3, 'updated', ''],
      [4, 'error', 'No existe ningún almacén con la clave 999.'],
      [5, 'error', 'La celda "Español" contiene una fórmula; escriba el texto directamente.'],
      [6, 'error', 'Falta la clave (primera columna).'],
      [7, 'error', 'La misma clave que la fila 3.'],
      [8, 'error', 'Un nombre puede tener como máximo 128 caracteres.'],
    ]);
    expect(preview.data.counts).toEqual({ created: 0, updated: 1, unchanged: 1, error: 5 });
    expect((await list({ kind: 'store', keyword: 'Shanghái' })).data.total).toBe(0);
    expect(await audits('names.import')).toEqual([]);

    const applied = await upload('store', 'stores.xlsx', file, { apply: true });
    expect(applied.data.applied).toBe(true);
    expect(applied.data.counts).toEqual(preview.data.counts);
    expect((await list({ kind: 'store', keyword: 'Shanghái' })).data.list[0]?.key).toBe(String(shanghai));
    const trail = await audits('names.import');
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      entity: 'store',
      entity_id: String(shanghai),
      changes: { es: { before: '', after: 'Almacén de Shanghái' } },
      details: { file_name: 'stores.xlsx', row: 3, file_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
  });

  it('a file with only some language columns leaves the others alone; words are created', async () => {
    const kitBefore = (await list({ kind: 'unit', keyword: 'KIT' })).data.list.find((e) => e.key === 'KIT');
    // Excel in Spanish saves CSV with `;`.
    const csv = Buffer.from('word;es\nKIT;kit completo\nROLLO;rollo\n');
    const answer = await upload('unit', 'units.csv', csv, { apply: true });
    expect(answer.code).toBe(200);
    expect(answer.data.rows.map((row) => row.result)).toEqual([kitBefore ? 'updated' : 'created', 'created']);
    const kit = (await list({ kind: 'unit', keyword: 'kit completo' })).data.list[0];
    expect(kit).toMatchObject({
      key: 'KIT',
      zh: kitBefore?.zh ?? '',
      en: kitBefore?.en ?? '',
      es: 'kit completo',
    });
    expect((await list({ kind: 'unit', keyword: 'ROLLO' })).data.list[0]).toMatchObject({
      zh: '',
      es: 'rollo',
    });
  });

  it('refuses hostile and wrong files with a message in the caller’s language', async () => {
    const text = Buffer.from('this is not a spreadsheet');
    const wrongType = await upload('store', 'names.xlsx', text, { lng: 'zh' });
    expect(wrongType).toMatchObject({ code: ResultCode.refused, msg: '文件内容与扩展名不符。' });
    const wrongExtension = await upload('store', 'names.pdf', xlsx([['Key', 'zh']]), { lng: 'es' });
    expect(wrongExtension).toMatchObject({
      code: ResultCode.refused,
      msg: 'El archivo debe ser .csv o .xlsx.',
    });
    const noColumns = await upload(
      'store',
      'names.xlsx',
      xlsx([
        ['a', 'b'],
        [1, 2],
      ]),
    );
    expect(noColumns.code).toBe(ResultCode.refused);
    expect(noColumns.msg).toContain('Key column');
    const huge = await upload('store', 'names.csv', Buffer.alloc(3 * 1024 * 1024, 'a'), { lng: 'es' });
    expect(huge).toMatchObject({
      code: ResultCode.payloadTooLarge,
      msg: 'El archivo no puede superar los 2 MB.',
    });
    const tooMany = await upload(
      'unit',
      'units.csv',
      Buffer.from(['word,es', ...Array.from({ length: 10_001 }, (_, i) => `W${i},w`)].join('\n')),
    );
    expect(tooMany.code).toBe(ResultCode.refused);
    const noKind = await upload('planet', 'units.csv', Buffer.from('word,es\nA,a\n'));
    expect(noKind.code).toBe(ResultCode.validation);
  });

  it('the reliability suite’s hostile spreadsheets are answered, never crash, write nothing', async () => {
    const before = (await audits('names.import')).length;
    for (const file of await hostileFiles()) {
      const answer = await upload('store', file.filename.replace(/\.xls$/i, '.xlsx'), file.content, {
        apply: true,
      });
      expect(
        [ResultCode.refused, ResultCode.validation, ResultCode.payloadTooLarge],
        `${file.name}: ${answer.code} ${answer.msg}`,
      ).toContain(answer.code);
    }
    expect((await list({ kind: 'store' })).code).toBe(200);
    expect((await audits('names.import')).length).toBe(before);
    // Building and reading the hostile files (a 200 MB sheet, zip bombs) takes 8–45 s by the
    // machine's load; the customers suite gives the same files 180 s.
  }, 180_000);

  it("a carrier's tracking link: checked, audited, and buyers' waybills link to it (issue 17 item 16)", async () => {
    const setTracking = (body: Record<string, unknown>, token = catalogue, lng: 'zh' | 'en' | 'es' = 'en') =>
      t.call('/Admin/Names/SetCarrierTracking', body, { token, lng });
    // Refused: no {no}, not http(s), a role without names, another account's or no carrier.
    const noPlaceholder = await setTracking(
      { id: 2, tracking_url: 'https://track.example.com/x' },
      catalogue,
      'es',
    );
    expect(noPlaceholder.code).toBe(ResultCode.validation);
    expect(noPlaceholder.msg).toContain('{no}');
    expect(noPlaceholder.msg).toMatch(/^Un enlace de seguimiento/);
    expect((await setTracking({ id: 2, tracking_url: 'javascript:alert({no})' })).code).toBe(
      ResultCode.validation,
    );
    expect((await setTracking({ id: 2, tracking_url: 'https://t.example.com/{no}' }, sales)).code).toBe(
      ResultCode.forbidden,
    );
    expect((await setTracking({ id: 9999, tracking_url: '' })).code).toBe(ResultCode.notFound);

    const url = 'https://track.example.com/waybill?no={no}&lang=es';
    expect((await setTracking({ id: 2, tracking_url: url })).code).toBe(200);
    const carriers = await list({ kind: 'carrier', pageSize: 50 });
    expect(carriers.data.list.find((entry) => entry.key === '2')?.tracking_url).toBe(url);
    expect((await list({ kind: 'store' })).data.list[0]).not.toHaveProperty('tracking_url');
    expect((await audits('names.tracking')).at(-1)).toMatchObject({
      entity: 'carrier',
      entity_id: '2',
      changes: { tracking_url: { before: '', after: url } },
    });

    // Two of the buyer's deliveries by carrier 2: a plain waybill links, one with a space does not.
    const [first, second] = await t.database.rows<{ id: number }>(
      sql`select id from deliveries where company_id = ${DEMO_IDS.demoCompany} order by id limit 2`,
    );
    await t.database.db.execute(
      sql`update deliveries set carrier_id = 2, logistics_no = 'DPK-20261126' where id = ${first!.id}`,
    );
    await t.database.db.execute(
      sql`update deliveries set carrier_id = 2, logistics_no = 'DPK 1' where id = ${second!.id}`,
    );
    const linked = await t.call<{ header: { tracking_url: string | null } }>(
      `/Web/GetDeliveryDetail/${first!.id}`,
      {},
      { token: buyer },
    );
    expect(linked.data.header.tracking_url).toBe('https://track.example.com/waybill?no=DPK-20261126&lang=es');
    const plain = await t.call<{ header: { tracking_url: string | null } }>(
      `/Web/GetDeliveryDetail/${second!.id}`,
      {},
      { token: buyer },
    );
    expect(plain.data.header.tracking_url).toBeNull();

    // '' removes the link.
    expect((await setTracking({ id: 2, tracking_url: '' })).code).toBe(200);
    const unlinked = await t.call<{ header: { tracking_url: string | null } }>(
      `/Web/GetDeliveryDetail/${first!.id}`,
      {},
      { token: buyer },
    );
    expect(unlinked.data.header.tracking_url).toBeNull();
  });
});
