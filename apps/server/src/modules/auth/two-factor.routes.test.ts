import { ResultCode } from '@partsportal/contract/codes';
import type { UserInfo } from '@partsportal/contract/auth';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentCode } from '../../platform/totp';
import { createAccount, createCompany, createUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

let clock = Date.parse('2026-11-26T10:00:00Z');
const now = () => new Date(clock);
let t: TestApp;
const login = (body: Record<string, unknown>, lng = 'en') =>
  t.call<string>('/Auth/Login', { user_id: 'demo', password: 'demo1234', account_id: 1, ...body }, { lng });

beforeAll(async () => {
  t = await createTestApp({
    now,
    config: { loginAttemptsPerIpPerMinute: 1000, loginFailuresPerHour: 50 },
    seed: async (database) => {
      await createAccount(database, 1);
      const company = await createCompany(database, 1, 'Rapid Auto Repair');
      await createUser(database, {
        accountId: 1,
        companyId: company.id,
        userId: 'demo',
        password: 'demo1234',
      });
      await createUser(database, {
        accountId: 1,
        companyId: company.id,
        userId: 'plain',
        password: 'plain1234',
      });
    },
  });
});
afterAll(async () => t?.close());

describe('optional two-step sign-in for customer users (decision 012)', () => {
  let secret = '';
  let recovery: string[] = [];

  it('a user who never enrols signs in exactly as the spec says', async () => {
    const answer = await t.call<string>('/Auth/Login', {
      user_id: 'plain',
      password: 'plain1234',
      account_id: 1,
    });
    expect(answer.code).toBe(200);
    expect(typeof answer.data).toBe('string');
    const info = await t.call<UserInfo>('/Web/GetUserInfo', {}, { token: answer.data });
    expect(info.data.two_factor).toBe(false);
  });

  it('enrols: QR, the first code turns it on, recovery codes once', async () => {
    const token = (await login({})).data;
    const started = await t.call<{ secret: string; uri: string; qr_svg: string }>(
      '/Web/StartTotpEnrolment',
      {},
      { token },
    );
    expect(started.code).toBe(200);
    expect(started.data.uri).toContain('otpauth://totp/PartsPortal:demo');
    secret = started.data.secret;
    // Not on until confirmed: sign-in still needs no code.
    expect((await login({})).code).toBe(200);
    const wrong = await t.call('/Web/ConfirmTotpEnrolment', { code: '000000' }, { token });
    expect(wrong.code).toBe(ResultCode.validation);
    const confirmed = await t.call<{ recovery_codes: string[] }>(
      '/Web/ConfirmTotpEnrolment',
      { code: currentCode(secret, now()) },
      { token },
    );
    expect(confirmed.code).toBe(200);
    recovery = confirmed.data.recovery_codes;
    expect(recovery).toHaveLength(10);
    expect((await t.call<UserInfo>('/Web/GetUserInfo', {}, { token })).data.two_factor).toBe(true);
  });

  it('then sign-in answers 40011 without a code, refuses a wrong or replayed one, takes a fresh one', async () => {
    const bare = await login({});
    expect(bare).toEqual({
      code: ResultCode.secondFactorRequired,
      msg: 'Enter the 6-digit code from your authenticator app.',
      data: null,
    });
    // A wrong password still says only that (the code question comes after the password).
    expect((await login({ password: 'wrong-one' })).code).toBe(ResultCode.refused);
    const wrong = await login({ totp_code: currentCode(secret, new Date(clock + 5 * 60_000)) }, 'es');
    expect(wrong.code).toBe(ResultCode.validation);
    expect(wrong.msg).toContain('El código es incorrecto');
    clock += 30_000;
    const code = currentCode(secret, now());
    const ok = await login({ totp_code: code });
    expect(ok.code).toBe(200);
    const replay = await login({ totp_code: code });
    expect(replay.code).toBe(ResultCode.validation);
    expect(replay.msg).toBe('This code has already been used. Wait for your app to show a new one.');
    // Wrong codes count as failed sign-ins (the hourly limit covers guessing the 6 digits).
    const [failures] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from login_failures where user_key = 'demo'`,
    );
    expect(failures!.n).toBeGreaterThanOrEqual(3);
  });

  it('a recovery code signs in once', async () => {
    expect((await login({ recovery_code: recovery[0] })).code).toBe(200);
    expect((await login({ recovery_code: recovery[0] })).code).toBe(ResultCode.validation);
  });

  it('turning it off needs the password and a code', async () => {
    clock += 30_000;
    const token = (await login({ totp_code: currentCode(secret, now()) })).data;
    clock += 30_000;
    const noPassword = await t.call(
      '/Web/DisableTotp',
      { current_password: 'nope', code: currentCode(secret, now()) },
      { token },
    );
    expect(noPassword.code).toBe(ResultCode.validation);
    const off = await t.call(
      '/Web/DisableTotp',
      { current_password: 'demo1234', code: currentCode(secret, now()) },
      { token },
    );
    expect(off.code).toBe(200);
    expect((await login({})).code).toBe(200);
  });
});
