import type { OrderDetail } from '@partsportal/contract/orders';
import { ALL_MENU_CODES } from '@partsportal/contract/endpoint';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/db/seed/demo-data';
import { availableStock, cartLine, plainProducts, saveSubmits, setStock } from '../checkout-test-kit';
import {
  callback,
  openPayment,
  PAID_ONCE,
  paidFields,
  paymentState,
  SANDBOX_SECRET,
  signed,
} from '../payment-test-kit';
import { createCompany, createUser } from '../fixtures';
import { createTestApp, type TestApp } from '../test-app';
import { reportFigures } from './figures';

// Issue 8 item 3: races a real PostgreSQL server decides with several connections at once.
let t: TestApp;
let token = '';
let products: number[] = [];
const figures: Record<string, number | boolean> = {};

beforeAll(async () => {
  t = await createTestApp({
    // 50 buyers sign in from one address within a minute; the per-IP limit is not under test here.
    config: { sandboxPaymentSecret: SANDBOX_SECRET, loginAttemptsPerIpPerMinute: 1000 },
    seed: (database) =>
      seedDemoData(database, { parts: 300, seed: 17, passwordHashMemoryKiB: 1024 }).then(() => undefined),
  });
  token = await t.login('demo', 'demo1234');
  products = await plainProducts(t.database, 6);
});
afterAll(async () => {
  if (Object.keys(figures).length > 0) reportFigures('concurrency', figures);
  await t.close();
});

/** A company with a default address and one buyer in it, signed in. */
async function newBuyer(name: string): Promise<string> {
  const company = await createCompany(t.database, 1, name);
  await t.database.db.execute(sql`
    insert into addresses (company_id, contact_name, area_id, area, address, phone, is_default)
    select ${company.id}, 'Buyer', id, 'China', 'Street 1', '13800000000', true from areas where code = 'CN-GD-GZ'`);
  await createUser(t.database, {
    accountId: 1,
    companyId: company.id,
    userId: name,
    password: 'buyer12345',
    menus: [...ALL_MENU_CODES],
  });
  return t.login(name, 'buyer12345');
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await t.database.rows<{ n: number }>(query);
  return Number(row!.n);
}

describe('concurrency (PostgreSQL)', () => {
  it('50 concurrent buyers of the last unit: exactly one order, stock 0, never negative', async () => {
    const product = products[0]!;
    await setStock(t.database, product, 1);
    const buyers: Array<{ token: string; line: number }> = [];
    for (let i = 0; i < 50; i++) {
      const buyerToken = await newBuyer(`last-unit-${i}`);
      buyers.push({ token: buyerToken, line: await cartLine(t, buyerToken, product, 1) });
    }
    const ordersBefore = await count(
      sql`select count(*) as n from order_lines where product_id = ${product}`,
    );
    const answers = await Promise.all(
      buyers.map((buyer) => saveSubmits(t, buyer.token, { items: [buyer.line] }, { lng: 'en' })),
    );
    const won = answers.filter((a) => a.code === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.code === 40000 && /^Not enough stock/.test(a.msg))).toHaveLength(49);
    const ordersAfter = await count(sql`select count(*) as n from order_lines where product_id = ${product}`);
    expect(ordersAfter - ordersBefore).toBe(1);
    expect(await availableStock(t.database, product)).toBe(0);
    expect(await count(sql`select count(*) as n from stock where available_stock < 0`)).toBe(0);
    // The 49 refused buyers keep their cart line (the refusal rolled the whole submit back).
    expect(await count(sql`select count(*) as n from cart_items where product_id = ${product}`)).toBe(49);
    Object.assign(figures, {
      lastUnitBuyers: buyers.length,
      orders: won.length,
      refused: answers.length - won.length,
      finalStock: await availableStock(t.database, product),
    });
  });

  it('the same part twice in one cart, summing past the stock, is refused as a whole', async () => {
    const product = products[1]!;
    await setStock(t.database, product, 5);
    // One line without a store (it takes the store with most stock) and one naming that store.
    const lines = [await cartLine(t, token, product, 3), await cartLine(t, token, product, 3, 1)];
    const preview = await t.call<{ can_submit: boolean; lines: Array<{ problem: string | null }> }>(
      '/Web/SubmitCart',
      { ids: lines },
      { token },
    );
    expect(preview.data.can_submit).toBe(false);
    expect(preview.data.lines.map((line) => line.problem)).toEqual([
      'insufficient_stock',
      'insufficient_stock',
    ]);
    const before = await count(sql`select count(*) as n from orders`);
    // Ten tabs of the same buyer submitting the same cart at once: all refused, nothing reserved.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => saveSubmits(t, token, { items: lines }, { lng: 'en' })),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(10).fill(40000));
    expect(answers.every((a) => /^Not enough stock/.test(a.msg))).toBe(true);
    expect(await count(sql`select count(*) as n from orders`)).toBe(before);
    expect(await availableStock(t.database, product)).toBe(5);
    expect(
      await count(sql`select count(*) as n from cart_items where id in (${lines[0]}, ${lines[1]})`),
    ).toBe(2);
    figures.samePartTwiceRefused = answers.length;
  });

  it('20 replays of one submit with an Idempotency-Key make exactly one order', async () => {
    const product = products[2]!;
    await setStock(t.database, product, 50);
    const line = await cartLine(t, token, product, 2);
    const body = { items: [line], remark: 'replayed' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => saveSubmits(t, token, body, { key: 'reliability-replay' })),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(20).fill(200));
    const orderIds = new Set(answers.map((a) => a.data.order_id));
    expect(orderIds.size).toBe(1);
    const [orderId] = [...orderIds];
    expect(
      await count(sql`select count(*) as n from orders where idempotency_key = 'reliability-replay'`),
    ).toBe(1);
    expect(await count(sql`select count(*) as n from order_lines where order_id = ${orderId}`)).toBe(1);
    expect(await count(sql`select count(*) as n from order_events where order_id = ${orderId}`)).toBe(1);
    expect(await availableStock(t.database, product)).toBe(48);
    // A later replay still answers the same order; the same key with another body is a conflict.
    const late = await saveSubmits(t, token, body, { key: 'reliability-replay' });
    expect(late.data.order_id).toBe(orderId);
    const other = await saveSubmits(
      t,
      token,
      { items: [line], remark: 'changed' },
      { key: 'reliability-replay' },
    );
    expect(other.code).toBe(40009);
    Object.assign(figures, { replays: answers.length, replayOrders: orderIds.size });
  });

  it('10 parallel copies of one signed payment callback record exactly one payment', async () => {
    const { order, pay } = await openPayment(t, token, products[3]!);
    const body = signed(paidFields(pay, 'REF-RELIABILITY'));
    const answers = await Promise.all(Array.from({ length: 10 }, () => callback(t, body)));
    expect(answers.map((a) => a.code)).toEqual(Array(10).fill(200));
    expect(await paymentState(t, order.order_id)).toMatchObject(PAID_ONCE);
    Object.assign(figures, {
      callbacks: answers.length,
      payments: (await paymentState(t, order.order_id))!.payments,
    });
  });

  it('concurrent edits of one pending order keep lines, header total and stock consistent', async () => {
    const [a, b, c] = [products[4]!, products[5]!, products[0]!];
    for (const product of [a, b, c]) await setStock(t.database, product, 100);
    const lines = [
      await cartLine(t, token, a, 5),
      await cartLine(t, token, b, 5),
      await cartLine(t, token, c, 5),
    ];
    const saved = await saveSubmits(t, token, { items: lines });
    expect(saved.code).toBe(200);
    const orderId = saved.data.order_id;
    const detail = await t.call<OrderDetail>(`/Web/GetOrderDetail/${orderId}`, {}, { token });
    const [lineA, lineB, lineC] = detail.data.lines;

    // 30 quantity changes of two lines and a delete of the third, all at once. Every quantity is
    // different (so every accepted edit is a real change with its event); one asks for more than
    // the store has and must be refused.
    const edits = [
      ...Array.from({ length: 15 }, (_, i) => ({ line: lineA!.id, qty: 6 + i })),
      ...Array.from({ length: 15 }, (_, i) => ({ line: lineB!.id, qty: i === 7 ? 500 : 21 + i })),
    ];
    const answers = await Promise.all([
      ...edits.map((edit) =>
        t.call<OrderDetail>(
          '/Web/UpdateOrderLine',
          { order_id: orderId, line_id: edit.line, qty: edit.qty },
          { token },
        ),
      ),
      t.call<OrderDetail>('/Web/DeleteOrderLine', { order_id: orderId, line_id: lineC!.id }, { token }),
    ]);
    expect(answers.filter((answer) => answer.code !== 200).map((answer) => answer.code)).toEqual([40000]);

    const [order] = await t.database.rows<{
      amount: string;
      total_qty: number;
      lines: string;
      qty: number;
    }>(sql`
      select o.amount::text, o.total_qty,
        (select coalesce(sum(l.sum), 0)::text from order_lines l where l.order_id = o.id) as lines,
        (select coalesce(sum(l.qty), 0)::int from order_lines l where l.order_id = o.id) as qty
      from orders o where o.id = ${orderId}`);
    expect(order!.amount).toBe(order!.lines);
    expect(Number(order!.total_qty)).toBe(Number(order!.qty));
    const rows = await t.database.rows<{ product_id: number; qty: number; price: string; sum: string }>(
      sql`select product_id, qty, price::text, sum::text from order_lines where order_id = ${orderId} order by seq`,
    );
    expect(rows.map((row) => row.product_id)).toEqual([a, b]);
    for (const row of rows) {
      expect(Number(row.sum)).toBeCloseTo(Number(row.price) * row.qty, 4);
      // Whatever the order of the edits, the store holds back exactly what the line now asks for.
      expect(await availableStock(t.database, row.product_id)).toBe(100 - row.qty);
    }
    expect(await availableStock(t.database, c)).toBe(100);
    // The answer of the last edit to commit is the final state: its total is the stored total.
    const detailAfter = await t.call<OrderDetail>(`/Web/GetOrderDetail/${orderId}`, {}, { token });
    expect(detailAfter.data.header.amount).toBe(Number(order!.lines).toFixed(2));
    expect(await count(sql`select count(*) as n from order_events where order_id = ${orderId}`)).toBe(1 + 30);
    Object.assign(figures, {
      parallelLineEdits: answers.length,
      editTotalConsistent: order!.amount === order!.lines,
    });
  });
});
