import type { JobLogger, JobQueue } from './jobs';

/**
 * Scheduled clean-up (issue 16 item 4): tables that grow with use — ended sessions, sign-in
 * failures, per-row import results and import files past their keeping time, and whatever a
 * module adds — are pruned on a timer, so they do not grow without bound.
 *
 * With the job queue on, every process's timer sends the same job with a key and a time slot
 * (`singletonKey` + `singletonSeconds`): pg-boss keeps one job per slot, so however many
 * processes run, the clean-up runs once per interval, in whichever process fetches it. With the
 * queue off (JOBS=off: one process) the timer runs the tasks itself.
 */
export interface HousekeepingTask {
  name: string;
  /** Deletes what is past its time; answers counts for the log. */
  run(now: Date): Promise<Record<string, number> | void>;
}

export const HOUSEKEEPING_JOB = 'housekeeping';

export interface Housekeeping {
  /** Runs every task now, in this process (tests, and the queue's handler). */
  runTasks(): Promise<Record<string, Record<string, number> | 'failed'>>;
  /** Sends this slot's job (queue on) or runs the tasks (queue off). */
  tick(): Promise<void>;
  stop(): void;
}

export async function startHousekeeping(deps: {
  tasks: readonly HousekeepingTask[];
  /** Absent: the queue is off. */
  jobs?: JobQueue;
  /** Whether this process runs jobs (it may only send them). */
  runsJobs: boolean;
  intervalSeconds: number;
  logger: JobLogger;
  now: () => Date;
  /** Another timer of the same kind on its own queue and interval (payment reconciliation). */
  jobName?: string;
}): Promise<Housekeeping> {
  const { tasks, jobs, logger } = deps;
  const jobName = deps.jobName ?? HOUSEKEEPING_JOB;

  async function runTasks() {
    const results: Record<string, Record<string, number> | 'failed'> = {};
    for (const task of tasks) {
      try {
        results[task.name] = (await task.run(deps.now())) ?? {};
      } catch (error) {
        // One task failing (a table locked, a timeout) does not stop the others.
        logger.error({ err: error, task: task.name }, 'housekeeping task failed');
        results[task.name] = 'failed';
      }
    }
    logger.info({ [jobName]: results }, `${jobName} done`);
    return results;
  }

  if (jobs && deps.runsJobs) {
    await jobs.work(jobName, async () => {
      await runTasks();
    });
  }

  async function tick() {
    if (!jobs) {
      await runTasks();
      return;
    }
    await jobs.send(
      jobName,
      {},
      // pg-boss refuses a slot longer than its archive interval (12 h).
      {
        singletonKey: jobName,
        singletonSeconds: Math.min(deps.intervalSeconds, 43_200),
        retryLimit: 0,
      },
    );
  }

  const timer = setInterval(() => {
    void tick().catch((error: unknown) => logger.warn({ err: error }, 'housekeeping not scheduled'));
  }, deps.intervalSeconds * 1000);
  timer.unref();
  return { runTasks, tick, stop: () => clearInterval(timer) };
}
