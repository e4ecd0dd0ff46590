import type { DeskOrder } from '@partsportal/contract/order-desk';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS, seedDemoData } from '../../db/seed/demo-data';
import { createStaffMember } from '../../../test/fixtures';
import { cartLine, plainProducts, saveSubmits, setStock } from '../../../test/checkout-test-kit';
import { STAFF_SECRETS, staffSignIn } from '../../../test/staff-test-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';

/*
 * Two actions on one order that are both in flight at the same moment (PostgreSQL only: PGlite has
 * one connection, so its requests never overlap). A third connection holds the order's row lock
 * until both requests are seen waiting for it, then lets go: without the desk's lock-then-check
 * both would pass the state check and both would write.
 */
let t: TestApp;
let buyer = '';
let sales = '';
let product = 0;

beforeAll(async () => {
  t = await createTestApp({
    seed: async (database) => {
      await seedDemoData(database, { parts: 300, seed: 11, passwordHashMemoryKiB: 1024 });
      await createStaffMember(database, {
        login: 'race-sales',
        password: 'race-sales-1234',
        role: 'sales',
        totpSecret: STAFF_SECRETS.sales,
      });
    },
  });
  sales = await staffSignIn(t, 'race-sales', 'race-sales-1234', STAFF_SECRETS.sales, new Date());
  buyer = await t.login('demo', 'demo1234');
  await t.database.db.execute(
    sql`update companies set credit_limit = 100000000 where id = ${DEMO_IDS.demoCompany}`,
  );
  [product] = (await plainProducts(t.database, 1)) as [number];
  await setStock(t.database, product, 10_000);
});
afterAll(() => t?.close());

const desk = (path: string, body: unknown) =>
  t.call(`/Admin/Orders/${path}`, body, { token: sales, lng: 'en' });

async function submittedOrder() {
  const line = await cartLine(t, buyer, product, 2, DEMO_IDS.stores.guangzhou);
  const saved = await saveSubmits(t, buyer, { items: [line] });
  await t.call('/Web/WePay', { order_id: saved.data.order_id, method: 'account' }, { token: buyer });
  return saved.data.order_id;
}

/** Runs `a` and `b` while the order's row is locked elsewhere; releases it once both wait for it. */
async function overlapping(
  orderId: number,
  a: () => Promise<{ code: number }>,
  b: () => Promise<{ code: number }>,
) {
  let locked!: () => void;
  let release!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const holder = t.database.transaction(async (tx) => {
    await tx.execute(sql`select id from orders where id = ${orderId} for update`);
    locked();
    await released;
  });
  await isLocked;
  const calls = Promise.all([a(), b()]);
  let waiting = 0;
  for (let attempt = 0; attempt < 200 && waiting < 2; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    const [row] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query ilike '%from "orders"%for update%'`,
    );
    waiting = row!.n;
  }
  expect(waiting).toBe(2);
  release();
  await holder;
  return (await calls).map((answer) => answer.code);
}

describe('order desk actions in flight at once (PostgreSQL)', () => {
  it('confirm and reject: exactly one wins', async () => {
    const id = await submittedOrder();
    const codes = await overlapping(
      id,
      () => desk('Confirm', { id }),
      () => desk('Reject', { id, reason: 'race' }),
    );
    expect([...codes].sort()).toEqual([200, 40000]);
    const [order] = await t.database.rows<{ state: string }>(sql`select state from orders where id = ${id}`);
    expect(order!.state).toBe(codes[0] === 200 ? 'confirmed' : 'rejected');
    const [events] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int n from order_events where order_id = ${id} and to_state in ('confirmed', 'rejected')`,
    );
    expect(events!.n).toBe(1);
  });

  it('ship and cancel of a confirmed order: exactly one wins, the stock moves once', async () => {
    const id = await submittedOrder();
    expect((await desk('Confirm', { id })).code).toBe(200);
    const line = ((await desk('Detail', { id })) as { data: DeskOrder }).data.lines[0]!;
    const [before] = await t.database.rows<{ stock: number; available: number }>(
      sql`select stock, available_stock as available from stock
          where product_id = ${product} and store_id = ${DEMO_IDS.stores.guangzhou}`,
    );
    const codes = await overlapping(
      id,
      () =>
        desk('Ship', {
          id,
          store_id: DEMO_IDS.stores.guangzhou,
          logistics_name: 'Race Express',
          logistics_no: 'RACE-1',
          lines: [{ line_id: line.id, qty: 2 }],
        }),
      () => desk('Cancel', { id }),
    );
    expect([...codes].sort()).toEqual([200, 40000]);
    const [after] = await t.database.rows<{ stock: number; available: number }>(
      sql`select stock, available_stock as available from stock
          where product_id = ${product} and store_id = ${DEMO_IDS.stores.guangzhou}`,
    );
    // Shipped: two pieces left the store, the reservation with them. Cancelled: they are free again.
    expect(after).toEqual(
      codes[0] === 200
        ? { stock: before!.stock - 2, available: before!.available }
        : { stock: before!.stock, available: before!.available + 2 },
    );
  });
});
