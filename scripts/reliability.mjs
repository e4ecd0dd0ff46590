#!/usr/bin/env node
// `npm run test:reliability`: the reliability suite (apps/server/test/reliability, issue 8) on
// PGlite and — when TEST_DATABASE_URL is set — on PostgreSQL, then one table of the headline
// figures each check left in test-results/reliability/<check>.<database>.json.
// `npm test` runs the same files in its own vitest run and prints the table through
// printReliabilityTable (exported here).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIGURES_DIR = path.join(root, 'test-results/reliability');
const BOTH = ['pglite', 'postgres'];

/** Every check the suite must produce figures for, its issue 8 item and the databases it runs on. */
export const EXPECTED_CHECKS = [
  { check: 'access-walk', item: 1, databases: BOTH },
  // The back office's roles (issue 14): every staff route × role, token kinds, second factor.
  { check: 'staff-access-walk', item: 1, databases: BOTH },
  { check: 'fuzz', item: 2, databases: BOTH },
  { check: 'concurrency', item: 3, databases: ['postgres'] },
  { check: 'crash-consistency', item: 4, databases: BOTH },
  { check: 'outage', item: 4, databases: ['postgres'] },
  { check: 'hang', item: 4, databases: ['postgres'] },
  { check: 'sigterm', item: 4, databases: BOTH },
  { check: 'hostile-files', item: 5, databases: BOTH },
  { check: 'session-defences', item: 6, databases: BOTH },
  // Written by the browser suite's global setup (e2e/support/global-setup.ts), not by vitest here.
  { check: 'log-secrets', item: 6, databases: ['pglite'], source: 'e2e' },
  { check: 'payment-callbacks', item: 7, databases: BOTH },
  // The same for WeChat Pay v3 and Alipay through their real adapters and simulators (issue 19).
  { check: 'provider-notifications', item: 7, databases: BOTH },
];

function readFigures() {
  if (!fs.existsSync(FIGURES_DIR)) return [];
  return fs
    .readdirSync(FIGURES_DIR)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => {
      try {
        return [JSON.parse(fs.readFileSync(path.join(FIGURES_DIR, name), 'utf8'))];
      } catch {
        return [];
      }
    });
}

const formatFigures = (figures) =>
  Object.entries(figures)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');

/**
 * Prints one row per check × database with its last figures, and a loud line for each expected
 * row that has none — or only figures older than `since` (a Date: the start of this run).
 * `databases`: the databases this run covered. Answers how many expected rows are missing;
 * rows of the browser suite count only when `withE2e` is set.
 */
export function printReliabilityTable({ since, databases = BOTH, withE2e = false } = {}) {
  const found = readFigures();
  const rows = [];
  const missing = [];
  for (const expected of EXPECTED_CHECKS) {
    for (const database of expected.databases) {
      const record = found.find((entry) => entry.check === expected.check && entry.database === database);
      const stale = record && since && new Date(record.at) < since;
      const counted = databases.includes(database) && (expected.source !== 'e2e' || withE2e);
      if (!record || (stale && counted)) {
        if (counted) missing.push({ ...expected, database, last: record?.at });
        else
          rows.push([
            `${expected.check} (${expected.item})`,
            database,
            record ? record.at.slice(0, 16) : '–',
            'not run here',
          ]);
        continue;
      }
      rows.push([
        `${expected.check} (${expected.item})`,
        database,
        `${record.at.slice(0, 16).replace('T', ' ')}${stale ? ' (older run)' : ''}`,
        formatFigures(record.figures),
      ]);
    }
  }
  const extra = found.filter((entry) => !EXPECTED_CHECKS.some((expected) => expected.check === entry.check));
  for (const entry of extra) {
    rows.push([
      `${entry.check} (?)`,
      entry.database,
      entry.at.slice(0, 16).replace('T', ' '),
      formatFigures(entry.figures),
    ]);
  }
  const header = ['check (item)', 'database', 'figures from (UTC)', 'headline figures'];
  const widths = [0, 1, 2].map((column) =>
    Math.max(header[column].length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells) =>
    cells.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]) : cell)).join(' | ');
  console.log('\nReliability suite (issue 8) — headline figures; pass criteria in docs/RELIABILITY.md');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-') + '-|-' + '-'.repeat(16));
  for (const row of rows) console.log(line(row));
  for (const entry of missing) {
    console.log(
      `\n!!! NO FIGURES: ${entry.check} (item ${entry.item}) on ${entry.database} produced none in this run` +
        (entry.last ? ` (last figures from ${entry.last})` : '') +
        (entry.source === 'e2e' ? ' — it comes from the browser suite (npm run test:e2e)' : ''),
    );
  }
  return missing.length;
}

// Run as a script (not when test.mjs imports the table printer).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ci = ['1', 'true'].includes(String(process.env.CI).toLowerCase());
  const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
  if (!withPostgres) {
    console.warn(
      '\n!!! SKIPPED PostgreSQL: TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test)\n',
    );
  }
  const since = new Date();
  const projects = withPostgres ? ['server', 'server-postgres'] : ['server'];
  const status =
    spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/vitest/vitest.mjs'),
        'run',
        ...projects.flatMap((project) => ['--project', project]),
        'apps/server/test/reliability',
        ...process.argv.slice(2),
      ],
      { cwd: root, stdio: 'inherit' },
    ).status ?? 1;
  // Extra arguments narrow the run (a file, -t …): then missing rows are expected, not failures.
  const narrowed = process.argv.length > 2;
  const missing = printReliabilityTable({ since, databases: withPostgres ? BOTH : ['pglite'] });
  const failed = status !== 0 || (!narrowed && missing > 0) || (ci && !withPostgres);
  console.log(failed ? '\nReliability suite FAILED.' : '\nReliability suite passed.');
  process.exit(failed ? 1 : 0);
}
