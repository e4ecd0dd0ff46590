import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from '../db/client';
import { openJobQueue, type JobQueue } from './jobs';

const config = { jobs: 'inline' as const, jobsPollSeconds: 0.5, jobsMaintenanceSeconds: 30 };
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('job queue (pg-boss over our Database)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    await drop();
  });

  it('runs a sent job with its data', async () => {
    const queue = await openJobQueue({ database, config, logger: silent });
    queues.push(queue);
    const seen: unknown[] = [];
    await queue.work<{ n: number }>('echo', async (data) => {
      seen.push(data);
    });
    await queue.send('echo', { n: 7 });
    await until(() => seen.length === 1, 'the job');
    expect(seen).toEqual([{ n: 7 }]);
  });

  it('a job sent inside a transaction exists only if it commits', async () => {
    const queue = queues[0]!;
    const seen: string[] = [];
    await queue.work<{ tag: string }>('tx-bound', async (data) => {
      seen.push(data.tag);
    });
    await expect(
      database.transaction(async (tx) => {
        await queue.send('tx-bound', { tag: 'rolled back' }, { tx });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await database.transaction(async (tx) => {
      await queue.send('tx-bound', { tag: 'committed' }, { tx });
    });
    await until(() => seen.length === 1, 'the committed job');
    // One more poll round: the rolled-back job never shows up.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(seen).toEqual(['committed']);
  });

  it('a poll never runs inside another transaction (PGlite: one connection)', async () => {
    const queue = queues[0]!;
    await database.executeSql('create table if not exists jobs_probe (id int)');
    const events: string[] = [];
    let handled = 0;
    await queue.work('probe', async () => {
      handled++;
      events.push('job');
    });
    await queue.send('probe', {});
    // A transaction that stays open across several poll intervals and then rolls back. If a
    // poll ran on its connection in the middle, the job's fetch would be rolled back with it.
    await expect(
      database.transaction(async (tx) => {
        await tx.execute(sql`insert into jobs_probe values (1)`);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        events.push('tx end');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await until(() => handled === 1, 'the probe job');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(handled).toBe(1);
    const [probe] = await database.rows<{ n: number }>(sql`select count(*)::int as n from jobs_probe`);
    expect(probe!.n).toBe(0);
    // On PGlite the job can only start once the transaction has ended.
    if (database.kind === 'pglite') expect(events).toEqual(['tx end', 'job']);
  });

  it('processes starting at once create their queues without a deadlock', async () => {
    // Every server process creates its queues on start; pg-boss 10 creates a queue's partition
    // unlocked, and two creators of different queues deadlock on the parent table. On PostgreSQL
    // each queue below runs on its own pooled connection, as separate processes would.
    const starting = await Promise.all(
      [0, 1, 2].map(() => openJobQueue({ database, config, logger: silent })),
    );
    queues.push(...starting);
    const names = ['boot-a', 'boot-b', 'boot-c', 'boot-d', 'boot-e', 'boot-f'];
    await Promise.all(
      starting.flatMap((queue) => names.map((name) => queue.work(name, () => Promise.resolve()))),
    );
    const rows = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from pgboss.queue where name like 'boot-%'`,
    );
    expect(rows[0]!.n).toBe(names.length);
  });

  it('two queues on one database handle each of N jobs exactly once', async () => {
    const second = await openJobQueue({ database, config, logger: silent });
    queues.push(second);
    const first = queues[0]!;
    const handledBy = new Map<number, string[]>();
    const handler = (who: string) => async (data: { i: number }) => {
      handledBy.set(data.i, [...(handledBy.get(data.i) ?? []), who]);
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    await first.work('shared', handler('first'));
    await second.work('shared', handler('second'));
    const n = 60;
    for (let i = 0; i < n; i++) await (i % 2 ? first : second).send('shared', { i });
    await until(() => handledBy.size === n, `${n} jobs`, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect([...handledBy.values()].every((who) => who.length === 1)).toBe(true);
    expect(handledBy.size).toBe(n);
    const workers = new Set([...handledBy.values()].flat());
    expect(workers.size).toBeGreaterThanOrEqual(1);
  });

  it('with concurrency, a batch runs at once; a failed job of it is retried alone, the others complete', async () => {
    const queue = queues[0]!;
    // Queued in one transaction before any worker exists: the first fetches find batches.
    await database.transaction((tx) =>
      queue.sendMany(
        'batched',
        Array.from({ length: 12 }, (_, n) => ({ n })),
        { tx, retryLimit: 1, retryDelaySeconds: 0 },
      ),
    );
    const runs = new Map<number, number>();
    let running = 0;
    let most = 0;
    await queue.work<{ n: number }>(
      'batched',
      async ({ n }, job) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 30));
        running--;
        // Odd jobs fail their first attempt.
        if (n % 2 === 1 && job.retryCount === 0) throw new Error(`job ${n} fails once`);
      },
      { concurrency: 4 },
    );
    await until(
      () => runs.size === 12 && [...runs].every(([n, count]) => count === (n % 2 ? 2 : 1)),
      'the batch',
    );
    // A little longer: a succeeded job failed with its batch would run again now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect([...runs].sort(([a], [b]) => a - b).map(([, count]) => count)).toEqual([
      1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2,
    ]);
    expect(most).toBeGreaterThan(1);
  });

  it('retryNow makes a job waiting out a long retry delay due at once', async () => {
    const queue = queues[0]!;
    const attempts: Array<{ n: number; retry: number }> = [];
    await queue.work<{ n: number }>('patient', async ({ n }, job) => {
      attempts.push({ n, retry: job.retryCount });
      if (job.retryCount === 0) throw new Error('first attempt fails');
    });
    await queue.send('patient', { n: 1 }, { retryLimit: 3, retryDelaySeconds: 3_600 });
    await queue.send('patient', { n: 2 }, { retryLimit: 3, retryDelaySeconds: 3_600 });
    await until(() => attempts.length === 2, 'the first attempts');
    // Both now wait an hour; only the one named is brought forward.
    await until(async () => (await queue.retryNow('patient', 'n', [1])) === 1, 'job 1 in retry');
    await until(() => attempts.length === 3, 'the retry of job 1');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(attempts).toEqual([
      { n: expect.any(Number), retry: 0 },
      { n: expect.any(Number), retry: 0 },
      { n: 1, retry: 1 },
    ]);
    expect(await queue.retryNow('patient', 'n', [])).toBe(0);
  });
});
