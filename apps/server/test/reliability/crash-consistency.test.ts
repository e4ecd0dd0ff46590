import { describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../src/config';
import {
  auditDatabase,
  login,
  planSubmissions,
  prepareShop,
  runLoad,
  seededRandom,
  type Client,
  type Outcome,
} from './crash-load';
import { createCrashDatabase, freePort, killServer, startServer, type ServerChild } from './crash-server';
import { reportFigures } from './figures';

// Issue 8 item 4: the real server under a stream of checkouts, killed with SIGKILL at random
// points and started again on the same data (a PGlite folder, or a PostgreSQL database).
const SEED = 20261122;
const SUBMISSIONS = 1000;
const WORKERS = 8;
const PRODUCTS = 20;
// Enough for most submissions; a few products run out late, so refusals are in the stream too.
const INITIAL_STOCK = 220;

describe('crash consistency', () => {
  it(
    'every acknowledged order survives SIGKILL exactly once, with its lines, total and event',
    // ~60 s on PostgreSQL, ~150 s on a PGlite folder (every commit is synced to disk) on a
    // loaded 2-core machine; the limit leaves room for a busier one.
    { timeout: 420_000 },
    async () => {
      const random = seededRandom(SEED);
      const database = await createCrashDatabase('crash');
      let server: ServerChild | undefined;
      try {
        const setup = await database.open();
        const shop = await prepareShop(setup, { workers: WORKERS, products: PRODUCTS, stock: INITIAL_STOCK });
        await setup.close();

        const port = await freePort();
        const started = performance.now();
        server = await startServer(database, port, { inherit: process.env });
        const current = () => server!;
        const client: Client = {
          baseUrl: () => current().baseUrl,
          stats: { requests: 0, retries: 0, internalErrors: 0, unavailable: 0 },
          patienceMs: 60_000,
        };
        const tokens = new Map<string, string>();
        for (const user of shop.users) tokens.set(user, await login(current().baseUrl, user, shop.password));

        const submissions = planSubmissions(shop, SUBMISSIONS, random, `crash-${testDatabaseKind()}`);
        const killCount = 3 + Math.floor(random() * 3);
        const killAt = Array.from({ length: killCount }, (_, i) =>
          Math.floor(((i + 0.2 + random() * 0.6) / killCount) * SUBMISSIONS * 0.9),
        );
        let finished = 0;
        let kills = 0;
        let restarts = 0;
        const restartMs: number[] = [];
        let crashes: Promise<void> = Promise.resolve();
        const crash = async () => {
          // A random moment after the threshold, so the kill lands inside requests, not between.
          await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 40)));
          await killServer(current());
          kills++;
          const restartStarted = performance.now();
          server = await startServer(database, port, { inherit: process.env });
          restartMs.push(Math.round(performance.now() - restartStarted));
          restarts++;
        };
        const onOutcome = () => {
          finished++;
          if (killAt[0] !== undefined && finished >= killAt[0]) {
            killAt.shift();
            crashes = crashes.then(crash);
          }
        };
        const outcomes: Outcome[] = await runLoad(client, tokens, submissions, onOutcome);
        await crashes;
        const loadMs = Math.round(performance.now() - started);

        // A last clean stop: the child must close the database and exit 0.
        current().child.kill('SIGTERM');
        const exit = await current().exited;
        expect(exit, current().output().slice(-2000)).toEqual({ code: 0, signal: null });

        const check = await database.open();
        const audit = await auditDatabase(check, shop, outcomes).finally(() => check.close());
        const ordered = outcomes.filter((outcome) => outcome.kind === 'ordered');
        const anomalies = outcomes.filter((outcome) => outcome.kind === 'anomaly');
        reportFigures('crash-consistency', {
          submissions: outcomes.length,
          acknowledged: ordered.length,
          refused: outcomes.filter((outcome) => outcome.kind === 'refused').length,
          anomalies: anomalies.length,
          kills,
          restarts,
          restartMedianMs: restartMs.sort((a, b) => a - b)[Math.floor(restartMs.length / 2)] ?? 0,
          requests: client.stats.requests,
          retries: client.stats.retries,
          missing: audit.missing.length,
          duplicates: audit.duplicates.length,
          phantoms: audit.phantoms.length,
          stockInvariant: audit.stockMismatches.length === 0,
          loadSeconds: Math.round(loadMs / 100) / 10,
        });

        expect(outcomes).toHaveLength(SUBMISSIONS);
        expect(anomalies).toEqual([]);
        expect(kills).toBeGreaterThanOrEqual(3);
        expect(restarts).toBe(kills);
        expect(client.stats.retries).toBeGreaterThan(0);
        expect(ordered.length).toBeGreaterThan(SUBMISSIONS * 0.8);
        expect(audit.missing).toEqual([]);
        expect(audit.duplicates).toEqual([]);
        expect(audit.phantoms).toEqual([]);
        expect(audit.stockMismatches).toEqual([]);
        expect(audit.ordersInDatabase).toBe(ordered.length);
      } finally {
        if (server && server.child.exitCode === null && server.child.signalCode === null)
          await killServer(server);
        await database.remove();
      }
    },
  );
});
