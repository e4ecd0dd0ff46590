/**
 * One line of the results table. `value`/`unit` is the headline figure; the table puts it in the
 * column its unit names (ms → median, or p95 when the metric says p95/p97.5; req/s; MiB) unless
 * the explicit columns below are given.
 */
export interface Row {
  scenario: string;
  metric: string;
  value: number;
  unit: string;
  median?: number;
  /** A tail latency in ms; `percentile` says which one (autocannon reports p97.5, not p95). */
  p95?: number;
  percentile?: 'p95' | 'p97.5';
  p99?: number;
  rps?: number;
  /** Server resident memory, MiB. */
  rssMiB?: number;
  baseline?: { name: string; value: number };
  ratio?: number;
  target?: string;
  pass?: boolean;
}

/** Rows of the scenario being run; bench/run.ts takes them after each scenario. */
export const rows: Row[] = [];
/** Free-form Markdown (EXPLAIN plans …) of the scenario being run, written below the table. */
export const notes: string[] = [];

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** Whole numbers from 100 up, two decimals below (a 0.42 ms median keeps its digits). */
export const formatNumber = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2));

/** The Markdown cells of a row: median | p95 | req/s | memory | baseline | ratio | target | pass. */
export function tableCells(row: Row): string[] {
  const unit = row.unit;
  const tail = /p97\.5/.test(row.metric) ? 'p97.5' : /\bp95\b/.test(row.metric) ? 'p95' : undefined;
  const median =
    row.median ??
    (unit === 'ms' && !tail && !/\bp99\b/.test(row.metric)
      ? row.value
      : !['ms', 'req/s', 'MiB'].includes(unit)
        ? row.value
        : undefined);
  const medianUnit = row.median !== undefined || unit === 'ms' ? 'ms' : unit;
  const p95 = row.p95 ?? (unit === 'ms' && tail ? row.value : undefined);
  const which = row.percentile ?? tail ?? 'p95';
  const rps = row.rps ?? (unit === 'req/s' ? row.value : undefined);
  const rss = row.rssMiB ?? (unit === 'MiB' ? row.value : undefined);
  const dash = (value: number | undefined, suffix = '') =>
    value === undefined ? '–' : `${formatNumber(value)}${suffix}`;
  return [
    dash(median, ` ${medianUnit}`),
    p95 === undefined
      ? '–'
      : `${formatNumber(p95)} ms${which === 'p97.5' ? ' (p97.5)' : ''}${row.p99 !== undefined ? `; p99 ${formatNumber(row.p99)}` : ''}`,
    dash(rps),
    dash(rss, ' MiB'),
    row.baseline ? `${formatNumber(row.baseline.value)} ${unit} (${row.baseline.name})` : '–',
    row.ratio === undefined ? '–' : `${row.ratio.toFixed(2)}×`,
    row.target ?? '–',
    row.pass === undefined ? '–' : row.pass ? 'yes' : '**NO**',
  ];
}
