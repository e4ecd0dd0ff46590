import { afterAll, expect, it } from 'vitest';
import {
  createCrashDatabase,
  startWorkerProcess,
  type CrashDatabase,
} from '../test/reliability/crash-server';
import {
  startProviderSimulators,
  type ProviderSimulators,
} from '../test/payment-simulators/provider-fixtures';
import { startPaymentReconciliation } from './payment-reconciliation';
import type { Housekeeping } from './platform/housekeeping';
import { openJobQueue, type JobQueue } from './platform/jobs';
import type { Database } from './db/client';

/**
 * Payment reconciliation outside the servers (issue 19): `npm run worker` runs it, and with
 * servers sending the same keyed job it still runs once per slot across all the processes.
 */
let database: CrashDatabase | undefined;
let sims: ProviderSimulators | undefined;
const opened: Database[] = [];
const queues: JobQueue[] = [];
const timers: Array<Housekeeping | undefined> = [];
afterAll(async () => {
  for (const timer of timers) timer?.stop();
  for (const queue of queues) await queue.stop();
  for (const db of opened) await db.close();
  await sims?.close();
  await database?.remove();
});

const quiet = { info() {}, warn() {}, error() {} };

it(
  'one run per slot across a send-only server and two workers, all in the workers',
  { timeout: 120_000 },
  async () => {
    database = await createCrashDatabase('reconcile-slots');
    const runs: string[] = [];
    const processes = [
      { name: 'server', jobs: 'send-only' as const },
      { name: 'worker-a', jobs: 'inline' as const },
      { name: 'worker-b', jobs: 'inline' as const },
    ];
    for (const process of processes) {
      const db = await database.open({ poolSize: 3 });
      opened.push(db);
      const jobs = await openJobQueue({
        database: db,
        config: { jobs: process.jobs, jobsPollSeconds: 0.5, jobsMaintenanceSeconds: 60 },
        logger: quiet,
      });
      queues.push(jobs);
      timers.push(
        await startPaymentReconciliation({
          payment: {
            realProviders: new Map([['wechat', {} as never]]),
            reconcile: async () => {
              runs.push(process.name);
              return { checked: 0, settled: 0, expired: 0, waiting: 0, failed: 0 };
            },
          },
          config: { paymentReconcileSeconds: 1 },
          jobs,
          runsJobs: process.jobs === 'inline',
          logger: quiet,
          now: () => new Date(),
        }),
      );
    }
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    for (const timer of timers.splice(0)) timer?.stop();
    const seconds = (Date.now() - started) / 1000;
    // Three processes tick every second; the keyed job lets one run through per one-second slot.
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs.length).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    expect(runs.every((name) => name !== 'server')).toBe(true);
  },
);

it('npm run worker reconciles with the configured providers', { timeout: 120_000 }, async () => {
  sims = await startProviderSimulators({
    deliver: async () => ({ status: 204, body: '' }),
  });
  const db = database!;
  const worker = await startWorkerProcess(db, {
    inherit: process.env,
    env: {
      ...(sims.env as Record<string, string>),
      PAYMENT_RECONCILE_SECONDS: '1',
      JOBS_POLL_SECONDS: '0.5',
    },
  });
  try {
    const deadline = Date.now() + 30_000;
    while (!worker.output().includes('payment-reconcile done') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(worker.output()).toContain('"payment-reconcile":{"payment-reconcile":{"checked":0');
  } finally {
    worker.child.kill('SIGTERM');
    await worker.exited;
  }
});
