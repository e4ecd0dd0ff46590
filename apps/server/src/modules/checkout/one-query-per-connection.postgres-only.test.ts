// A transaction holds one pg connection, which runs one query at a time: a Promise.all inside it
// queues the extra queries in the client (pg warns "client.query() when the client is already
// executing a query", deprecated for pg 9) and gains nothing. The mixed bench logged that warning
// from SaveSubmits, whose pricing ran three queries at once on the transaction's connection.
// PostgreSQL only: PGlite has no connections to share.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../config';
import { seedDemoData } from '../../db/seed/demo-data';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { cartLine, plainProducts, saveSubmits, setStock } from '../../../test/checkout-test-kit';

interface ClientInternals {
  _activeQuery: unknown;
  _queryQueue: unknown[];
}

/** Every query started on a pg client that was still busy with another one. */
function watchOverlappingQueries() {
  const overlapping: string[] = [];
  const original = pg.Client.prototype.query;
  const patched = function (this: pg.Client & ClientInternals, ...args: unknown[]) {
    // Private fields of pg 8; if they vanish, fail here rather than silently see no overlap.
    if (!Array.isArray(this._queryQueue) || !('_activeQuery' in this)) {
      throw new Error('pg.Client internals changed: update this watcher');
    }
    if (this._activeQuery || this._queryQueue.length > 0) {
      const [first] = args;
      const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
      overlapping.push(
        String(text ?? '?')
          .replace(/\s+/g, ' ')
          .slice(0, 120),
      );
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  pg.Client.prototype.query = patched as typeof original;
  return {
    overlapping,
    stop: () => {
      pg.Client.prototype.query = original;
    },
  };
}

let t: TestApp;
let token = '';
let products: number[] = [];
let watcher: ReturnType<typeof watchOverlappingQueries> | undefined;

beforeAll(async () => {
  t = await createTestApp({
    seed: (database) =>
      seedDemoData(database, { parts: 300, seed: 11, passwordHashMemoryKiB: 1024 }).then(() => undefined),
  });
  token = await t.login('demo', 'demo1234');
  products = await plainProducts(t.database, 3);
});
afterEach(() => watcher?.stop());
afterAll(() => t.close());

describe('one query at a time per connection (PostgreSQL)', () => {
  it('the watcher sees queries overlapping on one client (it can fail)', async () => {
    const client = new pg.Client({ connectionString: testDatabaseUrl() });
    await client.connect();
    try {
      watcher = watchOverlappingQueries();
      // Two, not three: pg itself warns from the third on, and the watcher must catch the second.
      await Promise.all([client.query('select 1'), client.query('select 2')]);
      expect(watcher.overlapping).toEqual(['select 2']);
      watcher.overlapping.length = 0;
      await client.query('select 4');
      await client.query('select 5');
      expect(watcher.overlapping).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('SaveSubmits (new order, idempotent retry, refusal) never overlaps queries in its transaction', async () => {
    for (const product of products) await setStock(t.database, product, 50);
    const lines = [];
    for (const product of products) lines.push(await cartLine(t, token, product, 2));

    watcher = watchOverlappingQueries();
    const preview = await t.call('/Web/SubmitCart', { ids: lines }, { token });
    expect(preview.code).toBe(200);
    const first = await saveSubmits(t, token, { items: lines }, { key: 'one-connection' });
    expect(first.code).toBe(200);
    const retry = await saveSubmits(t, token, { items: lines }, { key: 'one-connection' });
    expect(retry.data.order_id).toBe(first.data.order_id);

    await setStock(t.database, products[0]!, 1);
    const refused = await saveSubmits(t, token, { items: [await cartLine(t, token, products[0]!, 5)] });
    expect(refused.code).toBe(40000);
    expect(watcher.overlapping).toEqual([]);
  });
});
