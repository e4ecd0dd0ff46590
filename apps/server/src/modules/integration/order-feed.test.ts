import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seed/demo-data';
import { createDataAccess } from '../../repositories';
import { plainProducts } from '../../../test/checkout-test-kit';
import { pendingOrder } from '../../../test/payment-test-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createApiKeysService } from './api-keys.service';

let t: TestApp;
let token = '';
let product = 0;
let readKey = '';
let writeOnlyKey = '';

interface Change {
  cursor: string;
  event_id: string;
  type: string;
  data: Record<string, unknown>;
  order: { no: string; state: string; lines: unknown[] } | null;
}
interface Changes {
  changes: Change[];
  next_cursor: string;
  has_more: boolean;
}

const feed = async (query: string, key = readKey) => {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/v1/orders/changes${query}`,
    headers: { authorization: `Bearer ${key}` },
  });
  return { status: answer.statusCode, body: answer.json() as Changes };
};

beforeAll(async () => {
  t = await createTestApp({
    seed: (database) =>
      seedDemoData(database, { parts: 300, seed: 11, passwordHashMemoryKiB: 1024 }).then(() => undefined),
  });
  token = await t.login('demo', 'demo1234');
  [product] = (await plainProducts(t.database, 1)) as [number];
  const keys = createApiKeysService(createDataAccess(t.database));
  const actor = { kind: 'command' as const, id: null, name: 'test', ip: '' };
  readKey = (await keys.create({ accountId: 1, name: 'erp', scopes: ['orders:read'] }, actor)).key;
  writeOnlyKey = (await keys.create({ accountId: 1, name: 'stock', scopes: ['stock:write'] }, actor)).key;
});
afterAll(async () => t?.close());

describe('GET /api/v1/orders/changes', () => {
  it('needs orders:read', async () => {
    expect((await feed('', writeOnlyKey)).status).toBe(403);
  });

  it('reports a payment on account and a cancellation, each written with its change, in order', async () => {
    const start = (await feed('?limit=500')).body;
    let cursor = start.next_cursor;
    while ((await feed(`?after=${cursor}&limit=500`)).body.has_more)
      cursor = (await feed(`?after=${cursor}&limit=500`)).body.next_cursor;
    const paid = await pendingOrder(t, token, product);
    const pay = await t.call<{ status: string }>(
      '/Web/WePay',
      { order_id: paid.order_id, method: 'account' },
      { token },
    );
    expect(pay.code, pay.msg).toBe(200);
    const cancelled = await pendingOrder(t, token, product);
    expect((await t.call(`/Web/CancelOrder/${cancelled.order_id}`, {}, { token })).code).toBe(200);
    // A refused change writes no event: paying the cancelled order again.
    expect(
      (await t.call('/Web/WePay', { order_id: cancelled.order_id, method: 'account' }, { token })).code,
    ).not.toBe(200);

    const page = (await feed(`?after=${cursor}`)).body;
    expect(page.changes.map((c) => c.type)).toEqual(['order.submitted', 'order.cancelled']);
    const [submitted, cancel] = page.changes as [Change, Change];
    expect(submitted.order).toMatchObject({ state: 'submitted' });
    expect(submitted.order!.lines.length).toBe(1);
    expect(submitted.data).toMatchObject({ order_id: paid.order_id, state: 'submitted', on_account: true });
    expect(cancel.order).toMatchObject({ state: 'cancelled' });
    expect(BigInt(cancel.cursor)).toBeGreaterThan(BigInt(submitted.cursor));
    expect(page.next_cursor).toBe(cancel.cursor);
    // Nothing new after the cursor; paging by one gives the same two.
    expect((await feed(`?after=${page.next_cursor}`)).body).toEqual({
      changes: [],
      next_cursor: page.next_cursor,
      has_more: false,
    });
    const first = (await feed(`?after=${cursor}&limit=1`)).body;
    expect(first.has_more).toBe(true);
    expect(first.changes[0]!.event_id).toBe(submitted.event_id);
  });

  it('a first pull by time starts at the changes since then', async () => {
    const [latest] = await t.database.rows<{ created_at: string }>(
      sql`select created_at::text from outbox_events order by id desc limit 1`,
    );
    const since = new Date(new Date(latest!.created_at).getTime() - 1).toISOString();
    const page = (await feed(`?updated_since=${encodeURIComponent(since)}`)).body;
    expect(page.changes.map((c) => c.type)).toEqual(['order.cancelled']);
  });

  it('refuses a malformed cursor with 422 naming the field', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orders/changes?after=abc',
      headers: { authorization: `Bearer ${readKey}` },
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors[0].field).toBe('after');
  });
});
