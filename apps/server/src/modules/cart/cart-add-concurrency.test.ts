import { MAX_LINE_QTY } from '@partsportal/contract/cart';
import { ResultCode } from '@partsportal/contract/codes';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/catalog';
import { cartItems } from '../../db/schema/trading';
import { seedDemoData } from '../../db/seed/demo-data';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * AddCart of one line runs without a transaction (one atomic insert … on conflict statement);
 * concurrent adds must still neither lose quantities nor pass the per-line cap.
 */
let t: TestApp;
let token = '';
const ids = { first: 0, second: 0, inactive: 0 };

beforeAll(async () => {
  t = await createTestApp({
    seed: async (database) => {
      await seedDemoData(database, { parts: 300, seed: 11, passwordHashMemoryKiB: 1024 });
      const plain = await database.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.buyQty, 0))
        .orderBy(asc(products.id))
        .limit(3);
      [ids.first, ids.second, ids.inactive] = plain.map((row) => row.id) as [number, number, number];
      await database.db.update(products).set({ isActive: false }).where(eq(products.id, ids.inactive));
    },
  });
  token = await t.login('demo', 'demo1234');
  await t.call('/Web/ClearCart', {}, { token });
}, 120_000);
afterAll(async () => t?.close());

/** The demo user's quantity of a product (the demo data gives other users carts too). */
const qtyOf = async (productId: number) => {
  const [user] = await t.database.rows<{ id: number }>(sql`select id from users where user_id = 'demo'`);
  const rows = await t.database.db
    .select({ qty: cartItems.qty })
    .from(cartItems)
    .where(and(eq(cartItems.productId, productId), eq(cartItems.userId, user!.id)));
  return rows.reduce((sum, row) => sum + row.qty, 0);
};

describe('AddCart under concurrency', () => {
  it('adds up every concurrent add of the same product', async () => {
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        t.call<{ carts: number }>('/Web/AddCart', { cpid: ids.first, qty: 2 }, { token }),
      ),
    );
    expect(answers.map((answer) => answer.code)).toEqual(Array(25).fill(200));
    expect(await qtyOf(ids.first)).toBe(50);
    const list = await t.call<{ count: number }>('/Web/GetCartList/0', {}, { token });
    expect(list.data.count).toBe(1);
  });

  it('never passes the line cap, however the adds interleave', async () => {
    const first = await t.call('/Web/AddCart', { cpid: ids.second, qty: MAX_LINE_QTY - 5 }, { token });
    expect(first.code).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.call('/Web/AddCart', { cpid: ids.second, qty: 1 }, { token })),
    );
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.code !== 200).map((answer) => answer.code)).toEqual(
      Array(5).fill(ResultCode.refused),
    );
    expect(await qtyOf(ids.second)).toBe(MAX_LINE_QTY);
  });

  it('still refuses an inactive product and leaves the cart as it was', async () => {
    const answer = await t.call('/Web/AddCart', { cpid: ids.inactive, qty: 1 }, { token });
    expect(answer.code).not.toBe(200);
    expect(await qtyOf(ids.inactive)).toBe(0);
  });
});
