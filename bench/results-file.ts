// The merged benchmark results (bench/results/latest.json) and the table rendered from them into
// docs/PERFORMANCE.md. A run of some scenarios replaces only those scenarios' entries, so the
// table always shows every scenario's last result with its own date.
import { formatNumber, tableCells, type Row } from './report';

export interface ScenarioResult {
  /** ISO time the scenario started. */
  date: string;
  machine: string;
  /** Wall-clock run time of the scenario. */
  seconds: number;
  /** 1-minute load average when it started: above the core count, the figures are noisy. */
  loadAverage: number;
  rows: Row[];
  notes: string[];
}

export interface Results {
  updated: string;
  scenarios: Record<string, ScenarioResult>;
}

export const TABLE_START = '<!-- bench:table -->';
export const TABLE_END = '<!-- /bench:table -->';
export const NOTES_START = '<!-- bench:notes -->';
export const NOTES_END = '<!-- /bench:notes -->';

/** Reads a results file; anything else (missing, an older format) starts empty. */
export function parseResults(text: string | undefined): Results {
  if (!text) return { updated: '', scenarios: {} };
  try {
    const parsed = JSON.parse(text) as Partial<Results>;
    if (parsed.scenarios && !Array.isArray(parsed.scenarios) && typeof parsed.scenarios === 'object') {
      return { updated: parsed.updated ?? '', scenarios: parsed.scenarios };
    }
  } catch {
    // a broken file is replaced by the new run
  }
  return { updated: '', scenarios: {} };
}

export function mergeResults(previous: Results, fresh: Record<string, ScenarioResult>, now: Date): Results {
  return { updated: now.toISOString(), scenarios: { ...previous.scenarios, ...fresh } };
}

/** Scenario names in table order: the registry's order, then names only the file still knows. */
function ordered(results: Results, order: readonly string[]) {
  const known = order.filter((name) => results.scenarios[name]);
  const rest = Object.keys(results.scenarios)
    .filter((name) => !order.includes(name))
    .sort();
  return [...known, ...rest];
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderTable(results: Results, order: readonly string[]): string {
  const lines = [
    '| scenario | metric | median | p95 | req/s | memory | baseline (same run) | ratio | target | pass | run |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const runs: string[] = [];
  for (const name of ordered(results, order)) {
    const result = results.scenarios[name]!;
    const day = result.date.slice(0, 10);
    for (const row of result.rows) {
      lines.push(
        `| ${[row.scenario, row.metric, ...tableCells(row), day].map((text) => cell(text)).join(' | ')} |`,
      );
    }
    // Results carried over from before run times were recorded have seconds 0.
    runs.push(
      result.seconds > 0
        ? `\`${name}\` ${result.date.slice(0, 16).replace('T', ' ')} UTC, ${formatNumber(result.seconds)} s, load ${result.loadAverage.toFixed(1)}`
        : `\`${name}\` ${day} (run time not recorded)`,
    );
  }
  const failed = ordered(results, order).flatMap((name) =>
    results.scenarios[name]!.rows.filter((row) => row.pass === false),
  );
  return [
    ...lines,
    '',
    `Runs (start, run time, 1-minute load average at start): ${runs.join('; ')}.`,
    `Machine: ${[...new Set(Object.values(results.scenarios).map((result) => result.machine))].join('; ')}.`,
    `${failed.length} of ${Object.values(results.scenarios).reduce((n, result) => n + result.rows.filter((row) => row.pass !== undefined).length, 0)} targets missed.`,
  ].join('\n');
}

export function renderNotes(results: Results, order: readonly string[]): string {
  return ordered(results, order)
    .filter((name) => results.scenarios[name]!.notes.length > 0)
    .map(
      (name) =>
        `<!-- bench:notes:${name} -->\n${results.scenarios[name]!.notes.join('\n\n')}\n<!-- /bench:notes:${name} -->`,
    )
    .join('\n\n');
}

function replaceBlock(doc: string, start: string, end: string, body: string) {
  const block = `${start}\n${body}\n${end}`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from >= 0 && to > from) return doc.slice(0, from) + block + doc.slice(to + end.length);
  return `${doc.trimEnd()}\n\n${block}\n`;
}

/** Rewrites only the table and notes blocks; every other section of the file stays as it is. */
export function updateDocument(doc: string, results: Results, order: readonly string[]): string {
  const withTable = replaceBlock(doc, TABLE_START, TABLE_END, renderTable(results, order));
  return replaceBlock(withTable, NOTES_START, NOTES_END, renderNotes(results, order));
}
