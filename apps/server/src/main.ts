import { sql } from 'drizzle-orm';
import { buildApp } from './app';
import { loadConfig } from './config';
import { maintenanceTimeouts, openDatabase } from './db/client';
import { isDatabaseEmpty, seedDemoData } from './db/seed/demo-data';

/** Reads config, opens and migrates the database, seeds demo data when empty, serves. */
async function main() {
  const started = performance.now();
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    timeouts: config.databaseTimeouts,
    replica: config.replica,
  });
  const app = await buildApp({ config, database });

  if (config.demoData && (await isDatabaseEmpty(database))) {
    app.log.info({ parts: config.demoParts }, 'empty database: seeding demo data');
    // Bulk inserts are not requests: on PostgreSQL the seed gets its own pool without the
    // statement and query timeouts (a big DEMO_PARTS seed has statements that run long).
    const seeding = config.databaseUrl
      ? await openDatabase({
          databaseUrl: config.databaseUrl,
          dataDir: config.dataDir,
          poolSize: 2,
          timeouts: maintenanceTimeouts(config.databaseTimeouts),
        })
      : database;
    try {
      const summary = await seedDemoData(seeding, {
        parts: config.demoParts,
        seed: config.demoSeed,
        history: config.demoHistory,
        passwordHashMemoryKiB: config.passwordHashMemoryKiB,
        log: (line) => app.log.info(line),
      });
      // PGlite runs no autovacuum: without statistics its planner guesses every table's size.
      await seeding.db.execute(sql`analyze`);
      app.log.info({ summary }, 'demo data ready');
    } finally {
      if (seeding !== database) await seeding.close();
    }
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    // close() drops the keep-alive connections that are idle at that moment only; a connection
    // whose request was still running turns idle afterwards and would hold close() open until
    // its keep-alive timeout (72 s), past the force exit. Found by sigterm-under-load.test.ts.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    sweep.unref();
    try {
      await app.close();
      clearInterval(sweep);
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const readyMs = Math.round(performance.now() - started);
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  // A plain banner for people; the JSON log line above is for machines.
  console.log(
    [
      '',
      `PartsPortal is ready at http://${shownHost}:${config.port} (${database.kind}, ready in ${readyMs} ms)`,
      // Passwords only on a terminal: piped output ends up in log files, which carry none
      // (the browser suite's log-secrets check, docs/RELIABILITY.md).
      config.demoData
        ? process.stdout.isTTY
          ? 'Demo logins (account 1): demo/demo1234 · viewer/viewer1234 · partner/partner1234 · admin/admin1234 · back office /admin: staff/staff1234'
          : 'Demo logins (account 1): demo, viewer, partner, admin — passwords in README.md'
        : '',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error('PartsPortal failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
