import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isCi } from '../../src/config';
import type { Database } from '../../src/db/client';
import { DEMO_IDS } from '../../src/db/seed/demo-data';
import { availableStock, plainProducts, setStock } from '../checkout-test-kit';
import { createUser } from '../fixtures';
import {
  auditDatabase,
  planSubmissions,
  prepareShop,
  runLoad,
  seededRandom,
  type Client,
  type Outcome,
  type Shop,
} from '../reliability/crash-load';
import { killServer, startServer, type CrashDatabase } from '../reliability/crash-server';
import { clusterSecret, createClusterDatabase, startCluster, type ServerCluster } from '../server-cluster';
import { findHaproxy, startProxy, type Proxy } from './haproxy';

// Issue 16 items 2 and 5: three real server processes on one PostgreSQL database behind Debian's
// HAProxy, run with deploy/haproxy/partsportal.cfg (the file docs/DEPLOYMENT.md shows). What one
// process learns holds on the others at the next call; races decided by PostgreSQL stay decided
// when the callers are spread over processes; the proxy terminates HTTPS, checks /readyz, routes
// around a killed process, compresses, and keeps /metrics to itself. The Redis store of the
// sign-in counters, and menu changes, are covered by auth-across-processes.postgres-only.test.ts.

const haproxy = findHaproxy();
if (!haproxy) {
  const line = 'SKIPPED the cluster-behind-HAProxy suite: HAProxy is not installed (apt-get install haproxy)';
  if (isCi()) throw new Error(`${line}; CI must run it (.ci/run installs it)`);
  console.warn(`\n!!! ${line}\n`);
}

const PER_ADDRESS = 8;
const PER_USER = 5;
const PASSWORD = 'cluster-pass-1';
const LAST_UNIT_BUYERS = 50;
const HASHED_ASSET = '/assets/index-Ab12Cd34.js';

/** Each direct sign-in comes from an address of its own (TRUST_PROXY), so per-address counts don't mix. */
let nextAddress = 1;
const fromAddress = () => ({
  'x-forwarded-for': `198.51.${100 + Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`,
  lng: 'en',
});

describe.skipIf(!haproxy)('three server processes behind HAProxy on one PostgreSQL database', () => {
  let database: CrashDatabase;
  let db: Database;
  let cluster: ServerCluster;
  let proxy: Proxy;
  let shop: Shop;
  let webDir: string;
  let lastUnitProduct: number;
  let alicesProduct: number;
  const started = Date.now();
  /** Every process's settings (a restarted process gets the same). */
  let clusterEnv: Record<string, string>;

  beforeAll(async () => {
    database = await createClusterDatabase('proxy');
    db = await database.open({ poolSize: 3 });
    // Demo data (small), 6 load buyers and stocked products for the kill -9 check.
    shop = await prepareShop(db, { workers: 6, products: 6, stock: 10_000 });
    const others = await plainProducts(db, 8);
    [lastUnitProduct, alicesProduct] = [others[6]!, others[7]!];
    await setStock(db, lastUnitProduct, 1);
    await setStock(db, alicesProduct, 100);
    for (const userId of ['alice', 'bob', 'dave'])
      await createUser(db, { accountId: 1, companyId: DEMO_IDS.demoCompany, userId, password: PASSWORD });
    for (let i = 0; i < LAST_UNIT_BUYERS; i++)
      await createUser(db, {
        accountId: 1,
        companyId: DEMO_IDS.demoCompany,
        userId: `last${i}`,
        password: PASSWORD,
        showAddress: true,
      });
    // A built web client in miniature: the page and one hashed file.
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-proxy-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      `<!doctype html><html><head><title>PartsPortal</title></head><body><div id="root"></div>` +
        `<script type="module" src="${HASHED_ASSET}"></script>${'<!-- padding -->'.repeat(100)}</body></html>`,
    );
    fs.writeFileSync(path.join(webDir, HASHED_ASSET), `console.log(${JSON.stringify('x'.repeat(4000))});\n`);

    clusterEnv = {
      CLUSTER: 'true',
      SANDBOX_PAYMENT_SECRET: clusterSecret(),
      TRUST_PROXY: 'true',
      METRICS: 'true',
      WEB_DIR: webDir,
      LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: String(PER_ADDRESS),
      LOGIN_FAILURES_PER_HOUR: String(PER_USER),
    };
    cluster = await startCluster(database, 3, {
      inherit: process.env,
      env: clusterEnv,
    });
    proxy = await startProxy(
      haproxy!,
      cluster.servers.map((server) => Number(new URL(server.baseUrl).port)),
    );
    // The health checks (/readyz) see every process up before traffic starts.
    await waitFor(async () => Object.values(await proxy.serverStates()).every((s) => s === 'UP'), 15_000);
    console.log(`[cluster] 3 processes and HAProxy ready in ${Date.now() - started} ms`);
  }, 180_000);

  afterAll(async () => {
    vi.unstubAllGlobals();
    await proxy?.stop();
    await cluster?.stop();
    await db?.close();
    await database?.remove();
    if (webDir) fs.rmSync(webDir, { recursive: true, force: true });
    console.log(`[cluster] suite finished in ${Date.now() - started} ms`);
  });

  const [A, B, C] = [0, 1, 2];
  const login = (through: number, userId: string, password = PASSWORD, headers = fromAddress()) =>
    cluster.call<string>(through, '/Auth/Login', { user_id: userId, password, account_id: 1 }, headers);
  const token = async (through: number, userId: string, password = PASSWORD) => {
    const answer = await login(through, userId, password);
    expect(answer.code, cluster.output()).toBe(200);
    return answer.data;
  };
  const userInfo = (through: number, session: string) =>
    cluster.call(through, '/Web/GetUserInfo', {}, { token: session, lng: 'en' });
  const orderLinesOf = async (product: number) => {
    const [row] = await db.rows<{ n: number }>(
      sql`select count(*)::int as n from order_lines where product_id = ${product}`,
    );
    return Number(row?.n);
  };
  /** An API call through the proxy (HTTPS), the envelope parsed. */
  const viaProxy = async <T = unknown>(
    pathname: string,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    const answer = await proxy.request(`/api${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lng: 'en', ...headers },
      body: JSON.stringify(body),
    });
    expect(answer.status, answer.body.toString()).toBe(200);
    return JSON.parse(answer.body.toString()) as { code: number; msg: string; data: T };
  };

  it('a token signed in through A and signed out through C is refused on A at once', async () => {
    const session = await token(A, 'alice');
    expect((await userInfo(A, session)).code).toBe(200);
    expect((await cluster.call(C, '/Auth/Logout', {}, { token: session })).code).toBe(200);
    expect(await userInfo(A, session)).toEqual({
      code: 50008,
      msg: 'Verification failed, please login again.',
      data: null,
    });
    expect((await userInfo(B, session)).code).toBe(50008);

    // The same through the proxy: whichever processes served sign-in and sign-out, none accepts it.
    const proxied = await viaProxy<string>('/Auth/Login', {
      user_id: 'alice',
      password: PASSWORD,
      account_id: 1,
    });
    expect(proxied.code).toBe(200);
    expect((await viaProxy('/Web/GetUserInfo', {}, { token: proxied.data })).code).toBe(200);
    expect((await viaProxy('/Auth/Logout', {}, { token: proxied.data })).code).toBe(200);
    for (const through of [A, B, C]) expect((await userInfo(through, proxied.data)).code).toBe(50008);
  });

  it('a password change on B ends the old token on A and C; the new one works everywhere', async () => {
    const old = await token(A, 'bob');
    expect((await userInfo(C, old)).code).toBe(200);
    const changed = await cluster.call<string>(
      B,
      '/Web/ChangePassword',
      { current_password: PASSWORD, password: 'bob-new-pass-2', confirm_passwrod: 'bob-new-pass-2' },
      { token: old },
    );
    expect(changed.code).toBe(200);
    expect((await userInfo(A, old)).code).toBe(50012);
    expect((await userInfo(C, old)).code).toBe(50012);
    for (const through of [A, B, C]) expect((await userInfo(through, changed.data)).code).toBe(200);
    expect((await login(C, 'bob')).code).toBe(40000);
  });

  it(`the per-user failure limit trips after ${PER_USER} failures spread over A, B and C`, async () => {
    const codes: number[] = [];
    for (let i = 0; i < PER_USER; i++) codes.push((await login(i % 3, 'dave', 'wrong')).code);
    expect(codes).toEqual(Array<number>(PER_USER).fill(40000));
    for (const through of [A, B, C]) {
      const limited = await login(through, 'dave');
      expect(limited.code).toBe(40029);
      expect(limited.msg).toMatch(/^Too many failed sign-ins\. Please try again in \d+ minutes\.$/);
    }
  });

  it(`the per-address limit trips after ${PER_ADDRESS} attempts spread over A, B and C, not 3× that`, async () => {
    const address = fromAddress();
    const codes: number[] = [];
    for (let i = 0; i < PER_ADDRESS + 3; i++)
      codes.push((await login(i % 3, `nobody-${i}`, 'wrong', address)).code);
    expect(codes).toEqual([...Array<number>(PER_ADDRESS).fill(40000), 40029, 40029, 40029]);
    // The counters live in PostgreSQL (rate_limits), not in a process.
    const [row] = await db.rows<{ points: number }>(
      sql`select points from rate_limits where key = ${`login-ip:${address['x-forwarded-for']}`}`,
    );
    expect(Number(row?.points)).toBeGreaterThanOrEqual(PER_ADDRESS);
  });

  it('the proxy: HTTP → HTTPS, HSTS, /readyz checked on every process, /metrics not exposed', async () => {
    const plain = await proxy.request('/readyz', { http: true });
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe(`https://127.0.0.1:${new URL(proxy.httpUrl).port}/readyz`);
    expect(plain.headers['strict-transport-security']).toBeUndefined();

    const ready = await proxy.request('/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body.toString())).toEqual({ status: 'ok', database: 'postgres' });
    expect(ready.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(await proxy.serverStates()).toEqual({ app1: 'UP', app2: 'UP', app3: 'UP' });

    // Refused by the proxy itself (the processes would answer their own plain "Not found").
    for (const pathname of ['/metrics', '/Metrics', '/%6detrics', '/metrics/']) {
      const refused = await proxy.request(pathname);
      expect(refused.status, pathname).toBe(404);
      expect(refused.body.toString(), pathname).not.toBe('Not found');
      expect(refused.body.toString(), pathname).not.toContain('http_request_duration_seconds');
    }
    // HAProxy's own metrics on its loopback listener: each server's state as its checks see it.
    const haproxyMetrics = await (await fetch(proxy.prometheusUrl)).text();
    for (const app of ['app1', 'app2', 'app3'])
      expect(haproxyMetrics).toMatch(
        new RegExp(`^haproxy_server_status\\{proxy="partsportal",server="${app}",state="UP"\\} 1$`, 'm'),
      );
    // Each process serves its own metrics on its own port, where HAProxy's checks show up.
    for (const server of cluster.servers) {
      const metrics = await fetch(`${server.baseUrl}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toMatch(
        /^http_request_duration_seconds_count\{method="GET",route="\/readyz",status_code="200"\} [1-9]\d*$/m,
      );
    }
  });

  it('the proxy compresses text answers and keeps the cache rules: index.html never cached, hashed files for a year', async () => {
    const gzip = { 'accept-encoding': 'gzip' };
    const config = await proxy.request('/static/config.json', { headers: gzip });
    expect(config.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(config.body).toString())).toMatchObject({ apiUrl: '/api', account_id: 1 });
    const identity = await proxy.request('/static/config.json');
    expect(identity.headers['content-encoding']).toBeUndefined();
    const api = await proxy.request('/api/Web/GetUserInfo', {
      method: 'POST',
      headers: { ...gzip, 'content-type': 'application/json', lng: 'en' },
      body: '{}',
    });
    expect(api.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(api.body).toString()).code).toBe(50008);

    for (const page of ['/', '/index.html', '/order/index']) {
      const answer = await proxy.request(page, { headers: gzip });
      expect(answer.status, page).toBe(200);
      expect(answer.headers['cache-control'], page).toBe('no-cache');
      expect(answer.headers['content-encoding'], page).toBe('gzip');
      expect(gunzipSync(answer.body).toString(), page).toContain('<title>PartsPortal</title>');
      expect(answer.headers['strict-transport-security'], page).toBeDefined();
    }
    const asset = await proxy.request(HASHED_ASSET, { headers: gzip });
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(asset.body).toString()).toContain('console.log');
  });

  it('the same Idempotency-Key sent to two processes at once makes one order', async () => {
    const session = await token(A, 'alice');
    const added = await cluster.call(A, '/Web/AddCart', { cpid: alicesProduct, qty: 2 }, { token: session });
    expect(added.code).toBe(200);
    const cart = await cluster.call<{ list: Array<{ id: number; cpid: number }> }>(
      B,
      '/Web/GetCartList',
      {},
      { token: session },
    );
    const line = cart.data.list.find((row) => row.cpid === alicesProduct)!.id;
    const submit = (through: number) =>
      cluster.call<{ order_id: number }>(
        through,
        '/Web/SaveSubmits',
        { items: [line], remark: 'twice' },
        { token: session, lng: 'en', 'idempotency-key': 'cluster-twice' },
      );
    const answers = await Promise.all([submit(A), submit(B), submit(C)]);
    expect(answers.map((a) => a.code)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.data.order_id)).size).toBe(1);
    const [row] = await db.rows<{ n: number }>(
      sql`select count(*)::int as n from orders where idempotency_key = 'cluster-twice'`,
    );
    expect(row?.n).toBe(1);
    expect(await availableStock(db, alicesProduct)).toBe(98);
  });

  it(`${LAST_UNIT_BUYERS} buyers of the last unit spread over the processes and the proxy: one order`, async () => {
    const buyers = await Promise.all(
      Array.from({ length: LAST_UNIT_BUYERS }, async (_, i) => {
        const session = await token(i % 3, `last${i}`);
        const added = await cluster.call(
          i % 3,
          '/Web/AddCart',
          { cpid: lastUnitProduct, qty: 1 },
          { token: session },
        );
        expect(added.code).toBe(200);
        const cart = await cluster.call<{ list: Array<{ id: number }> }>(
          i % 3,
          '/Web/GetCartList',
          {},
          { token: session },
        );
        return { session, line: cart.data.list[0]!.id };
      }),
    );
    const linesBefore = await orderLinesOf(lastUnitProduct);
    // A quarter through the proxy, the rest straight to A, B and C, all at once.
    const answers = await Promise.all(
      buyers.map(({ session, line }, i) =>
        i % 4 === 3
          ? viaProxy('/Web/SaveSubmits', { items: [line] }, { token: session })
          : cluster.call(i % 4, '/Web/SaveSubmits', { items: [line] }, { token: session, lng: 'en' }),
      ),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 40000 && /^Not enough stock/.test(a.msg))).toHaveLength(
      LAST_UNIT_BUYERS - 1,
    );
    // The demo data's old orders may hold the product too: one line more than before.
    expect((await orderLinesOf(lastUnitProduct)) - linesBefore).toBe(1);
    expect(await availableStock(db, lastUnitProduct)).toBe(0);
  }, 60_000);

  it('through the proxy the per-address limit counts the address HAProxy saw, whatever X-Forwarded-For says', async () => {
    // Earlier sign-ins through the proxy counted for 127.0.0.1 too; start this minute afresh.
    await db.rows(sql`delete from rate_limits where key = 'login-ip:127.0.0.1'`);
    const codes: number[] = [];
    for (let i = 0; i < PER_ADDRESS + 2; i++) {
      const answer = await viaProxy(
        '/Auth/Login',
        { user_id: `spoofer-${i}`, password: 'wrong', account_id: 1 },
        { 'x-forwarded-for': `203.0.113.${i + 1}`, forwarded: `for=203.0.113.${i + 1}` },
      );
      codes.push(answer.code);
    }
    expect(codes).toEqual([...Array<number>(PER_ADDRESS).fill(40000), 40029, 40029]);
  });

  it('a rolling restart under load (SIGTERM, start again, one process at a time): no request through the proxy fails', async () => {
    const session = await token(A, 'alice');
    let running = true;
    const seen = { answered: 0, failed: [] as string[] };
    // Six callers without pause: reads and writes of a cart, and readiness reads.
    const callers = Array.from({ length: 6 }, async (_, caller) => {
      while (running) {
        const answer = await (
          caller % 3 === 0
            ? proxy.request('/readyz')
            : proxy.request(`/api/Web/${caller % 3 === 1 ? 'GetCartList' : 'GetUserInfo'}`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', token: session },
                body: '{}',
              })
        ).catch((error: unknown) => ({ status: 0, body: Buffer.from(String(error)) }));
        if (answer.status === 200) seen.answered++;
        else seen.failed.push(`${answer.status} ${answer.body.toString().slice(0, 80)}`);
      }
    });
    const restartStarted = Date.now();
    for (const [i, server] of cluster.servers.entries()) {
      const port = Number(new URL(server.baseUrl).port);
      // The deploy's steps (docs/DEPLOYMENT.md): drain in HAProxy, wait for its requests to end,
      // SIGTERM, start the new one, wait until the checks see it up, back into the rotation.
      const name = `app${i + 1}`;
      await proxy.setServerState(name, 'drain');
      await waitFor(async () => (await proxy.serverSessions(name)) === 0, 10_000);
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      cluster.servers[i] = await startServer(database, port, { inherit: process.env, env: clusterEnv });
      await proxy.setServerState(name, 'ready');
      await waitFor(async () => (await proxy.serverStates())[name] === 'UP', 15_000);
    }
    const restartMs = Date.now() - restartStarted;
    running = false;
    await Promise.all(callers);
    console.log(
      `[cluster] rolling restart of 3 processes in ${restartMs} ms under load: ` +
        `${seen.answered} answered through the proxy, ${seen.failed.length} failed`,
    );
    expect(seen.failed, proxy.output().slice(-3000)).toEqual([]);
    expect(seen.answered).toBeGreaterThan(100);
  }, 120_000);

  it('kill -9 of one process under a mixed load: the proxy routes around it, no acknowledged order is lost', async () => {
    const tokens = new Map<string, string>();
    for (const [i, user] of shop.users.entries()) tokens.set(user, await token(i % 3, user, shop.password));
    // The load's HTTP client (crash-load.ts) uses the global fetch: make it trust the run's certificate.
    vi.stubGlobal('fetch', proxy.fetch);
    const failures: string[] = [];
    const client: Client = {
      baseUrl: () => proxy.httpsUrl,
      stats: { requests: 0, retries: 0, internalErrors: 0, unavailable: 0 },
      patienceMs: 30_000,
      onAttempt: (attempt) => {
        if (attempt.code === 'transport') failures.push(String(attempt.sent));
      },
    };
    const submissions = planSubmissions(shop, 60, seededRandom(16), 'kill9');
    const victim = cluster.servers[B]!;
    let acknowledged = 0;
    let killedAt = 0;
    let requestsAtKill = 0;
    let killing: Promise<void> | undefined;
    const loadStarted = Date.now();
    // Reads beside the orders: catalogue searches and health checks through the proxy.
    let reading = true;
    const reads = { sent: 0, answered: 0 };
    const reader = (async () => {
      while (reading) {
        reads.sent++;
        const answer = await proxy.request('/readyz').catch(() => undefined);
        if (answer?.status === 200) reads.answered++;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    // After the 10th acknowledged order, process B dies mid-load (SIGKILL: no drain, no goodbye).
    const outcomes: Outcome[] = await runLoad(client, tokens, submissions, (outcome) => {
      if (outcome.kind === 'ordered' && ++acknowledged === 10) {
        killedAt = Date.now();
        requestsAtKill = client.stats.requests;
        killing = killServer(victim);
      }
    });
    reading = false;
    await reader;
    await killing;
    const loadMs = Date.now() - loadStarted;

    const audit = await auditDatabase(db, shop, outcomes);
    const ordered = outcomes.filter((o) => o.kind === 'ordered').length;
    expect(outcomes.filter((o) => o.kind === 'anomaly')).toEqual([]);
    expect(audit.missing).toEqual([]);
    expect(audit.duplicates).toEqual([]);
    expect(audit.phantoms).toEqual([]);
    expect(audit.stockMismatches).toEqual([]);
    expect(audit.ordersInDatabase).toBe(ordered);
    expect(ordered).toBeGreaterThan(10);
    expect(victim.child.signalCode).toBe('SIGKILL');

    // HAProxy's checks took the killed process out; the others keep answering.
    await waitFor(async () => (await proxy.serverStates()).app2 === 'DOWN', 10_000);
    expect(await proxy.serverStates()).toEqual({ app1: 'UP', app2: 'DOWN', app3: 'UP' });
    const after = await Promise.all(Array.from({ length: 30 }, () => proxy.request('/readyz')));
    expect(after.map((answer) => answer.status)).toEqual(Array<number>(30).fill(200));
    for (const through of [A, C])
      expect((await userInfo(through, tokens.get(shop.users[0]!)!)).code).toBe(200);

    console.log(
      `[cluster] kill -9 under load: ${client.stats.requests} requests (${requestsAtKill} before the kill, ` +
        `${Date.now() - killedAt} ms ago), ${failures.length} transport failures retried by the client, ` +
        `${submissions.length} submissions → ${ordered} acknowledged orders, ` +
        `${outcomes.filter((o) => o.kind === 'refused').length} refused, lost ${audit.missing.length}, ` +
        `duplicated ${audit.duplicates.length}; readiness reads through the proxy ${reads.answered}/${reads.sent}; ` +
        `load ${loadMs} ms`,
    );
  }, 60_000);

  it('measures what the proxy adds to a request (keep-alive on both sides)', async () => {
    const [direct, proxied] = [[] as number[], [] as number[]];
    const server = cluster.servers[A]!;
    for (let i = 0; i < 100; i++) {
      let t0 = performance.now();
      await (await fetch(`${server.baseUrl}/healthz`)).text();
      direct.push(performance.now() - t0);
      t0 = performance.now();
      await proxy.request('/healthz');
      proxied.push(performance.now() - t0);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    console.log(
      `[cluster] /healthz median over 100 sequential calls: direct ${median(direct).toFixed(2)} ms, ` +
        `through HAProxy (HTTPS) ${median(proxied).toFixed(2)} ms`,
    );
    expect(median(proxied)).toBeLessThan(1000);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
