import type { DeskPurchase, PurchaseActionResult } from '@partsportal/contract/purchases-desk';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS, seedDemoData } from '../../db/seed/demo-data';
import { createStaffMember } from '../../../test/fixtures';
import { plainProducts } from '../../../test/checkout-test-kit';
import { STAFF_SECRETS, staffSignIn } from '../../../test/staff-test-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';

/*
 * Receipts of one purchase line in flight at the same moment (PostgreSQL only: PGlite has one
 * connection, so its requests never overlap). A third connection holds the purchase's row lock
 * until every request is seen waiting for it, then lets go: without the desk's lock-then-check
 * each would read the same open quantity and all would land.
 */
let t: TestApp;
let catalogue = '';
let product = 0;
const GZ = DEMO_IDS.stores.guangzhou;

beforeAll(async () => {
  t = await createTestApp({
    seed: async (database) => {
      await seedDemoData(database, { parts: 300, seed: 11, passwordHashMemoryKiB: 1024 });
      await createStaffMember(database, {
        login: 'race-catalogue',
        password: 'race-catalogue-1234',
        role: 'catalogue',
        totpSecret: STAFF_SECRETS.catalogue,
      });
    },
  });
  catalogue = await staffSignIn(
    t,
    'race-catalogue',
    'race-catalogue-1234',
    STAFF_SECRETS.catalogue,
    new Date(),
  );
  [product] = (await plainProducts(t.database, 1)) as [number];
});
afterAll(() => t?.close());

const desk = <T = unknown>(path: string, body: unknown) =>
  t.call<T>(`/Admin/Purchases/${path}`, body, { token: catalogue, lng: 'en' });

async function stockOf() {
  const [row] = await t.database.rows<{ stock: number; available: number }>(
    sql`select coalesce(sum(stock), 0)::int as stock, coalesce(sum(available_stock), 0)::int as available
        from stock where product_id = ${product}`,
  );
  return row!;
}

async function orderedPurchase(qty: number) {
  const created = await desk<PurchaseActionResult>('Create', {
    supplier_id: DEMO_IDS.partnerCompany,
    lines: [{ cpid: product, qty, price: '1.00' }],
  });
  expect(created.code, created.msg).toBe(200);
  expect((await desk('Order', { id: created.data.id })).code).toBe(200);
  const detail = await desk<DeskPurchase>('Detail', { id: created.data.id });
  return { id: created.data.id, lineId: detail.data.lines[0]!.id };
}

/** Runs `calls` while the purchase's row is locked elsewhere; releases it once all wait for it. */
async function overlapping(purchaseId: number, calls: Array<() => Promise<{ code: number }>>) {
  let locked!: () => void;
  let release!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const holder = t.database.transaction(async (tx) => {
    await tx.execute(sql`select id from purchases where id = ${purchaseId} for update`);
    locked();
    await released;
  });
  await isLocked;
  const running = Promise.all(calls.map((call) => call()));
  let waiting = 0;
  for (let attempt = 0; attempt < 200 && waiting < calls.length; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    const [row] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query ilike '%from "purchases"%for update%'`,
    );
    waiting = row!.n;
  }
  expect(waiting).toBe(calls.length);
  release();
  await holder;
  return (await running).map((answer) => answer.code);
}

describe('receipts of one line in flight at once (PostgreSQL)', () => {
  it('two receipts of the whole line: exactly one lands, stock rises once', async () => {
    const { id, lineId } = await orderedPurchase(6);
    const before = await stockOf();
    const receive = () => desk('Receive', { id, store_id: GZ, lines: [{ line_id: lineId, qty: 6 }] });
    const codes = await overlapping(id, [receive, receive]);
    expect([...codes].sort()).toEqual([200, 40000]);
    const [line] = await t.database.rows<{ received_qty: number }>(
      sql`select received_qty from purchase_lines where id = ${lineId}`,
    );
    expect(line!.received_qty).toBe(6);
    expect(await stockOf()).toEqual({ stock: before.stock + 6, available: before.available + 6 });
  });

  // Three at once: with the holder and the poll that is the test pool's five connections.
  it('three receipts of 4 on a line of 10: two land (8), the third is refused; never past the order', async () => {
    const { id, lineId } = await orderedPurchase(10);
    const before = await stockOf();
    const receive = () => desk('Receive', { id, store_id: GZ, lines: [{ line_id: lineId, qty: 4 }] });
    const codes = await overlapping(id, [receive, receive, receive]);
    expect([...codes].sort()).toEqual([200, 200, 40000]);
    const [line] = await t.database.rows<{ received_qty: number; state: string }>(
      sql`select l.received_qty, p.state from purchase_lines l join purchases p on p.id = l.purchase_id where l.id = ${lineId}`,
    );
    expect(line).toEqual({ received_qty: 8, state: 'partially_received' });
    expect(await stockOf()).toEqual({ stock: before.stock + 8, available: before.available + 8 });
    const [audits] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int n from audit_log where action = 'purchase.receive' and entity_id = ${String(id)}`,
    );
    expect(audits!.n).toBe(2);
  });
});
