// Issue 20: the catalogue searches of `bench catalog`, this build against another checkout's build
// (the code before a change) in the same run — rounds interleaved A, B, B, A … so a busy shared
// machine weighs on both alike — with the CPU each search cost the server process and the
// PostgreSQL backends of the bench database.
//
//   BASELINE_ROOT=/path/to/other/worktree node --import tsx bench/search-ab.ts [rounds]
//
// BASELINE_ROOT must hold a built apps/server/dist. BENCH_SECONDS (default 5) per load,
// AB_WORKLOADS (default all) e.g. `exact,OE,prefix`, AB_CONNECTIONS (default `50,5`), AB_ENV_A /
// AB_ENV_B extra environment per side as JSON (BASELINE_ROOT may be this checkout).
// AB_PIN=1 pins this process (the load generator) to CPU 0 and the server and its PostgreSQL
// backends to CPU 1, so req/s and CPU are the server's share of one core.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BENCH_PG_URL, ensureSeeded } from './bench-database';
import { login, sample, searchBodies } from './catalog';
import { loadCalls, type Call } from './load';
import { median } from './report';
import { cpuOf, pin } from './process-cpu';
import { ROOT, startServer, type ServerProcess } from './server-process';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.argv[2] ?? 3);
const PIN = process.env.AB_PIN === '1';
const CONNECTIONS = (process.env.AB_CONNECTIONS ?? '50,5').split(',').map(Number);
const baselineRoot = process.env.BASELINE_ROOT;
if (!baselineRoot) throw new Error('BASELINE_ROOT=/path/to/a/built/checkout is required');
const databaseName = new URL(BENCH_PG_URL).pathname.slice(1);

/** The PostgreSQL backends serving the bench database (their title names it). */
function backendPids(): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      // "postgres: [cluster: ]user database host(port) state"
      if (title.startsWith('postgres: ') && title.includes(` postgres ${databaseName} `))
        pids.push(Number(entry));
    } catch {
      // ended while we looked
    }
  }
  return pids;
}

interface Measure {
  rps: number;
  p50: number;
  p975: number;
  errors: number;
  serverUs: number;
  postgresUs: number;
}

async function measure(server: ServerProcess, token: string, calls: Call[], connections: number) {
  let next = 0;
  const pick = () => calls[next++ % calls.length]!;
  // Warm-up: the pool's connections open, the statements are parsed and planned.
  await loadCalls(server.url, token, pick, { connections, seconds: 1 });
  if (PIN) {
    pin(server.child.pid!, 1);
    for (const pid of backendPids()) pin(pid, 1);
  }
  const backends = backendPids();
  const serverBefore = cpuOf(server.child.pid!);
  const postgresBefore = backends.map(cpuOf);
  const load = await loadCalls(server.url, token, pick, { connections, seconds: SECONDS });
  const requests = Math.max(1, load.requests);
  const postgresAfter = backends.map(cpuOf);
  return {
    rps: load.rps,
    p50: load.p50,
    p975: load.p975,
    errors: load.errors,
    serverUs: (cpuOf(server.child.pid!) - serverBefore) / requests,
    postgresUs:
      postgresAfter.reduce((sum, after, i) => sum + Math.max(0, after - postgresBefore[i]!), 0) / requests,
  } satisfies Measure;
}

async function main() {
  if (PIN) pin(process.pid, 0);
  const client = new pg.Client({ connectionString: BENCH_PG_URL });
  await client.connect();
  await ensureSeeded(client);
  const queries = await sample(client);
  await client.end();
  const all: Record<string, Call[]> = {
    exact: searchBodies(queries.exact),
    OE: searchBodies(queries.oe),
    prefix: searchBodies(queries.prefix),
    infix: searchBodies(queries.infix),
    vehicle: queries.vehicles.map((vehicleId) => ({
      path: '/api/Web/GetProductList',
      body: JSON.stringify({ keyword: '', vehicle: { vehicleId }, page: 1, pageSize: 20 }),
    })),
    detail: queries.ids.map((id) => ({ path: `/api/Web/GetProductDetail/${id}`, body: '{}' })),
  };
  const names = (process.env.AB_WORKLOADS ?? Object.keys(all).join(',')).split(',');
  const env = { DATABASE_URL: BENCH_PG_URL, DEMO_DATA: 'false' };
  // AB_ENV_A / AB_ENV_B: JSON of extra environment for one side (e.g. `{"LOG_LEVEL":"info"}`).
  const extra = (side: 'A' | 'B') =>
    JSON.parse(process.env[`AB_ENV_${side}`] ?? '{}') as Record<string, string>;
  const servers = {
    A: await startServer({ ...env, ...extra('A') }, { root: path.resolve(baselineRoot!) }),
    B: await startServer({ ...env, ...extra('B') }, { root: ROOT }),
  };
  const results: Record<string, Record<'A' | 'B', Measure[]>> = {};
  // The machine's share of the figures: its 1-minute load average before and after (and per round).
  const loads: string[] = [`${new Date().toISOString().slice(11, 16)} UTC ${os.loadavg()[0]!.toFixed(2)}`];
  try {
    const tokens = { A: await login(servers.A), B: await login(servers.B) };
    for (let round = 0; round < ROUNDS; round++) {
      console.log(`round ${round + 1}: 1-minute load average ${os.loadavg()[0]!.toFixed(2)}`);
      const order = round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const);
      for (const name of names) {
        for (const connections of CONNECTIONS) {
          const key = `${name} @${connections}`;
          results[key] ??= { A: [], B: [] };
          for (const side of order) {
            const result = await measure(servers[side], tokens[side], all[name]!, connections);
            results[key][side].push(result);
            console.log(
              `round ${round + 1} ${key} ${side}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p97.5 ${result.p975} ms, server ${result.serverUs.toFixed(0)} µs + PostgreSQL ${result.postgresUs.toFixed(0)} µs per request, ${result.errors} errors`,
            );
          }
        }
      }
    }
  } finally {
    await servers.A.stop();
    await servers.B.stop();
  }
  const med = (list: Measure[], field: keyof Measure) => median(list.map((item) => item[field]));
  console.log(
    `\n| workload @connections | req/s A → B (×) | p50 A → B | p97.5 A → B | server CPU/req A → B | PostgreSQL CPU/req A → B |\n| --- | --- | --- | --- | --- | --- |`,
  );
  for (const [key, { A, B }] of Object.entries(results)) {
    const f = (field: keyof Measure, unit: string) =>
      `${med(A, field).toFixed(field === 'rps' ? 0 : 1)} → ${med(B, field).toFixed(field === 'rps' ? 0 : 1)}${unit}`;
    console.log(
      `| ${key} | ${f('rps', '')} (${(med(B, 'rps') / med(A, 'rps')).toFixed(2)}×) | ${f('p50', ' ms')} | ${f('p975', ' ms')} | ${f('serverUs', ' µs')} | ${f('postgresUs', ' µs')} |`,
    );
  }
  loads.push(`${new Date().toISOString().slice(11, 16)} UTC ${os.loadavg()[0]!.toFixed(2)}`);
  console.log(`\n1-minute load average: ${loads.join(' → ')}`);
  console.log(
    `\n${ROUNDS} rounds × ${SECONDS} s per load, medians; A = ${baselineRoot}, B = ${ROOT}${PIN ? '; load generator on CPU 0, server + PostgreSQL backends on CPU 1' : ''}.`,
  );
}

await main();
process.exit(0);
