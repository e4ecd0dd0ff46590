// Mixed load (issue 7): 50 connections, each a bench buyer of its own company, loop through what a
// buyer does — browse by a number prefix, search a number, open the part, add it to the cart, read
// the cart, submit the order, look at the order list — for 60 s on the 1M-part PostgreSQL
// database. Throughput, p97.5/p99, every answer's envelope checked (0 errors), and the server's
// RSS sampled every 2 s: flat means the last third of the run is within 10% of the first third.
// The run's orders are deleted and the stock they reserved is put back afterwards.
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_PARTS, BENCH_PASSWORD, BENCH_PG_URL, ensureBenchUsers, ensureSeeded } from './bench-database';
import { median, notes, rows } from './report';
import { sampleRss, startServer } from './server-process';

const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
const WARM_UP_SECONDS = 10;
const CONNECTIONS = 50;
const LIGHT_CONNECTIONS = 5;
const RSS_EVERY_MS = 2000;
const SCENARIO = `mixed (PostgreSQL, ${BENCH_PARTS.toLocaleString('en')} parts)`;

export interface Part {
  id: number;
  number: string;
}

interface Context {
  token?: string;
  part?: Part;
  cartIds?: number[];
}

/** Where the load goes: a server process, or the proxy in front of several (bench/scale.ts). */
export interface Target {
  url: string;
}

export async function login(server: Target, userId: string) {
  const response = await fetch(`${server.url}/api/Auth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: userId, password: BENCH_PASSWORD, account_id: 1 }),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: string };
  if (answer.code !== 200) throw new Error(`login ${userId}: ${answer.msg}`);
  return answer.data;
}

/** The mixed loop on `connections` connections for `seconds`; every answer's envelope is checked. */
export function run(server: Target, tokens: string[], parts: Part[], connections: number, seconds: number) {
  // autocannon clears a connection's context at the start of every loop of the sequence, so a
  // buyer cannot be pinned to a connection: each loop borrows a buyer nobody else is using and
  // gives it back after its last step. (Handing them out round-robin per loop let two connections
  // share a buyer's cart now and then: 40004 "no longer in your cart" when one submitted the
  // other's lines — found by the scale-out scenario.)
  const idle = [...tokens];
  let nextToken = 0;
  let nextPart = 0;
  let refused = 0;
  let orders = 0;
  const firstErrors: string[] = [];
  const check = (status: number, body: string) => {
    if (status === 200 && /^\{"code":200[,}]/.test(body)) return true;
    // A non-2xx answer is counted by autocannon already (non2xx); here only its text is kept.
    if (status === 200) refused++;
    if (firstErrors.length < 3) firstErrors.push(`${status} ${body.slice(0, 160)}`);
    return false;
  };
  const step = (
    path: (context: Context) => string,
    body: (context: Context) => unknown,
    after?: (context: Context, body: string) => void,
    last = false,
  ): autocannon.Request => ({
    method: 'POST',
    setupRequest: (request, raw) => {
      const context = raw as Context;
      // One buyer for the whole loop; round-robin only if a loop was cut short and kept its buyer.
      context.token ??= idle.pop() ?? tokens[nextToken++ % tokens.length];
      return {
        ...request,
        path: path(context),
        body: JSON.stringify(body(context)),
        headers: { 'content-type': 'application/json', token: context.token! },
      };
    },
    onResponse: (status, text, raw) => {
      const context = raw as Context;
      if (check(status, text)) after?.(context, text);
      if (last && context.token && !idle.includes(context.token)) idle.push(context.token);
    },
  });
  const sequence = [
    step(
      () => '/api/Web/GetProductList',
      (context) => {
        context.part = parts[nextPart++ % parts.length]!;
        return { keyword: context.part.number.slice(0, 5), page: 1, pageSize: 20 };
      },
    ),
    step(
      () => '/api/Web/GetProductList',
      (context) => ({ keyword: context.part!.number.toLowerCase(), page: 1, pageSize: 20 }),
    ),
    step(
      (context) => `/api/Web/GetProductDetail/${context.part!.id}`,
      () => ({}),
    ),
    step(
      () => '/api/Web/AddCart',
      (context) => ({ cpid: context.part!.id, qty: 1 }),
    ),
    step(
      () => '/api/Web/GetCartList/0',
      () => ({}),
      (context, text) => {
        context.cartIds = (JSON.parse(text) as { data: { list: Array<{ id: number }> } }).data.list.map(
          (line) => line.id,
        );
      },
    ),
    step(
      () => '/api/Web/SaveSubmits',
      (context) => ({ items: context.cartIds ?? [], remark: 'bench' }),
      () => orders++,
    ),
    step(
      () => '/api/Web/GetOrderList',
      () => ({ page: 1, pageSize: 20 }),
      undefined,
      true,
    ),
  ];
  return autocannon({ url: server.url, connections, duration: seconds, requests: sequence }).then(
    (result) => ({
      rps: result.requests.average,
      p50: result.latency.p50,
      mean: result.latency.mean,
      p975: result.latency.p97_5,
      p99: result.latency.p99,
      requests: result.requests.total,
      errors: result.errors + result.timeouts + result.non2xx + refused,
      /** What the errors were: transport errors, timeouts, non-2xx answers, refused envelopes. */
      errorKinds: { transport: result.errors, timeouts: result.timeouts, non2xx: result.non2xx, refused },
      orders,
      firstErrors,
    }),
  );
}

/**
 * The bench database ready for the mixed loop: seeded, `connections` bench buyers with empty
 * carts, parts with stock to spare; `restore()` deletes the run's orders, carts and sessions and
 * puts the reserved stock back, so every run starts from the same data.
 */
export async function prepareMixed(client: pg.Client, connections: number) {
  await ensureSeeded(client);
  const userIds = await ensureBenchUsers(client, connections);
  // Parts with stock to spare in some store, so every order can reserve its line.
  const pool = await client.query<Part>(
    `select p.id, p.number from products p
     where p.is_active and p.buy_qty <= 1
       and exists (select 1 from stock s where s.product_id = p.id and s.available_stock >= 300)
     limit 3000`,
  );
  const stockBefore = await client.query<{
    product_id: number;
    store_id: number;
    stock: number;
    available: number;
  }>(
    `select product_id, store_id, stock, available_stock as available from stock where product_id = any($1)`,
    [pool.rows.map((part) => part.id)],
  );
  const marks = await client.query<{ orders: number; sessions: number; companies: number[] }>(
    `select (select coalesce(max(id), 0) from orders)::int as orders,
            (select coalesce(max(id), 0) from sessions)::int as sessions,
            (select array_agg(company_id) from users where user_id = any($1)) as companies`,
    [userIds],
  );
  const mark = marks.rows[0]!;
  await client.query('delete from cart_items where company_id = any($1)', [mark.companies]);
  return {
    userIds,
    parts: pool.rows,
    async restore() {
      // Put pp_bench back as it was: no bench orders, the reserved stock released, no bench sessions.
      await client.query('delete from orders where id > $1 and company_id = any($2)', [
        mark.orders,
        mark.companies,
      ]);
      await client.query('delete from cart_items where company_id = any($1)', [mark.companies]);
      await client.query(
        `update stock s set stock = b.stock, available_stock = b.available
         from jsonb_to_recordset($1::jsonb) as b(product_id int, store_id int, stock int, available int)
         where s.product_id = b.product_id and s.store_id = b.store_id`,
        [JSON.stringify(stockBefore.rows)],
      );
      await client.query(
        'delete from sessions where id > $1 and user_id in (select id from users where user_id = any($2))',
        [mark.sessions, userIds],
      );
    },
  };
}

/** Every bench buyer signed in through `server`, four at a time. */
export async function signIn(server: Target, userIds: string[]): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < userIds.length; i += 4) {
    tokens.push(...(await Promise.all(userIds.slice(i, i + 4).map((userId) => login(server, userId)))));
  }
  return tokens;
}

export async function mixedScenario() {
  const client = new pg.Client({ connectionString: BENCH_PG_URL });
  await client.connect();
  const data = await prepareMixed(client, CONNECTIONS);
  const pool = { rows: data.parts };

  const server = await startServer({
    DATABASE_URL: BENCH_PG_URL,
    DEMO_DATA: 'false',
    LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '1000000',
  });
  let light: Awaited<ReturnType<typeof run>>;
  let heavy: Awaited<ReturnType<typeof run>>;
  let samples: Array<{ atMs: number; mib: number }>;
  try {
    const tokens = await signIn(server, data.userIds);
    // The light run doubles as the warm-up (JIT, connection pool, caches) before memory is watched.
    light = await run(server, tokens, pool.rows, LIGHT_CONNECTIONS, WARM_UP_SECONDS);
    const sampler = sampleRss(server, RSS_EVERY_MS);
    heavy = await run(server, tokens, pool.rows, CONNECTIONS, SECONDS);
    samples = sampler.stop();
  } finally {
    await server.stop();
    await data.restore();
    await client.end();
  }

  const third = Math.max(1, Math.floor(samples.length / 3));
  const first = median(samples.slice(0, third).map((sample) => sample.mib));
  const last = median(samples.slice(-third).map((sample) => sample.mib));
  rows.push(
    {
      scenario: SCENARIO,
      metric: `${CONNECTIONS} connections for ${SECONDS} s: p97.5 (${heavy.requests} requests, ${heavy.orders} orders, ${heavy.errors} errors)`,
      value: heavy.p975,
      unit: 'ms',
      median: heavy.p50,
      p99: heavy.p99,
      rps: heavy.rps,
      rssMiB: last,
      baseline: { name: `${LIGHT_CONNECTIONS} connections p97.5`, value: light.p975 },
      ratio: heavy.p975 / light.p975,
      target: '0 errors',
      pass: heavy.errors === 0 && light.errors === 0,
    },
    {
      scenario: SCENARIO,
      metric: `server RSS, last third of the run (median of ${third} samples, every ${RSS_EVERY_MS / 1000} s)`,
      value: last,
      unit: 'MiB',
      baseline: { name: 'first third', value: first },
      ratio: last / first,
      target: '≤ 1.10× (flat)',
      pass: last / first <= 1.1,
    },
  );
  notes.push(
    `### Mixed load\n\nEach connection is one bench buyer (bench-01 … bench-${CONNECTIONS}, a company each) looping: GetProductList by a 5-character prefix, GetProductList by the exact number, GetProductDetail, AddCart (qty 1), GetCartList/0, SaveSubmits (an order in pending_payment, stock reserved), GetOrderList page 1 — over ${pool.rows.length} parts with stock to spare. ` +
      `Light run first (${LIGHT_CONNECTIONS} connections, ${WARM_UP_SECONDS} s; ${Math.round(light.rps)} req/s, p97.5 ${light.p975} ms) as warm-up and baseline. ` +
      `RSS samples (MiB): ${samples.map((sample) => sample.mib.toFixed(0)).join(', ')}.` +
      (heavy.errors > 0
        ? ` First errors: ${heavy.firstErrors.map((text) => `\`${text}\``).join('; ')}.`
        : ''),
  );
}
