// Issue 16 item 7: the catalogue's exact, OE and prefix search, one request at a time, on two
// databases of different size (1M and 10M parts) in the same run, so the ratio is the data's
// size and not the machine's mood: p50 and p95 per workload and database, the 10M : 1M ratio,
// and the plans of the number lookups on each (a plan that changes with the size shows here).
//
//   SIZE_DATABASES=postgres://…/pp_bench_1m,postgres://…/pp_bench_10m \
//     node --import tsx bench/search-size.ts [requests per workload, default 400]
//
// Each database must be seeded already (`DATABASE_URL=… npm run seed -- --parts N`) and the
// server built (`npm run build`). Rounds alternate between the databases (A, B, B, A) so a busy
// minute weighs on both.
//
// SIZE_PREWARM=1 loads, on both databases alike, every table and index the warm-up searches read
// (found from pg_statio's counters around the warm-up) into shared buffers with pg_prewarm before
// measuring — what a server that has answered searches for a while holds in memory. Without it, a
// 10M database's first read of each index page comes from the OS cache or the disk, and the tail
// measures that (the sample's 300 keys are each met for the first time during the run).
import pg from 'pg';
import { prefixEnd } from '../apps/server/src/modules/catalog/catalog.repository';
import { login, sample, searchBodies } from './catalog';
import { median, percentile } from './report';
import { startServer, type ServerProcess } from './server-process';

const urls = (process.env.SIZE_DATABASES ?? '').split(',').filter(Boolean);
if (urls.length < 2) throw new Error('SIZE_DATABASES=<smaller url>,<larger url> is required');
const REQUESTS = Number(process.argv[2] ?? 400);
const PREWARM = process.env.SIZE_PREWARM === '1';
const WORKLOADS = ['exact', 'OE', 'prefix'] as const;
type Workload = (typeof WORKLOADS)[number];

interface Side {
  url: string;
  parts: number;
  numbers: number;
  server: ServerProcess;
  token: string;
  bodies: Record<Workload, Array<{ path: string; body: string }>>;
  times: Record<Workload, number[]>;
  plans: string[];
  /** What PREWARM loaded: relation names and their size. */
  prewarmed?: { relations: string[]; bytes: number };
}

/** Block reads (hits + misses) per relation of the database, tables and indexes. */
async function blockCounters(url: string): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Backends flush their statistics at most once a second (PostgreSQL 15).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const rows = await client.query<{ oid: string; blocks: string }>(
      `select relid::text as oid, coalesce(heap_blks_read, 0) + coalesce(heap_blks_hit, 0) as blocks
         from pg_statio_user_tables
       union all
       select indexrelid::text, coalesce(idx_blks_read, 0) + coalesce(idx_blks_hit, 0)
         from pg_statio_user_indexes`,
    );
    return new Map(rows.rows.map((row) => [row.oid, Number(row.blocks)]));
  } finally {
    await client.end();
  }
}

/**
 * pg_prewarm every relation whose block counter moved during the searches (`before` → `after`)
 * but not while the server sat idle for as long (`idle` → `before`): the job queue's polling and
 * other background work are not the searches' pages.
 */
async function prewarm(
  side: Side,
  idle: Map<string, number>,
  before: Map<string, number>,
  after: Map<string, number>,
) {
  const moved = (from: Map<string, number>, to: Map<string, number>, oid: string) =>
    (to.get(oid) ?? 0) > (from.get(oid) ?? 0);
  const oids = [...after.keys()].filter((oid) => moved(before, after, oid) && !moved(idle, before, oid));
  const client = new pg.Client({ connectionString: side.url });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_prewarm');
    const rows = await client.query<{ name: string; bytes: string }>(
      `select c.relname as name, pg_relation_size(c.oid) as bytes, pg_prewarm(c.oid) as blocks
         from pg_class c where c.oid = any($1::oid[]) order by pg_relation_size(c.oid) desc`,
      [oids],
    );
    side.prewarmed = {
      relations: rows.rows.map((row) => row.name),
      bytes: rows.rows.reduce((sum, row) => sum + Number(row.bytes), 0),
    };
  } finally {
    await client.end();
  }
}

async function prepare(url: string): Promise<Side> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const counts = await client.query<{ parts: number; numbers: number }>(
    'select (select count(*) from products)::int as parts, (select count(*) from product_numbers)::int as numbers',
  );
  const queries = await sample(client);
  const key = (text: string) => text.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  const plans: string[] = [];
  for (const [label, query, parameter] of [
    ['exact', 'select id from products where number_key = $1', key(queries.exact[0]!)],
    [
      'prefix',
      'select id from products where number_key ~>=~ $1 and number_key ~<~ $2 order by number_key limit 200',
      queries.prefix[0]!,
    ],
    ['OE', 'select product_id from product_numbers where number_key = $1', key(queries.oe[0]!)],
  ] as const) {
    const parameters = label === 'prefix' ? [parameter, prefixEnd(parameter)] : [parameter];
    const plan = await client.query(
      `explain (analyze, buffers, costs off, timing off, summary on) ${query}`,
      parameters,
    );
    plans.push(`${label}:\n${plan.rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n')}`);
  }
  await client.end();
  const server = await startServer({ DATABASE_URL: url, DEMO_DATA: 'false' });
  return {
    url,
    parts: counts.rows[0]!.parts,
    numbers: counts.rows[0]!.numbers,
    server,
    token: await login(server),
    bodies: {
      exact: searchBodies(queries.exact),
      OE: searchBodies(queries.oe),
      prefix: searchBodies(queries.prefix),
    },
    times: { exact: [], OE: [], prefix: [] },
    plans,
  };
}

async function round(side: Side, workload: Workload, count: number, keep: boolean) {
  const bodies = side.bodies[workload];
  for (let i = 0; i < count; i++) {
    const item = bodies[(side.times[workload].length + i) % bodies.length]!;
    const started = performance.now();
    const response = await fetch(`${side.server.url}${item.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: side.token },
      body: item.body,
    });
    await response.arrayBuffer();
    if (keep) side.times[workload].push(performance.now() - started);
  }
}

const sides: Side[] = [];
try {
  for (const url of urls.slice(0, 2)) sides.push(await prepare(url));
  const [small, large] = sides as [Side, Side];
  if (PREWARM) {
    for (const side of sides) {
      const idle = await blockCounters(side.url);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const before = await blockCounters(side.url);
      for (const workload of WORKLOADS) await round(side, workload, 50, false);
      await prewarm(side, idle, before, await blockCounters(side.url));
      console.log(
        `prewarmed ${new URL(side.url).pathname.slice(1)}: ${(side.prewarmed!.bytes / 2 ** 30).toFixed(2)} GiB in ${side.prewarmed!.relations.length} relations (${side.prewarmed!.relations.join(', ')})`,
      );
    }
  }
  for (const workload of WORKLOADS) {
    // Warm both (caches, prepared statements), then A, B, B, A in quarters.
    await round(small, workload, 50, false);
    await round(large, workload, 50, false);
    const quarter = Math.ceil(REQUESTS / 4);
    for (const side of [small, large, large, small, small, large, large, small])
      await round(side, workload, quarter / 2, true);
  }
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const settings = new pg.Client({ connectionString: small.url });
  await settings.connect();
  const shown = await settings.query<{ name: string; setting: string }>(
    "select name, current_setting(name) as setting from unnest(array['shared_buffers', 'effective_cache_size', 'random_page_cost']) as name",
  );
  await settings.end();
  console.log(
    `\nPostgreSQL: ${shown.rows.map((row) => `${row.name} ${row.setting}`).join(', ')}; prewarm ${PREWARM ? 'on' : 'off'}; ${REQUESTS} requests per workload and database`,
  );
  console.log(
    `\n| workload | ${small.parts.toLocaleString('en')} parts p50 / p95 | ${large.parts.toLocaleString('en')} parts p50 / p95 | p95 ratio |`,
  );
  console.log('| --- | --- | --- | --- |');
  for (const workload of WORKLOADS) {
    const [a, b] = [small.times[workload], large.times[workload]];
    console.log(
      `| ${workload} | ${ms(median(a))} / ${ms(percentile(a, 95))} | ${ms(median(b))} / ${ms(percentile(b, 95))} | ${(percentile(b, 95) / percentile(a, 95)).toFixed(2)}× |`,
    );
  }
  for (const side of sides) {
    console.log(
      `\nPlans on ${new URL(side.url).pathname.slice(1)} (${side.parts.toLocaleString('en')} parts, ${side.numbers.toLocaleString('en')} cross numbers):`,
    );
    for (const plan of side.plans) console.log(plan);
  }
} finally {
  for (const side of sides) await side.server.stop();
}
