import type { PendingOrder } from '@partsportal/contract/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, orderEvents } from '../../db/schema/trading';
import { seedDemoData } from '../../db/seed/demo-data';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { availableStock, plainProducts } from '../../../test/checkout-test-kit';
import { pendingOrder } from '../../../test/payment-test-kit';

let t: TestApp;
const tokens = { demo: '', partner: '', viewer: '' };
let product = 0;

beforeAll(async () => {
  t = await createTestApp({
    seed: (database) =>
      seedDemoData(database, { parts: 300, seed: 11, passwordHashMemoryKiB: 1024 }).then(() => undefined),
  });
  tokens.demo = await t.login('demo', 'demo1234');
  tokens.partner = await t.login('partner', 'partner1234');
  tokens.viewer = await t.login('viewer', 'viewer1234');
  [product] = (await plainProducts(t.database, 1)) as [number];
});
afterAll(() => t.close());

describe('/Web/GetPendingOrders', () => {
  it("pages the company's pending_payment orders, newest first, with amounts", async () => {
    const order = await pendingOrder(t, tokens.demo, product, 2);
    const page = await t.call<{ list: PendingOrder[]; total: number }>(
      '/Web/GetPendingOrders',
      { page: 1, pageSize: 5 },
      { token: tokens.demo },
    );
    expect(page.code).toBe(200);
    expect(page.data.list[0]).toMatchObject({
      id: order.order_id,
      no: order.no,
      state: 'pending_payment',
      total_amount: order.total_amount,
      total_qty: 2,
      line_count: 1,
    });
    expect(page.data.list.every((o) => o.state === 'pending_payment')).toBe(true);
    expect(page.data.total).toBeGreaterThanOrEqual(page.data.list.length);
    const partner = await t.call<{ list: PendingOrder[] }>(
      '/Web/GetPendingOrders',
      {},
      { token: tokens.partner },
    );
    expect(partner.data.list.map((o) => o.id)).not.toContain(order.order_id);
    expect(
      (await t.call('/Web/GetPendingOrders', { page: 1, pageSize: 201 }, { token: tokens.demo })).code,
    ).toBe(40001);
  });
});

describe('/Web/CancelOrder', () => {
  it('cancels a pending order and gives its stock back; a second cancel is refused', async () => {
    const order = await pendingOrder(t, tokens.demo, product, 4);
    const before = await availableStock(t.database, product);
    expect(
      (await t.call(`/Web/CancelOrder/${order.order_id}`, undefined, { token: tokens.partner })).code,
    ).toBe(40004);
    const answer = await t.call(`/Web/CancelOrder/${order.order_id}`, undefined, { token: tokens.demo });
    expect(answer).toMatchObject({ code: 200, data: { order_id: order.order_id, state: 'cancelled' } });
    expect(await availableStock(t.database, product)).toBe(before + 4);
    const events = await t.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.order_id));
    expect(events.map((e) => e.toState)).toEqual(['pending_payment', 'cancelled']);
    const again = await t.call(`/Web/CancelOrder/${order.order_id}`, undefined, {
      token: tokens.demo,
      lng: 'en',
    });
    expect(again.code).toBe(40000);
    expect(again.msg).toMatch(/is cancelled, not awaiting payment/);
    expect(await availableStock(t.database, product)).toBe(before + 4);
  });
});

describe('/Web/ReSubmitCartForWeb', () => {
  it('puts the lines back into the cart and cancels the order', async () => {
    const order = await pendingOrder(t, tokens.demo, product, 3);
    const before = await availableStock(t.database, product);
    await t.database.db.delete(cartItems);
    expect(
      (await t.call(`/Web/ReSubmitCartForWeb/${order.order_id}`, undefined, { token: tokens.partner })).code,
    ).toBe(40004);
    expect(
      (await t.call(`/Web/ReSubmitCartForWeb/${order.order_id}`, undefined, { token: tokens.viewer })).code,
    ).toBe(40003);
    const answer = await t.call(`/Web/ReSubmitCartForWeb/${order.order_id}`, undefined, {
      token: tokens.demo,
    });
    expect(answer).toMatchObject({
      code: 200,
      data: { order_id: order.order_id, state: 'cancelled', carts: 1 },
    });
    const cart = await t.database.db.select().from(cartItems);
    expect(cart.map((c) => [c.productId, c.qty])).toEqual([[product, 3]]);
    expect(await availableStock(t.database, product)).toBe(before + 3);
    expect(
      (await t.call(`/Web/ReSubmitCartForWeb/${order.order_id}`, undefined, { token: tokens.demo })).code,
    ).toBe(40000);
  });
});
