import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createCompany, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { findNulCharacter } from './endpoint-routes';

let t: TestApp;
let token: string;

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

describe('U+0000 in a body', () => {
  // Found by the fuzz suite (reliability/fuzz.test.ts): a NUL in a filter reached PostgreSQL,
  // which cannot store it in text, and the caller got the internal error (50000).
  it.each([
    ['/Web/GetNoticeList', { keyword: '\u0000' }, 'keyword'],
    ['/Web/GetPurchaseList', { no: 'a\u0000b' }, 'no'],
    ['/Web/GetOrderList', { partNumber: '\u0000' }, 'partNumber'],
    ['/Web/AddProBodyByNumber', { number: 'W610\u0000' }, 'number'],
  ])('%s is refused as invalid input naming the field', async (path, body, field) => {
    const answer = await t.call(path, body, { token, lng: 'en' });
    expect(answer).toEqual({ code: 40001, msg: `Invalid request: ${field}`, data: null });
  });

  it('still accepts the same calls without it', async () => {
    expect((await t.call('/Web/GetNoticeList', { keyword: 'a' }, { token })).code).toBe(200);
    expect((await t.call('/Web/GetOrderList', { partNumber: '%_' }, { token })).code).toBe(200);
  });

  it('finds it in nested strings and keys', () => {
    expect(findNulCharacter({ items: [{ remark: 'ok' }, { remark: 'x\u0000' }] })).toBe('items.1.remark');
    expect(findNulCharacter({ ['a\u0000']: 1 })).toBe('…');
    expect(findNulCharacter('\u0000')).toBe('body');
    expect(findNulCharacter({ a: 'fine', b: [1, null, true] })).toBeUndefined();
    expect(findNulCharacter(undefined)).toBeUndefined();
  });
});
