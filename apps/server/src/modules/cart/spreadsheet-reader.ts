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

export function createSpreadsheetReader(limits: ReaderLimits = DEFAULT_READER_LIMITS) {
  let running = 0;
  const waiting: Array<() => void> = [];

  async function slot(): Promise<() => void> {
    if (running >= limits.concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    return () => {
      running--;
      waiting.shift()?.();
    };
  }

  function runWorker(buffer: Buffer, kind: SpreadsheetKind): Promise<ReadResult> {
    const location = workerLocation();
    return new Promise((resolve) => {
      let settled = false;
      const finish = (result: ReadResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
        void worker.terminate();
      };
      const worker = new Worker(location.entry, {
        eval: location.eval,
        workerData: { buffer, kind },
        resourceLimits: {
          maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb,
          maxYoungGenerationSizeMb: 32,
          stackSizeMb: 4,
        },
        stdout: true,
        stderr: true,
      });
      const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), limits.timeoutMs);
      worker.once('message', (answer: WorkerAnswer) => finish(answer));
      worker.once('error', (error) => finish({ ok: false, reason: error.message }));
      worker.once('exit', (code) => finish({ ok: false, reason: `exit ${code}` }));
    });
  }

  return {
    /** Parses the first sheet into rows of plain values; never throws. */
    async read(buffer: Buffer, kind: SpreadsheetKind): Promise<ReadResult> {
      const release = await slot();
      try {
        return await runWorker(buffer, kind);
      } finally {
        release();
      }
    },
  };
}

export type SpreadsheetReader = ReturnType<typeof createSpreadsheetReader>;
