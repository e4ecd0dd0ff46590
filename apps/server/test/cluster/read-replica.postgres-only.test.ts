import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { setStock } from '../checkout-test-kit';
import { createCompany, createUser } from '../fixtures';
import { login, post, prepareShop } from '../reliability/crash-load';
import {
  freePort,
  killServer,
  startServer,
  type CrashDatabase,
  type ServerChild,
} from '../reliability/crash-server';
import { createClusterDatabase } from '../server-cluster';
import { startStreamingReplica, type StreamingReplica } from './streaming-replica';

// Issue 16 items 3 and 5: a real streaming replica (a second Debian cluster made with
// pg_createcluster + pg_basebackup, run as the postgres user, removed afterwards) behind a real
// server process with DATABASE_REPLICA_URL. Catalogue searches are served by the replica; with
// its replay paused, another company's write stays invisible to a search (stale by design, within
// REPLICA_MAX_LAG_MS) while the buyer's own add-to-cart → cart and submit → order list show the
// write at once; a stopped replica leaves searches answering from the primary, with a log line.
// Needs `host replication all 127.0.0.1/32 trust` in the primary's pg_hba.conf (.ci/run adds it).

interface ProductList {
  list: Array<{ id: number; available_stock: number }>;
}

describe('a streaming read replica behind a server process', () => {
  let database: CrashDatabase;
  let db: Database;
  let replica: StreamingReplica | undefined;
  let server: ServerChild | undefined;
  let password: string;
  /** The buyer who writes (the demo company) and a buyer of another company who only reads. */
  let writer: string;
  let reader: string;
  let shown: { id: number; number: string };
  let ordered: number;
  const started = Date.now();

  const metric = async (pattern: RegExp): Promise<number> => {
    const text = await (await fetch(`${server!.baseUrl}/metrics`)).text();
    return text
      .split('\n')
      .filter((line) => pattern.test(line))
      .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
  };
  const replicaReads = () => metric(/^db_read_routing_total\{target="replica"/);
  const search = async (token: string) => {
    const answer = await post<ProductList>(
      server!.baseUrl,
      '/Web/GetProductList',
      { keyword: shown.number, page: 1, pageSize: 20 },
      { token },
    );
    expect(answer.code, answer.msg).toBe(200);
    const row = answer.data.list.find((product) => product.id === shown.id);
    expect(row, `part ${shown.number} in the search answer`).toBeDefined();
    return row!.available_stock;
  };
  const waitFor = async (what: string, check: () => Promise<boolean>, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${what}\n${server?.output().slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  beforeAll(async () => {
    database = await createClusterDatabase('replica');
    db = await database.open({ poolSize: 2 });
    const shop = await prepareShop(db, { workers: 1, products: 2, stock: 100 });
    password = shop.password;
    writer = shop.users[0]!;
    const other = await createCompany(db, 1, 'Replica reader company');
    reader = 'replica-reader';
    await createUser(db, { accountId: 1, companyId: other.id, userId: reader, password });
    const [first, second] = shop.products as [number, number];
    const [row] = await db.rows<{ number: string }>(sql`select number from products where id = ${first}`);
    shown = { id: first, number: row!.number };
    ordered = second;

    // The replica is copied after the data exists; everything later arrives by streaming.
    replica = await startStreamingReplica(database.adminUrl);
    server = await startServer(database, await freePort(), {
      inherit: process.env,
      env: {
        DATABASE_REPLICA_URL: replica.urlFor(database.name),
        METRICS: 'true',
        REPLICA_CHECK_MS: '100',
        // Long enough that a paused replay is still "within the bound" during the stale check.
        REPLICA_MAX_LAG_MS: '60000',
      },
    });
    console.log(
      `[replica] ${replica.name} on port ${replica.port} (base backup ${Math.round(replica.baseBackup.bytes / 2 ** 20)} MB ` +
        `in ${replica.baseBackup.ms} ms) and the server ready in ${Date.now() - started} ms`,
    );
  }, 120_000);

  afterAll(async () => {
    if (server) await killServer(server);
    // Always removed, also when a check failed.
    replica?.remove();
    await db?.close();
    await database?.remove();
    console.log(`[replica] done in ${Date.now() - started} ms`);
  });

  it('serves catalogue searches from the replica', async () => {
    await waitFor(
      'the replica in use (db_replica_up 1)',
      async () => (await metric(/^db_replica_up /)) === 1,
    );
    const token = await login(server!.baseUrl, reader, password);
    const before = await replicaReads();
    expect(await search(token)).toBe(100);
    expect(await replicaReads()).toBeGreaterThan(before);
    // The server's pool holds connections on the replica's copy of the database.
    const [row] = await replica!.query<{ connections: number }>(
      `select count(*)::int as connections from pg_stat_activity where datname = '${database.name}'`,
    );
    expect(row!.connections).toBeGreaterThan(0);
  });

  it("a paused replica answers others stale by design, while the buyer's own writes read from the primary", async () => {
    const readerToken = await login(server!.baseUrl, reader, password);
    const writerToken = await login(server!.baseUrl, writer, password);
    await replica!.query('select pg_wal_replay_pause()');
    await waitFor('replay paused', async () => {
      const [row] = await replica!.query<{ state: string }>(
        'select pg_get_wal_replay_pause_state() as state',
      );
      return row!.state === 'paused';
    });
    // A change the buyers did not make (the back office's stock import, say).
    await setStock(db, shown.id, 7);
    // Another company's search: the replica's copy, stale by design (within REPLICA_MAX_LAG_MS).
    const replicaBefore = await replicaReads();
    expect(await search(readerToken)).toBe(100);
    expect(await replicaReads()).toBeGreaterThan(replicaBefore);

    // The buyer's own write, then read: add to cart → the cart shows the line.
    const added = await post(
      server!.baseUrl,
      '/Web/AddCart',
      { cpid: ordered, qty: 1 },
      { token: writerToken },
    );
    expect(added.code, added.msg).toBe(200);
    const cart = await post<{ list: Array<{ id: number; product_id?: number; cpid?: number }> }>(
      server!.baseUrl,
      '/Web/GetCartList/0',
      {},
      { token: writerToken },
    );
    expect(cart.code, cart.msg).toBe(200);
    expect(cart.data.list.length).toBe(1);
    // Submit → the buyer's own order list (a list that may be stale) shows the order: the fence
    // keeps this company's reads on the primary until the replica has replayed the write.
    const submitted = await post<{ order_id: number; no: string }>(
      server!.baseUrl,
      '/Web/SaveSubmits',
      { items: cart.data.list.map((line) => line.id), remark: 'replica' },
      { token: writerToken },
    );
    expect(submitted.code, submitted.msg).toBe(200);
    // Newest first (the default order), so the new order is on page 1.
    const orders = await post<{ list: Array<{ id: number }>; total: number }>(
      server!.baseUrl,
      '/Web/GetOrderList',
      { page: 1, pageSize: 20 },
      { token: writerToken },
    );
    expect(orders.code, orders.msg).toBe(200);
    expect(orders.data.list.map((order) => order.id)).toContain(submitted.data.order_id);
    // The replica really lacks the order (its replay is paused), so the list came from the primary.
    const [onReplica] = await replica!.query<{ orders: number }>(
      `select count(*)::int as orders from orders where id = ${Number(submitted.data.order_id)}`,
      database.name,
    );
    expect(onReplica!.orders).toBe(0);
    expect(
      await metric(/^db_read_routing_total\{target="primary",reason="(fence|own-write)"/),
    ).toBeGreaterThan(0);
    // Within its fence, the writer's catalogue search reads the primary too: the new stock.
    expect(await search(writerToken)).toBe(7);
    // The other company still reads the paused replica.
    expect(await search(readerToken)).toBe(100);

    await replica!.query('select pg_wal_replay_resume()');
    await waitFor('the replica to catch up', async () => (await search(readerToken)) === 7);
  });

  it('a stopped replica leaves searches answering from the primary, with a log line', async () => {
    const token = await login(server!.baseUrl, reader, password);
    replica!.stop();
    for (let i = 0; i < 5; i++) expect(await search(token)).toBe(7);
    await waitFor('the fall-back log line', async () =>
      /read replica (down|failed a read)/.test(server!.output()),
    );
    expect(await metric(/^db_replica_up /)).toBe(0);
    expect(await metric(/^db_read_routing_total\{target="primary",reason="(down|error)"/)).toBeGreaterThan(0);
    expect(await metric(/^db_replica_fallbacks_total\{state="down"/)).toBeGreaterThan(0);
  });
});
