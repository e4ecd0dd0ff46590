import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import type { Database } from '../../db/client';
import { rateLimits, users } from '../../db/schema/accounts';
import { createAccount, createCompany, createUser } from '../../../test/fixtures';
import { createTestDatabase } from '../../../test/test-database';

// Two apps on one database in this process, as two server processes would be on one PostgreSQL
// (the real multi-process tests are in apps/server/test/cluster/): nothing an app
// keeps to itself may decide who is signed in, what they may open, or how often an address tried.

const PER_ADDRESS = 3;
let database: Database;
let drop: () => Promise<void>;
let apps: FastifyInstance[] = [];

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await createAccount(database, 1);
  const company = await createCompany(database, 1, 'Shared Motors');
  for (const userId of ['erin', 'frank'])
    await createUser(database, { accountId: 1, companyId: company.id, userId, password: 'shared-pass-1' });
  const config = testConfig({ loginAttemptsPerIpPerMinute: PER_ADDRESS, trustProxy: true });
  apps = [await buildApp({ config, database }), await buildApp({ config, database })];
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await drop?.();
});

let nextAddress = 1;
const call = async (app: number, path: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await apps[app]!.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `192.0.2.${nextAddress++}`,
      ...headers,
    },
    payload: JSON.stringify(body),
  });
  return response.json<{ code: number; msg: string; data: unknown }>();
};
const signIn = async (app: number, userId: string) => {
  const answer = await call(app, '/Auth/Login', {
    user_id: userId,
    password: 'shared-pass-1',
    account_id: 1,
  });
  expect(answer.code).toBe(200);
  return answer.data as string;
};

describe('two apps on one database', () => {
  it('refuse a token signed out through the other at once', async () => {
    const token = await signIn(0, 'erin');
    expect((await call(0, '/Web/GetUserInfo', {}, { token })).code).toBe(200);
    expect((await call(1, '/Auth/Logout', {}, { token })).code).toBe(200);
    expect((await call(0, '/Web/GetUserInfo', {}, { token })).code).toBe(50008);
  });

  it("obey a change of the user's menus at the next call", async () => {
    const token = await signIn(0, 'frank');
    expect((await call(0, '/Web/GetNoticeList', { page: 1 }, { token })).code).toBe(200);
    await database.db
      .update(users)
      .set({ menus: ['1001'] })
      .where(eq(users.userId, 'frank'));
    expect((await call(0, '/Web/GetNoticeList', { page: 1 }, { token })).code).toBe(40003);
    expect((await call(1, '/Web/GetNoticeList', { page: 1 }, { token })).code).toBe(40003);
  });

  it('count sign-in attempts of one address together, with the same answers as before', async () => {
    const address = { 'x-forwarded-for': '203.0.113.9' };
    const codes: number[] = [];
    for (let i = 0; i < PER_ADDRESS + 2; i++)
      codes.push(
        (await call(i % 2, '/Auth/Login', { user_id: `x${i}`, password: 'y', account_id: 1 }, address)).code,
      );
    expect(codes).toEqual([40000, 40000, 40000, 40029, 40029]);
    for (const [lng, text] of [
      ['zh', /^请求过于频繁，请 \d+ 秒后再试。$/],
      ['en', /^Too many requests\. Please try again in \d+ seconds\.$/],
      ['es', /^Demasiadas solicitudes\. Inténtelo de nuevo en \d+ segundos\.$/],
    ] as const) {
      const limited = await call(
        1,
        '/Auth/Login',
        { user_id: 'erin', password: 'shared-pass-1', account_id: 1 },
        {
          ...address,
          lng,
        },
      );
      expect(limited.code).toBe(40029);
      expect(limited.msg).toMatch(text);
      // The wait is what is left of the one-minute window, never more.
      expect(Number(/\d+/.exec(limited.msg)?.[0])).toBeLessThanOrEqual(60);
    }
    const [row] = await database.db
      .select({ n: count() })
      .from(rateLimits)
      .where(eq(rateLimits.key, 'login-ip:203.0.113.9'));
    expect(row?.n).toBe(1);
  });
});
