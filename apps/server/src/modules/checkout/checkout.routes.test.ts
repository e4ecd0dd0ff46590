import type { CheckoutPreview, SavedOrder } from '@partsportal/contract/checkout';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addresses, cartItems, orderEvents, orderLines, orders } from '../../db/schema/trading';
import { DEMO_IDS, seedDemoData } from '../../db/seed/demo-data';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  availableStock,
  cartLine,
  plainProducts,
  saveSubmits,
  setStock,
} from '../../../test/checkout-test-kit';

let t: TestApp;
const tokens = { demo: '', partner: '', viewer: '' };
let p1 = 0;
let p2 = 0;

beforeAll(async () => {
  t = await createTestApp({
    seed: (database) =>
      seedDemoData(database, { parts: 300, seed: 11, passwordHashMemoryKiB: 1024 }).then(() => undefined),
  });
  tokens.demo = await t.login('demo', 'demo1234');
  tokens.partner = await t.login('partner', 'partner1234');
  tokens.viewer = await t.login('viewer', 'viewer1234');
  [p1, p2] = (await plainProducts(t.database, 2)) as [number, number];
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(cartItems);
  await setStock(t.database, p1, 10);
  await setStock(t.database, p2, 10);
});

describe('/Web/SubmitCart', () => {
  it('answers the spec message when nothing is checked', async () => {
    for (const [lng, msg] of [
      ['en', 'Please check the items to be submitted first!'],
      ['zh', '请先勾选要提交的商品！'],
      ['es', '¡Marque primero los artículos que desea enviar!'],
    ] as const) {
      const answer = await t.call('/Web/SubmitCart', { ids: [] }, { token: tokens.demo, lng });
      expect(answer).toMatchObject({ code: 40000, msg });
    }
  });

  it('previews fresh prices, stock, the default address and freight', async () => {
    const a = await cartLine(t, tokens.demo, p1, 2);
    const b = await cartLine(t, tokens.demo, p2, 3);
    const answer = await t.call<CheckoutPreview>('/Web/SubmitCart', { ids: [a, b] }, { token: tokens.demo });
    expect(answer.code).toBe(200);
    const preview = answer.data;
    expect(preview.lines.map((l) => [l.id, l.qty, l.store_id, l.problem])).toEqual([
      [a, 2, DEMO_IDS.stores.guangzhou, null],
      [b, 3, DEMO_IDS.stores.guangzhou, null],
    ]);
    const detail = await t.call<{ price: string }>(`/Web/GetProductDetail/${p1}`, undefined, {
      token: tokens.demo,
    });
    expect(preview.lines[0]!.price).toBe(detail.data.price);
    const goods = preview.lines.reduce((sum, l) => sum + Math.round(Number(l.sum) * 100), 0);
    expect(Math.round(Number(preview.goods_amount) * 100)).toBe(goods);
    expect(preview.total_qty).toBe(5);
    expect(preview.address?.is_default).toBe(true);
    expect(preview.freight).not.toBeNull();
    expect(preview.freight_carrier).toBeTruthy();
    expect(Math.round(Number(preview.total_amount) * 100)).toBe(
      goods + Math.round(Number(preview.freight) * 100),
    );
    expect(preview.can_submit).toBe(true);
  });

  it('flags a line that wants more than the stock and the same product twice past it', async () => {
    await setStock(t.database, p1, 4);
    const a = await cartLine(t, tokens.demo, p1, 3);
    const b = await cartLine(t, tokens.demo, p1, 3, DEMO_IDS.stores.guangzhou);
    const answer = await t.call<CheckoutPreview>('/Web/SubmitCart', { ids: [a, b] }, { token: tokens.demo });
    expect(answer.data.lines.map((l) => l.problem)).toEqual(['insufficient_stock', 'insufficient_stock']);
    expect(answer.data.can_submit).toBe(false);
  });

  it("refuses other users' cart ids as not found", async () => {
    const theirs = await cartLine(t, tokens.partner, p1, 1);
    const answer = await t.call('/Web/SubmitCart', { ids: [theirs] }, { token: tokens.demo });
    expect(answer.code).toBe(40004);
  });

  it('needs the cart permission (1006)', async () => {
    expect((await t.call('/Web/SubmitCart', { ids: [1] }, { token: tokens.viewer })).code).toBe(40003);
  });
});

describe('/Web/SaveSubmits', () => {
  it('creates one pending_payment order: server prices, stock reserved, cart lines removed, an event', async () => {
    const a = await cartLine(t, tokens.demo, p1, 2);
    const b = await cartLine(t, tokens.demo, p2, 3);
    const keep = await cartLine(t, tokens.demo, p1, 1, DEMO_IDS.stores.shanghai);
    const preview = (
      await t.call<CheckoutPreview>('/Web/SubmitCart', { ids: [a, b] }, { token: tokens.demo })
    ).data;
    const answer = await saveSubmits(t, tokens.demo, {
      remark: ' please hurry ',
      items: [a, b],
      address_id: preview.address!.id,
    });
    expect(answer.code).toBe(200);
    const saved = answer.data;
    expect(saved.no).toMatch(/^PO\d{8}\d{6}$/);
    expect(saved).toMatchObject({
      state: 'pending_payment',
      goods_amount: preview.goods_amount,
      freight: preview.freight,
      total_amount: preview.total_amount,
      carts: 1,
    });
    expect(await availableStock(t.database, p1)).toBe(8);
    expect(await availableStock(t.database, p2)).toBe(7);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, saved.order_id));
    expect(order).toMatchObject({
      state: 'pending_payment',
      remark: 'please hurry',
      companyId: DEMO_IDS.demoCompany,
      totalQty: 5,
    });
    expect(order!.consignee).toBe(preview.address!.contact_name);
    const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, saved.order_id));
    expect(lines.map((l) => [l.productId, l.qty, l.storeId])).toEqual([
      [p1, 2, DEMO_IDS.stores.guangzhou],
      [p2, 3, DEMO_IDS.stores.guangzhou],
    ]);
    const events = await t.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, saved.order_id));
    expect(events.map((e) => [e.fromState, e.toState])).toEqual([[null, 'pending_payment']]);
    const cart = await t.database.db.select({ id: cartItems.id }).from(cartItems);
    expect(cart.map((c) => c.id)).toEqual([keep]);
  });

  it('never accepts a price from the client', async () => {
    const a = await cartLine(t, tokens.demo, p1, 1);
    const answer = await saveSubmits(t, tokens.demo, { items: [a], price: '0.01' });
    expect(answer.code).toBe(40001);
    expect(await availableStock(t.database, p1)).toBe(10);
  });

  it('answers the spec messages for nothing checked and no address', async () => {
    expect((await saveSubmits(t, tokens.demo, { items: [] }, { lng: 'en' })).msg).toBe(
      'Please check the items to be submitted first!',
    );
    await t.database.db.delete(addresses).where(eq(addresses.companyId, DEMO_IDS.partnerCompany));
    const theirs = await cartLine(t, tokens.partner, p1, 1);
    const answer = await saveSubmits(t, tokens.partner, { items: [theirs] }, { lng: 'en' });
    expect(answer).toMatchObject({ code: 40000, msg: 'Please set the receiving address!' });
    expect(await availableStock(t.database, p1)).toBe(10);
    expect((await t.database.db.select().from(cartItems).where(eq(cartItems.id, theirs))).length).toBe(1);
  });

  it("refuses another company's address and cart lines with 40004", async () => {
    const [partnerAddress] = await t.database.db
      .insert(addresses)
      .values({
        companyId: DEMO_IDS.partnerCompany,
        contactName: 'X',
        areaId: 1,
        area: 'X',
        address: 'X',
        phone: '13800000000',
        isDefault: true,
      })
      .returning();
    const a = await cartLine(t, tokens.demo, p1, 1);
    expect((await saveSubmits(t, tokens.demo, { items: [a], address_id: partnerAddress!.id })).code).toBe(
      40004,
    );
    const theirs = await cartLine(t, tokens.partner, p2, 1);
    expect((await saveSubmits(t, tokens.demo, { items: [theirs] })).code).toBe(40004);
    expect(await availableStock(t.database, p1)).toBe(10);
  });

  it('refuses more than the stock and rolls everything back', async () => {
    await setStock(t.database, p1, 2);
    const a = await cartLine(t, tokens.demo, p1, 3);
    const b = await cartLine(t, tokens.demo, p2, 1);
    const before = (await t.database.db.select().from(orders)).length;
    const answer = await saveSubmits(t, tokens.demo, { items: [b, a] }, { lng: 'en' });
    expect(answer.code).toBe(40000);
    expect(answer.msg).toMatch(/^Not enough stock of .+: 3 wanted, 2 available in /);
    expect(await availableStock(t.database, p2)).toBe(10);
    expect((await t.database.db.select().from(orders)).length).toBe(before);
    expect((await t.database.db.select().from(cartItems)).length).toBe(2);
  });

  it('refuses the same product twice when together they pass the stock', async () => {
    await setStock(t.database, p1, 5);
    const a = await cartLine(t, tokens.demo, p1, 3);
    const b = await cartLine(t, tokens.demo, p1, 3, DEMO_IDS.stores.guangzhou);
    const answer = await saveSubmits(t, tokens.demo, { items: [a, b] });
    expect(answer.code).toBe(40000);
    expect(await availableStock(t.database, p1)).toBe(5);
    // Within the stock, the two lines are one reservation of 5.
    await setStock(t.database, p1, 6);
    expect((await saveSubmits(t, tokens.demo, { items: [a, b] })).code).toBe(200);
    expect(await availableStock(t.database, p1)).toBe(0);
  });

  it('with an Idempotency-Key answers the same order for the same body and 40009 for another body', async () => {
    const a = await cartLine(t, tokens.demo, p1, 1);
    const first = await saveSubmits(t, tokens.demo, { items: [a], remark: 'x' }, { key: 'key-1' });
    expect(first.code).toBe(200);
    const again = await saveSubmits(t, tokens.demo, { items: [a], remark: 'x' }, { key: 'key-1' });
    expect(again.code).toBe(200);
    expect(again.data.order_id).toBe(first.data.order_id);
    const other = await saveSubmits(t, tokens.demo, { items: [a], remark: 'y' }, { key: 'key-1', lng: 'en' });
    expect(other.code).toBe(40009);
    expect(other.msg).toMatch(/Idempotency-Key was already used/);
    expect(await availableStock(t.database, p1)).toBe(9);
    const orderRows = await t.database.db.select().from(orders).where(eq(orders.idempotencyKey, 'key-1'));
    expect(orderRows).toHaveLength(1);
    const bad = await saveSubmits(t, tokens.demo, { items: [a] }, { key: 'has space' });
    expect(bad.code).toBe(40001);
  });

  it('a refused submit does not burn its Idempotency-Key', async () => {
    await setStock(t.database, p1, 0);
    const a = await cartLine(t, tokens.demo, p1, 1);
    expect((await saveSubmits(t, tokens.demo, { items: [a] }, { key: 'key-2' })).code).toBe(40000);
    await setStock(t.database, p1, 1);
    const ok = await saveSubmits(t, tokens.demo, { items: [a] }, { key: 'key-2' });
    expect(ok.code).toBe(200);
    expect((ok.data as SavedOrder).state).toBe('pending_payment');
  });
});
