import type {
  BuyAgain,
  OrderDetail,
  OrderHeader,
  OrderLineRow,
  OrderList,
} from '@partsportal/contract/orders';
import { normalizePartNumber } from '@partsportal/contract/part-number';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seed/demo-data';
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
let products: number[] = [];
let demoCompany = 0;

const orderList = (body: Record<string, unknown>, token = tokens.demo) =>
  t.call<OrderList>('/Web/GetOrderList', body, { token, lng: 'en' });
const lineList = (body: Record<string, unknown>, token = tokens.demo) =>
  t.call<{ list: OrderLineRow[]; total: number }>('/Web/GetOrderLineList', body, { token, lng: 'en' });
const detail = (id: number, token = tokens.demo) =>
  t.call<OrderDetail>(`/Web/GetOrderDetail/${id}`, undefined, { token, lng: 'en' });

/** A fresh pending_payment order of demo with one line per product (stock in Guangzhou only). */
async function twoLineOrder(qty: [number, number] = [2, 3]) {
  const [a, b] = products as [number, number];
  await setStock(t.database, a, 100);
  await setStock(t.database, b, 100);
  const items = [await cartLine(t, tokens.demo, a, qty[0]), await cartLine(t, tokens.demo, b, qty[1])];
  const saved = await saveSubmits(t, tokens.demo, { items });
  if (saved.code !== 200) throw new Error(`SaveSubmits: ${saved.msg}`);
  const order = await detail(saved.data.order_id);
  return order.data;
}

async function orderIdInState(companyId: number, state: string) {
  const [row] = await t.database.rows<{ id: number }>(
    sql`select id from orders where company_id = ${companyId} and state = ${state} order by id limit 1`,
  );
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({
    seed: (database) =>
      seedDemoData(database, { parts: 300, seed: 7, passwordHashMemoryKiB: 1024 }).then(() => undefined),
  });
  tokens.demo = await t.login('demo', 'demo1234');
  tokens.partner = await t.login('partner', 'partner1234');
  tokens.viewer = await t.login('viewer', 'viewer1234');
  products = await plainProducts(t.database, 2);
  const [row] = await t.database.rows<{ company_id: number }>(
    sql`select company_id from users where user_id = 'demo'`,
  );
  demoCompany = row!.company_id;
});
afterAll(() => t.close());

describe('/Web/GetOrderList', () => {
  it("pages the company's orders newest first, with totals over the whole filter", async () => {
    const page = await orderList({ page: 1, pageSize: 20 });
    expect(page.code).toBe(200);
    const [db] = await t.database.rows<{ n: number; amount: string; qty: number }>(
      sql`select count(*)::int as n, sum(amount)::text as amount, sum(total_qty)::int as qty
          from orders where company_id = ${demoCompany}`,
    );
    expect(page.data.total).toBe(db!.n);
    expect(page.data.totals).toEqual({ amount: new Decimal(db!.amount).toFixed(2), total_qty: db!.qty });
    expect(page.data.list).toHaveLength(20);
    const dates = page.data.list.map((o) => o.bill_date);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(String(dates[0]).length).toBe(10);
    const first = page.data.list[0]!;
    expect(first).toMatchObject({ company_sort_name: expect.any(String), from: expect.any(String) });
    expect(first.amount).toMatch(/^\d+\.\d{2}$/);
    const rate =
      first.total_qty > 0 ? new Decimal(first.export_qty).times(100).div(first.total_qty).toFixed(2) : '0.00';
    expect(first.export_rate).toBe(rate);
  });

  it('filters by state, order no, date range, channel and part number (normalized)', async () => {
    const delivered = await orderList({ states: ['delivered'], pageSize: 200 });
    expect(delivered.data.total).toBeGreaterThan(0);
    expect(delivered.data.list.every((o) => o.state === 'delivered')).toBe(true);

    const some = (await orderList({ pageSize: 5, page: 3 })).data.list[0]!;
    const byNo = await orderList({ no: some.no.toLowerCase() });
    expect(byNo.data.list.map((o) => o.id)).toContain(some.id);
    expect(byNo.data.list.every((o) => o.no.toUpperCase().startsWith(some.no.toUpperCase()))).toBe(true);

    const day = await orderList({ dateFrom: some.bill_date, dateTo: some.bill_date, pageSize: 200 });
    expect(day.data.list.map((o) => o.id)).toContain(some.id);
    expect(day.data.list.every((o) => o.bill_date === some.bill_date)).toBe(true);

    const channel = await orderList({ fromSystem: some.from, pageSize: 200 });
    expect(channel.data.list.every((o) => o.from === some.from)).toBe(true);
    expect((await orderList({ fromSystem: 'no-such-channel' })).data.total).toBe(0);

    const [line] = await t.database.rows<{ order_id: number; number: string }>(
      sql`select order_id, number from order_lines where company_id = ${demoCompany} order by id limit 1`,
    );
    // The way buyers type it: lower case, separators changed.
    const typed = line!.number.toLowerCase().replace(/[^0-9a-z]/g, '.');
    const byPart = await orderList({ partNumber: typed, pageSize: 200 });
    expect(byPart.data.list.map((o) => o.id)).toContain(line!.order_id);
    const key = normalizePartNumber(line!.number);
    for (const order of byPart.data.list) {
      const [hit] = await t.database.rows<{ n: number }>(
        sql`select count(*)::int as n from order_lines where order_id = ${order.id} and number_key like ${`${key}%`}`,
      );
      expect(hit!.n).toBeGreaterThan(0);
    }
    expect((await orderList({ partNumber: '---' })).data.total).toBe(0);
  });

  it('sorts by allow-listed columns only', async () => {
    const byAmount = await orderList({ sort: 'amount', order: 'asc', pageSize: 50 });
    const amounts = byAmount.data.list.map((o) => new Decimal(o.amount));
    expect(amounts.every((a, i) => i === 0 || a.gte(amounts[i - 1]!))).toBe(true);
    const byNo = await orderList({ sort: 'no', order: 'desc', pageSize: 50 });
    const nos = byNo.data.list.map((o) => o.no);
    expect(nos).toEqual([...nos].sort().reverse());
    expect((await orderList({ sort: 'id' })).code).toBe(40001);
    expect((await orderList({ sort: 'amount; drop table orders' })).code).toBe(40001);
  });

  it('pages to the last page, beyond it, at 200 and refuses 201', async () => {
    const { total } = (await orderList({ pageSize: 7 })).data;
    const lastPage = Math.ceil(total / 7);
    const last = await orderList({ page: lastPage, pageSize: 7 });
    expect(last.data.list).toHaveLength(total - (lastPage - 1) * 7);
    const beyond = await orderList({ page: lastPage + 1, pageSize: 7 });
    expect(beyond.data).toMatchObject({ list: [], total });
    expect((await orderList({ pageSize: 200 })).data.list).toHaveLength(Math.min(200, total));
    expect((await orderList({ pageSize: 201 })).code).toBe(40001);
    expect((await orderList({ page: 0 })).code).toBe(40001);
    // Pages do not overlap and together are the whole ordering.
    const p1 = (await orderList({ page: 1, pageSize: 10 })).data.list.map((o) => o.id);
    const p2 = (await orderList({ page: 2, pageSize: 10 })).data.list.map((o) => o.id);
    const both = (await orderList({ page: 1, pageSize: 20 })).data.list.map((o) => o.id);
    expect([...p1, ...p2]).toEqual(both);
  });

  it('needs 1002', async () => {
    expect((await orderList({}, tokens.viewer)).code).toBe(40003);
  });
});

describe('/Web/GetOrderDetail', () => {
  it('shows header, lines and history; delivered orders cannot be edited', async () => {
    const id = await orderIdInState(demoCompany, 'delivered');
    const answer = await detail(id);
    expect(answer.code).toBe(200);
    expect(answer.data.header.id).toBe(id);
    expect(answer.data.lines.length).toBeGreaterThan(0);
    const sum = answer.data.lines.reduce((acc, l) => acc.plus(l.sum), new Decimal(0));
    expect(sum.toFixed(2)).toBe(answer.data.header.amount);
    expect(answer.data).toMatchObject({ can_edit: false, can_delete_lines: false });
    expect((await detail(2_000_000_000)).code).toBe(40004);
  });
});

describe('/Web/UpdateOrderLine and /Web/DeleteOrderLine', () => {
  it('changes qty of a pending order: stock reserved/released, sums and totals recomputed', async () => {
    const order = await twoLineOrder([2, 3]);
    expect(order).toMatchObject({ can_edit: true, can_delete_lines: true });
    const line = order.lines[0]!;
    const before = await availableStock(t.database, line.cpid);

    const up = await t.call<OrderDetail>(
      '/Web/UpdateOrderLine',
      { order_id: order.header.id, line_id: line.id, qty: 5 },
      { token: tokens.demo },
    );
    expect(up.code).toBe(200);
    expect(await availableStock(t.database, line.cpid)).toBe(before - 3);
    const changed = up.data.lines.find((l) => l.id === line.id)!;
    expect(changed).toMatchObject({ qty: 5, sum: new Decimal(line.price).times(5).toFixed(2) });
    expect(up.data.header.total_qty).toBe(8);
    expect(up.data.header.amount).toBe(
      up.data.lines.reduce((acc, l) => acc.plus(l.sum), new Decimal(0)).toFixed(2),
    );

    const down = await t.call<OrderDetail>(
      '/Web/UpdateOrderLine',
      { order_id: order.header.id, line_id: line.id, qty: 1 },
      { token: tokens.demo },
    );
    expect(down.data.header.total_qty).toBe(4);
    expect(await availableStock(t.database, line.cpid)).toBe(before + 1);

    // More than the store has: refused with the spec message, nothing changed.
    await setStock(t.database, line.cpid, 2);
    const tooMany = await t.call(
      '/Web/UpdateOrderLine',
      { order_id: order.header.id, line_id: line.id, qty: 10 },
      { token: tokens.demo, lng: 'en' },
    );
    expect(tooMany.code).toBe(40000);
    expect(tooMany.msg).toMatch(/^Modify an exception! Not enough stock/);
    expect(await availableStock(t.database, line.cpid)).toBe(2);
    expect((await detail(order.header.id)).data.header.total_qty).toBe(4);
  });

  it('deletes a line with its stock, keeps seq, refuses the last line', async () => {
    const order = await twoLineOrder([2, 4]);
    const [first, second] = order.lines as [OrderDetail['lines'][number], OrderDetail['lines'][number]];
    const before = await availableStock(t.database, first.cpid);
    const deleted = await t.call<OrderDetail>(
      '/Web/DeleteOrderLine',
      { order_id: order.header.id, line_id: first.id },
      { token: tokens.demo },
    );
    expect(deleted.code).toBe(200);
    expect(deleted.data.lines.map((l) => [l.id, l.seq])).toEqual([[second.id, second.seq]]);
    expect(deleted.data.header).toMatchObject({ total_qty: 4, amount: second.sum });
    expect(deleted.data.can_delete_lines).toBe(false);
    expect(await availableStock(t.database, first.cpid)).toBe(before + 2);
    const last = await t.call(
      '/Web/DeleteOrderLine',
      { order_id: order.header.id, line_id: second.id },
      { token: tokens.demo, lng: 'en' },
    );
    expect(last.code).toBe(40000);
    expect(last.msg).toMatch(/^Delete an exception! This is the last line/);
    // A line of this order deleted already is unknown now.
    expect(
      (
        await t.call(
          '/Web/DeleteOrderLine',
          { order_id: order.header.id, line_id: first.id },
          { token: tokens.demo },
        )
      ).code,
    ).toBe(40004);
  });

  it.each(['submitted', 'confirmed', 'partially_delivered', 'delivered', 'cancelled'])(
    'refuses edits and deletes of %s orders',
    async (state) => {
      const id = await orderIdInState(demoCompany, state);
      const order = (await detail(id)).data;
      expect(order.can_edit).toBe(false);
      const line = order.lines[0]!;
      const edit = await t.call(
        '/Web/UpdateOrderLine',
        { order_id: id, line_id: line.id, qty: line.qty + 1 },
        { token: tokens.demo, lng: 'en' },
      );
      expect(edit.code).toBe(40000);
      expect(edit.msg).toMatch(new RegExp(`^Modify an exception! The order .* is ${state}`));
      const del = await t.call(
        '/Web/DeleteOrderLine',
        { order_id: id, line_id: line.id },
        { token: tokens.demo, lng: 'es' },
      );
      expect(del.code).toBe(40000);
      expect(del.msg).toMatch(/^¡Error al eliminar!/);
      expect((await detail(id)).data.lines).toEqual(order.lines);
    },
  );
});

describe('/Web/GetOrderLineList', () => {
  it('finds lines by normalized part number prefix, name, no and pages them', async () => {
    const [line] = await t.database.rows<{ number_key: string; part_name: string }>(
      sql`select number_key, part_name from order_lines where company_id = ${demoCompany} order by id limit 1`,
    );
    const prefix = line!.number_key.slice(0, 4).toLowerCase();
    const found = await lineList({ partNumber: prefix, pageSize: 200 });
    expect(found.code).toBe(200);
    expect(found.data.total).toBeGreaterThan(0);
    expect(found.data.list.every((l) => normalizePartNumber(l.number).startsWith(prefix.toUpperCase()))).toBe(
      true,
    );
    const byName = await lineList({ name: line!.part_name.slice(1, 5), pageSize: 50 });
    expect(byName.data.list.every((l) => l.part_name.includes(line!.part_name.slice(1, 5)))).toBe(true);
    const all = await lineList({ pageSize: 20 });
    const [db] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from order_lines where company_id = ${demoCompany}`,
    );
    expect(all.data.total).toBe(db!.n);
    const dates = all.data.list.map((l) => l.bill_date);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const order = all.data.list[0]!;
    const byNo = await lineList({ no: order.order_no, pageSize: 200 });
    expect(byNo.data.list.every((l) => l.order_no === order.order_no)).toBe(true);
    const bySum = (await lineList({ sort: 'sum', order: 'desc', pageSize: 30 })).data.list.map(
      (l) => new Decimal(l.sum),
    );
    expect(bySum.every((s, i) => i === 0 || s.lte(bySum[i - 1]!))).toBe(true);
    const beyond = await lineList({ page: Math.ceil(db!.n / 200) + 1, pageSize: 200 });
    expect(beyond.data).toMatchObject({ list: [], total: db!.n });
    expect((await lineList({ pageSize: 201 })).code).toBe(40001);
    expect((await lineList({ sort: 'price' })).code).toBe(40001);
    expect((await lineList({}, tokens.viewer)).code).toBe(40003);
  });
});

describe('/Web/BuyAgain', () => {
  it('adds available lines to the cart and reports vanished or inactive products', async () => {
    const order = await twoLineOrder([1, 2]);
    await t.database.db.execute(sql`delete from cart_items`);
    const [kept, gone] = order.lines as [OrderDetail['lines'][number], OrderDetail['lines'][number]];
    await t.database.db.execute(sql`update products set is_active = false where id = ${gone.cpid}`);
    try {
      const answer = await t.call<BuyAgain>(`/Web/BuyAgain/${order.header.id}`, undefined, {
        token: tokens.demo,
      });
      expect(answer.code).toBe(200);
      expect(answer.data).toEqual({
        added: 1,
        carts: 1,
        unavailable: [{ number: gone.number, reason: 'inactive' }],
      });
      const cart = await t.database.rows<{ product_id: number; qty: number }>(
        sql`select product_id, qty from cart_items`,
      );
      expect(cart).toEqual([{ product_id: kept.cpid, qty: 1 }]);
    } finally {
      await t.database.db.execute(sql`update products set is_active = true where id = ${gone.cpid}`);
    }
  });

  it('needs the cart permission as well', async () => {
    const id = await orderIdInState(demoCompany, 'delivered');
    await t.database.db.execute(sql`update users set menus = '["1002"]'::jsonb where user_id = 'viewer'`);
    const viewer = await t.login('viewer', 'viewer1234');
    const answer = await t.call(`/Web/BuyAgain/${id}`, undefined, { token: viewer, lng: 'en' });
    // viewer belongs to demo's company, so the order is visible, but the cart is not.
    expect(answer).toMatchObject({ code: 40003, msg: 'Buying again needs access to the cart.' });
  });
});

describe('company scoping', () => {
  it("as demo, every order call with partner's ids finds nothing of partner's", async () => {
    const [partner] = await t.database.rows<{ company_id: number }>(
      sql`select company_id from users where user_id = 'partner'`,
    );
    const theirs = await t.database.rows<{ order_id: number; line_id: number; no: string; number: string }>(
      sql`select o.id as order_id, l.id::int as line_id, o.no, l.number from orders o
          join order_lines l on l.order_id = o.id where o.company_id = ${partner!.company_id}
          and o.state in ('pending_payment', 'delivered') order by o.id limit 4`,
    );
    expect(theirs.length).toBeGreaterThan(0);
    expect(partner!.company_id).not.toBe(demoCompany);
    const theirIds = new Set(theirs.map((r) => r.order_id));
    for (const row of theirs) {
      expect((await detail(row.order_id)).code).toBe(40004);
      const before = await t.database.rows(sql`select qty, sum from order_lines where id = ${row.line_id}`);
      const edit = await t.call(
        '/Web/UpdateOrderLine',
        { order_id: row.order_id, line_id: row.line_id, qty: 1 },
        { token: tokens.demo },
      );
      expect(edit.code).toBe(40004);
      const del = await t.call(
        '/Web/DeleteOrderLine',
        { order_id: row.order_id, line_id: row.line_id },
        { token: tokens.demo },
      );
      expect(del.code).toBe(40004);
      expect(await t.database.rows(sql`select qty, sum from order_lines where id = ${row.line_id}`)).toEqual(
        before,
      );
      expect((await t.call(`/Web/BuyAgain/${row.order_id}`, undefined, { token: tokens.demo })).code).toBe(
        40004,
      );
      const byNo = await orderList({ no: row.no, pageSize: 200 });
      expect(byNo.data.list.filter((o: OrderHeader) => theirIds.has(o.id))).toEqual([]);
      const lines = await lineList({ no: row.no, pageSize: 200 });
      expect(lines.data.list.filter((l) => theirIds.has(l.order_id))).toEqual([]);
    }
    // A line id of partner's with an order id of demo's: still nothing.
    const ours = await twoLineOrder([1, 1]);
    const mixed = await t.call(
      '/Web/UpdateOrderLine',
      { order_id: ours.header.id, line_id: theirs[0]!.line_id, qty: 2 },
      { token: tokens.demo },
    );
    expect(mixed.code).toBe(40004);
    // Lists only ever carry demo's company.
    const all = await orderList({ pageSize: 200 });
    const [name] = await t.database.rows<{ sort_name: string }>(
      sql`select sort_name from companies where id = ${demoCompany}`,
    );
    expect(all.data.list.every((o) => o.company_sort_name === name!.sort_name && !theirIds.has(o.id))).toBe(
      true,
    );
  });
});
