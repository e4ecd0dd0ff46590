/** Thrown by `run` when `maxQueued` tasks already wait: the caller can answer "busy" at once. */
export class QueueFullError extends Error {
  constructor() {
    super('too many tasks are waiting');
    this.name = 'QueueFullError';
  }
}

export interface Semaphore {
  /** Runs `task` once a permit is free (first come, first served); the permit returns when it settles. */
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly queued: number;
}

/**
 * At most `permits` tasks at once, the rest waiting in arrival order, at most `maxQueued` of them:
 * a bounded wait is better than a queue that grows while every caller times out.
 */
export function createSemaphore(options: { permits: number; maxQueued: number }): Semaphore {
  const { permits, maxQueued } = options;
  if (!Number.isInteger(permits) || permits < 1) throw new RangeError(`permits must be ≥ 1, got ${permits}`);
  if (!Number.isInteger(maxQueued) || maxQueued < 0) {
    throw new RangeError(`maxQueued must be ≥ 0, got ${maxQueued}`);
  }
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    const next = waiting.shift();
    // The permit passes straight to the oldest waiter, so a task arriving meanwhile cannot jump
    // the queue by finding `running` momentarily below the limit.
    if (next) next();
    else running--;
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < permits) running++;
      else if (waiting.length >= maxQueued) throw new QueueFullError();
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get queued() {
      return waiting.length;
    },
  };
}
