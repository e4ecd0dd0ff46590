import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDatabaseTimeouts } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { startBlackHoleProxy, type BlackHoleProxy } from './black-hole-proxy';
import {
  auditDatabase,
  login,
  planSubmissions,
  post,
  prepareShop,
  runLoad,
  seededRandom,
  TransportError,
  type Client,
} from './crash-load';
import {
  adminQuery,
  createCrashDatabase,
  type CrashDatabase,
  freePort,
  killServer,
  startServer,
  type ServerChild,
} from './crash-server';
import { reportFigures } from './figures';

// The database hangs instead of refusing: PostgreSQL still accepts TCP but answers nothing (a
// network partition, a stuck host). A proxy in front of this run's database turns into a black
// hole for HANG_MS under load. The outage check covers a database that refuses; without bounds on
// waiting (config.ts, DB_*) every request here would wait forever.
const HANG_MS = 5_000;
const SUBMISSIONS = 90;
// Short bounds so the check stays within seconds; the defaults are 5 / 10 / 15 / 10 / 10 s.
const ENV = {
  DB_CONNECT_TIMEOUT_MS: '1000',
  DB_STATEMENT_TIMEOUT_MS: '1000',
  DB_QUERY_TIMEOUT_MS: '2000',
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '1500',
  DB_KEEPALIVE_MS: '1000',
};
const TIMEOUTS = loadDatabaseTimeouts(ENV);
/** The longest a request may wait: a pool slot or connection, then one query; plus a busy-machine margin. */
const ANSWER_BOUND_MS = TIMEOUTS.connectMs + TIMEOUTS.queryMs + 2_000;
const UNAVAILABLE_EN = 'The database is unavailable at the moment. Please try again shortly.';

/** The database URL with the proxy's port in place of the server's, and the server it points at. */
function throughProxy(url: string, proxy: BlackHoleProxy): string {
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  return proxied.toString();
}
const upstreamOf = (url: string) => {
  const parsed = new URL(url);
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || 5432) };
};

interface Probe {
  kind: 'api' | 'readyz' | 'healthz';
  sent: number;
  ms: number;
  /** API: the envelope's code; health: the HTTP status; 'hung' when no answer within 15 s. */
  code: number | 'hung';
  msg: string;
}

async function probeOnce(baseUrl: string, kind: Probe['kind'], token: string): Promise<Probe> {
  const sent = Date.now();
  try {
    if (kind === 'api') {
      const answer = await post<unknown>(
        baseUrl,
        '/Web/GetPendingOrders',
        { page: 1, pageSize: 5 },
        { token, timeoutMs: 15_000 },
      );
      return { kind, sent, ms: Date.now() - sent, code: answer.code, msg: answer.msg };
    }
    const response = await fetch(`${baseUrl}/${kind}`, { signal: AbortSignal.timeout(15_000) });
    return { kind, sent, ms: Date.now() - sent, code: response.status, msg: await response.text() };
  } catch (error) {
    if (!(error instanceof TransportError) && !(error instanceof Error && error.name === 'TimeoutError'))
      throw error;
    return { kind, sent, ms: Date.now() - sent, code: 'hung', msg: String(error) };
  }
}

/** Backends of the database that hold a transaction or run a statement (they would hold locks). */
const busyBackends = async (adminUrl: string, name: string) =>
  Number(
    (
      await adminQuery<{ n: string }>(
        adminUrl,
        `select count(*) as n from pg_stat_activity
         where datname = $1 and state in ('active', 'idle in transaction', 'idle in transaction (aborted)')`,
        [name],
      )
    )[0]!.n,
  );

describe('PostgreSQL that hangs (accepts TCP, answers nothing) under load', () => {
  it(
    'answers clear errors within the timeouts, /healthz stays up, /readyz says down, recovers without a restart, writes nothing partial',
    { timeout: 90_000 },
    async () => {
      const database = await createCrashDatabase('hang');
      const proxy = await startBlackHoleProxy(upstreamOf(database.env.DATABASE_URL!));
      let server: ServerChild | undefined;
      try {
        // Migrated first, then the shop is seeded while the server starts (it finds nothing to migrate).
        const setup = await database.open();
        const starting = startServer(database, await freePort(), {
          inherit: process.env,
          env: { ...ENV, DATABASE_URL: throughProxy(database.env.DATABASE_URL!, proxy) },
        });
        // Known to the clean-up as soon as it runs, even if seeding fails meanwhile.
        void starting.then(
          (started) => (server = started),
          () => undefined,
        );
        const shop = await prepareShop(setup, { workers: 6, products: 20, stock: 200 }).finally(() =>
          setup.close(),
        );
        server = await starting;
        const running = server;
        const attempts: Array<{ sent: number; ms: number; code: number | 'transport' }> = [];
        const client: Client = {
          baseUrl: () => running.baseUrl,
          stats: { requests: 0, retries: 0, internalErrors: 0, unavailable: 0 },
          patienceMs: 60_000,
          onAttempt: (attempt) => attempts.push(attempt),
        };
        const tokens = new Map<string, string>();
        for (const user of shop.users) tokens.set(user, await login(running.baseUrl, user, shop.password));
        const probeToken = tokens.get(shop.users[0]!)!;

        let finished = 0;
        let holeStart = 0;
        let holeEnd = 0;
        let busyAtStart = -1;
        let busyLater = -1;
        let recoveredAt = 0;
        const probes: Array<Promise<Probe>> = [];
        let hang: Promise<void> | undefined;
        const blackHole = async () => {
          proxy.blackHole();
          holeStart = Date.now();
          // Probes in parallel, every 200 ms, so a hanging one does not delay the next.
          const ticker = setInterval(() => {
            for (const kind of ['api', 'readyz', 'healthz'] as const)
              probes.push(probeOnce(running.baseUrl, kind, probeToken));
          }, 200);
          await new Promise((resolve) => setTimeout(resolve, 300));
          busyAtStart = await busyBackends(database.adminUrl, database.name);
          // The server side: statement and idle-in-transaction timeouts end what the cut-off
          // connections left open (and the row locks it held), long before the hole closes.
          await new Promise((resolve) =>
            setTimeout(resolve, TIMEOUTS.statementMs + TIMEOUTS.idleInTransactionMs + 1_500 - 300),
          );
          busyLater = await busyBackends(database.adminUrl, database.name);
          await new Promise((resolve) => setTimeout(resolve, holeStart + HANG_MS - Date.now()));
          clearInterval(ticker);
          proxy.resume();
          holeEnd = Date.now();
          // The recovery time as a user sees it: the first success after the hole.
          for (let i = 0; i < 200 && !recoveredAt; i++) {
            const probe = await probeOnce(running.baseUrl, 'api', probeToken);
            if (probe.code === 200) recoveredAt = probe.sent + probe.ms;
            else await new Promise((resolve) => setTimeout(resolve, 50));
          }
        };
        const submissions = planSubmissions(shop, SUBMISSIONS, seededRandom(11), 'hang');
        const loadStarted = Date.now();
        const outcomes = await runLoad(client, tokens, submissions, () => {
          if (++finished === 15) hang = blackHole();
        }).catch((error: unknown) => {
          throw new Error(`${String(error)}\nserver output:\n${running.output().slice(-3000)}`);
        });
        await hang;
        const loadSeconds = (Date.now() - loadStarted) / 1000;
        const settled = await Promise.all(probes);

        // After the hole: the same process, ready again, and its pool whole (a burst wider than
        // the pool (10) gets through; a leaked connection per failed request would starve it).
        expect(server.child.exitCode).toBeNull();
        const ready = await probeOnce(running.baseUrl, 'readyz', probeToken);
        const burst = await Promise.all(
          Array.from({ length: 30 }, () => probeOnce(running.baseUrl, 'api', probeToken)),
        );

        const check = await database.open();
        const audit = await auditDatabase(check, shop, outcomes).finally(() => check.close());
        const ordered = outcomes.filter((outcome) => outcome.kind === 'ordered');
        // What was sent while the hole was open (answered then, or just after it closed).
        const inHole = (p: { sent: number }) => p.sent >= holeStart && p.sent < holeEnd;
        const api = settled.filter((p) => p.kind === 'api' && inHole(p));
        const readyz = settled.filter((p) => p.kind === 'readyz' && inHole(p));
        const healthz = settled.filter((p) => p.kind === 'healthz' && inHole(p));
        const loadInHole = attempts.filter(inHole);
        const slowest = (list: Array<{ ms: number }>) => Math.max(0, ...list.map((p) => p.ms));
        reportFigures('hang', {
          hangSeconds: Math.round((holeEnd - holeStart) / 100) / 10,
          timeoutsMs: `connect ${TIMEOUTS.connectMs}/statement ${TIMEOUTS.statementMs}/query ${TIMEOUTS.queryMs}/idle-tx ${TIMEOUTS.idleInTransactionMs}`,
          submissions: outcomes.length,
          acknowledged: ordered.length,
          loadSeconds: Math.round(loadSeconds * 10) / 10,
          requestsInHole: loadInHole.length + api.length,
          unavailableAnswers: client.stats.unavailable,
          internalAnswers: client.stats.internalErrors,
          transportFailures: attempts.filter((a) => a.code === 'transport').length,
          slowestAnswerInHoleMs: Math.max(slowest(api), slowest(loadInHole)),
          slowestReadyzMs: slowest(readyz),
          slowestHealthzMs: slowest(healthz),
          busyBackendsAtStart: busyAtStart,
          busyBackendsLater: busyLater,
          proxyConnectionsInHole: proxy.stats.acceptedInHole,
          recoveryMs: recoveredAt ? recoveredAt - holeEnd : -1,
          restarts: 0,
          missing: audit.missing.length,
          duplicates: audit.duplicates.length,
          phantoms: audit.phantoms.length,
          stockInvariant: audit.stockMismatches.length === 0,
        });

        // None hangs: every answer within a connection wait plus one query timeout (and margin).
        expect(api.length).toBeGreaterThan(15);
        expect(settled.filter((p) => p.code === 'hung')).toEqual([]);
        expect(slowest(api)).toBeLessThan(ANSWER_BOUND_MS);
        expect(slowest(loadInHole)).toBeLessThan(ANSWER_BOUND_MS);
        expect(slowest(readyz)).toBeLessThan(ANSWER_BOUND_MS);
        // Clear answers: 50003 in the caller's language — or a success for a call that was still
        // waiting when the hole closed. Never an internal error.
        const failed = api.filter((p) => p.code !== 200);
        expect(failed.length).toBeGreaterThan(10);
        expect(new Set(failed.map((p) => `${p.code} ${p.msg}`))).toEqual(
          new Set([`50003 ${UNAVAILABLE_EN}`]),
        );
        expect(api.filter((p) => p.code === 200).every((p) => p.sent + p.ms >= holeEnd)).toBe(true);
        expect(client.stats.internalErrors).toBe(0);
        expect(client.stats.unavailable).toBeGreaterThan(0);
        expect(attempts.filter((a) => a.code === 'transport')).toEqual([]);
        // /readyz says the database is down, /healthz (liveness) stays up and quick.
        expect(readyz.filter((p) => p.code === 503).length).toBeGreaterThan(5);
        expect(
          readyz.filter((p) => p.code !== 503).every((p) => p.code === 200 && p.sent + p.ms >= holeEnd),
        ).toBe(true);
        expect(healthz.map((p) => p.code)).toEqual(healthz.map(() => 200));
        expect(slowest(healthz)).toBeLessThan(1_000);
        // The server-side timeouts cleared what the cut-off connections held.
        expect(busyLater).toBe(0);
        // Recovered without a restart, the pool whole again.
        expect(recoveredAt).toBeGreaterThan(0);
        expect(recoveredAt - holeEnd).toBeLessThan(5_000);
        expect(ready.code).toBe(200);
        expect(burst.map((p) => p.code)).toEqual(burst.map(() => 200));
        // Nothing partial, nothing lost, nothing twice.
        expect(outcomes.filter((outcome) => outcome.kind === 'anomaly')).toEqual([]);
        expect(audit.missing).toEqual([]);
        expect(audit.duplicates).toEqual([]);
        expect(audit.phantoms).toEqual([]);
        expect(audit.stockMismatches).toEqual([]);
        expect(audit.ordersInDatabase).toBe(ordered.length);
      } finally {
        if (server && server.child.exitCode === null && server.child.signalCode === null)
          await killServer(server);
        await proxy.close();
        await database.remove();
      }
    },
  );
});

describe('regressions found by the hang run', () => {
  let database: CrashDatabase;
  beforeAll(async () => {
    database = await createCrashDatabase('hang-pool');
  });
  afterAll(async () => database?.remove());

  /** The database opened in this process through a proxy, with the hang run's timeouts. */
  async function throughBlackHole(poolSize: number) {
    const proxy = await startBlackHoleProxy(upstreamOf(database.env.DATABASE_URL!));
    const opened = await openDatabase({
      databaseUrl: throughProxy(database.env.DATABASE_URL!, proxy),
      dataDir: '',
      poolSize,
      timeouts: TIMEOUTS,
    });
    return {
      opened,
      proxy,
      async close() {
        proxy.resume();
        await opened.close().catch(() => undefined);
        await proxy.close();
      },
    };
  }

  it('a transaction whose BEGIN gets no answer gives its pool connection back', async () => {
    const t = await throughBlackHole(2);
    try {
      // Warm both connections, then cut them off: each BEGIN below times out.
      await Promise.all(
        [1, 2].map(() => t.opened.transaction((tx) => tx.execute(sql`select pg_sleep(0.05)`))),
      );
      t.proxy.blackHole();
      const failures = await Promise.allSettled(
        [1, 2].map(() => t.opened.transaction((tx) => tx.execute(sql`select 1`))),
      );
      expect(failures.map((failure) => failure.status)).toEqual(['rejected', 'rejected']);
      t.proxy.resume();
      // Before the fix drizzle's pool transaction never released a client whose BEGIN failed:
      // two such failures and every later call waited for a slot that never came back.
      const started = Date.now();
      await t.opened.transaction((tx) => tx.execute(sql`select 1`));
      expect(Date.now() - started).toBeLessThan(TIMEOUTS.connectMs);
    } finally {
      await t.close();
    }
  });

  it('a query that gets no answer fails within the query timeout, and so does its rollback', async () => {
    const t = await throughBlackHole(1);
    try {
      let started = 0;
      const failed = t.opened.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        // The hole opens inside the transaction: the next statement and the ROLLBACK get no answer.
        t.proxy.blackHole();
        started = Date.now();
        await tx.execute(sql`select 2`);
      });
      await expect(failed).rejects.toThrow();
      // pg's query_timeout alone left the statement active on its connection, so the ROLLBACK
      // queued behind it and timed out as well: twice the bound. The connection is dropped instead.
      expect(Date.now() - started).toBeLessThan(TIMEOUTS.queryMs + 1_000);
      t.proxy.resume();
      expect(await t.opened.rows<{ n: number }>(sql`select 1 as n`)).toEqual([{ n: 1 }]);
    } finally {
      await t.close();
    }
  });
});
