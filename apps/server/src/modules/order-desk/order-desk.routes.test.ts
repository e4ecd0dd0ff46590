import {
  ORDER_ACTION_STATES,
  ORDER_ACTIONS,
  type DeskOrder,
  type OrderAction,
  type OrderQueue,
  type ShipResult,
} from '@partsportal/contract/order-desk';
import type { OrderDetail, OrderState } from '@partsportal/contract/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS, seedDemoData } from '../../db/seed/demo-data';
import { createAccount, createStaffMember } from '../../../test/fixtures';
import { cartLine, plainProducts, saveSubmits, setStock } from '../../../test/checkout-test-kit';
import { STAFF_SECRETS, staffSignIn } from '../../../test/staff-test-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { currentCode } from '../../platform/totp';
import { createApiKeysService } from '../integration/api-keys.service';
import { createDataAccess } from '../../repositories';

const GZ = DEMO_IDS.stores.guangzhou;
const SH = DEMO_IDS.stores.shanghai;
const STOCK = 10_000;

let t: TestApp;
let buyer = '';
let partner = '';
const staff = { owner: '', sales: '', catalogue: '', foreign: '' };
let products: number[] = [];
/** Orders the seed wrote are left out of the stock invariant (the seed does not reserve). */
let firstOrderId = 0;
let carrierId = 0;

beforeAll(async () => {
  t = await createTestApp({
    seed: async (database) => {
      await seedDemoData(database, { parts: 300, seed: 11, passwordHashMemoryKiB: 1024 });
      for (const role of ['owner', 'sales', 'catalogue'] as const) {
        await createStaffMember(database, {
          login: `desk-${role}`,
          password: `${role}-pass-1234`,
          role,
          totpSecret: STAFF_SECRETS[role],
        });
      }
      // Sales staff of another wholesaler on the same database.
      await createAccount(database, 2);
      await createStaffMember(database, {
        accountId: 2,
        login: 'desk-foreign',
        password: 'foreign-pass-1234',
        role: 'sales',
        totpSecret: STAFF_SECRETS.sales,
      });
    },
  });
  const at = new Date();
  for (const role of ['owner', 'sales', 'catalogue'] as const) {
    staff[role] = await staffSignIn(t, `desk-${role}`, `${role}-pass-1234`, STAFF_SECRETS[role], at);
  }
  // The kit signs in to account 1; this member is of account 2.
  const foreign = await t.call<{ token: string }>('/Admin/Auth/Login', {
    login: 'desk-foreign',
    password: 'foreign-pass-1234',
    account_id: 2,
  });
  await t.call(
    '/Admin/Auth/VerifySecondFactor',
    { code: currentCode(STAFF_SECRETS.sales, at) },
    {
      token: foreign.data.token,
    },
  );
  staff.foreign = foreign.data.token;
  buyer = await t.login('demo', 'demo1234');
  partner = await t.login('partner', 'partner1234');
  await t.database.db.execute(
    sql`update companies set credit_limit = 100000000 where id = ${DEMO_IDS.demoCompany}`,
  );
  products = await plainProducts(t.database, 4);
  for (const product of products) {
    await setStock(t.database, product, STOCK);
    await t.database.db.execute(sql`
      insert into stock (product_id, store_id, stock, available_stock) values (${product}, ${SH}, 5, 5)
      on conflict (product_id, store_id) do update set stock = 5, available_stock = 5`);
  }
  const [max] = await t.database.rows<{ id: number }>(
    sql`select coalesce(max(id), 0)::int as id from orders`,
  );
  firstOrderId = max!.id + 1;
  const [carrier] = await t.database.rows<{ id: number }>(
    sql`select id from freight_carriers where account_id = 1 order by id limit 1`,
  );
  carrierId = carrier!.id;
});
afterAll(() => t?.close());

const desk = <T = unknown>(path: string, body: unknown, role: keyof typeof staff = 'sales', lng = 'en') =>
  t.call<T>(`/Admin/Orders/${path}`, body, { token: staff[role], lng });

/** A buyer's order paid on account (state submitted): lines of `qty` from Guangzhou. */
async function submittedOrder(lines: Array<[number, number]> = [[products[0]!, 4]], pay = true) {
  const items = [];
  for (const [product, qty] of lines) items.push(await cartLine(t, buyer, product, qty, GZ));
  const saved = await saveSubmits(t, buyer, { items });
  if (saved.code !== 200) throw new Error(`SaveSubmits: ${saved.msg}`);
  if (pay) {
    const paid = await t.call(
      '/Web/WePay',
      { order_id: saved.data.order_id, method: 'account' },
      { token: buyer },
    );
    if (paid.code !== 200) throw new Error(`WePay: ${paid.msg}`);
  }
  return saved.data.order_id;
}

async function detail(id: number, role: keyof typeof staff = 'sales') {
  const answer = await desk<DeskOrder>('Detail', { id }, role);
  expect(answer.code).toBe(200);
  return answer.data;
}

async function ship(
  id: number,
  lines: Array<{ line_id: number; qty: number }>,
  store: number = GZ,
  waybill = 'SF1234567890',
) {
  return desk<ShipResult>('Ship', {
    id,
    store_id: store,
    carrier_id: carrierId,
    logistics_no: waybill,
    lines,
  });
}

/** An order brought into `state` through the desk's own calls. */
async function orderIn(state: OrderState): Promise<number> {
  if (state === 'pending_payment') return submittedOrder(undefined, false);
  const id = await submittedOrder([[products[0]!, 2]]);
  const step = async (path: string, body: object) => {
    const answer = await desk(path, { id, ...body });
    if (answer.code !== 200) throw new Error(`${path}: ${answer.msg}`);
  };
  if (state === 'credit_hold') await step('Hold', {});
  if (state === 'cancelled') await step('Cancel', {});
  if (state === 'rejected') await step('Reject', { reason: 'no longer stocked' });
  if (state === 'confirmed' || state === 'partially_delivered' || state === 'delivered') {
    await step('Confirm', {});
    if (state !== 'confirmed') {
      const line = (await detail(id)).lines[0]!;
      const answer = await ship(id, [{ line_id: line.id, qty: state === 'delivered' ? 2 : 1 }]);
      if (answer.code !== 200) throw new Error(`Ship: ${answer.msg}`);
    }
  }
  return id;
}

const stateOf = async (id: number) =>
  (await t.database.rows<{ state: string }>(sql`select state from orders where id = ${id}`))[0]!.state;

/**
 * Every figure the desk's actions move, compared with a direct aggregate: order totals = Σ lines,
 * the monthly summaries = Σ orders, on-hand − available = what open orders still reserve there,
 * and the ledger holds each paid order's total until it is closed.
 */
async function expectConsistent() {
  const totals = await t.database.rows(
    sql`select o.id from orders o left join (select order_id, sum(sum) s, sum(qty) q, sum(export_qty) e
        from order_lines group by order_id) l on l.order_id = o.id
        where o.id >= ${firstOrderId} and (o.amount <> coalesce(l.s, 0) or o.total_qty <> coalesce(l.q, 0)
        or o.export_qty <> coalesce(l.e, 0))`,
  );
  expect(totals).toEqual([]);
  const summaries = await t.database.rows(
    sql`select company_id, state, sum(n)::int n, sum(a) a from (
          select company_id, state, orders n, amount a from order_month_totals
          union all select company_id, state, -1, -amount from orders) x
        group by company_id, state having sum(n) <> 0 or sum(a) <> 0`,
  );
  expect(summaries).toEqual([]);
  const stock = await t.database.rows(
    sql`select s.product_id, s.store_id, s.stock - s.available_stock as gap, coalesce(r.open, 0) as open
        from stock s left join (
          select l.product_id, l.store_id, sum(l.qty - l.export_qty)::int open from order_lines l
          join orders o on o.id = l.order_id
          where o.id >= ${firstOrderId}
            and o.state in ('pending_payment', 'submitted', 'credit_hold', 'confirmed', 'partially_delivered')
          group by l.product_id, l.store_id) r on r.product_id = s.product_id and r.store_id = s.store_id
        where s.product_id in (${sql.join(
          products.map((p) => sql`${p}`),
          sql`, `,
        )}) and s.store_id in (${GZ}, ${SH}) and s.stock - s.available_stock <> coalesce(r.open, 0)`,
  );
  expect(stock).toEqual([]);
  const ledger = await t.database.rows(
    sql`select o.no from orders o left join (select ref_no, sum(debit - credit) b from ledger_entries group by ref_no) e
        on e.ref_no = o.no
        where o.id >= ${firstOrderId} and o.state <> 'pending_payment'
        and coalesce(e.b, 0) <> case when o.state in ('cancelled', 'rejected') then 0 else o.amount + o.freight end`,
  );
  expect(ledger).toEqual([]);
}

describe('who may use the order desk', () => {
  it('sales and the owner; the catalogue role and buyers are refused', async () => {
    const id = await submittedOrder();
    expect((await desk('Queue', {}, 'sales')).code).toBe(200);
    expect((await desk('Queue', {}, 'owner')).code).toBe(200);
    expect((await desk('Queue', {}, 'catalogue')).code).toBe(40003);
    expect((await desk('Confirm', { id }, 'catalogue')).code).toBe(40003);
    expect((await t.call('/Admin/Orders/Confirm', { id }, { token: buyer })).code).not.toBe(200);
    expect(await stateOf(id)).toBe('submitted');
  });

  it("another wholesaler's staff neither see nor change the account's orders", async () => {
    const id = await submittedOrder();
    expect((await desk('Detail', { id }, 'foreign')).code).toBe(40004);
    expect((await desk('Confirm', { id }, 'foreign')).code).toBe(40004);
    const queue = await desk<OrderQueue>('Queue', { pageSize: 200 }, 'foreign');
    expect(queue.data).toEqual({ list: [], total: 0, counts: {} });
    expect(await stateOf(id)).toBe('submitted');
  });
});

describe('every action by state', () => {
  const states: OrderState[] = [
    'pending_payment',
    'submitted',
    'credit_hold',
    'confirmed',
    'partially_delivered',
    'delivered',
    'cancelled',
    'rejected',
  ];
  const perform = async (action: OrderAction, id: number) => {
    const line = (await detail(id)).lines[0]!;
    switch (action) {
      case 'confirm':
        return desk('Confirm', { id });
      case 'reject':
        return desk('Reject', { id, reason: 'price list expired' });
      case 'cancel':
        return desk('Cancel', { id });
      case 'hold':
        return desk('Hold', { id, reason: 'overdue invoices' });
      case 'release':
        return desk('Release', { id });
      case 'edit':
        return desk('UpdateLine', { id, line_id: line.id, qty: line.qty + 1 });
      case 'ship':
        return ship(id, [{ line_id: line.id, qty: 1 }]);
    }
  };

  it('is allowed exactly in the states ORDER_ACTION_STATES names, refused (40000) with nothing changed elsewhere', async () => {
    const fixed = new Map<OrderState, number>();
    for (const state of states) fixed.set(state, await orderIn(state));
    for (const action of ORDER_ACTIONS) {
      for (const state of states) {
        if (ORDER_ACTION_STATES[action].includes(state)) {
          const id = await orderIn(state);
          const answer = await perform(action, id);
          expect(answer.code, `${action} from ${state}: ${answer.msg}`).toBe(200);
        } else {
          const id = fixed.get(state)!;
          const before = await detail(id);
          const answer = await perform(action, id);
          expect(answer.code, `${action} from ${state}`).toBe(40000);
          expect(answer.msg).toContain(before.header.no);
          const after = await detail(id);
          expect(after.header).toEqual(before.header);
          expect(after.lines).toEqual(before.lines);
        }
      }
    }
    // The actions each state offers in the detail are the same table.
    for (const state of states) {
      const offered = (await detail(fixed.get(state)!)).actions;
      expect(offered).toEqual(ORDER_ACTIONS.filter((action) => ORDER_ACTION_STATES[action].includes(state)));
    }
    await expectConsistent();
  }, 120_000);

  it('refusals speak the caller language', async () => {
    const id = await orderIn('delivered');
    const es = await desk('Confirm', { id }, 'sales', 'es');
    expect(es.code).toBe(40000);
    expect(es.msg).toMatch(/no se puede confirmar/);
    const zh = await desk('Cancel', { id }, 'sales', 'zh');
    expect(zh.msg).toMatch(/无法取消/);
  });
});

describe('concurrent actions on one order (the order row lock)', () => {
  const race = async (a: () => Promise<{ code: number }>, b: () => Promise<{ code: number }>) => {
    const [first, second] = await Promise.all([a(), b()]);
    return [first.code, second.code] as const;
  };
  const eventsTo = async (id: number, states: string[]) =>
    (
      await t.database.rows<{ to_state: string }>(
        sql`select to_state from order_events where order_id = ${id}
            and to_state in (${sql.join(
              states.map((state) => sql`${state}`),
              sql`, `,
            )}) order by id`,
      )
    ).map((row) => row.to_state);

  it('confirm against reject: exactly one wins, every time', async () => {
    for (let round = 0; round < 6; round++) {
      const id = await submittedOrder([[products[1]!, 3]]);
      const [confirm, reject] = await race(
        () => desk('Confirm', { id }),
        () => desk('Reject', { id, reason: 'race' }),
      );
      expect([confirm, reject].sort()).toEqual([200, 40000]);
      expect(await stateOf(id)).toBe(confirm === 200 ? 'confirmed' : 'rejected');
      expect(await eventsTo(id, ['confirmed', 'rejected'])).toHaveLength(1);
    }
    await expectConsistent();
  });

  it('confirm against cancel: a cancel that comes first wins alone; one that comes second cancels the confirmed order', async () => {
    for (let round = 0; round < 6; round++) {
      const id = await submittedOrder([[products[1]!, 3]]);
      const [confirm, cancel] = await race(
        () => desk('Confirm', { id }),
        () => desk('Cancel', { id, reason: 'race' }),
      );
      // Cancel is allowed from confirmed, so the only lost race is the confirm's.
      expect(cancel).toBe(200);
      expect(await stateOf(id)).toBe('cancelled');
      expect(await eventsTo(id, ['confirmed', 'cancelled'])).toEqual(
        confirm === 200 ? ['confirmed', 'cancelled'] : ['cancelled'],
      );
      if (confirm !== 200) expect(confirm).toBe(40000);
    }
    await expectConsistent();
  });

  it('ship against cancel of a confirmed order: exactly one wins; stock is taken or given back once', async () => {
    for (let round = 0; round < 6; round++) {
      const id = await orderIn('confirmed');
      const line = (await detail(id)).lines[0]!;
      const [shipped, cancel] = await race(
        () => ship(id, [{ line_id: line.id, qty: 1 }]),
        () => desk('Cancel', { id }),
      );
      expect([shipped, cancel].sort()).toEqual([200, 40000]);
      expect(await stateOf(id)).toBe(shipped === 200 ? 'partially_delivered' : 'cancelled');
    }
    await expectConsistent();
  });
});

describe('edit lines before confirming', () => {
  it('quantity, price with a reason, remove, add — totals, stock, ledger, history and audit follow', async () => {
    const id = await submittedOrder([
      [products[0]!, 2],
      [products[1]!, 5],
    ]);
    const start = await detail(id);
    const [first, second] = start.lines as [DeskOrder['lines'][0], DeskOrder['lines'][0]];
    const qty = await desk<DeskOrder>('UpdateLine', { id, line_id: first.id, qty: 6 });
    expect(qty.code).toBe(200);
    expect(qty.data.lines[0]!.qty).toBe(6);

    // A price needs its reason.
    expect((await desk('UpdateLine', { id, line_id: second.id, price: '1.00' })).code).toBe(40001);
    const priced = await desk<DeskOrder>('UpdateLine', {
      id,
      line_id: second.id,
      price: '1.50',
      reason: 'loyalty discount',
    });
    expect(priced.code).toBe(200);
    expect(priced.data.lines[1]).toMatchObject({
      price: '1.50',
      sum: '7.50',
      price_desc: 'loyalty discount',
    });

    const found = await desk<Array<{ cpid: number; number: string }>>('FindParts', {
      id,
      keyword: (await detail(id)).lines[0]!.number,
    });
    expect(found.code).toBe(200);
    expect(found.data.some((part) => part.cpid === products[0])).toBe(true);
    const added = await desk<DeskOrder>('AddLine', { id, cpid: products[2]!, qty: 3, store_id: GZ });
    expect(added.code).toBe(200);
    expect(added.data.lines).toHaveLength(3);
    const removed = await desk<DeskOrder>('RemoveLine', { id, line_id: first.id, reason: 'customer asked' });
    expect(removed.code).toBe(200);
    expect(removed.data.lines.map((line) => line.seq)).toEqual([2, 3]);

    // More than the store has is refused and changes nothing.
    const tooMany = await desk('UpdateLine', { id, line_id: second.id, qty: 999_999 });
    expect(tooMany.code).toBe(40000);

    const after = await detail(id);
    expect(after.header.amount).toBe(after.lines.reduce((sum, line) => sum + Number(line.sum), 0).toFixed(2));
    // The buyer sees each change in the state history, in the buyer's language.
    const buyerView = await t.call<OrderDetail>(`/Web/GetOrderDetail/${id}`, undefined, {
      token: buyer,
      lng: 'es',
    });
    const notes = buyerView.data.events.map((event) => event.note);
    expect(notes).toContain(`línea ${first.seq} (${first.number}): cantidad 2 → 6`);
    expect(notes.some((note) => note.startsWith(`línea 2 (${second.number}): precio`))).toBe(true);
    expect(notes.some((note) => note.includes('añadida, cantidad 3'))).toBe(true);
    const audit = await t.database.rows<{ action: string; changes: Record<string, unknown> }>(
      sql`select action, changes from audit_log where entity = 'order' and entity_id = ${String(id)} order by id`,
    );
    expect(audit.map((entry) => entry.action)).toEqual([
      'order.update-line',
      'order.update-line',
      'order.add-line',
      'order.remove-line',
    ]);
    expect(audit[1]!.changes).toEqual({ price: { before: expect.any(String), after: '1.50' } });
    await expectConsistent();
  });
});

describe('shipping', () => {
  it('ships half: a delivery record and a sales bill the buyer sees; the rest stays open', async () => {
    const id = await submittedOrder([
      [products[0]!, 4],
      [products[1]!, 2],
    ]);
    expect((await desk('Confirm', { id, remark: 'packed tomorrow' })).code).toBe(200);
    const lines = (await detail(id)).lines;
    const shipped = await ship(id, [{ line_id: lines[0]!.id, qty: 2 }], GZ, 'SF-HALF-001');
    expect(shipped.code).toBe(200);
    expect(shipped.data.state).toBe('partially_delivered');
    const staffView = await detail(id);
    expect(staffView.lines.map((line) => line.open_qty)).toEqual([2, 2]);
    expect(staffView.shipments).toEqual([
      expect.objectContaining({
        delivery_no: shipped.data.delivery_no,
        logistics_no: 'SF-HALF-001',
        total_qty: 2,
      }),
    ]);

    const deliveries = await t.call<{
      list: Array<{ no: string; logistics_no: string; logistics_name: string }>;
    }>('/Web/GetDeliveryList', { no: shipped.data.delivery_no }, { token: buyer, lng: 'en' });
    expect(deliveries.data.list).toEqual([
      expect.objectContaining({ no: shipped.data.delivery_no, logistics_no: 'SF-HALF-001' }),
    ]);
    expect(deliveries.data.list[0]!.logistics_name).not.toBe('');
    const sales = await t.call<{
      list: Array<{
        no: string;
        cargo_state: string;
        logistics_no: string;
        order_id: number | null;
        amount: string;
      }>;
    }>('/Web/GetSalesList', { logistics_no: 'SF-HALF-001' }, { token: buyer });
    expect(sales.data.list).toEqual([
      expect.objectContaining({
        no: shipped.data.sales_bill_no,
        cargo_state: 'shipped',
        logistics_no: 'SF-HALF-001',
        order_id: id,
      }),
    ]);
    expect(Number(sales.data.list[0]!.amount)).toBeCloseTo(Number(lines[0]!.price) * 2, 2);
    // Another company sees neither.
    const other = await t.call<{ list: unknown[] }>(
      '/Web/GetDeliveryList',
      { no: shipped.data.delivery_no },
      { token: partner },
    );
    expect(other.data.list).toEqual([]);
    const history = await t.call<OrderDetail>(`/Web/GetOrderDetail/${id}`, undefined, {
      token: buyer,
      lng: 'zh',
    });
    expect(history.data.header.state).toBe('partially_delivered');
    expect(history.data.events.map((event) => event.note)).toContain('批发商已确认：packed tomorrow');
    expect(history.data.events.at(-1)!.note).toContain('SF-HALF-001');

    // The rest ships from another store: its reservation in Guangzhou is given back.
    const rest = await ship(
      id,
      [
        { line_id: lines[0]!.id, qty: 2 },
        { line_id: lines[1]!.id, qty: 2 },
      ],
      SH,
      'SF-REST-002',
    );
    expect(rest.code, rest.msg).toBe(200);
    expect(rest.data.state).toBe('delivered');
    const outbox = await t.database.rows<{ type: string }>(
      sql`select type from outbox_events where entity = 'order' and entity_id = ${String(id)} order by id`,
    );
    expect(outbox.map((event) => event.type)).toEqual([
      'order.submitted',
      'order.confirmed',
      'order.shipped',
      'order.shipped',
    ]);
    await expectConsistent();
  });

  it('refuses more than ordered-and-unshipped and more than the store holds, changing nothing', async () => {
    const id = await orderIn('confirmed');
    const line = (await detail(id)).lines[0]!;
    const over = await ship(id, [{ line_id: line.id, qty: 3 }]);
    expect(over.code).toBe(40000);
    expect(over.msg).toBe(
      `Line ${line.seq} (${line.number}): 3 to ship, but only 2 are ordered and not yet shipped.`,
    );
    await t.database.db.execute(
      sql`update stock set stock = 1, available_stock = 1 where product_id = ${line.cpid} and store_id = ${SH}`,
    );
    const noStock = await ship(id, [{ line_id: line.id, qty: 2 }], SH);
    expect(noStock.code).toBe(40000);
    expect(noStock.msg).toMatch(/has only 1\.$/);
    const twice = await ship(id, [
      { line_id: line.id, qty: 1 },
      { line_id: line.id, qty: 1 },
    ]);
    expect(twice.code).toBe(40000);
    expect((await detail(id)).lines[0]!.export_qty).toBe(0);
    expect(await stateOf(id)).toBe('confirmed');
    const [deliveries] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int n from delivery_lines where order_id = ${id}`,
    );
    expect(deliveries!.n).toBe(0);
    await t.database.db.execute(
      sql`update stock set stock = 5, available_stock = 5 where product_id = ${line.cpid} and store_id = ${SH}`,
    );
    await expectConsistent();
  });
});

describe('the queue', () => {
  it('filters by state, company, part number, amount and date; newest first; counts per state', async () => {
    const id = await submittedOrder([[products[3]!, 7]]);
    const all = await desk<OrderQueue>('Queue', { pageSize: 50 });
    expect(all.code).toBe(200);
    const dates = all.data.list.map((row) => row.bill_date);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const direct = await t.database.rows<{ state: string; n: number }>(
      sql`select state, count(*)::int n from orders where account_id = 1 group by state`,
    );
    expect(all.data.counts).toEqual(Object.fromEntries(direct.map((row) => [row.state, row.n])));
    expect(all.data.total).toBe(direct.reduce((sum, row) => sum + row.n, 0));

    const head = (await detail(id)).header;
    const filtered = await desk<OrderQueue>('Queue', {
      states: ['submitted'],
      company_id: DEMO_IDS.demoCompany,
      partNumber: (await detail(id)).lines[0]!.number,
      amountMin: head.amount,
      amountMax: head.amount,
      dateFrom: head.bill_date,
      dateTo: head.bill_date,
    });
    expect(filtered.data.list.map((row) => row.id)).toContain(id);
    expect(filtered.data.list.every((row) => row.state === 'submitted' && row.amount === head.amount)).toBe(
      true,
    );
    const [count] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int n from orders where account_id = 1 and state = 'submitted' and company_id = ${DEMO_IDS.demoCompany}`,
    );
    const byState = await desk<OrderQueue>('Queue', {
      states: ['submitted'],
      company_id: DEMO_IDS.demoCompany,
    });
    expect(byState.data.total).toBe(count!.n);
    expect(byState.data.counts.submitted).toBe(count!.n);
  });

  it('the detail shows stock per store and the credit position equal to the ledger', async () => {
    const id = await submittedOrder([[products[2]!, 1]]);
    const order = await detail(id);
    expect(order.lines[0]!.stores.map((store) => store.store_id)).toEqual(expect.arrayContaining([GZ, SH]));
    const [ledger] = await t.database.rows<{ debts: string }>(
      sql`select sum(debit - credit)::numeric(16,2)::text debts from ledger_entries where company_id = ${DEMO_IDS.demoCompany}`,
    );
    expect(order.credit.debts).toBe(ledger!.debts);
    expect(order.credit.limit).toBe('100000000.00');
    expect(Number(order.credit.available)).toBeCloseTo(100_000_000 - Number(ledger!.debts), 2);
  });
});

describe('/api/v1 order actions', () => {
  let writer = '';
  let reader = '';
  const post = (url: string, key: string, body: unknown, lng = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'accept-language': lng },
      payload: JSON.stringify(body),
    });

  beforeAll(async () => {
    const keys = createApiKeysService(createDataAccess(t.database));
    const actor = { kind: 'command' as const, id: null, name: 'test', ip: '' };
    writer = (
      await keys.create({ accountId: 1, name: 'erp', scopes: ['orders:read', 'orders:write'] }, actor)
    ).key;
    reader = (await keys.create({ accountId: 1, name: 'viewer', scopes: ['orders:read'] }, actor)).key;
  });

  it('confirm and ship through the same service; a key without orders:write is refused', async () => {
    const id = await submittedOrder([[products[0]!, 2]]);
    expect((await post(`/orders/${id}/confirm`, reader, {})).statusCode).toBe(403);
    const confirmed = await post(`/orders/${id}/confirm`, writer, { reason: 'ERP ok' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ order_id: id, state: 'confirmed' });
    const again = await post(`/orders/${id}/confirm`, writer, {}, 'es');
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/no se puede confirmar/);
    const carrier = (await desk<{ carriers: Array<{ id: number; name: string }> }>('ShipOptions', {})).data
      .carriers[0]!;
    const over = await post(`/orders/${id}/ship`, writer, {
      store_id: GZ,
      carrier: carrier.name,
      waybill: 'ERP-1',
      lines: [{ seq: 1, qty: 5 }],
    });
    expect(over.statusCode).toBe(409);
    const shipped = await post(`/orders/${id}/ship`, writer, {
      store_id: GZ,
      carrier: carrier.name,
      waybill: 'ERP-1',
      shipped_at: '2026-11-20T08:00:00Z',
      lines: [{ seq: 1, qty: 2 }],
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({ order_id: id, state: 'delivered' });
    const [bill] = await t.database.rows<{ carrier_id: number; bill_date: Date }>(
      sql`select carrier_id, bill_date from sales_bills where order_id = ${id}`,
    );
    expect(bill!.carrier_id).toBe(carrier.id);
    expect(new Date(bill!.bill_date).toISOString()).toBe('2026-11-20T08:00:00.000Z');
    const audit = await t.database.rows<{ actor_kind: string; actor_name: string }>(
      sql`select actor_kind, actor_name from audit_log where entity = 'order' and entity_id = ${String(id)}`,
    );
    expect(audit).toEqual([
      { actor_kind: 'api-key', actor_name: 'erp' },
      { actor_kind: 'api-key', actor_name: 'erp' },
    ]);
    expect((await post('/orders/999999999/cancel', writer, {})).statusCode).toBe(404);
  });

  it('reject with a reason and cancel; the buyer sees the reason', async () => {
    const rejected = await submittedOrder();
    const answer = await post(`/orders/${rejected}/reject`, writer, { reason: 'export licence missing' });
    expect(answer.statusCode).toBe(200);
    const buyerView = await t.call<OrderDetail>(`/Web/GetOrderDetail/${rejected}`, undefined, {
      token: buyer,
      lng: 'en',
    });
    expect(buyerView.data.header.state).toBe('rejected');
    expect(buyerView.data.events.at(-1)!.note).toBe('rejected by the wholesaler: export licence missing');
    const cancelled = await submittedOrder();
    expect((await post(`/orders/${cancelled}/cancel`, writer, {})).statusCode).toBe(200);
    expect(await stateOf(cancelled)).toBe('cancelled');
    await expectConsistent();
  });
});
