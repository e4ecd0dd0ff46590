// Issue 20, the HTTP floor per request: the server CPU one GET /healthz costs (utime + stime of the
// server process over the load, from /proc/<pid>/stat, divided by the answers) for our server and
// the baselines below, each in its own process, rounds interleaved so a busy shared machine weighs
// on all of them alike. CPU per request, not req/s: with autocannon on the same two cores, req/s
// follows whoever has the cores at that moment (docs/PERFORMANCE.md, "HTTP floor").
//
//   node --import tsx bench/http-floor.ts [rounds]
//
// Servers: bare node:http (`{"status":"ok"}`, 2 headers — the ratio's baseline), bare node:http
// sending our security headers and a request id, plain Fastify, plain Fastify with our headers
// and request id in one onRequest hook, this checkout's built server, and with BASELINE_ROOT
// another checkout's built server (the code before a change). BENCH_SECONDS (default 3) per load,
// HTTP_ENV extra environment for our servers as JSON (e.g. `{"METRICS":"true","LOG_LEVEL":"info"}`),
// AB_PIN=1 pins this process (the load generator) to CPU 0 and every server to CPU 1.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { computeSecurityHeaders } from '../apps/server/src/platform/security-headers';
import { cpuOf, pin } from './process-cpu';
import { median } from './report';
import { ROOT, startServer } from './server-process';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.argv[2] ?? 3);
const PIN = process.env.AB_PIN === '1';
const EXTRA_ENV = JSON.parse(process.env.HTTP_ENV ?? '{}') as Record<string, string>;
const baselineRoot = process.env.BASELINE_ROOT;

interface Target {
  name: string;
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** A small server from source in its own process (modules resolve from the repository root). */
async function startInline(name: string, source: string, env: Record<string, string> = {}): Promise<Target> {
  const port = 20_000 + Math.floor(Math.random() * 4000);
  const child: ChildProcess = spawn(process.execPath, ['-e', source], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return {
    name,
    url: `http://127.0.0.1:${port}/`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const listen = `.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('up'))`;
const listenFastify = `.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => console.log('up'))`;
const headersFromEnv = `const headers = JSON.parse(process.env.FLOOR_HEADERS); const { randomUUID } = require('node:crypto');`;

const BARE = `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"status":"ok"}'); })${listen};`;
const BARE_HEADERS = `${headersFromEnv}
require('node:http').createServer((q, s) => {
  for (const [name, value] of headers) s.setHeader(name, value);
  s.setHeader('x-request-id', randomUUID());
  s.setHeader('content-type', 'application/json');
  s.end('{"status":"ok"}');
})${listen};`;
const FASTIFY = `const app = require('fastify')({ logger: false });
app.get('/', async () => ({ status: 'ok' }));
app${listenFastify};`;
const FASTIFY_HEADERS = `${headersFromEnv}
const app = require('fastify')({ logger: false, genReqId: () => randomUUID() });
app.addHook('onRequest', (request, reply, done) => {
  for (const [name, value] of headers) reply.raw.setHeader(name, value);
  reply.raw.setHeader('x-request-id', request.id);
  done();
});
app.get('/', async () => ({ status: 'ok' }));
app${listenFastify};`;

async function startOurs(name: string, root: string): Promise<Target & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-floor-'));
  const server = await startServer(
    { DATA_DIR: dataDir, DEMO_DATA: 'false', IMPORT_WORKER_WARM: 'false', ...EXTRA_ENV },
    { root },
  );
  return {
    name,
    url: `${server.url}/healthz`,
    pid: server.child.pid!,
    dataDir,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function measure(target: Target, seconds: number) {
  const before = cpuOf(target.pid);
  const started = performance.now();
  const result = await autocannon({ url: target.url, connections: 50, duration: seconds, method: 'GET' });
  const cpuUs = cpuOf(target.pid) - before;
  const requests = Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    cpuUsPerRequest: cpuUs / requests,
    secondsPerRequest: (performance.now() - started) / 1000 / requests,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function main() {
  if (PIN) pin(process.pid, 0);
  const headers = await computeSecurityHeaders();
  const headerEnv = { FLOOR_HEADERS: JSON.stringify(headers) };
  const targets: Target[] = [];
  try {
    targets.push(await startInline('bare node:http', BARE));
    targets.push(
      await startInline(`bare node:http + our ${headers.length + 1} headers`, BARE_HEADERS, headerEnv),
    );
    targets.push(await startInline('plain Fastify', FASTIFY));
    targets.push(await startInline('plain Fastify + our headers hook', FASTIFY_HEADERS, headerEnv));
    // Fastify with a logger (pino at warn, as the bench runs ours): a child logger and two
    // response listeners per request, whatever the level.
    targets.push(
      await startInline(
        'plain Fastify + our headers hook + pino at warn',
        FASTIFY_HEADERS.replace('logger: false', "logger: { level: 'warn' }"),
        headerEnv,
      ),
    );
    if (baselineRoot) targets.push(await startOurs(`ours A (${path.basename(baselineRoot)})`, baselineRoot));
    targets.push(await startOurs(`ours B (${path.basename(ROOT)})`, ROOT));
    if (PIN) for (const target of targets) pin(target.pid, 1);
    for (const target of targets) await measure(target, 1);
    // What each server spends with no request at all (our job queue polls its database; with
    // PGlite that runs in the server process): counted in the load's CPU, shown on its own.
    const idleBefore = targets.map((target) => cpuOf(target.pid));
    const idleStarted = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idleSeconds = (performance.now() - idleStarted) / 1000;
    const idleUsPerSecond = targets.map((target, i) => (cpuOf(target.pid) - idleBefore[i]!) / idleSeconds);

    const results = new Map<string, Array<Awaited<ReturnType<typeof measure>>>>();
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate the order, so no server always follows the same one.
      const order = round % 2 === 0 ? targets : [...targets].reverse();
      for (const target of order) {
        const run = await measure(target, SECONDS);
        results.set(target.name, [...(results.get(target.name) ?? []), run]);
      }
    }

    const load = os.loadavg().map((value) => value.toFixed(1));
    console.log(
      `\n${ROUNDS} rounds × ${SECONDS} s, 50 connections, pinned ${PIN ? 'yes' : 'no'}, load ${load.join(' ')}, ` +
        `${new Date().toISOString()}${Object.keys(EXTRA_ENV).length > 0 ? `, env ${JSON.stringify(EXTRA_ENV)}` : ''}`,
    );
    const bare = median(results.get(targets[0]!.name)!.map((run) => run.cpuUsPerRequest));
    console.log(
      '| server | CPU µs per request (median; each round) | vs bare node:http | idle CPU µs/s | ' +
        'per request without idle CPU | req/s median | errors |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    targets.forEach((target, i) => {
      const runs = results.get(target.name)!;
      const cpu = median(runs.map((run) => run.cpuUsPerRequest));
      const each = runs.map((run) => run.cpuUsPerRequest.toFixed(1)).join(', ');
      const idle = idleUsPerSecond[i]!;
      const withoutIdle = median(runs.map((run) => run.cpuUsPerRequest - idle * run.secondsPerRequest));
      const errors = runs.reduce((sum, run) => sum + run.errors, 0);
      console.log(
        `| ${target.name} | ${cpu.toFixed(1)} (${each}) | ${(bare / cpu).toFixed(2)}× | ${idle.toFixed(0)} | ` +
          `${withoutIdle.toFixed(1)} | ${median(runs.map((run) => run.rps)).toFixed(0)} | ${errors} |`,
      );
    });
  } finally {
    for (const target of targets) await target.stop();
  }
}

await main();
