import { utils, write } from '@e965/xlsx';
import { ResultCode } from '@partsportal/contract/codes';
import type { Company, CustomerUser, MyNumberImportResult } from '@partsportal/contract/customers';
import { normalizePartNumber } from '@partsportal/contract/part-number';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceLevels } from '../../db/schema/accounts';
import { brands, products } from '../../db/schema/catalog';
import { createAccount, createCompany, createStaffMember, createUser } from '../../../test/fixtures';
import { STAFF_SECRETS, staffSignIn } from '../../../test/staff-test-kit';
import { hostileFiles } from '../../../test/reliability/hostile-spreadsheets';
import { createTestApp, type TestApp } from '../../../test/test-app';

const clock = Date.parse('2026-11-26T10:00:00Z');
const now = () => new Date(clock);
let t: TestApp;
let sales: string;
let catalogue: string;
let otherAccountCompanyId: number;
let demoCompanyId: number;
let goldLevelId: number;
let otherAccountLevelId: number;

beforeAll(async () => {
  t = await createTestApp({
    now,
    config: { loginAttemptsPerIpPerMinute: 10_000 },
    seed: async (database) => {
      await createAccount(database, 1);
      await createAccount(database, 2);
      const demo = await createCompany(database, 1, 'Rapid Auto Repair');
      demoCompanyId = demo.id;
      await createUser(database, { accountId: 1, companyId: demo.id, userId: 'demo', password: 'demo1234' });
      const foreign = await createCompany(database, 2, 'Foreign Parts Ltd');
      otherAccountCompanyId = foreign.id;
      await createUser(database, {
        accountId: 2,
        companyId: foreign.id,
        userId: 'foreign',
        password: 'foreign1234',
      });
      const [gold] = await database.db
        .insert(priceLevels)
        .values({ accountId: 1, name: 'Gold', factor: '0.85' })
        .returning();
      goldLevelId = gold!.id;
      const [otherLevel] = await database.db
        .insert(priceLevels)
        .values({ accountId: 2, name: 'Other', factor: '0.9' })
        .returning();
      otherAccountLevelId = otherLevel!.id;
      const [acme, bosch] = await database.db
        .insert(brands)
        .values([
          { accountId: 1, name: 'Acme' },
          { accountId: 1, name: 'Bosch' },
        ])
        .returning();
      const [foreignBrand] = await database.db
        .insert(brands)
        .values({ accountId: 2, name: 'Acme' })
        .returning();
      const product = (accountId: number, brandId: number, number: string) => ({
        accountId,
        number,
        numberKey: normalizePartNumber(number),
        brandId,
        nameZh: '刹车片',
        nameEn: 'Brake pad',
        nameEs: 'Pastilla',
        price: '10',
      });
      await database.db
        .insert(products)
        .values([
          product(1, acme!.id, '04465-33450'),
          product(1, acme!.id, 'OF-100'),
          product(1, bosch!.id, 'OF-100'),
          product(1, bosch!.id, '0 986 494 123'),
          product(2, foreignBrand!.id, 'ZZ-9'),
        ]);
      await createStaffMember(database, {
        login: 'sam',
        password: 'sales-pass-1',
        role: 'sales',
        totpSecret: STAFF_SECRETS.sales,
      });
      await createStaffMember(database, {
        login: 'cat',
        password: 'catalogue-pass-1',
        role: 'catalogue',
        totpSecret: STAFF_SECRETS.catalogue,
      });
    },
  });
  sales = await staffSignIn(t, 'sam', 'sales-pass-1', STAFF_SECRETS.sales, now());
  catalogue = await staffSignIn(t, 'cat', 'catalogue-pass-1', STAFF_SECRETS.catalogue, now());
});
afterAll(async () => t?.close());

const admin = <T>(path: string, body: unknown, token = sales) =>
  t.call<T>(`/Admin/Customers/${path}`, body, { token, lng: 'en' });

interface AuditRow {
  action: string;
  entity: string;
  entity_id: string;
  actor_name: string;
  changes: Record<string, { before: unknown; after: unknown }>;
  details: Record<string, unknown>;
}
const lastAudit = async (action: string) =>
  (
    await t.database.rows<AuditRow>(
      sql`select action, entity, entity_id, actor_name, changes, details from audit_log
          where action = ${action} order by id desc limit 1`,
    )
  )[0];
const auditCount = async () =>
  (await t.database.rows<{ n: number }>(sql`select count(*)::int as n from audit_log`))[0]!.n;

describe('companies', () => {
  it('existing companies got a code from the migration; new inserts without one too', async () => {
    const rows = await t.database.rows<{ id: number; code: string }>(
      sql`select id, code from companies order by id`,
    );
    for (const row of rows) expect(row.code).toBe(`C${String(row.id).padStart(4, '0')}`);
  });

  it('creates a company with defaults, and one audit entry with every field as "after"', async () => {
    const created = await admin<{ id: number }>('CreateCompany', {
      code: 'K-100',
      name: 'Kowloon Motors',
      price_level_id: goldLevelId,
      credit_limit: '50000',
      payment_days: 45,
    });
    expect(created.code).toBe(200);
    const company = await admin<Company>('Company', { id: created.data.id });
    expect(company.data).toMatchObject({
      code: 'K-100',
      name: 'Kowloon Motors',
      sort_name: 'Kowloon Motors',
      price_level_id: goldLevelId,
      price_level_name: 'Gold',
      payment_days: 45,
      currency: 'CNY',
      enabled: true,
      user_count: 0,
    });
    expect(Number(company.data.credit_limit)).toBe(50000);
    const audit = await lastAudit('company.create');
    expect(audit).toMatchObject({ entity: 'company', entity_id: String(created.data.id), actor_name: 'sam' });
    expect(audit!.changes.code).toEqual({ before: null, after: 'K-100' });
    expect(audit!.changes.price_level_id).toEqual({ before: null, after: goldLevelId });
  });

  it('refuses a duplicate code (any case) and a price level that is not the account’s, writing nothing', async () => {
    const before = await auditCount();
    const duplicate = await admin('CreateCompany', { code: 'k-100', name: 'Copy' });
    expect(duplicate.code).toBe(ResultCode.conflict);
    expect(duplicate.msg).toBe('The customer code "k-100" is already in use.');
    const level = await admin('CreateCompany', {
      code: 'K-200',
      name: 'X',
      price_level_id: otherAccountLevelId,
    });
    expect(level.code).toBe(ResultCode.refused);
    expect(level.msg).toBe(`Price level ${otherAccountLevelId} does not exist.`);
    const zh = await t.call(
      '/Admin/Customers/CreateCompany',
      { code: 'K-100', name: 'Copy' },
      { token: sales, lng: 'zh' },
    );
    expect(zh.msg).toBe('客户编码“K-100”已被使用。');
    const es = await t.call(
      '/Admin/Customers/CreateCompany',
      { code: 'K-100', name: 'Copy' },
      { token: sales, lng: 'es' },
    );
    expect(es.msg).toBe('El código de cliente "K-100" ya está en uso.');
    expect(await auditCount()).toBe(before);
  });

  it('updates only what changed, with before/after in the audit entry; a no-op writes no entry', async () => {
    const { data } = await admin<{ list: Company[] }>('Companies', { keyword: 'kowloon' });
    const id = data.list[0]!.id;
    const update = await admin('UpdateCompany', {
      id,
      payment_days: 60,
      credit_limit: '50000.00',
      name: 'Kowloon Motors',
    });
    expect(update.code).toBe(200);
    const audit = await lastAudit('company.update');
    expect(audit!.changes).toEqual({ payment_days: { before: 45, after: 60 } });
    const count = await auditCount();
    expect((await admin('UpdateCompany', { id, payment_days: 60 })).code).toBe(200);
    expect(await auditCount()).toBe(count);
    const clash = await admin('UpdateCompany', { id, code: 'c0001' });
    expect(clash.code).toBe(ResultCode.conflict);
  });

  it('lists by code or name, filters by enabled, pages — only the staff member’s own account', async () => {
    await admin('CreateCompany', { code: 'Z-1', name: 'Zebra Garage', enabled: false });
    const all = await admin<{ list: Company[]; total: number }>('Companies', { pageSize: 50 });
    expect(all.data.list.map((c) => c.name)).not.toContain('Foreign Parts Ltd');
    expect(all.data.total).toBe(3);
    const byCode = await admin<{ list: Company[] }>('Companies', { keyword: 'c000' });
    expect(byCode.data.list.map((c) => c.name)).toEqual(['Rapid Auto Repair']);
    const disabled = await admin<{ list: Company[] }>('Companies', { enabled: false });
    expect(disabled.data.list.map((c) => c.code)).toEqual(['Z-1']);
    const page2 = await admin<{ list: Company[]; total: number }>('Companies', { page: 2, pageSize: 2 });
    expect(page2.data.list).toHaveLength(1);
    expect(page2.data.total).toBe(3);
  });

  it('another account’s company is not found for any call', async () => {
    const id = otherAccountCompanyId;
    expect((await admin('Company', { id })).code).toBe(ResultCode.notFound);
    expect((await admin('UpdateCompany', { id, name: 'Mine now' })).code).toBe(ResultCode.notFound);
    expect((await admin('Users', { company_id: id })).code).toBe(ResultCode.notFound);
    expect((await admin('MyNumbers', { company_id: id })).code).toBe(ResultCode.notFound);
    const user = await admin('CreateUser', {
      company_id: id,
      user_id: 'intruder',
      name: 'x',
      menus: ['1001'],
    });
    expect(user.code).toBe(ResultCode.notFound);
    const foreignUser = await t.database.rows<{ id: number }>(
      sql`select id from users where user_id = 'foreign'`,
    );
    expect((await admin('UpdateUser', { id: foreignUser[0]!.id, menus: ['1001'] })).code).toBe(
      ResultCode.notFound,
    );
    expect((await admin('ResetUserPassword', { id: foreignUser[0]!.id })).code).toBe(ResultCode.notFound);
    const levels = await admin<Array<{ name: string }>>('PriceLevels', {});
    expect(levels.data.map((l) => l.name)).toEqual(['Gold']);
  });

  it('the catalogue role may not manage customers; sales and owner may', async () => {
    expect((await admin('Companies', {}, catalogue)).code).toBe(ResultCode.forbidden);
  });
});

describe('users of a company', () => {
  let userId: number;
  let password: string;
  let token: string;

  it('creates a user with a temporary password shown once; the audit entry has no password or hash', async () => {
    const created = await admin<{ id: number; temporary_password: string }>('CreateUser', {
      company_id: demoCompanyId,
      user_id: 'Lin',
      name: 'Lin Wei',
      menus: ['1006', '1001', '1001'],
      tags: ['vip'],
    });
    expect(created.code).toBe(200);
    userId = created.data.id;
    password = created.data.temporary_password;
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
    const list = await admin<{ list: CustomerUser[] }>('Users', {
      company_id: demoCompanyId,
      keyword: 'lin',
    });
    expect(list.data.list).toEqual([
      expect.objectContaining({
        user_id: 'Lin',
        menus: ['1001', '1006'],
        tags: ['vip'],
        enabled: true,
        must_change_password: true,
      }),
    ]);
    const audit = await lastAudit('customer-user.create');
    expect(audit!.changes.menus).toEqual({ before: null, after: ['1001', '1006'] });
    const text = JSON.stringify(audit);
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain(password);
  });

  it('refuses a taken user_id, a bad menu code and no menus, in the caller’s language', async () => {
    const taken = await admin('CreateUser', {
      company_id: demoCompanyId,
      user_id: 'DEMO',
      name: 'x',
      menus: ['1001'],
    });
    expect(taken.code).toBe(ResultCode.conflict);
    expect(taken.msg).toBe('The user ID "DEMO" is already in use.');
    const bad = await admin('CreateUser', {
      company_id: demoCompanyId,
      user_id: 'n1',
      name: 'x',
      menus: ['1001', '1099'],
    });
    expect(bad.code).toBe(ResultCode.refused);
    expect(bad.msg).toBe('Unknown menu code: 1099.');
    const zh = await t.call(
      '/Admin/Customers/UpdateUser',
      { id: userId, menus: ['abc'] },
      { token: sales, lng: 'zh' },
    );
    expect(zh.msg).toBe('未知的菜单代码：abc。');
    const none = await admin('UpdateUser', { id: userId, menus: [] });
    expect(none.msg).toBe('Choose at least one menu.');
    const rename = await admin('UpdateUser', { id: userId, user_id: 'demo' });
    expect(rename.code).toBe(ResultCode.conflict);
  });

  it('the user signs in with the temporary password; GetUserInfo says it must be changed', async () => {
    token = await t.login('lin', password);
    const info = await t.call<{ menus: string[]; must_change_password: boolean }>(
      '/Web/GetUserInfo',
      {},
      { token },
    );
    expect(info.data).toMatchObject({ menus: ['1001', '1006'], must_change_password: true });
  });

  it('a change of menus applies to the same token’s next call', async () => {
    // Only 1001 first.
    expect((await admin('UpdateUser', { id: userId, menus: ['1001'] })).code).toBe(200);
    expect((await lastAudit('customer-user.update'))!.changes).toEqual({
      menus: { before: ['1001', '1006'], after: ['1001'] },
    });
    expect((await t.call('/Web/GetCartList', {}, { token })).code).toBe(ResultCode.forbidden);
    expect((await t.call('/Web/GetProductList', { keyword: 'OF' }, { token })).code).toBe(200);
    // Staff adds 1006: no new sign-in, the same token passes.
    expect((await admin('UpdateUser', { id: userId, menus: ['1001', '1006'] })).code).toBe(200);
    expect((await t.call('/Web/GetCartList', {}, { token })).code).toBe(200);
    const info = await t.call<{ menus: string[] }>('/Web/GetUserInfo', {}, { token });
    expect(info.data.menus).toEqual(['1001', '1006']);
    // And taking 1001 away closes the catalogue at once.
    expect((await admin('UpdateUser', { id: userId, menus: ['1006'] })).code).toBe(200);
    expect((await t.call('/Web/GetProductList', { keyword: 'OF' }, { token })).code).toBe(
      ResultCode.forbidden,
    );
    await admin('UpdateUser', { id: userId, menus: ['1001', '1006'] });
  });

  it('changing the password clears must_change_password', async () => {
    const changed = await t.call<string>(
      '/Web/ChangePassword',
      { current_password: password, password: 'my-own-pass-1', confirm_passwrod: 'my-own-pass-1' },
      { token },
    );
    expect(changed.code).toBe(200);
    token = changed.data;
    const info = await t.call<{ must_change_password: boolean }>('/Web/GetUserInfo', {}, { token });
    expect(info.data.must_change_password).toBe(false);
  });

  it('a password reset ends the user’s sessions, sets the flag, and is audited without secrets', async () => {
    const reset = await admin<{ id: number; temporary_password: string }>('ResetUserPassword', {
      id: userId,
    });
    expect(reset.code).toBe(200);
    expect((await t.call('/Web/GetUserInfo', {}, { token })).code).toBe(ResultCode.signedInElsewhere);
    expect((await t.call('/Auth/Login', { user_id: 'lin', password: 'my-own-pass-1' })).code).toBe(
      ResultCode.refused,
    );
    token = await t.login('lin', reset.data.temporary_password);
    const info = await t.call<{ must_change_password: boolean }>('/Web/GetUserInfo', {}, { token });
    expect(info.data.must_change_password).toBe(true);
    const audit = await lastAudit('customer-user.reset-password');
    expect(audit!.changes).toEqual({ must_change_password: { before: false, after: true } });
    expect(JSON.stringify(audit)).not.toContain(reset.data.temporary_password);
  });

  it('a disabled user is out at the next call and cannot sign in', async () => {
    const user = await admin<{ id: number; temporary_password: string }>('CreateUser', {
      company_id: demoCompanyId,
      user_id: 'temp-user',
      name: 'Temp',
      menus: ['1001'],
    });
    const userToken = await t.login('temp-user', user.data.temporary_password);
    expect((await admin('UpdateUser', { id: user.data.id, enabled: false })).code).toBe(200);
    expect((await t.call('/Web/GetUserInfo', {}, { token: userToken })).code).toBe(ResultCode.invalidToken);
    expect(
      (await t.call('/Auth/Login', { user_id: 'temp-user', password: user.data.temporary_password })).code,
    ).toBe(ResultCode.refused);
  });

  it('a disabled company: its users are out at the next call and cannot sign in; re-enabled, they sign in again', async () => {
    expect((await t.call('/Web/GetUserInfo', {}, { token })).code).toBe(200);
    expect((await admin('UpdateCompany', { id: demoCompanyId, enabled: false })).code).toBe(200);
    expect((await lastAudit('company.update'))!.changes).toEqual({ enabled: { before: true, after: false } });
    expect((await t.call('/Web/GetUserInfo', {}, { token })).code).toBe(ResultCode.invalidToken);
    expect((await t.call('/Auth/Login', { user_id: 'demo', password: 'demo1234' })).code).toBe(
      ResultCode.refused,
    );
    expect((await admin('UpdateCompany', { id: demoCompanyId, enabled: true })).code).toBe(200);
    // The old token stays ended; a new sign-in works.
    expect((await t.call('/Web/GetUserInfo', {}, { token })).code).not.toBe(200);
    const fresh = await t.login('demo', 'demo1234');
    expect((await t.call('/Web/GetUserInfo', {}, { token: fresh })).code).toBe(200);
  });
});

const upload = (companyId: number | string, filename: string, content: Buffer, extra = '') => {
  const boundary = `----customers${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="company_id"\r\n\r\n${companyId}\r\n` +
        extra.replaceAll('BOUNDARY', boundary) +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app
    .inject({
      method: 'POST',
      url: '/api/Admin/Customers/ImportMyNumbers',
      headers: { token: sales, lng: 'en', 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    })
    .then((r) => r.json() as { code: number; msg: string; data: MyNumberImportResult });
};

const xlsx = (rows: unknown[][]) => {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'numbers');
  return write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
};

describe('the company’s own part numbers from a file', () => {
  it('CSV: per-row results with reasons, one audit entry with the file’s hash and counts', async () => {
    const csv = [
      'brand,number,my_number',
      'Acme,04465 33450,RAR-001',
      'Bosch,0986494123,"RAR-002, rear"',
      ',OF-100,RAR-003',
      'Acme,OF100,RAR-004',
      'Acme,NOPE-1,RAR-005',
      'Bosch,04465-33450,RAR-006',
      'Acme,04465-33450,RAR-007',
      'Acme,ZZ-9,RAR-008',
      'Acme,OF-100,',
      'Acme,OF-100,=HYPERLINK("http://evil")',
    ].join('\r\n');
    const answer = await upload(demoCompanyId, 'numbers.csv', Buffer.from(`\uFEFF${csv}\r\n`));
    expect(answer.code).toBe(200);
    expect(answer.data.rows.map((r) => [r.row, r.result, r.message])).toEqual([
      [2, 'created', ''],
      [3, 'created', ''],
      [4, 'error', 'Several brands have a part OF-100; give the brand.'],
      [5, 'created', ''],
      [6, 'error', 'No part NOPE-1 was found.'],
      [7, 'error', 'Part 04465-33450 exists, but not of the brand "Bosch".'],
      [8, 'error', 'The same part as row 2.'],
      [9, 'error', 'No part ZZ-9 was found.'],
      [10, 'error', 'The customer number (my_number) is missing.'],
      [11, 'error', 'The same part as row 5.'],
    ]);
    expect(answer.data.rows[1]!.my_number).toBe('RAR-002, rear');
    expect(answer.data.counts).toEqual({ created: 3, updated: 0, unchanged: 0, error: 7 });
    const audit = await lastAudit('company.import-my-numbers');
    expect(audit!.entity_id).toBe(String(demoCompanyId));
    expect(audit!.details).toMatchObject({
      file_name: 'numbers.csv',
      rows: 10,
      counts: { created: 3, updated: 0, unchanged: 0, error: 7 },
    });
    expect(audit!.details.file_sha256).toMatch(/^[0-9a-f]{64}$/);
    const list = await admin<{ list: Array<{ number: string; my_number: string }>; total: number }>(
      'MyNumbers',
      {
        company_id: demoCompanyId,
      },
    );
    expect(list.data.total).toBe(3);
    expect(list.data.list.map((r) => r.my_number)).toEqual(['RAR-001', 'RAR-002, rear', 'RAR-004']);
  });

  it('xlsx: updated and unchanged rows; the buyer finds the part by the new number', async () => {
    const answer = await upload(
      demoCompanyId,
      'numbers.xlsx',
      xlsx([
        ['Brand', 'Number', 'My Number'],
        ['Acme', '04465-33450', 'RAR-001'],
        ['Acme', 'OF-100', 'RAR-404'],
      ]),
    );
    expect(answer.code).toBe(200);
    expect(answer.data.rows.map((r) => r.result)).toEqual(['unchanged', 'updated']);
    const buyer = await t.login('demo', 'demo1234');
    const found = await t.call<{ list: Array<{ number: string; my_number: string }> }>(
      '/Web/GetProductList',
      { keyword: 'RAR-404' },
      { token: buyer },
    );
    expect(found.data.list.map((p) => p.my_number)).toContain('RAR-404');
  });

  it('refuses wrong files, unknown form fields and other accounts’ companies before reading rows', async () => {
    const before = await auditCount();
    const wrongExtension = await upload(demoCompanyId, 'numbers.xls', Buffer.from('a,b'));
    expect(wrongExtension.msg).toBe('The file must be a .csv or .xlsx file.');
    const disguised = await upload(demoCompanyId, 'numbers.xlsx', Buffer.from('brand,number,my_number\n'));
    expect(disguised.msg).toBe('The file content does not match its extension.');
    const zipAsCsv = await upload(demoCompanyId, 'numbers.csv', xlsx([['a']]));
    expect(zipAsCsv.msg).toBe('The file content does not match its extension.');
    const noColumns = await upload(demoCompanyId, 'numbers.csv', Buffer.from('part,code\nA,B\n'));
    expect(noColumns.msg).toBe(
      'The first row must name the columns number and my_number (brand is optional).',
    );
    const latin1 = await upload(demoCompanyId, 'numbers.csv', Buffer.from([0x6e, 0x75, 0x6d, 0xe9, 0x0a]));
    expect(latin1.msg).toBe('The CSV file must be UTF-8 encoded.');
    const tooMany = await upload(
      demoCompanyId,
      'numbers.csv',
      Buffer.from(
        ['number,my_number', ...Array.from({ length: 10_000 }, (_, i) => `N${i},M${i}`)].join('\n'),
      ),
    );
    expect(tooMany.msg).toBe('The file may have at most 10000 rows.');
    const foreign = await upload(
      otherAccountCompanyId,
      'numbers.csv',
      Buffer.from('number,my_number\nZZ-9,X\n'),
    );
    expect(foreign.code).toBe(ResultCode.notFound);
    const extra = await upload(
      demoCompanyId,
      'numbers.csv',
      Buffer.from('number,my_number\nOF-100,X\n'),
      '--BOUNDARY\r\nContent-Disposition: form-data; name="account_id"\r\n\r\n2\r\n',
    );
    expect(extra.code).toBe(ResultCode.validation);
    expect(await auditCount()).toBe(before);
  });

  it('the buyers’ hostile spreadsheets (zip bombs, entities, huge sheets …) are refused or read safely, never a 500', async () => {
    const before = await auditCount();
    const outcomes: string[] = [];
    for (const file of await hostileFiles()) {
      // Only the xlsx ones reach the sheet reader here; .xls is not a my-number format.
      const name = file.filename.replace(/\.xls$/i, '.xlsx');
      const answer = await upload(demoCompanyId, name, file.content);
      outcomes.push(`${file.name}: ${answer.code}`);
      expect(
        [200, ResultCode.refused, ResultCode.validation, ResultCode.payloadTooLarge],
        file.name,
      ).toContain(answer.code);
    }
    expect(outcomes.length).toBeGreaterThan(5);
    // Still answering, and nothing but whole imports in the log.
    expect((await admin('Companies', {})).code).toBe(200);
    const written = await auditCount();
    const imports = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'company.import-my-numbers'`,
    );
    expect(written - before).toBeLessThanOrEqual(imports[0]!.n);
  }, 180_000);
});
