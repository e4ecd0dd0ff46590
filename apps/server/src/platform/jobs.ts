import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Config } from '../config';
import { rowsOf, type Database, type Db } from '../db/client';

/**
 * The job queue every module uses (issue 13 item 6; decision 010): pg-boss 10 on our own
 * database — PGlite's single connection or the PostgreSQL pool — through its custom `db`
 * executor, so there is no second connection pool, no LISTEN, and on PGlite no second process.
 * Each job is fetched with `FOR UPDATE SKIP LOCKED`, so with several server processes on one
 * PostgreSQL database a job runs in one of them.
 */

export interface JobLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface SendOptions {
  /** Enqueue inside this transaction: the job exists exactly when the transaction commits. */
  tx?: Db;
  /** Extra attempts after a failure or an expiry (a process killed mid-job). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /**
   * Exponential back-off: pg-boss waits retryDelay × 2^n × (1 + random) before retry n + 1
   * (n from 0; the random factor spreads a burst of retries).
   */
  retryBackoff?: boolean;
  /** A job active longer than this is taken as lost (its process died) and retried. */
  expireInSeconds?: number;
  /** At most one queued job with this key per queue (pg-boss singletonKey). */
  singletonKey?: string;
  /**
   * With `singletonKey`: one job per key in each time slot of this many seconds, whoever sends it
   * and whatever became of it (pg-boss's unique index on name, slot and key) — work scheduled by
   * every process runs once.
   */
  singletonSeconds?: number;
}

export interface JobInfo {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export interface WorkOptions {
  /**
   * Jobs of this queue run at once in this process (default 1): two workers, each fetching a
   * batch of half as many. For jobs that mostly wait on something else (a webhook receiver).
   */
  concurrency?: number;
}

export interface JobQueue {
  /** The job's id; null when a singleton key refused it. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /**
   * Many jobs of one queue in one statement (pg-boss `insert`): a burst queued by one
   * transaction costs one round trip, not one per job. No singleton keys here.
   */
  sendMany<T extends object>(
    name: string,
    data: readonly T[],
    options?: Omit<SendOptions, 'singletonKey' | 'singletonSeconds'>,
  ): Promise<void>;
  /** Runs `handler` for each job of `name`, one at a time in this process (or `concurrency` at a time). */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /**
   * Jobs of `name` waiting for a retry whose data has `field` equal to one of `values` become
   * due now (a receiver that answered again: its other deliveries need not wait out their
   * back-off). pg-boss 10 has no call for this; it is one UPDATE of its job table.
   */
  retryNow(name: string, field: string, values: ReadonlyArray<string | number>): Promise<number>;
  /**
   * Asks this process's workers of `name` to fetch now rather than at their next poll: after
   * a transaction that sent jobs with `{ tx }` committed.
   */
  wake(name: string): void;
  stop(): Promise<void>;
}

/**
 * pg-boss's statements (`$1 …` placeholders) on a drizzle executor, so a job can be sent inside
 * one of our transactions. Each placeholder becomes a bound parameter; a value used twice is
 * simply bound twice.
 */
export function executorOf(db: Db): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, match.index)));
        chunks.push(sql`${values[Number(match[1]) - 1] ?? null}`);
        last = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      return { rows: rowsOf(await db.execute(sql.join(chunks))) };
    },
  };
}

/** A queue that never runs anything (JOBS=off): sending fails loudly rather than losing work. */
function disabledQueue(): JobQueue {
  return {
    send: () => Promise.reject(new Error('the job queue is off (JOBS=off)')),
    sendMany: () => Promise.reject(new Error('the job queue is off (JOBS=off)')),
    work: () => Promise.resolve(),
    wake: () => undefined,
    retryNow: () => Promise.resolve(0),
    stop: () => Promise.resolve(),
  };
}

/** pg_advisory_xact_lock key held while a queue is created ("pp" and 0x0b05 for "boss"). */
const QUEUE_CREATE_LOCK = 0x7070_0b05;

export async function openJobQueue(deps: {
  database: Database;
  config: Pick<Config, 'jobs' | 'jobsPollSeconds' | 'jobsMaintenanceSeconds'>;
  logger: JobLogger;
}): Promise<JobQueue> {
  const { database, config, logger } = deps;
  if (config.jobs === 'off') return disabledQueue();
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: 'pgboss',
    // Maintenance (expiring jobs of dead processes, archiving) runs in one process at a time:
    // pg-boss takes a lease row for it.
    supervise: true,
    maintenanceIntervalSeconds: config.jobsMaintenanceSeconds,
    // No cron yet; the clock checks would only cost queries.
    schedule: false,
    // Finished jobs are kept a week for inspection, then dropped.
    deleteAfterDays: 7,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  const created = new Set<string>();
  const ensureQueue = async (name: string, inTx?: Db) => {
    if (created.has(name)) return;
    // pg-boss 10's createQueue is idempotent but unlocked: it creates the queue's partition and
    // attaches it to pgboss.job, and two processes creating different queues at once deadlock
    // on that table (seen in CI: three processes starting together). The function it calls is
    // run here inside one transaction holding an advisory lock, so creators take turns.
    const create = async (tx: Db) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${QUEUE_CREATE_LOCK})`);
      await tx.execute(
        sql`select pgboss.create_queue(${name}, ${JSON.stringify({ policy: 'standard' })}::json)`,
      );
    };
    // A send inside the caller's transaction creates the queue in it: a second transaction
    // would wait forever on PGlite's one connection (a queue's first job sent by a process
    // that runs no worker of it, e.g. JOBS=send-only or a test).
    if (inTx) await create(inTx);
    else await database.transaction(create);
    // Only once that transaction commits is the queue there for good; a rollback takes it away.
    if (!inTx) created.add(name);
  };
  let stopped = false;
  /**
   * This process's worker per queue. pg-boss 10's worker sleeps a full polling interval after
   * every fetch, also one that found a job: woken after a handled job (more may wait) and after
   * a send from this process, a burst runs back to back instead of one job per interval.
   */
  const workers = new Map<string, string[]>();
  const wake = (name: string) => {
    if (stopped) return;
    for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
  };

  const startWorker = async <T extends object>(name: string, handler: JobHandler<T>, batchSize: number) => {
    let id = '';
    id = await boss.work<T>(
      name,
      { batchSize, pollingIntervalSeconds: config.jobsPollSeconds, includeMetadata: true },
      async (jobs) => {
        if (batchSize === 1) {
          for (const job of jobs) {
            try {
              await handler(job.data, { id: job.id, retryCount: job.retryCount });
            } catch (error) {
              logger.warn({ err: error, job: job.id, queue: name }, 'job failed');
              throw error;
            }
          }
        } else {
          // A batch runs at once. pg-boss completes or fails a batch whole, so the jobs that
          // failed are failed here first (retried by their own policy); its completion of the
          // batch then touches only the jobs still active, i.e. the ones that succeeded.
          const failed: string[] = [];
          await Promise.all(
            jobs.map(async (job) => {
              try {
                await handler(job.data, { id: job.id, retryCount: job.retryCount });
              } catch (error) {
                logger.warn({ err: error, job: job.id, queue: name }, 'job failed');
                failed.push(job.id);
              }
            }),
          );
          // (The reason is in the log line above; pg-boss keeps none for a batch.)
          if (failed.length > 0) await boss.fail(name, failed);
        }
        // Only this worker: waking every worker of the queue after each job made N workers
        // fetch N times per job (on PGlite's one connection, the queue's own queries crowded
        // out the jobs' — webhook bench).
        if (jobs.length > 0 && !stopped) setImmediate(() => boss.notifyWorker(id));
      },
    );
    return id;
  };

  return {
    async send(name, data, options = {}) {
      await ensureQueue(name, options.tx);
      const id = await boss.send(name, data, {
        ...(options.tx ? { db: executorOf(options.tx) } : {}),
        ...(options.retryLimit !== undefined ? { retryLimit: options.retryLimit } : {}),
        ...(options.retryDelaySeconds !== undefined ? { retryDelay: options.retryDelaySeconds } : {}),
        ...(options.retryBackoff !== undefined ? { retryBackoff: options.retryBackoff } : {}),
        ...(options.expireInSeconds !== undefined ? { expireInSeconds: options.expireInSeconds } : {}),
        ...(options.singletonKey !== undefined ? { singletonKey: options.singletonKey } : {}),
        ...(options.singletonSeconds !== undefined ? { singletonSeconds: options.singletonSeconds } : {}),
      });
      // A job sent inside a transaction is not visible before COMMIT: the poll will find it.
      if (!options.tx) wake(name);
      return id;
    },
    async sendMany(name, data, options = {}) {
      if (data.length === 0) return;
      await ensureQueue(name, options.tx);
      await boss.insert(
        data.map((item) => ({
          name,
          data: item,
          ...(options.retryLimit !== undefined ? { retryLimit: options.retryLimit } : {}),
          ...(options.retryDelaySeconds !== undefined ? { retryDelay: options.retryDelaySeconds } : {}),
          ...(options.retryBackoff !== undefined ? { retryBackoff: options.retryBackoff } : {}),
          ...(options.expireInSeconds !== undefined ? { expireInSeconds: options.expireInSeconds } : {}),
        })),
        options.tx ? { db: executorOf(options.tx) } : {},
      );
      if (!options.tx) wake(name);
    },
    wake,
    async retryNow(name, field, values) {
      if (values.length === 0) return 0;
      const due = rowsOf<{ id: string }>(
        await database.db.execute(sql`update pgboss.job set start_after = now()
          where name = ${name} and state = 'retry' and start_after > now()
            and data ->> ${field} in ${values.map(String)}
          returning id`),
      ).length;
      if (due > 0) wake(name);
      return due;
    },
    async work<T extends object>(name: string, handler: JobHandler<T>, options: WorkOptions = {}) {
      await ensureQueue(name);
      const ids: string[] = [];
      // pg-boss 10 has no per-worker concurrency: up to two workers, each fetching a batch of
      // jobs in one query and running it at once (one fetch per job cost PGlite most of its
      // time); two, so that one batch waiting on a slow job does not stop the queue.
      const concurrency = Math.max(1, options.concurrency ?? 1);
      const workerCount = Math.min(2, concurrency);
      for (let i = 0; i < workerCount; i++)
        ids.push(await startWorker(name, handler, Math.ceil(concurrency / workerCount)));
      workers.set(name, [...(workers.get(name) ?? []), ...ids]);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // Waits for running handlers (up to the timeout); a job cut off is retried after expiry.
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    },
  };
}
