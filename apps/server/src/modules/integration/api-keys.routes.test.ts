import type { ApiKeyRow } from '@partsportal/contract/api-keys';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createStaffMember } from '../../../test/fixtures';
import { STAFF_SECRETS, staffSignIn } from '../../../test/staff-test-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';

// The owner's API keys screen (issue 13 item 1): create (shown once), list, revoke — and the key
// works on /api/v1 until revoked, stored as a hash only.
let t: TestApp;
let owner = '';
let sales = '';
const now = () => new Date();

beforeAll(async () => {
  t = await createTestApp({
    now,
    seed: async (database) => {
      await createAccount(database, 1);
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
    },
  });
  owner = await staffSignIn(t, 'olga', 'owner-pass-1', STAFF_SECRETS.owner, now());
  sales = await staffSignIn(t, 'sam', 'sales-pass-1', STAFF_SECRETS.sales, now());
});
afterAll(async () => t?.close());

const me = (key: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${key}` } });

describe('API keys in the back office', () => {
  it('creates a key shown once, lists it without the key, and the key opens /api/v1 until revoked', async () => {
    const created = await t.call<{ id: number; prefix: string; key: string }>(
      '/Admin/ApiKeys/Create',
      { name: 'ERP', scopes: ['stock:write', 'orders:read'], expires_days: 30, rate_limit_per_minute: 120 },
      { token: owner },
    );
    expect(created.code).toBe(200);
    expect(created.data.key).toMatch(/^pp_live_/);
    expect(created.data.key.startsWith(created.data.prefix)).toBe(true);
    expect((await me(created.data.key)).statusCode).toBe(200);

    const list = await t.call<ApiKeyRow[]>('/Admin/ApiKeys/List', {}, { token: owner });
    const row = list.data.find((key) => key.id === created.data.id)!;
    expect(row).toMatchObject({
      name: 'ERP',
      state: 'active',
      scopes: ['stock:write', 'orders:read'],
      rate_limit_per_minute: 120,
    });
    expect(row.expires_at! - Math.floor(Date.now() / 1000)).toBeGreaterThan(29 * 86_400);
    expect(JSON.stringify(list.data)).not.toContain(created.data.key);
    const stored = await t.database.rows<{ key_hash: string }>(
      sql`select key_hash from api_keys where id = ${created.data.id}`,
    );
    expect(stored[0]!.key_hash).not.toContain(created.data.key.slice(16));

    expect((await t.call('/Admin/ApiKeys/Revoke', { id: created.data.id }, { token: owner })).code).toBe(200);
    expect((await me(created.data.key)).statusCode).toBe(401);
    const again = await t.call('/Admin/ApiKeys/Revoke', { id: created.data.id }, { token: owner });
    expect(again.code).toBe(40004);
    const after = await t.call<ApiKeyRow[]>('/Admin/ApiKeys/List', {}, { token: owner });
    expect(after.data.find((key) => key.id === created.data.id)!.state).toBe('revoked');

    const audit = await t.database.rows<{ action: string; actor_name: string }>(
      sql`select action, actor_name from audit_log where entity = 'api-key' and entity_id = ${String(created.data.id)} order by id`,
    );
    expect(audit.map((row) => row.action)).toEqual(['api-key.create', 'api-key.revoke']);
  });

  it('refuses sales staff, unknown scopes and an empty name', async () => {
    expect((await t.call('/Admin/ApiKeys/List', {}, { token: sales })).code).toBe(40003);
    const badScope = await t.call(
      '/Admin/ApiKeys/Create',
      { name: 'x', scopes: ['root'] },
      { token: owner, lng: 'es' },
    );
    expect(badScope.code).toBe(40001);
    const noName = await t.call(
      '/Admin/ApiKeys/Create',
      { name: ' ', scopes: ['orders:read'] },
      { token: owner },
    );
    expect(noName.code).toBe(40001);
  });
});
