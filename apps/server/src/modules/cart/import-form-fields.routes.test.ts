import { IMPORT_BILL_PATH } from '@partsportal/contract/cart';
import { utils, write } from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createCompany, createUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let token = '';
const boundary = '----importformfields';

const book = utils.book_new();
utils.book_append_sheet(
  book,
  utils.aoa_to_sheet([
    ['number', 'qty'],
    ['W 610/3', 2],
  ]),
  'Sheet1',
);
const xlsx = write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;

const field = (name: string, value: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const form = (before: string, after: string) =>
  Buffer.concat([
    Buffer.from(
      `${before}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="list.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    xlsx,
    Buffer.from(`\r\n${after}--${boundary}--\r\n`),
  ]);
const upload = async (payload: Buffer) =>
  (
    await t.app.inject({
      method: 'POST',
      url: `/api${IMPORT_BILL_PATH}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, token, lng: 'en' },
      payload,
    })
  ).json() as { code: number; msg: string; data: unknown };

beforeAll(async () => {
  t = await createTestApp({
    seed: async (database) => {
      await createAccount(database, 1);
      const company = await createCompany(database, 1, 'Rapid Auto Repair');
      await createUser(database, {
        accountId: 1,
        companyId: company.id,
        userId: 'demo',
        password: 'demo1234',
      });
    },
  });
  token = await t.login('demo', 'demo1234');
});
afterAll(async () => t?.close());

describe('/Web/ImportBill form fields', () => {
  it('accepts the file alone', async () => {
    expect((await upload(form('', ''))).code).toBe(200);
  });

  // Found by the access-control walk (reliability/access-walk.test.ts): fields such as
  // company_id or price next to the file were silently ignored, unlike a JSON body's.
  it.each([
    ['before the file', form(field('company_id', '3'), ''), 'Fields not allowed: company_id'],
    ['after the file', form('', field('price', '0.01')), 'Fields not allowed: price'],
    ['both', form(field('role', 'admin'), field('select * from x', '1')), 'Fields not allowed: role, …'],
  ])('refuses unknown fields %s', async (_where, payload, msg) => {
    expect(await upload(payload)).toEqual({ code: 40001, msg, data: null });
  });

  it('still says a file is missing when there is none', async () => {
    const answer = await upload(Buffer.from(`${field('company_id', '3')}--${boundary}--\r\n`));
    expect(answer).toMatchObject({ code: 40001, msg: 'Please choose a file to upload.' });
  });
});
