import { PassThrough } from 'node:stream';
import { isStaffPermission } from '@partsportal/contract/endpoint';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { testConfig, type Config } from '../../src/config';
import type { Database } from '../../src/db/client';
import { passwordHasher } from '../../src/platform/password';
import { createAccount, createCompany, createUser } from '../fixtures';
import { createTestApp, type TestApp } from '../test-app';
import { createTestDatabase } from '../test-database';
import { reportFigures, type Figure } from './figures';
import { scanLogForSecrets } from './session-log-scan';

// Issue 8, item 6 (ASVS 5.0 V6.3 + V7.2–V7.4 + V3.4 + V16.2/V16.3, API2:2023 + API8:2023):
// sign-in limits without permanent lockout, one answer for unknown user and wrong password,
// strong tokens stored as hashes, revocation, the Token header as the only carrier, CORS,
// security headers, and logs free of tokens and passwords. Runs on the default limits of
// config.ts (100 failures per user per hour, 30 attempts per address per minute).
const figures: Record<string, Figure> = {};
afterAll(() => reportFigures('session-defences', figures));

const PASSWORDS = { demo: 'demo1234', other: 'other1234', changer: 'changer1234', viewer: 'viewer1234' };
const CHANGED_PASSWORD = 'changed-pass-77';

let clock = Date.parse('2026-11-22T08:00:00Z');
const advance = (ms: number) => {
  clock += ms;
};
let t: TestApp;
let ipCounter = 0;
/** A new client address per call, so the per-address limit stays out of the per-user tests. */
const freshIp = () => `10.8.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

async function seedUsers(database: Database) {
  await createAccount(database, 1);
  const buyer = await createCompany(database, 1, 'Rapid Auto Repair');
  for (const [userId, password] of Object.entries(PASSWORDS)) {
    await createUser(database, {
      accountId: 1,
      companyId: buyer.id,
      userId,
      password,
      ...(userId === 'viewer' ? { menus: ['1001', '1007'] } : {}),
    });
  }
}

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock), seed: seedUsers });
});
afterAll(async () => t?.close());

type Envelope = { code: number; msg: string; data: unknown };

async function login(user_id: string, password: string, remoteAddress = freshIp()) {
  const started = performance.now();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/Auth/Login',
    headers: { 'content-type': 'application/json', lng: 'en' },
    remoteAddress,
    payload: JSON.stringify({ user_id, password, account_id: 1, from: 'web' }),
  });
  return { status: response.statusCode, ms: performance.now() - started, ...(response.json() as Envelope) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('sign-in limits (ASVS V6.3.1, API2)', () => {
  it('refuses the 101st failure of one user within an hour, from any address, and lifts it after', async () => {
    let allowed = 0;
    for (let i = 0; i < 100; i++) {
      const answer = await login('demo', `wrong-${i}`);
      expect(answer.code, `attempt ${i + 1}`).toBe(40000);
      allowed++;
    }
    // Right password, new address: still refused — the count belongs to the user, not the address.
    const limited = await login('demo', PASSWORDS.demo);
    expect(limited.code).toBe(40029);
    expect(limited.msg).toMatch(/^Too many failed sign-ins\. Please try again in \d+ minutes\.$/);
    // Other users are not affected.
    expect((await login('other', PASSWORDS.other)).code).toBe(200);
    advance(61 * 60_000);
    const after = await login('demo', PASSWORDS.demo);
    expect(after.code).toBe(200);
    Object.assign(figures, { failedLoginsAllowedPerUserHour: allowed, lockoutLiftedAfterHour: true });
  });

  it('refuses the 31st attempt from one address within a minute, then lets it in again', async () => {
    const address = '203.0.113.9';
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await login(`nobody-${i}`, 'x', address)).code);
    expect(codes.slice(0, 30).every((code) => code === 40000)).toBe(true);
    expect(codes[30]).toBe(40029);
    const limited = await login('other', PASSWORDS.other, address);
    expect(limited).toMatchObject({ status: 200, code: 40029 });
    expect(limited.msg).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    // Another address is not affected; the same one is let in after the minute. The window is the
    // shared store's (decision 008), on the real clock: its end is moved back instead of the app's.
    expect((await login('other', PASSWORDS.other, '203.0.113.10')).code).toBe(200);
    await t.database.db.execute(
      sql`update rate_limits set expire = expire - interval '61 seconds' where key = ${`login-ip:${address}`}`,
    );
    expect((await login('other', PASSWORDS.other, address)).code).toBe(200);
    Object.assign(figures, { attemptsAllowedPerIpMinute: codes.filter((code) => code === 40000).length });
  });
});

describe('one answer for unknown user and wrong password (ASVS V6.3.8)', () => {
  it('same code, message, data and HTTP status, and the same hashing work', async () => {
    const unknown: number[] = [];
    const wrong: number[] = [];
    // The hashes each sign-in verified against: the time an attacker could tell apart is the
    // argon2id work, so both must verify exactly one hash of the same cost (the m, t, p parameters).
    const verify = vi.spyOn(passwordHasher, 'verify');
    const verifiedCosts = () => {
      const costs = verify.mock.calls.map(([hash]) => /^\$argon2id\$v=\d+\$[^$]+\$/.exec(hash)?.[0]);
      verify.mockClear();
      return costs;
    };
    try {
      for (let i = 0; i < 7; i++) {
        const a = await login('no-such-user', 'wrong-password');
        const costA = verifiedCosts();
        const b = await login('other', 'wrong-password');
        const costB = verifiedCosts();
        const { ms: msA, ...answerA } = a;
        const { ms: msB, ...answerB } = b;
        expect(answerA).toEqual(answerB);
        expect(answerA).toMatchObject({ status: 200, code: 40000, msg: 'Incorrect user name or password.' });
        expect(costA).toHaveLength(1);
        expect(costA[0]).toMatch(/^\$argon2id\$/);
        expect(costA).toEqual(costB);
        unknown.push(msA);
        wrong.push(msB);
      }
    } finally {
      verify.mockRestore();
    }
    // Figures only: a ratio of two ~3 ms medians measured the test machine's load more than the
    // server (this suite's hashes are cheap, so the hash is a small part of the time); the
    // same-work check above is what proves the dummy hash is there.
    Object.assign(figures, {
      sameAnswerUnknownVsWrong: true,
      loginMsUnknownUser: Math.round(median(unknown)),
      loginMsWrongPassword: Math.round(median(wrong)),
    });
  });
});

describe('tokens (ASVS V7.2.3, V6.5)', () => {
  it('are at least 128 random bits, unique, and the database holds neither them nor a password', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 20; i++) {
      const answer = await login('other', PASSWORDS.other);
      tokens.push(answer.data as string);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
    const bits = Math.min(...tokens.map((token) => Buffer.from(token, 'base64url').length * 8));
    expect(bits).toBeGreaterThanOrEqual(128);
    // Every row of every table, as text: no token, no password in the clear.
    const tables = await t.database.rows<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    let tokenRows = 0;
    let passwordRows = 0;
    for (const { name } of tables) {
      const table = sql.identifier(name);
      for (const token of tokens) {
        const [row] = await t.database.rows<{ n: number }>(
          sql`select count(*)::int as n from ${table} x where x::text like ${`%${token}%`}`,
        );
        tokenRows += row!.n;
      }
      for (const password of Object.values(PASSWORDS)) {
        const [row] = await t.database.rows<{ n: number }>(
          sql`select count(*)::int as n from ${table} x where x::text like ${`%${password}%`}`,
        );
        passwordRows += row!.n;
      }
    }
    const [hashes] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from sessions where token_hash ~ '^[0-9a-f]{64}$'`,
    );
    Object.assign(figures, {
      tokenBits: bits,
      tablesSearched: tables.length,
      tokensInDatabase: tokenRows,
      passwordsInDatabase: passwordRows,
    });
    expect(tables.length).toBeGreaterThan(10);
    expect(tokenRows).toBe(0);
    expect(passwordRows).toBe(0);
    expect(hashes!.n).toBeGreaterThanOrEqual(tokens.length);
  });
});

describe('revocation (ASVS V7.4.1, V7.3)', () => {
  const userInfo = (token: string) => t.call('/Web/GetUserInfo', undefined, { token });

  it('logout, password change, idle and absolute expiry each end a token at once', async () => {
    const ended: string[] = [];
    const loggedOut = (await login('other', PASSWORDS.other)).data as string;
    expect((await userInfo(loggedOut)).code).toBe(200);
    expect((await t.call('/Auth/Logout', undefined, { token: loggedOut })).code).toBe(200);
    expect((await userInfo(loggedOut)).code).toBe(50008);
    ended.push('logout');

    const first = (await login('changer', PASSWORDS.changer)).data as string;
    const second = (await login('changer', PASSWORDS.changer)).data as string;
    expect((await userInfo(second)).code).toBe(200);
    const change = await t.call<string>(
      '/Web/ChangePassword',
      { current_password: PASSWORDS.changer, password: CHANGED_PASSWORD, confirm_passwrod: CHANGED_PASSWORD },
      { token: first },
    );
    expect(change.code).toBe(200);
    expect((await userInfo(first)).code).toBe(50012);
    expect((await userInfo(second)).code).toBe(50012);
    expect((await userInfo(change.data)).code).toBe(200);
    expect((await login('changer', PASSWORDS.changer)).code).toBe(40000);
    ended.push('password-change');

    const idle = (await login('other', PASSWORDS.other)).data as string;
    advance(testConfig().tokenIdleMinutes * 60_000 + 1000);
    expect((await userInfo(idle)).code).toBe(50014);
    ended.push('idle');

    const busy = (await login('other', PASSWORDS.other)).data as string;
    const { tokenMaxHours, tokenIdleMinutes } = testConfig();
    const step = (tokenIdleMinutes / 2) * 60_000;
    let code = 200;
    for (let elapsed = 0; elapsed <= tokenMaxHours * 3_600_000 && code === 200; elapsed += step) {
      advance(step);
      code = (await userInfo(busy)).code;
    }
    expect(code).toBe(50014);
    ended.push('absolute');
    figures.tokenEndedBy = ended.join('+');
  });
});

describe('the token travels only in the Token header (ASVS V7.2.1, V4.1)', () => {
  // The image/download GET links the spec names; an <img> or <a> cannot send a header.
  const QUERY_TOKEN_LINKS = [
    'GET /api/Product/DownloadFile',
    'GET /api/Product/ProductBigId/:id',
    'GET /api/Product/ProductPic/:id',
    'GET /api/Web/GetDeliveryNotePdf/:id',
    'GET /api/Web/GetFinanceStatementPdf',
    'GET /api/Web/GetSalesBillPdf/:id',
    'GET /api/Web/ImportTemplate',
    'GET /api/Web/QRCode',
  ];

  it('every signed-in route refuses a token in the query (but those links), a cookie or Authorization', async () => {
    const token = (await login('demo', PASSWORDS.demo)).data as string;
    // Logout last: its header probe ends the token the other probes use.
    const routes = t.app.routeTable
      // Staff calls take staff tokens: staff-access-walk.test.ts probes their carriers.
      .filter(
        (route) => route.permission && route.permission !== 'public' && !isStaffPermission(route.permission),
      )
      .sort((a, b) => Number(a.url.endsWith('/Logout')) - Number(b.url.endsWith('/Logout')));
    const acceptedInQuery: string[] = [];
    let probes = 0;
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, (_, name: string) => (name === 'n' ? '0' : '1'));
      const call = async (suffix: string, headers: Record<string, string>) => {
        probes++;
        const response = await t.app.inject({
          method: route.method as 'GET' | 'POST',
          url: `${url}${suffix}`,
          headers,
        });
        // Anything but "who are you?" means the token was taken.
        return String(response.headers['content-type']).includes('json')
          ? (response.json() as Envelope).code
          : 200;
      };
      if ((await call(`?token=${token}`, {})) !== 50008) acceptedInQuery.push(`${route.method} ${route.url}`);
      expect(await call('', { cookie: `token=${token}` }), route.url).toBe(50008);
      expect(await call('', { authorization: `Bearer ${token}` }), route.url).toBe(50008);
      expect(await call('', { authorization: token }), route.url).toBe(50008);
      expect(await call('', { token }), route.url).not.toBe(50008);
    }
    expect(acceptedInQuery.sort()).toEqual(QUERY_TOKEN_LINKS);
    Object.assign(figures, {
      routesProbed: routes.length,
      tokenCarrierProbes: probes,
      queryTokenRoutes: acceptedInQuery.length,
    });
  });
});

describe('CORS and security headers (ASVS V3.4, V3.5, API8)', () => {
  const FOREIGN = ['https://evil.example', 'null', 'http://localhost.evil.example'];
  // Apps and databases of their own are made in hooks in this file: a new PGlite database took
  // up to 26 s on a loaded 2-core machine, and these tests reached 30–31 s of their 30 s.
  let allowed: TestApp;
  beforeAll(async () => {
    allowed = await createTestApp({
      config: { corsOrigins: ['https://shop.example'] },
      seed: async (database) => {
        await createAccount(database, 1);
      },
    });
  });
  afterAll(async () => allowed?.close());

  it('refuses foreign origins, allows only configured ones', async () => {
    let foreignAllowed = 0;
    for (const app of [t.app, allowed.app]) {
      for (const origin of FOREIGN) {
        const preflight = await app.inject({
          method: 'OPTIONS',
          url: '/api/Auth/Login',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'token',
          },
        });
        const post = await app.inject({
          method: 'POST',
          url: '/api/Web/GetUserInfo',
          headers: { origin, 'content-type': 'application/json' },
          payload: '{}',
        });
        for (const response of [preflight, post]) {
          if (response.headers['access-control-allow-origin'] !== undefined) foreignAllowed++;
          if (response.headers['access-control-allow-credentials'] !== undefined) foreignAllowed++;
        }
      }
    }
    const configured = await allowed.app.inject({
      method: 'OPTIONS',
      url: '/api/Auth/Login',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
    });
    expect(configured.headers['access-control-allow-origin']).toBe('https://shop.example');
    figures.corsForeignOriginsAllowed = foreignAllowed;
    expect(foreignAllowed).toBe(0);
  });

  it('sends the security headers on API answers, errors, health and unknown paths', async () => {
    const token = (await login('demo', PASSWORDS.demo)).data as string;
    const responses = {
      login: await t.app.inject({
        method: 'POST',
        url: '/api/Auth/Login',
        payload: { user_id: 'x', password: 'y' },
      }),
      signedIn: await t.app.inject({ method: 'POST', url: '/api/Web/GetUserInfo', headers: { token } }),
      invalidToken: await t.app.inject({ method: 'POST', url: '/api/Web/GetUserInfo' }),
      unknownCall: await t.app.inject({ method: 'POST', url: '/api/Web/NoSuchCall' }),
      health: await t.app.inject({ method: 'GET', url: '/healthz' }),
      unknownFile: await t.app.inject({ method: 'GET', url: '/nope.js' }),
    };
    const missing: string[] = [];
    for (const [name, response] of Object.entries(responses)) {
      const headers = response.headers;
      const csp = String(headers['content-security-policy'] ?? '');
      if (!csp.includes("frame-ancestors 'none'") || !csp.includes("default-src 'self'"))
        missing.push(`${name}: csp`);
      if (headers['x-content-type-options'] !== 'nosniff') missing.push(`${name}: nosniff`);
      if (headers['referrer-policy'] !== 'no-referrer') missing.push(`${name}: referrer-policy`);
      if (headers['x-powered-by'] !== undefined) missing.push(`${name}: x-powered-by present`);
    }
    figures.securityHeaderGaps = missing.length;
    expect(missing).toEqual([]);
  });
});

describe('logs carry no token and no password (ASVS V16.2.5)', () => {
  let own: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    own = await createTestDatabase();
    await seedUsers(own.database);
  });
  afterAll(async () => own?.drop());

  it('a whole sign-in journey at trace level leaves neither in the log', async () => {
    const stream = new PassThrough();
    let output = '';
    stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const { database } = own;
    const config: Config = testConfig({ logLevel: 'trace' });
    const app = await buildApp({ config, database, logStream: stream });
    await app.ready();
    const tokens: string[] = [];
    const post = async (url: string, body: unknown, token?: string) => {
      const response = await app.inject({
        method: 'POST',
        url: `/api${url}`,
        headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
        payload: JSON.stringify(body),
      });
      return response.json() as Envelope;
    };
    try {
      await post('/Auth/Login', { user_id: 'demo', password: 'not-the-password-1', account_id: 1 });
      const token = (await post('/Auth/Login', { user_id: 'demo', password: PASSWORDS.demo, account_id: 1 }))
        .data as string;
      tokens.push(token);
      await post('/Web/GetUserInfo', {}, token);
      await app.inject({ method: 'GET', url: `/api/Product/ProductPic/1?token=${token}` });
      await app.inject({
        method: 'GET',
        url: `/api/Web/ImportTemplate?x=1&token=${encodeURIComponent(token)}`,
      });
      const changed = await post(
        '/Web/ChangePassword',
        { current_password: PASSWORDS.demo, password: CHANGED_PASSWORD, confirm_passwrod: CHANGED_PASSWORD },
        token,
      );
      tokens.push(changed.data as string);
      await post('/Auth/Logout', {}, changed.data as string);
      // A token that is not valid (any more) must not be logged either.
      await post('/Web/GetUserInfo', {}, token);
    } finally {
      await app.close();
    }
    const scan = scanLogForSecrets(output, {
      tokens,
      passwords: [PASSWORDS.demo, CHANGED_PASSWORD, 'not-the-password-1'],
    });
    Object.assign(figures, {
      logLinesScanned: scan.lines,
      secretsInLog: scan.secretHits.length + scan.tokenShaped.length,
    });
    expect(scan.lines).toBeGreaterThan(10);
    expect(scan.secretHits).toEqual([]);
    expect(scan.tokenShaped).toEqual([]);
  });

  it('the scanner itself finds a token, a password and token-shaped strings (it can fail)', () => {
    const token = 'A'.repeat(20) + '-_' + 'b'.repeat(21);
    const hash = 'f'.repeat(64);
    const scan = scanLogForSecrets(`{"url":"/x?token=${token}"}\n{"body":"demo1234"}\n{"h":"${hash}"}\n`, {
      tokens: [token],
      passwords: ['demo1234'],
    });
    expect(scan.lines).toBe(3);
    expect(scan.secretHits).toEqual(['AAAAAA…', 'password']);
    expect(scan.tokenShaped).toEqual(['AAAAAA…', 'ffffff…']);
    expect(
      scanLogForSecrets('{"reqId":"0b6d0a4e-8a43-4d4c-9a5e-6a1c2d3e4f50"}', { tokens: [], passwords: [] }),
    ).toEqual({ lines: 1, secretHits: [], tokenShaped: [] });
  });
});
