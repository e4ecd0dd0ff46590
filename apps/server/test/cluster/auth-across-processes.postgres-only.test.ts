import { randomBytes } from 'node:crypto';
import { count, eq, like } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits, users } from '../../src/db/schema/accounts';
import { createAccount, createCompany, createUser } from '../fixtures';
import { createClusterDatabase, startCluster, type ServerCluster } from '../server-cluster';
import type { CrashDatabase } from '../reliability/crash-server';

// Issue 16 item 1: two real server processes on one PostgreSQL database. What one process learns
// (a sign-out, a password change, a menu change, a sign-in attempt) must hold on the other at the
// next call: found broken with the 5-second session cache and the in-memory per-address counter.
// Here with the counters in Redis (REDIS_URL); with them in PostgreSQL (the default), the same
// checks run on three processes behind HAProxy in proxy.postgres-only.test.ts. The menu-change
// check (which does not depend on where the counters live) is here only.

const REDIS_URL = 'redis://127.0.0.1:6379';
const PER_ADDRESS = 8;
const PER_USER = 5;
const USERS = ['alice', 'bob', 'carol', 'dave'] as const;
const PASSWORD = 'cluster-pass-1';

/** Each test signs in from an address of its own (TRUST_PROXY), so the per-address counts don't mix. */
let nextAddress = 1;
const fromAddress = () => ({ 'x-forwarded-for': `198.51.100.${nextAddress++}`, lng: 'en' });

describe.each<{ store: 'database' | 'redis'; env: Record<string, string> }>([
  // The key prefix keeps runs that share this machine's Redis apart.
  {
    store: 'redis',
    env: { REDIS_URL, REDIS_KEY_PREFIX: `pp-test-${randomBytes(4).toString('hex')}:` },
  },
])('two server processes, counters in the $store', ({ store, env }) => {
  let database: CrashDatabase;
  let cluster: ServerCluster;

  beforeAll(async () => {
    database = await createClusterDatabase(`cluster-${store}`);
    const setup = await database.open();
    try {
      await createAccount(setup, 1);
      const company = await createCompany(setup, 1, 'Cluster Motors');
      for (const userId of USERS)
        await createUser(setup, { accountId: 1, companyId: company.id, userId, password: PASSWORD });
    } finally {
      await setup.close();
    }
    cluster = await startCluster(database, 2, {
      inherit: process.env,
      env: {
        ...env,
        TRUST_PROXY: 'true',
        LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: String(PER_ADDRESS),
        LOGIN_FAILURES_PER_HOUR: String(PER_USER),
      },
    });
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
    await database?.remove();
  });

  const A = 0;
  const B = 1;
  const login = (through: number, userId: string, password = PASSWORD, headers = fromAddress()) =>
    cluster.call<string>(through, '/Auth/Login', { user_id: userId, password, account_id: 1 }, headers);
  const token = async (through: number, userId: string) => {
    const answer = await login(through, userId);
    expect(answer.code, cluster.output()).toBe(200);
    return answer.data;
  };
  const userInfo = (through: number, session: string) =>
    cluster.call(through, '/Web/GetUserInfo', {}, { token: session, lng: 'en' });

  it('a token signed out through B is refused on A at once', async () => {
    const session = await token(A, 'alice');
    // A has just looked the session up (a cache would hold it now).
    expect((await userInfo(A, session)).code).toBe(200);
    expect((await cluster.call(B, '/Auth/Logout', {}, { token: session })).code).toBe(200);
    expect(await userInfo(A, session)).toEqual({
      code: 50008,
      msg: 'Verification failed, please login again.',
      data: null,
    });
    expect((await userInfo(B, session)).code).toBe(50008);
  });

  it('a password change through B ends the old token on A (50012); the new one works on A', async () => {
    const old = await token(A, 'bob');
    expect((await userInfo(A, old)).code).toBe(200);
    const changed = await cluster.call<string>(
      B,
      '/Web/ChangePassword',
      { current_password: PASSWORD, password: 'bob-new-pass-2', confirm_passwrod: 'bob-new-pass-2' },
      { token: old },
    );
    expect(changed.code).toBe(200);
    expect((await userInfo(A, old)).code).toBe(50012);
    expect((await userInfo(A, changed.data)).code).toBe(200);
    expect((await login(A, 'bob')).code).toBe(40000);
    expect((await login(A, 'bob', 'bob-new-pass-2')).code).toBe(200);
  });

  it("the next call on either process obeys a change of the user's menus", async () => {
    const session = await token(A, 'carol');
    const notices = (through: number) =>
      cluster.call(through, '/Web/GetNoticeList', { page: 1 }, { token: session, lng: 'en' });
    expect((await notices(A)).code).toBe(200);
    expect((await notices(B)).code).toBe(200);
    // What the back office does when it takes the notice menu (1007) away.
    const admin = await database.open({ poolSize: 1 });
    try {
      await admin.db
        .update(users)
        .set({ menus: ['1001'] })
        .where(eq(users.userId, 'carol'));
    } finally {
      await admin.close();
    }
    expect((await notices(A)).code).toBe(40003);
    expect((await notices(B)).code).toBe(40003);
  });

  it(`the per-address limit trips after ${PER_ADDRESS} attempts across both processes, not twice that`, async () => {
    const address = fromAddress();
    const codes: number[] = [];
    // Alternating A, B; a different unknown user each time, so only the address limit applies.
    for (let i = 0; i < PER_ADDRESS + 2; i++)
      codes.push((await login(i % 2, `nobody-${i}`, 'wrong', address)).code);
    expect(codes).toEqual([...Array<number>(PER_ADDRESS).fill(40000), 40029, 40029]);
    const limited = await login(A, 'dave', PASSWORD, address);
    expect(limited.code).toBe(40029);
    expect(limited.msg).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    // Another address is not affected.
    expect((await login(B, 'dave')).code).toBe(200);
  });

  it(`the per-user failure limit trips after ${PER_USER} failures across both processes`, async () => {
    const codes: number[] = [];
    for (let i = 0; i < PER_USER; i++) codes.push((await login(i % 2, 'dave', 'wrong')).code);
    expect(codes).toEqual(Array<number>(PER_USER).fill(40000));
    const limited = await login(B, 'dave');
    expect(limited.code).toBe(40029);
    expect(limited.msg).toMatch(/^Too many failed sign-ins\. Please try again in \d+ minutes\.$/);
    expect((await login(A, 'dave')).code).toBe(40029);
  });

  it(`keeps the per-address counters in the ${store}`, async () => {
    const check = await database.open({ poolSize: 1 });
    const rows = await check.db
      .select({ n: count() })
      .from(rateLimits)
      .where(like(rateLimits.key, 'login-ip:%'))
      .finally(() => check.close());
    if (store === 'database') {
      expect(rows[0]?.n).toBeGreaterThan(0);
      return;
    }
    expect(rows[0]?.n).toBe(0);
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`${env.REDIS_KEY_PREFIX}login-ip:*`);
      expect(keys.length).toBeGreaterThan(0);
      await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });
});

describe('a process of a cluster without the shared configuration', () => {
  it('does not start, and says which variable is missing', async () => {
    const database = await createClusterDatabase('cluster-config');
    try {
      const starting = startCluster(database, 1, {
        inherit: process.env,
        env: { SANDBOX_PAYMENT_SECRET: '' },
        timeoutMs: 30_000,
      });
      await expect(starting).rejects.toThrow(
        /\(it exited\)[\s\S]*PartsPortal failed to start: CLUSTER=true needs SANDBOX_PAYMENT_SECRET/,
      );
    } finally {
      await database.remove();
    }
  });
});
