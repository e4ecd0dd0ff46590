import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkerAnswer } from './import-worker';
import type { SpreadsheetKind } from './spreadsheet-guard';

export interface ReaderLimits {
  /** Heap of the parsing worker. */
  maxOldGenerationSizeMb: number;
  /** Deadline after which the worker is terminated. */
  timeoutMs: number;
  /** Parses at once; more wait, so uploads can never multiply the memory ceiling. */
  concurrency: number;
}

export const DEFAULT_READER_LIMITS: ReaderLimits = {
  maxOldGenerationSizeMb: 128,
  timeoutMs: 5000,
  concurrency: 2,
};

/**
 * The worker file beside this module: TypeScript source under tsx/vitest (started with tsx's
 * loader), the bundled dist/import-worker.js in production (build.mjs builds it as a second entry).
 */
function workerLocation(): { entry: URL | string; eval: boolean } {
  const self = import.meta.url;
  if (!self.endsWith('.ts')) return { entry: new URL('./import-worker.js', self), eval: false };
  // `--import tsx` in a worker's execArgv does not reach the worker's entry module on Node 20
  // ("Unknown file extension .ts"), so a bootstrap loads the entry through tsx's tsImport.
  const tsxPackage = createRequire(self).resolve('tsx/package.json');
  const tsxApi = pathToFileURL(path.join(path.dirname(tsxPackage), 'dist/esm/api/index.mjs')).href;
  const source = new URL('./import-worker.ts', self).href;
  return {
    entry: `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(self)}));`,
    eval: true,
  };
}

export type ReadResult = Extract<WorkerAnswer, { ok: true }> | { ok: false; reason: string };

interface StartedWorker {
  worker: Worker;
  /** Set when the worker died before it was given a file (it is then never used). */
  exited: boolean;
}

/**
 * Parses uploads in worker threads, one file per worker, under the memory and time limits.
 * With `warm()` one spare worker is started ahead of time (module loading is most of a cold
 * worker's cost) and replaced after every file — also after a hostile file, a crash or a
 * timeout, since the worker that read it is always terminated.
 */
export function createSpreadsheetReader(limits: ReaderLimits = DEFAULT_READER_LIMITS) {
  let running = 0;
  const waiting: Array<() => void> = [];
  let keepWarm = false;
  let closed = false;
  let spare: StartedWorker | null = null;
  const live = new Set<Worker>();

  async function slot(): Promise<() => void> {
    if (running >= limits.concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    return () => {
      running--;
      waiting.shift()?.();
    };
  }

  function start(): StartedWorker {
    const location = workerLocation();
    const worker = new Worker(location.entry, {
      eval: location.eval,
      workerData: null,
      resourceLimits: {
        maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: 32,
        stackSizeMb: 4,
      },
      stdout: true,
      stderr: true,
    });
    const started: StartedWorker = { worker, exited: false };
    live.add(worker);
    worker.once('exit', () => {
      started.exited = true;
      live.delete(worker);
      if (spare === started) spare = null;
    });
    // An idle spare neither keeps the process alive nor turns an early failure into a crash.
    worker.on('error', () => undefined);
    worker.unref();
    return started;
  }

  function refill() {
    if (keepWarm && !closed && !spare) spare = start();
  }

  function runWorker(buffer: Buffer, kind: SpreadsheetKind, formulas: boolean): Promise<ReadResult> {
    const taken = spare && !spare.exited ? spare : start();
    if (taken === spare) spare = null;
    const { worker } = taken;
    worker.ref();
    return new Promise((resolve) => {
      let settled = false;
      const finish = (result: ReadResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
        void worker.terminate();
        refill();
      };
      const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), limits.timeoutMs);
      worker.once('message', (answer: WorkerAnswer) => finish(answer));
      worker.once('error', (error) => finish({ ok: false, reason: error.message }));
      worker.once('exit', (code) => finish({ ok: false, reason: `exit ${code}` }));
      worker.postMessage({ buffer, kind, formulas });
    });
  }

  return {
    /**
     * Parses the first sheet into rows of plain values; never throws. `formulas`: also answer
     * which cells hold a formula (formulaCells).
     */
    async read(
      buffer: Buffer,
      kind: SpreadsheetKind,
      options: { formulas?: boolean } = {},
    ): Promise<ReadResult> {
      const release = await slot();
      try {
        return await runWorker(buffer, kind, options.formulas ?? false);
      } finally {
        release();
      }
    },
    /** Keeps one started worker ready from now on (the server calls it at start-up). */
    warm() {
      keepWarm = true;
      refill();
    },
    /** Thread id of the started worker waiting for the next file, if any (tests, bench). */
    spareThreadId: () => (spare && !spare.exited ? spare.worker.threadId : null),
    /** Stops the spare and any parse still running. */
    async close() {
      closed = true;
      spare = null;
      await Promise.all([...live].map((worker) => worker.terminate()));
    },
  };
}

export type SpreadsheetReader = ReturnType<typeof createSpreadsheetReader>;
