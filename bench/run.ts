// `npm run bench [-- scenario …]`: runs benchmark scenarios against servers on 127.0.0.1 only,
// bounded in time, and writes bench/results/latest.json plus the table in docs/PERFORMANCE.md.
// Figures are medians of repeated runs, each next to a baseline measured in the same run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT, startServer } from './server-process';
import { startBareServer } from './bare-server';
import { catalogScenario } from './catalog';
import { dashboardScenario } from './dashboard';
import { importScenario } from './import';
import { recordsScenario } from './records';
import { median, notes, rows } from './report';

async function load(url: string, seconds: number, connections = 50) {
  const result = await autocannon({ url, connections, duration: seconds, method: 'GET' });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const scenarios: Record<string, () => Promise<void>> = {
  catalog: catalogScenario,
  import: importScenario,
  records: recordsScenario,
  dashboard: dashboardScenario,
  /** HTTP floor: /healthz of the real server against a bare node:http server, same machine, same run. */
  async http() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-http-'));
    const server = await startServer({ DATA_DIR: dataDir, DEMO_DATA: 'false' });
    const bare = await startBareServer();
    const ours: number[] = [];
    const theirs: number[] = [];
    try {
      await load(`${server.url}/healthz`, 2);
      await load(bare.url, 2);
      for (let round = 0; round < 3; round++) {
        theirs.push((await load(bare.url, 5)).rps);
        ours.push((await load(`${server.url}/healthz`, 5)).rps);
      }
    } finally {
      await server.stop();
      await bare.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    const value = median(ours);
    const baseline = median(theirs);
    rows.push({
      scenario: 'http floor',
      metric: 'GET /healthz req/s (50 connections)',
      value,
      unit: 'req/s',
      baseline: { name: 'bare node:http', value: baseline },
      ratio: value / baseline,
      target: '≥ 0.9×',
      pass: value / baseline >= 0.9,
    });
  },

  /** Start-up to ready on an empty database (seeds demo data) and a seeded one, and RSS at rest. */
  async startup() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-start-'));
    try {
      const empty = await startServer({ DATA_DIR: dataDir });
      await empty.stop();
      const seeded: number[] = [];
      const rss: number[] = [];
      for (let round = 0; round < 3; round++) {
        const server = await startServer({ DATA_DIR: dataDir });
        seeded.push(server.readyMs);
        await new Promise((resolve) => setTimeout(resolve, 3000));
        rss.push(server.rssKiB() / 1024);
        await server.stop();
      }
      const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-bare-'));
      const noDemo = await startServer({ DATA_DIR: emptyDir, DEMO_DATA: 'false' });
      await noDemo.stop();
      fs.rmSync(emptyDir, { recursive: true, force: true });
      rows.push({
        scenario: 'start-up',
        metric: 'empty database → ready, incl. seeding 20,000 parts',
        value: empty.readyMs,
        unit: 'ms',
      });
      rows.push({
        scenario: 'start-up',
        metric: 'empty database → ready, no demo data (migrations only)',
        value: noDemo.readyMs,
        unit: 'ms',
      });
      rows.push({
        scenario: 'start-up',
        metric: 'seeded database → ready (median of 3)',
        value: median(seeded),
        unit: 'ms',
      });
      rows.push({
        scenario: 'start-up',
        metric: 'server RSS at rest (median of 3)',
        value: median(rss),
        unit: 'MiB',
      });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const names = wanted.length > 0 ? wanted : Object.keys(scenarios);
for (const name of names) {
  const scenario = scenarios[name];
  if (!scenario) {
    console.error(`Unknown scenario "${name}". Known: ${Object.keys(scenarios).join(', ')}`);
    process.exit(2);
  }
  console.log(`▶ ${name}`);
  await scenario();
}

const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2));
const table = [
  '| scenario | metric | value | baseline | ratio | target | pass |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    (row) =>
      `| ${row.scenario} | ${row.metric} | ${fmt(row.value)} ${row.unit} | ${row.baseline ? `${row.baseline.name}: ${fmt(row.baseline.value)}` : '–'} | ${row.ratio ? `${row.ratio.toFixed(2)}×` : '–'} | ${row.target ?? '–'} | ${row.pass === undefined ? '–' : row.pass ? 'yes' : 'NO'} |`,
  ),
].join('\n');
console.log(table);

fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
fs.writeFileSync(
  path.join(ROOT, 'bench/results/latest.json'),
  JSON.stringify({ date: new Date().toISOString(), machine, scenarios: names, rows }, null, 2),
);
const docPath = path.join(ROOT, 'docs/PERFORMANCE.md');
const doc = fs.existsSync(docPath) ? fs.readFileSync(docPath, 'utf8') : '# Performance\n';
const section = `<!-- bench:${names.join(',')} -->\nLast run ${new Date().toISOString().slice(0, 10)} on ${machine}.\n\n${table}\n\n${notes.join('\n\n')}\n<!-- /bench:${names.join(',')} -->`;
const pattern = new RegExp(`<!-- bench:${names.join(',')} -->[\\s\\S]*?<!-- /bench:${names.join(',')} -->`);
fs.writeFileSync(
  docPath,
  pattern.test(doc) ? doc.replace(pattern, section) : `${doc.trimEnd()}\n\n${section}\n`,
);
console.log(`Results: bench/results/latest.json and docs/PERFORMANCE.md`);
