import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataAccessOf } from '../../../test/data-access';
import { createStaffMember } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../../platform/password';
import type { Database } from '../client';
import { DEMO_LOGINS, DEMO_STAFF, seedDemoData } from './demo-data';
import { removeDemoLogins } from './demo-removal';

const actor = { kind: 'command' as const, id: null, name: 'admin-cli:test', ip: '' };
const hash = (password: string) => hashPassword(password, 1024);

describe('removing the demo sign-ins before going live', () => {
  let t: TestApp;
  let demoToken: string;

  beforeAll(async () => {
    t = await createTestApp({
      config: { loginAttemptsPerIpPerMinute: 1000 },
      seed: (database: Database) =>
        seedDemoData(database, {
          parts: 50,
          seed: 2,
          now: new Date('2026-11-01T00:00:00Z'),
          passwordHashMemoryKiB: 1024,
        }).then(() => undefined),
    });
    demoToken = await t.login('demo', 'demo1234');
  });
  afterAll(async () => t?.close());

  it('refuses while the demo owner is the only owner, and changes nothing', async () => {
    await expect(removeDemoLogins(dataAccessOf(t.database), { hash, actor })).rejects.toThrow(
      /only enabled owner; create the first real owner first/,
    );
    expect((await t.call('/Web/GetUserInfo', {}, { token: demoToken })).code).toBe(200);
  });

  it('disables every demo sign-in, ends their sessions, audits each, and is idempotent', async () => {
    await createStaffMember(t.database, { login: 'anna', password: 'anna-owner-1', role: 'owner' });
    const removed = await removeDemoLogins(dataAccessOf(t.database), { hash, actor });
    expect(removed.staff).toEqual([DEMO_STAFF.login]);
    expect(removed.users.sort()).toEqual(DEMO_LOGINS.map((login) => login.userId).sort());

    // The README's passwords no longer open anything, and the open session is over.
    for (const login of DEMO_LOGINS) {
      const answer = await t.call('/Auth/Login', { user_id: login.userId, password: login.password });
      expect(`${login.userId}: ${answer.code}`).not.toBe(`${login.userId}: 200`);
    }
    expect((await t.call('/Web/GetUserInfo', {}, { token: demoToken })).code).toBe(50008);
    const staffLogin = await t.call('/Admin/Auth/Login', {
      login: DEMO_STAFF.login,
      password: DEMO_STAFF.password,
    });
    expect(staffLogin.code).not.toBe(200);

    const audit = await t.database.rows<{ action: string; n: number }>(
      sql`select action, count(*)::int as n from audit_log where actor_name = 'admin-cli:test' group by action order by action`,
    );
    expect(audit).toEqual([
      { action: 'staff.demo-removed', n: 1 },
      { action: 'user.demo-removed', n: DEMO_LOGINS.length },
    ]);
    expect(await removeDemoLogins(dataAccessOf(t.database), { hash, actor })).toEqual({
      users: [],
      staff: [],
    });
  });
});
