// HTTP floor: /healthz of the real server against a bare node:http server (the baseline), both in
// their own process on 127.0.0.1, interleaved in the same run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startBareServer } from './bare-server';
import { median, rows } from './report';
import { startServer } from './server-process';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10) / 2;

async function load(url: string, seconds: number) {
  const result = await autocannon({ url, connections: 50, duration: seconds, method: 'GET' });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    errors: result.errors + result.non2xx,
  };
}

export async function httpScenario() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-http-'));
  const server = await startServer({ DATA_DIR: dataDir, DEMO_DATA: 'false' });
  const bare = await startBareServer();
  const ours: Array<Awaited<ReturnType<typeof load>>> = [];
  const theirs: Array<Awaited<ReturnType<typeof load>>> = [];
  let rssMiB: number | undefined;
  try {
    await load(`${server.url}/healthz`, 2);
    await load(bare.url, 2);
    for (let round = 0; round < 3; round++) {
      theirs.push(await load(bare.url, SECONDS));
      ours.push(await load(`${server.url}/healthz`, SECONDS));
    }
    rssMiB = server.rssKiB() / 1024;
  } finally {
    await server.stop();
    await bare.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const value = median(ours.map((run) => run.rps));
  const baseline = median(theirs.map((run) => run.rps));
  const errors = [...ours, ...theirs].reduce((sum, run) => sum + run.errors, 0);
  rows.push({
    scenario: 'http floor',
    metric: `GET /healthz req/s at 50 connections, median of 3 × ${SECONDS} s (${errors} errors)`,
    value,
    unit: 'req/s',
    median: median(ours.map((run) => run.p50)),
    p95: median(ours.map((run) => run.p975)),
    percentile: 'p97.5',
    ...(rssMiB === undefined ? {} : { rssMiB }),
    baseline: { name: 'bare node:http', value: baseline },
    ratio: value / baseline,
    target: '≥ 0.9×',
    pass: value / baseline >= 0.9 && errors === 0,
  });
}
