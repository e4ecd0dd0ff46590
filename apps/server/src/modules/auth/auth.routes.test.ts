import { createHash } from 'node:crypto';
import { ALL_MENU_CODES } from '@partsportal/contract/endpoint';
import type { UserInfo } from '@partsportal/contract/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/accounts';
import { createAccount, createCompany, createUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

let clock = Date.parse('2026-11-21T08:00:00Z');
const advance = (ms: number) => {
  clock += ms;
};
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    now: () => new Date(clock),
    config: {
      loginFailuresPerHour: 5,
      loginAttemptsPerIpPerMinute: 1000,
      tokenIdleMinutes: 30,
      tokenMaxHours: 8,
    },
    seed: async (database) => {
      await createAccount(database, 1);
      const buyer = await createCompany(database, 1, 'Rapid Auto Repair');
      const house = await createCompany(database, 1, 'House');
      await createUser(database, {
        accountId: 1,
        companyId: buyer.id,
        userId: 'demo',
        password: 'demo1234',
        showAddress: true,
      });
      await createUser(database, {
        accountId: 1,
        companyId: buyer.id,
        userId: 'viewer',
        password: 'viewer1234',
        menus: ['1001', '1007'],
      });
      await createUser(database, {
        accountId: 1,
        companyId: buyer.id,
        userId: 'changer',
        password: 'changer1234',
      });
      await createUser(database, {
        accountId: 1,
        companyId: buyer.id,
        userId: 'locked',
        password: 'locked1234',
      });
      await createUser(database, {
        accountId: 1,
        companyId: buyer.id,
        userId: 'guesser',
        password: 'guesser1234',
      });
      await createUser(database, {
        accountId: 1,
        companyId: house.id,
        userId: 'admin',
        password: 'admin1234',
        role: 'admin',
        menus: [],
      });
    },
  });
});
afterAll(async () => t?.close());

const login = (body: Record<string, unknown>, lng?: string) =>
  t.call<string>('/Auth/Login', { account_id: 1, from: 'web', ...body }, lng ? { lng } : {});

describe('/Auth/Login', () => {
  it('returns a token of at least 128 random bits and stores only its hash', async () => {
    const answer = await login({ user_id: 'demo', password: 'demo1234' });
    expect(answer.code).toBe(200);
    expect(typeof answer.data).toBe('string');
    expect(Buffer.from(answer.data, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await t.database.db.select().from(sessions);
    expect(stored.some((row) => row.tokenHash === answer.data)).toBe(false);
    const expected = createHash('sha256').update(answer.data).digest('hex');
    expect(stored.some((row) => row.tokenHash === expected)).toBe(true);
  });

  it('trims the user id and ignores its case', async () => {
    expect((await login({ user_id: '  DEMO ', password: 'demo1234' })).code).toBe(200);
  });

  it('gives the same answer for an unknown user and a wrong password', async () => {
    const wrong = await login({ user_id: 'demo', password: 'nope-nope' }, 'en');
    const unknown = await login({ user_id: 'nobody-here', password: 'nope-nope' }, 'en');
    expect(wrong.code).toBe(40000);
    expect(wrong).toEqual(unknown);
    expect(wrong.msg).toBe('Incorrect user name or password.');
  });

  it('answers in the language of the Lng header (zh default)', async () => {
    const zh = await login({ user_id: 'demo', password: 'x' });
    const es = await login({ user_id: 'demo', password: 'x' }, 'es');
    const en = await login({ user_id: 'demo', password: 'x' }, 'en-US');
    expect(zh.msg).toBe('用户名或密码错误。');
    expect(es.msg).toBe('Usuario o contraseña incorrectos.');
    expect(en.msg).toBe('Incorrect user name or password.');
  });

  it('accepts account_id as a number or a numeric string and refuses another account', async () => {
    expect((await login({ user_id: 'demo', password: 'demo1234', account_id: '1' })).code).toBe(200);
    expect((await login({ user_id: 'demo', password: 'demo1234', account_id: 2 })).code).toBe(40000);
  });

  it('refuses an account_id past the int4 range as invalid input, not an internal error', async () => {
    // Found by the fuzz suite: 2147483648 reached PostgreSQL ("out of range for type integer").
    for (const account_id of [2_147_483_648, 1e15]) {
      const answer = await login({ user_id: 'demo', password: 'demo1234', account_id }, 'en');
      expect(answer.code, String(account_id)).toBe(40001);
      expect(answer.msg).toMatch(/account_id/);
    }
    expect((await login({ user_id: 'demo', password: 'demo1234', account_id: 2_147_483_647 })).code).toBe(
      40000,
    );
  });

  it('limits failed sign-ins per user per hour, then lets them in again', async () => {
    for (let i = 0; i < 5; i++)
      expect((await login({ user_id: 'locked', password: 'bad' })).code).toBe(40000);
    const limited = await login({ user_id: 'locked', password: 'locked1234' }, 'en');
    expect(limited.code).toBe(40029);
    expect(limited.msg).toMatch(/Too many failed sign-ins\. Please try again in \d+ minutes\./);
    advance(61 * 60_000);
    expect((await login({ user_id: 'locked', password: 'locked1234' })).code).toBe(200);
  });
});

describe('/Web/GetUserInfo', () => {
  it('describes the signed-in user', async () => {
    const token = await t.login('demo', 'demo1234');
    const answer = await t.call<UserInfo>('/Web/GetUserInfo', {}, { token });
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({
      company_name: 'Rapid Auto Repair',
      carts: 0,
      show_address: true,
      product_detail_title_show_my_number: false,
      roles: ['customer'],
    });
    expect(answer.data.menus).toEqual([...ALL_MENU_CODES]);
    expect(answer.data.tags).toEqual([]);
  });

  it('works without a body, as the client calls it', async () => {
    const token = await t.login('viewer', 'viewer1234');
    const answer = await t.call<UserInfo>('/Web/GetUserInfo', undefined, { token });
    expect(answer.code).toBe(200);
    expect(answer.data.menus).toEqual(['1001', '1007']);
  });

  it('gives admin every menu code', async () => {
    const token = await t.login('admin', 'admin1234');
    const answer = await t.call<UserInfo>('/Web/GetUserInfo', {}, { token });
    expect(answer.data.roles).toEqual(['admin']);
    expect(answer.data.menus).toEqual([...ALL_MENU_CODES]);
  });

  it('answers 50008 without a token or with an unknown one, in the request language', async () => {
    expect((await t.call('/Web/GetUserInfo', {})).code).toBe(50008);
    const unknown = await t.call('/Web/GetUserInfo', {}, { token: 'x'.repeat(43), lng: 'en' });
    expect(unknown).toEqual({ code: 50008, msg: 'Verification failed, please login again.', data: null });
  });

  it('ignores a token sent anywhere but the Token header', async () => {
    const token = await t.login('demo', 'demo1234');
    const answer = await t.call(
      '/Web/GetUserInfo',
      {},
      { headers: { authorization: `Bearer ${token}`, cookie: `token=${token}` } },
    );
    expect(answer.code).toBe(50008);
    const viaQuery = await t.app.inject({ method: 'POST', url: `/api/Web/GetUserInfo?token=${token}` });
    expect(viaQuery.json().code).toBe(50008);
  });
});

describe('session expiry', () => {
  it('ends a session idle for longer than the idle limit with 50014', async () => {
    const token = await t.login('demo', 'demo1234');
    advance(29 * 60_000);
    expect((await t.call('/Web/GetUserInfo', {}, { token })).code).toBe(200);
    advance(31 * 60_000);
    const expired = await t.call('/Web/GetUserInfo', {}, { token, lng: 'en' });
    expect(expired.code).toBe(50014);
    expect(expired.msg).toBe('Your session has expired. Please log in again.');
  });

  it('ends a session at the absolute limit even when it is used all the time', async () => {
    const token = await t.login('demo', 'demo1234');
    for (let hour = 0; hour < 8; hour++) {
      advance(20 * 60_000);
      expect((await t.call('/Web/GetUserInfo', {}, { token })).code).toBe(200);
      advance(20 * 60_000);
      expect((await t.call('/Web/GetUserInfo', {}, { token })).code).toBe(200);
      advance(20 * 60_000);
      const answer = await t.call('/Web/GetUserInfo', {}, { token });
      if (hour === 7) expect(answer.code).toBe(50014);
      else expect(answer.code).toBe(200);
    }
  });
});

describe('/Auth/Logout', () => {
  it('makes the token stop working', async () => {
    const token = await t.login('demo', 'demo1234');
    expect((await t.call('/Auth/Logout', {}, { token })).code).toBe(200);
    expect((await t.call('/Web/GetUserInfo', {}, { token })).code).toBe(50008);
  });
});

describe('/Web/ChangePassword', () => {
  it('checks new password, then confirmation, then match — after trimming — in the spec words', async () => {
    const token = await t.login('changer', 'changer1234');
    const change = (password: string, confirm: string) =>
      t.call(
        '/Web/ChangePassword',
        { current_password: 'changer1234', password, confirm_passwrod: confirm },
        { token, lng: 'en' },
      );
    expect((await change('   ', '')).msg).toBe('Please enter the new password!');
    expect((await change('newpass1', '  ')).msg).toBe('Please enter the password to confirm!');
    expect((await change('newpass1', 'newpass2')).msg).toBe("Two times the code doesn't match!");
    expect((await change('abc', 'abc')).msg).toBe('The password must be 6–128 characters long.');
    expect((await change('', '')).code).toBe(40001);
    // Still signed in: failed checks change nothing.
    expect((await t.call('/Web/GetUserInfo', {}, { token })).code).toBe(200);
  });

  it('returns a new token, ends the old ones with 50012 and takes the new password', async () => {
    const token = await t.login('changer', 'changer1234');
    const other = await t.login('changer', 'changer1234');
    // Both sessions are now in the server's short session cache; the change must end them anyway.
    expect((await t.call('/Web/GetUserInfo', {}, { token: other })).code).toBe(200);
    const answer = await t.call<string>(
      '/Web/ChangePassword',
      { current_password: 'changer1234', password: '  fresh-pass-9 ', confirm_passwrod: 'fresh-pass-9' },
      { token },
    );
    expect(answer.code).toBe(200);
    expect(answer.data).not.toBe(token);
    expect((await t.call('/Web/GetUserInfo', {}, { token })).code).toBe(50012);
    expect((await t.call('/Web/GetUserInfo', {}, { token: other })).code).toBe(50012);
    expect((await t.call('/Web/GetUserInfo', {}, { token: answer.data })).code).toBe(200);
    expect((await login({ user_id: 'changer', password: 'changer1234' })).code).toBe(40000);
    expect((await login({ user_id: 'changer', password: 'fresh-pass-9' })).code).toBe(200);
  });

  it('needs a signed-in user', async () => {
    expect((await t.call('/Web/ChangePassword', { password: 'a', confirm_passwrod: 'a' })).code).toBe(50008);
  });

  it('asks for the current password first (ASVS 6.2.3); a wrong one counts as a failed sign-in', async () => {
    const token = await t.login('guesser', 'guesser1234');
    const change = (fields: Record<string, string>, lng = 'en') =>
      t.call(
        '/Web/ChangePassword',
        { password: 'other-pass-1', confirm_passwrod: 'other-pass-1', ...fields },
        { token, lng },
      );
    const missing = await change({});
    expect([missing.code, missing.msg]).toEqual([40001, 'Please enter your current password!']);
    expect((await change({ current_password: '' }, 'zh')).msg).toBe('请输入当前密码！');
    // The current password is checked before the new one's rules, like the form's field order.
    const wrong = await change({ current_password: 'guess-1', password: '' }, 'es');
    expect([wrong.code, wrong.msg]).toEqual([40001, '¡La contraseña actual no es correcta!']);
    // 5 failures an hour is this app's limit: 4 more guesses, then even the right one is refused.
    for (let i = 2; i <= 5; i++) expect((await change({ current_password: `guess-${i}` })).code).toBe(40001);
    expect((await change({ current_password: 'guesser1234' })).code).toBe(40029);
    expect((await login({ user_id: 'guesser', password: 'guesser1234' })).code).toBe(40029);
    // Nothing changed meanwhile.
    expect((await t.call('/Web/GetUserInfo', {}, { token })).code).toBe(200);
    clock += 3_600_000 + 1000;
  });
});

describe("/Web/ChangePassword for the spec's two-field clients (PASSWORD_CHANGE_NEEDS_CURRENT=false)", () => {
  let legacy: TestApp;
  beforeAll(async () => {
    legacy = await createTestApp({
      config: { passwordChangeNeedsCurrent: false },
      seed: async (database) => {
        await createAccount(database, 1);
        const buyer = await createCompany(database, 1, 'Rapid Auto Repair');
        await createUser(database, {
          accountId: 1,
          companyId: buyer.id,
          userId: 'old',
          password: 'old-pass-1',
        });
      },
    });
  }, 60_000);
  afterAll(() => legacy?.close());

  it('takes password and confirm_passwrod alone, and still checks a current password that is sent', async () => {
    const token = await legacy.login('old', 'old-pass-1');
    const wrong = await legacy.call(
      '/Web/ChangePassword',
      { current_password: 'nope', password: 'new-pass-2', confirm_passwrod: 'new-pass-2' },
      { token, lng: 'en' },
    );
    expect(wrong.msg).toBe('The current password is not correct!');
    const answer = await legacy.call<string>(
      '/Web/ChangePassword',
      { password: 'new-pass-2', confirm_passwrod: 'new-pass-2' },
      { token },
    );
    expect(answer.code).toBe(200);
    expect(await legacy.login('old', 'new-pass-2')).toBeTruthy();
  });
});

describe('login rate limit per IP', () => {
  // An app of its own, made under the hook timeout: a new PGlite database took up to 26 s on a
  // loaded 2-core machine, too much of a test's 30 s.
  let burst: TestApp;
  beforeAll(async () => {
    burst = await createTestApp({
      config: { loginAttemptsPerIpPerMinute: 3 },
      seed: async (database) => {
        await createAccount(database, 1);
      },
    });
  });
  afterAll(async () => burst?.close());

  it('refuses bursts from one address with a clear message', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push((await burst.call('/Auth/Login', { user_id: 'a', password: 'b' })).code);
    }
    expect(codes).toEqual([40000, 40000, 40000, 40029, 40029]);
    const limited = await burst.call('/Auth/Login', { user_id: 'a', password: 'b' }, { lng: 'es' });
    expect(limited.msg).toMatch(/^Demasiadas solicitudes\. Inténtelo de nuevo en \d+ segundos\.$/);
  });
});

describe('sessions table', () => {
  it('keeps the language of the sign-in', async () => {
    await login({ user_id: 'viewer', password: 'viewer1234' }, 'es');
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.language, 'es'));
    expect(rows.length).toBeGreaterThan(0);
  });
});
