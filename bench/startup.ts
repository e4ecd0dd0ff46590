// Start-up: `npm start` to a healthy /healthz on an empty database (seeding the 20,000-part demo
// data, and with no demo data: migrations only) and on the seeded one; the server's RSS at rest.
// Baseline: the same seeded start without npm (node on the bundle), in the same run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BENCH_PG_URL } from './bench-database';
import { median, rows } from './report';
import { startServer } from './server-process';

const ROUNDS = 3;
const SCENARIO = 'start-up (PGlite, demo data)';

async function benchDatabaseParts(): Promise<number> {
  const client = new pg.Client({ connectionString: BENCH_PG_URL });
  try {
    await client.connect();
    const result = await client.query<{ n: number }>('select count(*)::int as n from products');
    return result.rows[0]?.n ?? 0;
  } catch {
    return 0;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function startupScenario() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-start-'));
  const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-bare-'));
  try {
    const empty = await startServer({ DATA_DIR: dataDir }, { viaNpmStart: true });
    await empty.stop();
    const noDemo = await startServer({ DATA_DIR: emptyDir, DEMO_DATA: 'false' }, { viaNpmStart: true });
    await noDemo.stop();
    const viaNpm: number[] = [];
    const direct: number[] = [];
    const rss: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const plain = await startServer({ DATA_DIR: dataDir });
      direct.push(plain.readyMs);
      await plain.stop();
      const server = await startServer({ DATA_DIR: dataDir }, { viaNpmStart: true });
      viaNpm.push(server.readyMs);
      // At rest: after start-up work (JIT, first queries) has settled.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      rss.push(server.rssKiB() / 1024);
      await server.stop();
    }
    rows.push(
      {
        scenario: SCENARIO,
        metric: 'npm start → ready, empty database, seeding 20,000 parts',
        value: empty.readyMs,
        unit: 'ms',
      },
      {
        scenario: SCENARIO,
        metric: 'npm start → ready, empty database, no demo data (migrations only)',
        value: noDemo.readyMs,
        unit: 'ms',
      },
      {
        scenario: SCENARIO,
        metric: `npm start → ready, seeded database (median of ${ROUNDS})`,
        value: median(viaNpm),
        unit: 'ms',
        baseline: { name: 'node dist/main.js', value: median(direct) },
        ratio: median(viaNpm) / median(direct),
      },
      {
        scenario: SCENARIO,
        metric: `server RSS at rest, 3 s after ready (median of ${ROUNDS})`,
        value: median(rss),
        unit: 'MiB',
      },
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(emptyDir, { recursive: true, force: true });
  }

  // The 1M-part PostgreSQL database, when it is there (this scenario never seeds it).
  const parts = await benchDatabaseParts();
  if (parts > 0) {
    const ready: number[] = [];
    const rss: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const server = await startServer({ DATABASE_URL: BENCH_PG_URL, DEMO_DATA: 'false' });
      ready.push(server.readyMs);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      rss.push(server.rssKiB() / 1024);
      await server.stop();
    }
    rows.push({
      scenario: `start-up (PostgreSQL, ${parts.toLocaleString('en')} parts)`,
      metric: `node dist/main.js → ready, RSS 3 s later (median of ${ROUNDS})`,
      value: median(ready),
      unit: 'ms',
      rssMiB: median(rss),
    });
  }
}
