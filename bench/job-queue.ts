// Job queue (decision 010): 1,000 no-op jobs through pg-boss 10 on our own Database executor,
// on in-memory PGlite and on PostgreSQL: the time to send them one by one, and from the first
// send until the last has run in one worker of the same process; and one job's latency from
// send to handler when the worker is idle.
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { openJobQueue } from '../apps/server/src/platform/jobs';
import { withFreshPostgres } from './bench-database';
import { median, rows } from './report';

const JOBS = 1_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function measure(database: Database, label: string) {
  const queue = await openJobQueue({
    database,
    config: { jobs: 'inline', jobsPollSeconds: 0.5, jobsMaintenanceSeconds: 30 },
    logger: silent,
  });
  try {
    let handled = 0;
    let onHandled: (() => void) | undefined;
    await queue.work('bench-noop', async () => {
      handled++;
      onHandled?.();
    });
    const started = performance.now();
    for (let i = 0; i < JOBS; i++) await queue.send('bench-noop', { i });
    const sentMs = performance.now() - started;
    await new Promise<void>((resolve) => {
      onHandled = () => handled >= JOBS && resolve();
      if (handled >= JOBS) resolve();
    });
    const allMs = performance.now() - started;
    const latencies: number[] = [];
    for (let i = 0; i < 20; i++) {
      await new Promise((resolve) => setTimeout(resolve, 700));
      const sent = performance.now();
      const target = handled + 1;
      await new Promise<void>((resolve) => {
        onHandled = () => handled >= target && resolve();
        void queue.send('bench-noop', { i });
      });
      latencies.push(performance.now() - sent);
    }
    const scenario = `job queue (pg-boss 10, ${label})`;
    rows.push(
      { scenario, metric: `send ${JOBS.toLocaleString('en')} jobs one by one`, value: sentMs, unit: 'ms' },
      {
        scenario,
        metric: `${JOBS.toLocaleString('en')} no-op jobs, first send → last run`,
        value: allMs,
        unit: 'ms',
        rps: (JOBS / allMs) * 1000,
      },
      {
        scenario,
        metric: 'one job, send → handler (idle worker, median of 20)',
        value: median(latencies),
        unit: 'ms',
      },
    );
  } finally {
    await queue.stop();
  }
}

export async function jobQueueScenario() {
  const pglite = await openDatabase({ dataDir: 'memory://' });
  try {
    await measure(pglite, 'PGlite in memory');
  } finally {
    await pglite.close();
  }
  await withFreshPostgres('jobs', (postgres) => measure(postgres, 'PostgreSQL'));
}
