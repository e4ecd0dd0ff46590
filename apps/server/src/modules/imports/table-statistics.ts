import type { RowResult } from './import-core';

/**
 * Fresh planner statistics after a bulk write (issue 20 item 3). Right after an ERP's first
 * catalogue load (100,000 products through /api/v1 in ~16 s) the tables had rows but no
 * statistics: autovacuum analyzes a table only on its next round (60 s naptime), and PGlite has
 * no autovacuum at all. Until then the planner guesses, and it guessed wrong: the OE search
 * hash-joined every product of the account (431 ms for one search on 100,000 parts, 718 ms p95
 * under load in the api-batch bench) instead of two index lookups (docs/PERFORMANCE.md). So a
 * writer that wrote many rows analyzes the tables it wrote, itself:
 *
 * - only when the rows written since the last ANALYZE exceed `fraction` of the table (its
 *   estimated rows; none for a table never analyzed) and at least `minRows` — autovacuum's rule;
 * - at most once per `intervalMs` per table: a write inside the interval schedules one trailing
 *   ANALYZE at its end, so the statistics of a load are fresh at most `intervalMs` after it.
 *
 * The leading ANALYZE runs before `written` resolves (the caller's answer waits for it: the
 * batch that took a table past the threshold answers once the table is plannable); trailing ones
 * run on a timer that does not keep the process alive, and a failure there (the database closed
 * meanwhile) is only reported.
 */
export interface StatisticsDeps {
  /** Estimated rows of each table (pg_class.reltuples; < 0 when never analyzed). */
  estimatedRows(tables: readonly AnalyzedTable[]): Promise<Map<string, number>>;
  analyze(table: AnalyzedTable): Promise<void>;
  now?: () => number;
  intervalMs?: number;
  fraction?: number;
  minRows?: number;
  onError?: (error: unknown) => void;
}

/** Tables whose statistics the catalogue search and hydration plans depend on. */
export const ANALYZED_TABLES = [
  'products',
  'product_numbers',
  'fitments',
  'stock',
  'company_prices',
] as const;
export type AnalyzedTable = (typeof ANALYZED_TABLES)[number];

const DEFAULT_INTERVAL_MS = 10_000;
const DEFAULT_FRACTION = 0.1;
const DEFAULT_MIN_ROWS = 500;

export function createTableStatistics(deps: StatisticsDeps) {
  const now = deps.now ?? Date.now;
  const intervalMs = deps.intervalMs ?? DEFAULT_INTERVAL_MS;
  const fraction = deps.fraction ?? DEFAULT_FRACTION;
  const minRows = deps.minRows ?? DEFAULT_MIN_ROWS;
  const pending = new Map<AnalyzedTable, number>();
  const lastRun = new Map<AnalyzedTable, number>();
  const timers = new Map<AnalyzedTable, NodeJS.Timeout>();
  const running = new Map<AnalyzedTable, Promise<void>>();

  async function analyze(table: AnalyzedTable) {
    const earlier = running.get(table);
    if (earlier) await earlier;
    pending.set(table, 0);
    lastRun.set(table, now());
    const run = deps.analyze(table).finally(() => running.delete(table));
    running.set(table, run);
    await run;
  }

  function trailing(table: AnalyzedTable, delay: number) {
    if (timers.has(table)) return;
    const timer = setTimeout(() => {
      timers.delete(table);
      if ((pending.get(table) ?? 0) > 0) analyze(table).catch((error) => deps.onError?.(error));
    }, delay);
    timer.unref();
    timers.set(table, timer);
  }

  return {
    /** After a commit: the rows written into each table (created or changed). */
    async written(rows: Partial<Record<AnalyzedTable, number>>) {
      const tables: AnalyzedTable[] = [];
      for (const table of ANALYZED_TABLES) {
        const count = rows[table];
        if (!count) continue;
        const total = (pending.get(table) ?? 0) + count;
        pending.set(table, total);
        if (total >= minRows) tables.push(table);
      }
      if (tables.length === 0) return;
      const estimated = await deps.estimatedRows(tables);
      for (const table of tables) {
        if ((pending.get(table) ?? 0) <= fraction * Math.max(0, estimated.get(table) ?? 0)) continue;
        const since = now() - (lastRun.get(table) ?? -Infinity);
        if (since >= intervalMs) await analyze(table);
        else trailing(table, intervalMs - since);
      }
    },

    /** Stops the trailing ANALYZEs not yet started (the database is closing). */
    close() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

export type TableStatistics = ReturnType<typeof createTableStatistics>;

/**
 * The process's one tracker over the repositories: the file import and the /api/v1 batches write
 * the same tables, so they share the counts and the once-per-interval rule (app.ts builds it once).
 */
export function createRepositoryStatistics(repos: {
  imports: { estimatedRows: StatisticsDeps['estimatedRows']; analyze: StatisticsDeps['analyze'] };
}): TableStatistics {
  return createTableStatistics({
    estimatedRows: (tables) => repos.imports.estimatedRows(tables),
    analyze: (table) => repos.imports.analyze(table),
  });
}

/**
 * The rows a catalogue write of `kind` wrote into each table, from its row results: created and
 * updated rows. A product row also writes its cross numbers and fitments; their count is not in
 * the results, so those tables are charged the product count — they grow with the products.
 */
export function rowsWritten(
  kind: 'products' | 'stock' | 'prices' | 'deactivate',
  results: readonly Pick<RowResult, 'result'>[],
): Partial<Record<AnalyzedTable, number>> {
  let written = 0;
  for (const result of results) if (result.result === 'created' || result.result === 'updated') written++;
  if (written === 0) return {};
  switch (kind) {
    case 'products':
      return { products: written, product_numbers: written, fitments: written };
    case 'stock':
      return { stock: written };
    case 'prices':
      return { company_prices: written };
    case 'deactivate':
      return { products: written };
  }
}
