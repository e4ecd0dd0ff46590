import { ResultCode } from '@partsportal/contract/codes';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createCompany, createStaffMember, createUser } from '../../../test/fixtures';
import { STAFF_SECRETS, staffSignIn } from '../../../test/staff-test-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { currentCode, hashRecoveryCode } from '../../platform/totp';

let clock = Date.parse('2026-11-26T08:00:00Z');
const now = () => new Date(clock);
/** Each TOTP code works once: a new sign-in of the same member waits for the next 30-s step. */
const nextStep = () => {
  clock += 30_000;
};
let t: TestApp;
let ownerToken: string;

beforeAll(async () => {
  t = await createTestApp({
    now,
    config: { loginAttemptsPerIpPerMinute: 1000 },
    seed: async (database) => {
      await createAccount(database, 1);
      const company = await createCompany(database, 1, 'Rapid Auto Repair');
      await createUser(database, {
        accountId: 1,
        companyId: company.id,
        userId: 'demo',
        password: 'demo1234',
      });
      await createStaffMember(database, {
        login: 'olga',
        password: 'owner-pass-1',
        role: 'owner',
        totpSecret: STAFF_SECRETS.owner,
      });
      await createStaffMember(database, {
        login: 'sam',
        password: 'sales-pass-1',
        role: 'sales',
        totpSecret: STAFF_SECRETS.sales,
      });
      await createStaffMember(database, { login: 'newbie', password: 'newbie-pass', role: 'catalogue' });
    },
  });
  ownerToken = await staffSignIn(t, 'olga', 'owner-pass-1', STAFF_SECRETS.owner, now());
  nextStep();
});
afterAll(async () => t?.close());

const auditActions = async () =>
  (await t.database.rows<{ action: string }>(sql`select action from audit_log order by id`)).map(
    (r) => r.action,
  );

describe('staff sign-in with a TOTP second factor', () => {
  it('first sign-in enrols: QR and secret, the first code confirms, recovery codes shown once', async () => {
    const login = await t.call<{ token: string; second_factor: string }>('/Admin/Auth/Login', {
      login: 'NEWBIE',
      password: 'newbie-pass',
    });
    expect(login.code).toBe(200);
    expect(login.data.second_factor).toBe('enrol');
    const pending = login.data.token;
    // Before the second factor only the enrol/verify/sign-out calls open.
    const early = await t.call('/Admin/Auth/GetStaffInfo', {}, { token: pending, lng: 'en' });
    expect(early.code).toBe(ResultCode.secondFactorRequired);
    expect(early.msg).toBe('Enter the 6-digit code from your authenticator app.');

    const enrol = await t.call<{ secret: string; uri: string; qr_svg: string }>(
      '/Admin/Auth/StartTotpEnrolment',
      {},
      { token: pending },
    );
    expect(enrol.code).toBe(200);
    expect(enrol.data.uri).toMatch(/^otpauth:\/\/totp\/PartsPortal:newbie\?.*secret=/);
    expect(enrol.data.uri).toContain(`secret=${enrol.data.secret}`);
    expect(enrol.data.qr_svg).toContain('<svg');

    const wrong = await t.call(
      '/Admin/Auth/ConfirmTotpEnrolment',
      { code: '000000' },
      { token: pending, lng: 'es' },
    );
    expect(wrong.code).toBe(ResultCode.validation);
    expect(wrong.msg).toContain('El código es incorrecto');

    const confirmed = await t.call<{ recovery_codes: string[] }>(
      '/Admin/Auth/ConfirmTotpEnrolment',
      { code: currentCode(enrol.data.secret, now()) },
      { token: pending },
    );
    expect(confirmed.code).toBe(200);
    expect(confirmed.data.recovery_codes).toHaveLength(10);
    const info = await t.call<{ login: string; role: string }>(
      '/Admin/Auth/GetStaffInfo',
      {},
      { token: pending },
    );
    expect(info.data).toMatchObject({ login: 'newbie', role: 'catalogue' });

    // Stored: the secret to check codes, the recovery codes only as hashes.
    const [row] = await t.database.rows<{ totp_secret: string; recovery_code_hashes: string[] }>(
      sql`select totp_secret, recovery_code_hashes from staff where login = 'newbie'`,
    );
    expect(row!.totp_secret).toBe(enrol.data.secret);
    expect(row!.recovery_code_hashes).toEqual(confirmed.data.recovery_codes.map(hashRecoveryCode));
    expect(JSON.stringify(row)).not.toContain(confirmed.data.recovery_codes[0]);
    // Enrolling again is refused: a stolen pending session must not replace the factor.
    nextStep();
    const again = await t.call<{ token: string; second_factor: string }>('/Admin/Auth/Login', {
      login: 'newbie',
      password: 'newbie-pass',
    });
    expect(again.data.second_factor).toBe('verify');
    const reenrol = await t.call('/Admin/Auth/StartTotpEnrolment', {}, { token: again.data.token });
    expect(reenrol.code).toBe(ResultCode.conflict);
  });

  it('refuses a wrong code and a replayed code; a recovery code works once', async () => {
    const first = await t.call<{ token: string }>('/Admin/Auth/Login', {
      login: 'sam',
      password: 'sales-pass-1',
    });
    const code = currentCode(STAFF_SECRETS.sales, now());
    const wrongCode = code === '123456' ? '654321' : '123456';
    expect(
      (await t.call('/Admin/Auth/VerifySecondFactor', { code: wrongCode }, { token: first.data.token })).code,
    ).toBe(ResultCode.validation);
    expect((await t.call('/Admin/Auth/VerifySecondFactor', { code }, { token: first.data.token })).code).toBe(
      200,
    );

    // The same code on another session within its 30 s: refused as a replay.
    const second = await t.call<{ token: string }>('/Admin/Auth/Login', {
      login: 'sam',
      password: 'sales-pass-1',
    });
    const replay = await t.call(
      '/Admin/Auth/VerifySecondFactor',
      { code },
      { token: second.data.token, lng: 'en' },
    );
    expect(replay.code).toBe(ResultCode.validation);
    expect(replay.msg).toBe('This code has already been used. Wait for your app to show a new one.');

    // A recovery code instead: set one, use it, and it is gone.
    await t.database.rows(
      sql`update staff set recovery_code_hashes = ${JSON.stringify([hashRecoveryCode('ABCDE-FGHJK')])}::jsonb where login = 'sam'`,
    );
    const byRecovery = await t.call(
      '/Admin/Auth/VerifySecondFactor',
      { recovery_code: 'abcde fghjk' },
      { token: second.data.token },
    );
    expect(byRecovery.code).toBe(200);
    const third = await t.call<{ token: string }>('/Admin/Auth/Login', {
      login: 'sam',
      password: 'sales-pass-1',
    });
    const reused = await t.call(
      '/Admin/Auth/VerifySecondFactor',
      { recovery_code: 'ABCDE-FGHJK' },
      { token: third.data.token },
    );
    expect(reused.code).toBe(ResultCode.validation);
    expect(await auditActions()).toContain('staff.use-recovery-code');
  });

  it('ends a session after five wrong codes', async () => {
    nextStep();
    const login = await t.call<{ token: string }>('/Admin/Auth/Login', {
      login: 'sam',
      password: 'sales-pass-1',
    });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push(
        (await t.call('/Admin/Auth/VerifySecondFactor', { code: '999999' }, { token: login.data.token }))
          .code,
      );
    }
    expect(codes.slice(0, 4)).toEqual([40001, 40001, 40001, 40001]);
    expect(codes[4]).toBe(ResultCode.invalidToken);
    const after = await t.call(
      '/Admin/Auth/VerifySecondFactor',
      { code: currentCode(STAFF_SECRETS.sales, now()) },
      { token: login.data.token },
    );
    expect(after.code).toBe(ResultCode.invalidToken);
  });

  it('a wrong password is the same answer as an unknown member', async () => {
    const wrong = await t.call('/Admin/Auth/Login', { login: 'olga', password: 'nope-nope' }, { lng: 'en' });
    const unknown = await t.call(
      '/Admin/Auth/Login',
      { login: 'nobody', password: 'nope-nope' },
      { lng: 'en' },
    );
    expect(wrong).toEqual(unknown);
    expect(wrong.code).toBe(ResultCode.refused);
  });
});

describe('token kinds never cross', () => {
  it('a customer token is unknown to staff calls, a staff token unknown to customer calls', async () => {
    const customer = await t.login('demo', 'demo1234');
    const staffCall = await t.call('/Admin/Auth/GetStaffInfo', {}, { token: customer });
    expect(staffCall.code).toBe(ResultCode.invalidToken);
    const customerCall = await t.call('/Web/GetUserInfo', {}, { token: ownerToken });
    expect(customerCall.code).toBe(ResultCode.invalidToken);
  });
});

describe("the owner's staff accounts", () => {
  it('creates a member with a temporary password that must be changed; audit entries for each write', async () => {
    const created = await t.call<{ id: number; temporary_password: string }>(
      '/Admin/Staff/Create',
      { login: 'cata', name: 'Cata Logue', role: 'catalogue' },
      { token: ownerToken },
    );
    expect(created.code).toBe(200);
    expect(created.data.temporary_password).toHaveLength(12);
    const dup = await t.call(
      '/Admin/Staff/Create',
      { login: 'CATA', name: 'x', role: 'sales' },
      { token: ownerToken, lng: 'en' },
    );
    expect(dup.code).toBe(ResultCode.conflict);
    expect(dup.msg).toBe('The sign-in name "CATA" is already in use.');

    const login = await t.call<{ token: string; second_factor: string }>('/Admin/Auth/Login', {
      login: 'cata',
      password: created.data.temporary_password,
    });
    expect(login.data.second_factor).toBe('enrol');

    const updated = await t.call(
      '/Admin/Staff/Update',
      { id: created.data.id, role: 'sales' },
      { token: ownerToken },
    );
    expect(updated.code).toBe(200);
    const [entry] = await t.database.rows<{ changes: unknown; actor_name: string }>(
      sql`select changes, actor_name from audit_log where action = 'staff.update' order by id desc limit 1`,
    );
    expect(entry).toEqual({ actor_name: 'olga', changes: { role: { before: 'catalogue', after: 'sales' } } });
    // The role change ended the member's sessions at once.
    const ended = await t.call('/Admin/Auth/StartTotpEnrolment', {}, { token: login.data.token });
    expect(ended.code).toBe(ResultCode.signedInElsewhere);

    const list = await t.call<{
      list: Array<{
        login: string;
        enabled: boolean;
        second_factor_enrolled: boolean;
        must_change_password: boolean;
      }>;
    }>('/Admin/Staff/List', { keyword: 'Cata L' }, { token: ownerToken });
    // Still on the temporary password: the owner's list says so.
    expect(list.data.list).toEqual([
      expect.objectContaining({
        login: 'cata',
        enabled: true,
        second_factor_enrolled: false,
        must_change_password: true,
      }),
    ]);
    const olgaRow = await t.call<{ list: Array<{ must_change_password: boolean }> }>(
      '/Admin/Staff/List',
      { keyword: 'olga' },
      { token: ownerToken },
    );
    expect(olgaRow.data.list.map((m) => m.must_change_password)).toEqual([false]);
    expect(await auditActions()).toEqual(expect.arrayContaining(['staff.create', 'staff.update']));
  });

  it('keeps one enabled owner', async () => {
    const [olga] = await t.database.rows<{ id: number }>(sql`select id from staff where login = 'olga'`);
    const answer = await t.call(
      '/Admin/Staff/Update',
      { id: olga!.id, role: 'sales' },
      { token: ownerToken, lng: 'en' },
    );
    expect(answer.code).toBe(ResultCode.refused);
    expect(answer.msg).toBe('At least one enabled owner must remain.');
  });

  it('sales may not manage staff or read the audit log', async () => {
    nextStep();
    const sales = await staffSignIn(t, 'sam', 'sales-pass-1', STAFF_SECRETS.sales, now());
    expect((await t.call('/Admin/Staff/List', {}, { token: sales })).code).toBe(ResultCode.forbidden);
    expect((await t.call('/Admin/Audit/List', {}, { token: sales })).code).toBe(ResultCode.forbidden);
    expect((await t.call('/Admin/Auth/GetStaffInfo', {}, { token: sales })).code).toBe(200);
  });
});

/** The database's own error text (drizzle wraps it as the `cause`). */
const refusal = async (statement: SQL) => {
  try {
    await t.database.rows(statement);
    return 'accepted';
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? String(error);
  }
};

describe('audit log', () => {
  it('lists newest first with filters, and refuses UPDATE, DELETE and TRUNCATE in the database', async () => {
    const page = await t.call<{ list: Array<{ action: string; actor_name: string }>; total: number }>(
      '/Admin/Audit/List',
      { action: 'staff.', pageSize: 50 },
      { token: ownerToken },
    );
    expect(page.code).toBe(200);
    expect(page.data.total).toBeGreaterThanOrEqual(3);
    expect(page.data.list.every((e) => e.action.startsWith('staff.'))).toBe(true);
    const byActor = await t.call<{ total: number }>(
      '/Admin/Audit/List',
      { actor: 'nobody-like-this' },
      { token: ownerToken },
    );
    expect(byActor.data.total).toBe(0);
    expect(await refusal(sql`update audit_log set actor_name = 'x'`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from audit_log`)).toMatch(/append-only/);
    expect(await refusal(sql`truncate audit_log`)).toMatch(/append-only/);
  });
});
