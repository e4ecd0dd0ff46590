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

export interface JobQueue {
  /** The job's id; null when a singleton key refused it. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Runs `handler` for each job of `name`, one at a time in this process. */
  work<T extends object>(name: string, handler: JobHandler<T>): Promise<void>;
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
    work: () => Promise.resolve(),
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
  const ensureQueue = async (name: string) => {
    if (created.has(name)) return;
    // pg-boss 10's createQueue is idempotent but unlocked: it creates the queue's partition and
    // attaches it to pgboss.job, and two processes creating different queues at once deadlock
    // on that table (seen in CI: three processes starting together). The function it calls is
    // run here inside one transaction holding an advisory lock, so creators take turns.
    await database.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${QUEUE_CREATE_LOCK})`);
      await tx.execute(
        sql`select pgboss.create_queue(${name}, ${JSON.stringify({ policy: 'standard' })}::json)`,
      );
    });
    created.add(name);
  };
  let stopped = false;
  /**
   * This process's worker per queue. pg-boss 10's worker sleeps a full polling interval after
   * every fetch, also one that found a job: woken after a handled job (more may wait) and after
   * a send from this process, a burst runs back to back instead of one job per interval.
   */
  const workers = new Map<string, string>();
  const wake = (name: string) => {
    const id = workers.get(name);
    if (id && !stopped) boss.notifyWorker(id);
  };

  return {
    async send(name, data, options = {}) {
      await ensureQueue(name);
      const id = await boss.send(name, data, {
        ...(options.tx ? { db: executorOf(options.tx) } : {}),
        ...(options.retryLimit !== undefined ? { retryLimit: options.retryLimit } : {}),
        ...(options.retryDelaySeconds !== undefined ? { retryDelay: options.retryDelaySeconds } : {}),
        ...(options.expireInSeconds !== undefined ? { expireInSeconds: options.expireInSeconds } : {}),
        ...(options.singletonKey !== undefined ? { singletonKey: options.singletonKey } : {}),
        ...(options.singletonSeconds !== undefined ? { singletonSeconds: options.singletonSeconds } : {}),
      });
      // A job sent inside a transaction is not visible before COMMIT: the poll will find it.
      if (!options.tx) wake(name);
      return id;
    },
    async work<T extends object>(name: string, handler: JobHandler<T>) {
      await ensureQueue(name);
      const workerId = await boss.work<T>(
        name,
        { batchSize: 1, pollingIntervalSeconds: config.jobsPollSeconds, includeMetadata: true },
        async (jobs) => {
          for (const job of jobs) {
            try {
              await handler(job.data, { id: job.id, retryCount: job.retryCount });
            } catch (error) {
              logger.warn({ err: error, job: job.id, queue: name }, 'job failed');
              throw error;
            }
          }
          if (jobs.length > 0) setImmediate(() => wake(name));
        },
      );
      workers.set(name, workerId);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // Waits for running handlers (up to the timeout); a job cut off is retried after expiry.
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    },
  };
}
