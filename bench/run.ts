// `npm run bench [-- scenario …]`: runs benchmark scenarios against servers on 127.0.0.1 only,
// bounded in time, merges their rows into bench/results/latest.json (a scenario that ran replaces
// only its own rows) and regenerates the one table of docs/PERFORMANCE.md from that file.
// Figures are medians or percentiles, next to a baseline measured in the same run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiBatchScenario } from './api-batch';
import { backOfficeScenario } from './back-office';
import { ensurePgliteCopy } from './bench-database';
import { cartScenario } from './cart';
import { compressionScenario } from './compression';
import { catalogScenario } from './catalog';
import { dashboardScenario } from './dashboard';
import { fileImportScenario } from './file-import';
import { httpScenario } from './http';
import { importScenario } from './import';
import { importBrowserScenario } from './import-browser';
import { jobQueueScenario } from './job-queue';
import { loginScenario } from './login';
import { mixedScenario } from './mixed';
import { recordsScenario } from './records';
import { scaleScenario } from './scale';
import { notes, rows } from './report';
import { mergeResults, parseResults, renderTable, updateDocument, type ScenarioResult } from './results-file';
import { ROOT } from './server-process';
import { startupScenario } from './startup';
import { webScenario } from './web';
import { webhooksScenario } from './webhooks';

/** Every scenario by name, in table order. A new one is one line here. */
const scenarios: Record<string, () => Promise<void>> = {
  http: httpScenario,
  compression: compressionScenario,
  startup: startupScenario,
  login: loginScenario,
  catalog: catalogScenario,
  cart: cartScenario,
  import: importScenario,
  'file-import': fileImportScenario,
  'import-browser': importBrowserScenario,
  'api-batch': apiBatchScenario,
  jobs: jobQueueScenario,
  webhooks: webhooksScenario,
  records: recordsScenario,
  dashboard: dashboardScenario,
  'back-office': backOfficeScenario,
  mixed: mixedScenario,
  scale: scaleScenario,
  web: webScenario,
};

const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const names = wanted.length > 0 ? wanted : Object.keys(scenarios);
const unknown = names.filter((name) => !scenarios[name]);
if (unknown.length > 0) {
  console.error(`Unknown scenario "${unknown.join('", "')}". Known: ${Object.keys(scenarios).join(', ')}`);
  process.exit(2);
}

// The full run includes the PGlite comparison on a persistent 1M-part copy (seeded once, slow);
// a run of named scenarios compares only when BENCH_PGLITE_DIR is set.
if (wanted.length === 0) process.env.BENCH_PGLITE_DIR ??= path.join(ROOT, 'bench/.data/pglite-1m');

// Before any timer starts: seeding is not part of a scenario's run time.
if (names.includes('catalog') && process.env.BENCH_PGLITE_DIR) ensurePgliteCopy(process.env.BENCH_PGLITE_DIR);

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
const fresh: Record<string, ScenarioResult> = {};
const failures: string[] = [];
const runStarted = performance.now();
for (const name of names) {
  rows.length = 0;
  notes.length = 0;
  const date = new Date().toISOString();
  const loadAverage = os.loadavg()[0] ?? 0;
  const started = performance.now();
  console.log(`▶ ${name} (load average ${loadAverage.toFixed(2)})`);
  try {
    await scenarios[name]!();
  } catch (error) {
    // The others still run; this scenario keeps its previous result in the file.
    console.error(`✗ ${name} failed:`, error);
    failures.push(name);
    continue;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`✓ ${name} in ${seconds.toFixed(0)} s`);
  fresh[name] = { date, machine, seconds, loadAverage, rows: [...rows], notes: [...notes] };
}

console.log(`\n${renderTable({ updated: '', scenarios: fresh }, Object.keys(scenarios))}\n`);
// --no-save: a trial run (small data, a busy machine) that must not replace the recorded figures.
if (process.argv.includes('--no-save')) process.exit(failures.length > 0 ? 1 : 0);

const resultsPath = path.join(ROOT, 'bench/results/latest.json');
const previous = parseResults(fs.existsSync(resultsPath) ? fs.readFileSync(resultsPath, 'utf8') : undefined);
const results = mergeResults(previous, fresh, new Date());
fs.mkdirSync(path.dirname(resultsPath), { recursive: true });
fs.writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);

const order = Object.keys(scenarios);
const docPath = path.join(ROOT, 'docs/PERFORMANCE.md');
const doc = fs.existsSync(docPath) ? fs.readFileSync(docPath, 'utf8') : '# Performance\n';
fs.writeFileSync(docPath, updateDocument(doc, results, order));

console.log(
  `Ran ${Object.keys(fresh).join(', ') || 'nothing'} in ${((performance.now() - runStarted) / 1000).toFixed(0)} s. ` +
    'Results: bench/results/latest.json and docs/PERFORMANCE.md',
);
if (failures.length > 0) {
  console.error(`Failed: ${failures.join(', ')}`);
  process.exit(1);
}
process.exit(0);
