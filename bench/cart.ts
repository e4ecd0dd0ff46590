// Cart writes (issue 7): AddCart, UpdateCart and RemoveCart (the spec's "DelCart") at 50
// connections on the 1M-part PostgreSQL database, each against the same user's cart read
// (GetCartList/1: the newest line, priced, with stock) measured in the same run. One bench buyer
// of its own company (bench-01), so no other scenario's cart is touched; the cart is emptied after.
import pg from 'pg';
import { BENCH_PARTS, BENCH_PASSWORD, BENCH_PG_URL, ensureBenchUsers, ensureSeeded } from './bench-database';
import { loadCalls, type Call, type LoadResult } from './load';
import { notes, rows } from './report';
import { startServer, type ServerProcess } from './server-process';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
/** Lines RemoveCart deletes, one per request (the most one BatchAddCart may add). */
const REMOVE_LINES = 5000;
const SCENARIO = `cart writes (PostgreSQL, ${BENCH_PARTS.toLocaleString('en')} parts)`;

async function api<T>(server: ServerProcess, token: string, call: string, body: unknown = {}) {
  const response = await fetch(`${server.url}/api${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 200) throw new Error(`${call}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

const cycle = <T>(items: readonly T[], toCall: (item: T, index: number) => Call) => {
  let next = 0;
  return () => {
    const index = next++;
    return toCall(items[index % items.length]!, index);
  };
};

export async function cartScenario() {
  const client = new pg.Client({ connectionString: BENCH_PG_URL });
  await client.connect();
  await ensureSeeded(client);
  const [userId] = await ensureBenchUsers(client, 1);
  // Any quantity is a valid multiple of buy_qty 0 or 1, so every write is accepted.
  const sampled = await client.query<{ id: number }>(
    `select id from products where is_active and buy_qty <= 1 and id % 3 = 0 order by id limit ${REMOVE_LINES}`,
  );
  await client.end();
  const productIds = sampled.rows.map((row) => row.id);
  if (productIds.length < 500) throw new Error(`only ${productIds.length} products sampled`);

  const server = await startServer({ DATABASE_URL: BENCH_PG_URL, DEMO_DATA: 'false' });
  const results: Record<string, LoadResult & { rssMiB: number }> = {};
  const run = async (name: string, token: string, next: () => Call, amount?: number) => {
    await loadCalls(server.url, token, next, {
      connections: 10,
      seconds: 1,
      ...(amount ? { amount: 50 } : {}),
    });
    const result = await loadCalls(server.url, token, next, {
      connections: CONNECTIONS,
      seconds: amount ? SECONDS * 6 : SECONDS,
      ...(amount ? { amount } : {}),
    });
    results[name] = { ...result, rssMiB: server.rssKiB() / 1024 };
  };
  try {
    const token = await (async () => {
      const response = await fetch(`${server.url}/api/Auth/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: userId, password: BENCH_PASSWORD, account_id: 1 }),
      });
      return ((await response.json()) as { data: string }).data;
    })();
    await api(server, token, '/Web/ClearCart');
    await api(server, token, '/Web/BatchAddCart', {
      items: productIds.slice(0, CONNECTIONS).map((cpid) => ({ cpid, qty: 1 })),
    });

    await run('GetCartList/1', token, () => ({ path: '/api/Web/GetCartList/1', body: '{}' }));
    await run(
      'AddCart',
      token,
      cycle(productIds, (cpid) => ({ path: '/api/Web/AddCart', body: JSON.stringify({ cpid, qty: 1 }) })),
    );
    const lines = await api<{ list: Array<{ id: number }> }>(server, token, '/Web/GetCartList/0');
    await run(
      'UpdateCart',
      token,
      cycle(lines.list, (line, index) => ({
        path: '/api/Web/UpdateCart',
        body: JSON.stringify({ id: line.id, qty: (index % 9) + 1 }),
      })),
    );

    // RemoveCart needs a line per request: fill the cart, then delete each line once.
    await api(server, token, '/Web/ClearCart');
    await api(server, token, '/Web/BatchAddCart', { items: productIds.map((cpid) => ({ cpid, qty: 1 })) });
    const full = await api<{ list: Array<{ id: number }> }>(server, token, '/Web/GetCartList/0');
    const ids = full.list.map((line) => line.id);
    let removed = 0;
    await run(
      'RemoveCart',
      token,
      () => ({ path: '/api/Web/RemoveCart', body: JSON.stringify({ ids: [ids[removed++]] }) }),
      ids.length - 60,
    );
    await api(server, token, '/Web/ClearCart');
  } finally {
    await server.stop();
  }

  const read = results['GetCartList/1']!;
  rows.push({
    scenario: SCENARIO,
    metric: `GetCartList/1 (read, the baseline): p97.5 at ${CONNECTIONS} connections (${read.errors} errors)`,
    value: read.p975,
    unit: 'ms',
    median: read.p50,
    p99: read.p99,
    rps: read.rps,
    rssMiB: read.rssMiB,
  });
  for (const name of ['AddCart', 'UpdateCart', 'RemoveCart']) {
    const write = results[name]!;
    const ratio = write.p975 / read.p975;
    rows.push({
      scenario: SCENARIO,
      metric: `${name}: p97.5 at ${CONNECTIONS} connections (${write.requests} requests, ${write.errors} errors)`,
      value: write.p975,
      unit: 'ms',
      median: write.p50,
      p99: write.p99,
      rps: write.rps,
      rssMiB: write.rssMiB,
      baseline: { name: 'GetCartList/1 p97.5', value: read.p975 },
      ratio,
      target: '≤ 2× the read',
      pass: ratio <= 2 && write.errors === 0,
    });
    if (write.firstError) console.warn(`${name}: ${write.firstError}`);
  }
  notes.push(
    `### Cart writes\n\nOne buyer (bench-01, a company of its own), ${CONNECTIONS} connections. AddCart cycles through ${productIds.length} sampled products (qty 1; a repeat adds to the line), UpdateCart sets the quantity of one of ${CONNECTIONS * 2}+ lines, RemoveCart deletes each of ${REMOVE_LINES.toLocaleString('en')} lines once (bounded by that count, not by time). Writes are measured against the cheapest priced read of the same cart; a write that costs more than twice that waits on something (locks, a recount of the cart) worth a look.`,
  );
}
