// Scale-out (issue 16 item 6): the mixed loop (bench/mixed.ts) against 1, 2 and 3 identical
// server processes behind Debian's HAProxy, run with deploy/haproxy/partsportal.cfg (HTTPS, the
// cluster tests' helper), on one PostgreSQL database; and the proxy's per-request overhead (the
// same load straight to one process and through the proxy to that one process). On a 2-core
// machine the processes and PostgreSQL share the same two cores, so more processes cannot mean
// more throughput: what this proves is that any number of processes serve the same buyers with
// 0 errors (statelessness), not speed. Also measured: CPU per request of the server processes and
// of PostgreSQL, and transactions per request — the inputs of docs/DEPLOYMENT.md's sizing table.
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { findHaproxy, startProxy, type Proxy } from '../apps/server/test/cluster/haproxy';
import { freePort } from '../apps/server/test/reliability/crash-server';
import { BENCH_PARTS, BENCH_PG_URL } from './bench-database';
import { prepareMixed, run, signIn, type Target } from './mixed';
import { median, notes, rows } from './report';
import { startServer, type ServerProcess } from './server-process';

const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 20);
const WARM_UP_SECONDS = 5;
const CONNECTIONS = Number(process.env.BENCH_SCALE_CONNECTIONS ?? 30);
/** The overhead runs: one connection, so latency is the request's own, not a queue's. */
const OVERHEAD_SECONDS = 8;
const PROCESSES = 3;
const SCENARIO = `scale-out (PostgreSQL, ${BENCH_PARTS.toLocaleString('en')} parts, HAProxy)`;
const TICKS_PER_SECOND = 100;

/** User + system CPU of a process so far, in ms (0 once it is gone). */
function cpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** What PostgreSQL did for the bench database: its backends' CPU and its transactions. */
async function databaseCounters(client: pg.Client) {
  // Statistics reach pg_stat_database about once a second after a transaction ends.
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  const name = new URL(BENCH_PG_URL).pathname.slice(1);
  const [backends, stats] = await Promise.all([
    client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    ),
    client.query<{ xacts: string }>(
      'select (xact_commit + xact_rollback)::text as xacts from pg_stat_database where datname = $1',
      [name],
    ),
  ]);
  const cpu = new Map(backends.rows.map((row) => [row.pid, cpuMs(row.pid)]));
  return { cpu, xacts: Number(stats.rows[0]?.xacts ?? 0) };
}

interface Measured {
  label: string;
  rps: number;
  p50: number;
  /** Mean latency (ms, fractional: the overhead is below autocannon's 1 ms percentile steps). */
  mean: number;
  p975: number;
  requests: number;
  errors: number;
  orders: number;
  /** CPU per request of the server processes and of PostgreSQL's backends (ms), transactions per request. */
  nodeCpuMs: number;
  pgCpuMs: number;
  xactsPerRequest: number;
}

export async function scaleScenario() {
  const haproxy = findHaproxy();
  if (!haproxy) throw new Error('HAProxy is not installed: apt-get install -y haproxy (.ci/run does)');
  const client = new pg.Client({ connectionString: BENCH_PG_URL });
  await client.connect();
  const data = await prepareMixed(client, CONNECTIONS);
  const servers: ServerProcess[] = [];
  let proxy: Proxy | undefined;
  const results: Measured[] = [];
  let overhead: { direct: number; proxied: number; directRps: number; proxiedRps: number } | undefined;
  const loads: number[] = [];
  try {
    const secret = 'bench-scale-'.padEnd(40, 'x');
    for (let i = 0; i < PROCESSES; i++) {
      servers.push(
        await startServer({
          DATABASE_URL: BENCH_PG_URL,
          DEMO_DATA: 'false',
          CLUSTER: 'true',
          SANDBOX_PAYMENT_SECRET: secret,
          TRUST_PROXY: 'true',
          PORT: String(await freePort()),
          LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '1000000',
          IMPORT_WORKER_WARM: 'false',
        }),
      );
    }
    const ports = servers.map((server) => Number(new URL(server.url).port));
    proxy = await startProxy(haproxy, ports);
    const states = async (want: Record<string, string>) => {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const now = await proxy!.serverStates();
        if (Object.entries(want).every(([name, state]) => now[name] === state)) return;
        if (Date.now() > deadline)
          throw new Error(`HAProxy states ${JSON.stringify(now)}, wanted ${JSON.stringify(want)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    await states({ app1: 'UP', app2: 'UP', app3: 'UP' });
    const viaProxy: Target = { url: proxy.httpsUrl };
    // Signed in on process 1, then used on every process: the session is the database's.
    const tokens = await signIn({ url: servers[0]!.url }, data.userIds);
    // Warm-up of all three (JIT, pools) before anything is measured.
    await run(viaProxy, tokens, data.parts, CONNECTIONS, WARM_UP_SECONDS);

    const measure = async (label: string, target: Target, connections: number, seconds: number) => {
      loads.push(os.loadavg()[0] ?? 0);
      const pids = servers.map((server) => server.child.pid!);
      const nodeBefore = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
      const dbBefore = await databaseCounters(client);
      const result = await run(target, tokens, data.parts, connections, seconds);
      const nodeAfter = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
      const dbAfter = await databaseCounters(client);
      let pgCpu = 0;
      for (const [pid, after] of dbAfter.cpu) pgCpu += after - (dbBefore.cpu.get(pid) ?? 0);
      const requests = Math.max(1, result.requests);
      const measured: Measured = {
        label,
        rps: result.rps,
        p50: result.p50,
        mean: result.mean,
        p975: result.p975,
        requests: result.requests,
        errors: result.errors,
        orders: result.orders,
        nodeCpuMs: (nodeAfter - nodeBefore) / requests,
        pgCpuMs: pgCpu / requests,
        xactsPerRequest: (dbAfter.xacts - dbBefore.xacts) / requests,
      };
      console.log(
        `  ${label}: ${Math.round(measured.rps)} req/s, p50 ${measured.p50} ms, p97.5 ${measured.p975} ms, ` +
          `${measured.errors} errors; CPU/request node ${measured.nodeCpuMs.toFixed(2)} ms, PostgreSQL ` +
          `${measured.pgCpuMs.toFixed(2)} ms; ${measured.xactsPerRequest.toFixed(2)} transactions/request` +
          (result.errors > 0
            ? `; errors ${JSON.stringify(result.errorKinds)}: ${result.firstErrors.join(' | ')}`
            : ''),
      );
      return measured;
    };

    // The proxy's own cost: one connection, one process, straight vs through HAProxy (TLS).
    await proxy.setServerState('app2', 'maint');
    await proxy.setServerState('app3', 'maint');
    const direct1 = await measure(
      '1 connection, straight to process 1',
      { url: servers[0]!.url },
      1,
      OVERHEAD_SECONDS,
    );
    const proxied1 = await measure(
      '1 connection, through HAProxy to process 1',
      viaProxy,
      1,
      OVERHEAD_SECONDS,
    );
    overhead = {
      direct: direct1.mean,
      proxied: proxied1.mean,
      directRps: direct1.rps,
      proxiedRps: proxied1.rps,
    };

    results.push(
      await measure('straight to 1 process (no proxy)', { url: servers[0]!.url }, CONNECTIONS, SECONDS),
    );
    results.push(await measure('1 process behind HAProxy', viaProxy, CONNECTIONS, SECONDS));
    await proxy.setServerState('app2', 'ready');
    await states({ app1: 'UP', app2: 'UP' });
    results.push(await measure('2 processes behind HAProxy', viaProxy, CONNECTIONS, SECONDS));
    await proxy.setServerState('app3', 'ready');
    await states({ app1: 'UP', app2: 'UP', app3: 'UP' });
    results.push(await measure('3 processes behind HAProxy', viaProxy, CONNECTIONS, SECONDS));
  } finally {
    await proxy?.stop();
    await Promise.all(servers.map((server) => server.stop()));
    await data.restore();
    await client.end();
  }

  const one = results[1]!;
  for (const result of results) {
    rows.push({
      scenario: SCENARIO,
      metric: `${result.label}: ${CONNECTIONS} connections for ${SECONDS} s (${result.requests} requests, ${result.orders} orders, ${result.errors} errors)`,
      value: result.rps,
      unit: 'req/s',
      median: result.p50,
      p95: result.p975,
      percentile: 'p97.5',
      rps: result.rps,
      baseline: { name: '1 process behind HAProxy', value: one.rps },
      ratio: result.rps / one.rps,
      target: '0 errors (statelessness, not speed, on 2 cores)',
      pass: result.errors === 0,
    });
  }
  if (overhead) {
    rows.push({
      scenario: SCENARIO,
      metric:
        'HAProxy per-request overhead: mean latency of the mixed loop on 1 connection, through the proxy (TLS) − straight',
      value: overhead.proxied - overhead.direct,
      unit: 'ms',
      median: overhead.proxied,
      baseline: { name: 'straight mean', value: overhead.direct },
      ratio: overhead.direct > 0 ? overhead.proxied / overhead.direct : 0,
      target: 'reported',
      pass: true,
    });
  }
  const direct = results[0]!;
  const cpuMedian = median(results.map((result) => result.nodeCpuMs + result.pgCpuMs));
  notes.push(
    `### Scale-out\n\n**This proves statelessness, not speed.** On this 2-core machine the ${PROCESSES} server processes, HAProxy, PostgreSQL and the load generator share the same two cores (with other work: 1-minute load average ${loads.map((load) => load.toFixed(1)).join(', ')} at the runs' starts), so throughput cannot grow with processes by adding hardware; on a shared machine more processes only win a larger share of the contended cores from the scheduler. What the rows show is that 1, 2 and 3 identical processes behind the proxy serve the same signed-in buyers (sessions, carts, orders in PostgreSQL; a buyer's consecutive calls land on any process) with 0 errors. ` +
      `The loop is the mixed scenario's (search by prefix, by number, detail, add to cart, cart, submit, order list) on ${CONNECTIONS} connections, bench buyers signed in once on process 1 and their tokens used on every process. ` +
      `Straight to one process: CPU per request ${direct.nodeCpuMs.toFixed(2)} ms in the server process and ${direct.pgCpuMs.toFixed(2)} ms in PostgreSQL's backends, ${direct.xactsPerRequest.toFixed(2)} transactions per request; ` +
      `per configuration (node + PostgreSQL ms/request): ${results.map((result) => `${result.label} ${(result.nodeCpuMs + result.pgCpuMs).toFixed(2)}`).join('; ')} (median ${cpuMedian.toFixed(2)}). ` +
      (overhead
        ? `Proxy overhead on one connection: mean ${overhead.direct.toFixed(2)} ms straight, ${overhead.proxied.toFixed(2)} ms through HAProxy with TLS (${Math.round(overhead.directRps)} vs ${Math.round(overhead.proxiedRps)} req/s). `
        : '') +
      'docs/DEPLOYMENT.md turns these into the sizing table.',
  );
}
