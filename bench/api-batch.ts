// Integration API batch upserts (issue 13 Performance), on PostgreSQL through the built server:
// 100,000 products with 3 cross numbers each, 1,000 per request (end to end, server RSS peak),
// the same run again (every row `unchanged`), then 1,000,000 stock rows (100,000 products × 10
// stores, absolute quantities) while a buyer searches the catalogue by OE number: the search's p95
// during the stock sync against its p95 alone. A fresh database of its own (BENCH_API_PRODUCTS for
// another size); requests go `BENCH_API_CONCURRENCY` (2) at a time, as an ERP with two workers would.
// Trial knobs (with --no-save): `BENCH_API_STOCK=off` stops after the two product runs;
// `BENCH_API_CPU_PROF=<dir>` starts the server with `--cpu-prof` into that folder;
// `BENCH_API_ROOT=<checkout>` runs another checkout's build (a before/after comparison).
import os from 'node:os';
import pg from 'pg';
import { hashApiKey } from '../apps/server/src/modules/integration/api-keys.service';
import { hashPassword } from '../apps/server/src/platform/password';
import { BENCH_PG_URL, adminQuery } from './bench-database';
import { percentile, rows } from './report';
import { sampleRss, startServer, type ServerProcess } from './server-process';

const PRODUCTS = Number(process.env.BENCH_API_PRODUCTS ?? 100_000);
const STORES = 10;
const PER_REQUEST = 1_000;
const CONCURRENCY = Number(process.env.BENCH_API_CONCURRENCY ?? 2);
const SEARCHES = 300;
const WITH_STOCK = process.env.BENCH_API_STOCK !== 'off';
const CPU_PROF = process.env.BENCH_API_CPU_PROF;
const SERVER_ROOT = process.env.BENCH_API_ROOT;
const SCENARIO = `API batch upserts (PostgreSQL, ${PRODUCTS.toLocaleString('en')} products × 3 cross numbers)`;
const KEY = `pp_live_${'b'.repeat(43)}`;

interface BatchAnswer {
  counts: { created: number; updated: number; unchanged: number; error: number };
}

const productRows = (from: number) =>
  Array.from({ length: Math.min(PER_REQUEST, PRODUCTS - from) }, (_, k) => {
    const i = from + k;
    return {
      brand: 'BOSCH',
      number: `0 986 ${String(i).padStart(7, '0')}`,
      names: { en: `Brake pad ${i}`, zh: `刹车片 ${i}` },
      list_price: `${(i % 900) + 10}.50`,
      order_multiple: i % 4,
      cross_numbers: [
        { kind: 'oe' as const, brand: 'TOYOTA', number: `04465-${i}` },
        { kind: 'brand' as const, brand: 'DENSO', number: `DP${i}` },
        { kind: 'oe' as const, brand: 'MAHLE', number: `LX ${i}` },
      ],
    };
  });

const stockRows = (from: number, asOf: string) =>
  Array.from({ length: PER_REQUEST }, (_, k) => {
    const n = from + k;
    const i = Math.floor(n / STORES);
    return {
      brand: 'BOSCH',
      number: `0 986 ${String(i).padStart(7, '0')}`,
      store: `S${n % STORES}`,
      quantity: (n * 7) % 500,
      as_of: asOf,
    };
  });

async function post(server: ServerProcess, path: string, rowsOfRequest: unknown[]): Promise<BatchAnswer> {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ rows: rowsOfRequest }),
  });
  if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as BatchAnswer;
}

/** Sends `requests` batches, `CONCURRENCY` at a time; answers the summed counts and the wall time. */
async function sendAll(requests: number, send: (index: number) => Promise<BatchAnswer>) {
  const counts = { created: 0, updated: 0, unchanged: 0, error: 0 };
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests) {
        const answer = await send(next++);
        for (const kind of Object.keys(counts) as Array<keyof typeof counts>)
          counts[kind] += answer.counts[kind];
      }
    }),
  );
  return { counts, ms: performance.now() - started };
}

/**
 * A buyer's catalogue searches, one after another, each for `keyword(i)` (which must find
 * something): each one's latency. Shared with the file-import bench.
 */
export async function catalogueSearches(
  server: ServerProcess,
  token: string,
  count: number,
  keyword: (i: number) => string,
  stop?: () => boolean,
) {
  const times: number[] = [];
  for (let i = 0; i < count && !(stop?.() ?? false); i++) {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/Web/GetProductList`, {
      method: 'POST',
      headers: { token, lng: 'en', 'content-type': 'application/json' },
      body: JSON.stringify({ page: 1, pageSize: 20, keyword: keyword(i) }),
    });
    const answer = (await response.json()) as { code: number; data: { list: unknown[] } };
    if (answer.code !== 200 || answer.data.list.length === 0) throw new Error(`search ${i}: ${answer.code}`);
    times.push(performance.now() - started);
  }
  return times;
}

const searches = (server: ServerProcess, token: string, count: number, stop?: () => boolean) =>
  catalogueSearches(server, token, count, (i) => `04465${(i * 331) % PRODUCTS}`, stop);

export async function apiBatchScenario() {
  const name = `pp_bench_api_${Date.now().toString(36)}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(BENCH_PG_URL);
  url.pathname = `/${name}`;
  const server = await startServer(
    { DATABASE_URL: url.toString(), DEMO_DATA: 'false', JOBS: 'off' },
    {
      ...(CPU_PROF ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] } : {}),
      ...(SERVER_ROOT ? { root: SERVER_ROOT } : {}),
    },
  );
  try {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await client.query(`insert into accounts (id, name) values (1, 'Bench');
      insert into brands (account_id, name) values (1, 'BOSCH'), (1, 'DENSO');
      insert into companies (account_id, name, sort_name) values (1, 'Bench Garage', 'Bench')`);
    await client.query(
      `insert into api_keys (account_id, name, prefix, key_hash, scopes, rate_limit_per_minute, created_by)
        values (1, 'bench', $1, $2, '["catalog:write","stock:write"]', 100000, 'bench')`,
      [KEY.slice(0, 16), hashApiKey(KEY)],
    );
    await client.query(
      `insert into users (account_id, company_id, user_id, name, password_hash, menus)
        select 1, id, 'buyer', 'Buyer', $1, '["1001"]'::jsonb from companies where account_id = 1`,
      [await hashPassword('buyer-pass-1', 1024)],
    );
    await client.end();
    const login = (await (
      await fetch(`${server.url}/api/Auth/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: 'buyer', password: 'buyer-pass-1', account_id: 1, from: 'web' }),
      })
    ).json()) as { code: number; msg: string; data: string };
    if (login.code !== 200) throw new Error(`login: ${login.msg}`);

    const requests = Math.ceil(PRODUCTS / PER_REQUEST);
    const rss = sampleRss(server, 200);
    const load = () => os.loadavg()[0]!.toFixed(1);
    const loadFirst = load();
    const first = await sendAll(requests, (i) =>
      post(server, '/products/batch', productRows(i * PER_REQUEST)),
    );
    if (first.counts.created !== PRODUCTS) throw new Error(`first run: ${JSON.stringify(first.counts)}`);
    const loadSecond = load();
    const second = await sendAll(requests, (i) =>
      post(server, '/products/batch', productRows(i * PER_REQUEST)),
    );
    if (second.counts.unchanged !== PRODUCTS) throw new Error(`second run: ${JSON.stringify(second.counts)}`);
    const peak = Math.max(...rss.stop().map((sample) => sample.mib));
    console.log(
      JSON.stringify({
        first: first.ms,
        loadFirst,
        second: second.ms,
        loadSecond,
        ratio: second.ms / first.ms,
        peak,
      }),
    );
    rows.push(
      {
        scenario: SCENARIO,
        metric: `products, first run (${requests} requests of ${PER_REQUEST}, ${CONCURRENCY} at a time)`,
        value: first.ms,
        unit: 'ms',
        target: '≤ 60 s',
        pass: first.ms <= 60_000,
      },
      {
        scenario: SCENARIO,
        metric: 'products, identical second run (every row unchanged) ÷ first run',
        value: second.ms / first.ms,
        unit: '×',
        target: '≤ 0.5',
        pass: second.ms / first.ms <= 0.5,
      },
      {
        scenario: SCENARIO,
        metric: 'server RSS peak (both product runs)',
        value: peak,
        unit: 'MiB',
        target: '≤ 400 MiB',
        pass: peak <= 400,
      },
    );
    if (!WITH_STOCK) return;

    await post(
      server,
      '/stores/batch',
      Array.from({ length: STORES }, (_, i) => ({ code: `S${i}` })),
    );
    const alone = await searches(server, login.data, SEARCHES);
    const stockRequests = (PRODUCTS * STORES) / PER_REQUEST;
    let syncing = true;
    const during = searches(server, login.data, Number.MAX_SAFE_INTEGER, () => !syncing);
    const stock = await sendAll(stockRequests, (i) =>
      post(server, '/stock/batch', stockRows(i * PER_REQUEST, '2026-01-01T00:00:00Z')),
    );
    syncing = false;
    const duringTimes = await during;
    if (stock.counts.created !== PRODUCTS * STORES) throw new Error(`stock: ${JSON.stringify(stock.counts)}`);
    const p95Alone = percentile(alone, 95);
    const p95During = percentile(duringTimes, 95);

    rows.push(
      {
        scenario: SCENARIO,
        metric: `stock, ${(PRODUCTS * STORES).toLocaleString('en')} rows (${stockRequests} requests)`,
        value: stock.ms,
        unit: 'ms',
        target: '≤ 90 s',
        pass: stock.ms <= 90_000,
      },
      {
        scenario: SCENARIO,
        metric: `catalogue search by OE p95 during the stock sync ÷ alone (${percentile(alone, 95).toFixed(1)} ms alone, ${duringTimes.length} searches during)`,
        value: p95During / p95Alone,
        unit: '×',
        target: '≤ 2',
        pass: p95During / p95Alone <= 2,
      },
    );
    console.log(JSON.stringify({ stock: stock.ms, p95Alone, p95During }));
  } finally {
    await server.stop();
    await adminQuery(`drop database if exists ${name} with (force)`);
  }
}
