import {
  PURCHASE_ACTION_STATES,
  PURCHASE_ACTIONS,
  type DeskPurchase,
  type PurchaseAction,
  type PurchaseActionResult,
  type PurchaseDeskList,
  type PurchaseOptions,
  type PurchasePart,
} from '@partsportal/contract/purchases-desk';
import type { PurchaseDetail, PurchaseState } from '@partsportal/contract/records';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS, seedDemoData } from '../../db/seed/demo-data';
import { createStaffMember } from '../../../test/fixtures';
import { plainProducts } from '../../../test/checkout-test-kit';
import { STAFF_SECRETS, staffSignIn } from '../../../test/staff-test-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';

const GZ = DEMO_IDS.stores.guangzhou;
const SH = DEMO_IDS.stores.shanghai;
const SUPPLIER = DEMO_IDS.partnerCompany;

let t: TestApp;
let partner = '';
let demo = '';
const staff = { owner: '', sales: '', catalogue: '' };
let products: number[] = [];
/** Purchases the seed wrote are left out of the stock comparison (they never moved stock). */
let firstPurchaseId = 0;
/** Σ stock per product over all stores before any receipt of this file. */
const stockBefore = new Map<number, number>();

beforeAll(async () => {
  t = await createTestApp({
    seed: async (database) => {
      await seedDemoData(database, { parts: 300, seed: 11, passwordHashMemoryKiB: 1024 });
      for (const role of ['owner', 'sales', 'catalogue'] as const) {
        await createStaffMember(database, {
          login: `buy-${role}`,
          password: `${role}-pass-1234`,
          role,
          totpSecret: STAFF_SECRETS[role],
        });
      }
    },
  });
  const at = new Date();
  for (const role of ['owner', 'sales', 'catalogue'] as const)
    staff[role] = await staffSignIn(t, `buy-${role}`, `${role}-pass-1234`, STAFF_SECRETS[role], at);
  partner = await t.login('partner', 'partner1234');
  demo = await t.login('demo', 'demo1234');
  products = await plainProducts(t.database, 4);
  const [max] = await t.database.rows<{ id: number }>(
    sql`select coalesce(max(id), 0)::int as id from purchases`,
  );
  firstPurchaseId = max!.id + 1;
  for (const product of products) stockBefore.set(product, await stockOf(product));
});
afterAll(() => t?.close());

const desk = <T = unknown>(path: string, body: unknown, role: keyof typeof staff = 'catalogue', lng = 'en') =>
  t.call<T>(`/Admin/Purchases/${path}`, body, { token: staff[role], lng });

async function stockOf(product: number, store?: number) {
  const [row] = await t.database.rows<{ n: number }>(
    sql`select coalesce(sum(stock), 0)::int as n from stock where product_id = ${product}
        ${store === undefined ? sql`` : sql`and store_id = ${store}`}`,
  );
  return row!.n;
}

async function created(lines: Array<[number, number, string]> = [[products[0]!, 10, '12.50']]) {
  const answer = await desk<PurchaseActionResult>('Create', {
    supplier_id: SUPPLIER,
    require_date: Math.floor(Date.now() / 1000) + 7 * 86400,
    remark: 'test',
    lines: lines.map(([cpid, qty, price]) => ({ cpid, qty, price })),
  });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data;
}

async function detail(id: number, role: keyof typeof staff = 'catalogue') {
  const answer = await desk<DeskPurchase>('Detail', { id }, role);
  expect(answer.code, answer.msg).toBe(200);
  return answer.data;
}

/** A purchase brought into `state` through the desk's own calls. */
async function purchaseIn(state: PurchaseState): Promise<number> {
  const { id } = await created([
    [products[1]!, 6, '3.00'],
    [products[2]!, 4, '5.25'],
  ]);
  if (state === 'draft') return id;
  if (state === 'cancelled') {
    expect((await desk('Cancel', { id })).code).toBe(200);
    return id;
  }
  expect((await desk('Order', { id })).code).toBe(200);
  if (state === 'ordered') return id;
  const lines = (await detail(id)).lines;
  const receive =
    state === 'received'
      ? lines.map((l) => ({ line_id: l.id, qty: l.qty }))
      : [{ line_id: lines[0]!.id, qty: 1 }];
  const answer = await desk<PurchaseActionResult>('Receive', { id, store_id: GZ, lines: receive });
  expect(answer.data.state).toBe(state);
  return id;
}

async function attempt(action: PurchaseAction, id: number, lng = 'en') {
  const head = await detail(id);
  switch (action) {
    case 'edit':
      return desk('Update', { id, lines: [{ cpid: products[1]!, qty: 2, price: '1.00' }] }, 'catalogue', lng);
    case 'order':
      return desk('Order', { id }, 'catalogue', lng);
    case 'cancel':
      return desk('Cancel', { id, reason: 'no longer needed' }, 'catalogue', lng);
    case 'receive':
      return desk(
        'Receive',
        { id, store_id: GZ, lines: [{ line_id: head.lines[0]!.id, qty: 1 }] },
        'catalogue',
        lng,
      );
  }
}

describe('purchases desk: roles', () => {
  it('sales staff are refused every call; catalogue and owner are let in', async () => {
    for (const path of ['List', 'Options']) {
      expect((await desk(path, {}, 'sales')).code).toBe(40003);
      expect((await desk(path, {}, 'catalogue')).code).toBe(200);
      expect((await desk(path, {}, 'owner')).code).toBe(200);
    }
    const refused = await desk(
      'Create',
      { supplier_id: SUPPLIER, lines: [{ cpid: products[0]!, qty: 1, price: '1' }] },
      'sales',
    );
    expect(refused.code).toBe(40003);
    const [row] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int n from purchases where id >= ${firstPurchaseId}`,
    );
    expect(row!.n).toBe(0);
  });

  it('a buyer token opens no purchases desk call', async () => {
    expect((await t.call('/Admin/Purchases/List', {}, { token: partner })).code).toBe(50008);
  });
});

describe('purchases desk: create, edit, order', () => {
  it('offers supplier companies only and the active stores', async () => {
    const answer = await desk<PurchaseOptions>('Options', {});
    expect(answer.data.suppliers.map((s) => s.id)).toContain(SUPPLIER);
    expect(answer.data.suppliers.map((s) => s.id)).not.toContain(DEMO_IDS.demoCompany);
    expect(answer.data.stores.map((s) => s.id)).toContain(GZ);
  });

  it('finds parts by number with the stock on hand', async () => {
    const [product] = await t.database.rows<{ number: string }>(
      sql`select number from products where id = ${products[0]!}`,
    );
    const answer = await desk<PurchasePart[]>('FindParts', { keyword: product!.number });
    expect(answer.code).toBe(200);
    const found = answer.data.find((p) => p.cpid === products[0]);
    expect(found?.stock).toBe(stockBefore.get(products[0]!));
  });

  it('writes a draft with its lines, amount computed on the server, and an audit entry', async () => {
    const result = await created([
      [products[0]!, 3, '10.10'],
      [products[1]!, 7, '0.33'],
    ]);
    expect(result.state).toBe('draft');
    expect(result.no).toMatch(/^CG\d{8}\d{6}$/);
    const head = await detail(result.id);
    expect(head.header.amount).toBe('32.61');
    expect(head.header.supplier_id).toBe(SUPPLIER);
    expect(head.header.sales_man_name).toBe('buy-catalogue (catalogue)');
    expect(head.actions).toEqual(['edit', 'order', 'cancel']);
    expect(head.lines.map((l) => [l.qty, l.sum, l.received_qty, l.open_qty])).toEqual([
      [3, '30.30', 0, 3],
      [7, '2.31', 0, 7],
    ]);
    const [audit] = await t.database.rows<{ actor_name: string; action: string }>(
      sql`select actor_name, action from audit_log where entity = 'purchase' and entity_id = ${String(result.id)}`,
    );
    expect(audit).toEqual({ actor_name: 'buy-catalogue', action: 'purchase.create' });
  });

  it('refuses a company that is not a supplier, an unknown part and a part twice', async () => {
    const notSupplier = await desk(
      'Create',
      {
        supplier_id: DEMO_IDS.demoCompany,
        lines: [{ cpid: products[0]!, qty: 1, price: '1' }],
      },
      'catalogue',
      'es',
    );
    expect(notSupplier.code).toBe(40000);
    expect(notSupplier.msg).toBe('Esta empresa no es un proveedor activo.');
    const unknown = await desk('Create', {
      supplier_id: SUPPLIER,
      lines: [{ cpid: 999_999, qty: 1, price: '1' }],
    });
    expect(unknown.msg).toBe('Part 999999 does not exist.');
    const twice = await desk(
      'Create',
      {
        supplier_id: SUPPLIER,
        lines: [
          { cpid: products[0]!, qty: 1, price: '1' },
          { cpid: products[0]!, qty: 2, price: '1' },
        ],
      },
      'catalogue',
      'zh',
    );
    expect(twice.msg).toContain('出现了两次');
  });

  it('edits a draft: lines replaced, amount recomputed; changes audited', async () => {
    const { id } = await created();
    const answer = await desk('Update', {
      id,
      remark: 'changed',
      lines: [
        { cpid: products[2]!, qty: 5, price: '2.00' },
        { cpid: products[3]!, qty: 1, price: '0.50' },
      ],
    });
    expect(answer.code).toBe(200);
    const head = await detail(id);
    expect(head.header.amount).toBe('10.50');
    expect(head.header.remark).toBe('changed');
    expect(head.lines.map((l) => [l.seq, l.cpid])).toEqual([
      [1, products[2]],
      [2, products[3]],
    ]);
    const [audit] = await t.database.rows<{ changes: Record<string, { before: unknown; after: unknown }> }>(
      sql`select changes from audit_log where action = 'purchase.update' and entity_id = ${String(id)}`,
    );
    expect(audit!.changes.amount).toEqual({ before: '125.00', after: '10.50' });
  });
});

describe('purchases desk: every action from every state', () => {
  const states: PurchaseState[] = ['draft', 'ordered', 'partially_received', 'received', 'cancelled'];
  for (const state of states) {
    for (const action of PURCHASE_ACTIONS) {
      const allowed = PURCHASE_ACTION_STATES[action].includes(state);
      it(`${action} from ${state}: ${allowed ? 'allowed' : 'refused'}`, async () => {
        const id = await purchaseIn(state);
        const before = await detail(id);
        const answer = await attempt(action, id, 'es');
        if (allowed) {
          expect(answer.code, answer.msg).toBe(200);
        } else {
          expect(answer.code).toBe(40000);
          expect(answer.msg).toContain(before.header.no);
          expect(answer.msg).toMatch(/^La compra/);
          // Nothing moved: state, lines and the audit entries are as before.
          expect(await detail(id)).toEqual(before);
        }
      });
    }
  }

  it('an unknown purchase is 40004, another account does not exist for the desk', async () => {
    expect((await desk('Detail', { id: 2_000_000 })).code).toBe(40004);
    expect((await desk('Order', { id: 2_000_000 })).code).toBe(40004);
  });
});

describe('purchases desk: receiving', () => {
  it('receives part, then the rest, into two stores: states follow, stock rises by exactly what came in', async () => {
    const { id } = await created([
      [products[0]!, 10, '1.00'],
      [products[3]!, 5, '2.00'],
    ]);
    await desk('Order', { id });
    const [a, b] = (await detail(id)).lines;
    const gzBefore = await stockOf(products[0]!, GZ);
    const availableBefore = (
      await t.database.rows<{ n: number }>(
        sql`select coalesce(sum(available_stock), 0)::int n from stock where product_id = ${products[0]!}`,
      )
    )[0]!.n;

    const first = await desk<PurchaseActionResult>('Receive', {
      id,
      store_id: GZ,
      lines: [{ line_id: a!.id, qty: 4 }],
    });
    expect(first.data.state).toBe('partially_received');
    expect(await stockOf(products[0]!, GZ)).toBe(gzBefore + 4);

    const rest = await desk<PurchaseActionResult>('Receive', {
      id,
      store_id: SH,
      lines: [
        { line_id: a!.id, qty: 6 },
        { line_id: b!.id, qty: 5 },
      ],
    });
    expect(rest.data.state).toBe('received');
    const after = await detail(id);
    expect(after.lines.map((l) => [l.received_qty, l.open_qty])).toEqual([
      [10, 0],
      [5, 0],
    ]);
    expect(after.actions).toEqual([]);
    // The buyer's catalogue shows the stock raised (on hand and available, all stores).
    const product = await t.call<{ stock: number; available_stock: number }>(
      `/Web/GetProductDetail/${products[0]!}`,
      {},
      { token: demo },
    );
    expect(product.code).toBe(200);
    expect(product.data.available_stock).toBe(availableBefore + 10);

    const audits = await t.database.rows<{ details: { store_id: number; lines: Array<{ qty: number }> } }>(
      sql`select details from audit_log where action = 'purchase.receive' and entity_id = ${String(id)} order by id`,
    );
    expect(audits.map((row) => [row.details.store_id, row.details.lines.map((l) => l.qty)])).toEqual([
      [GZ, [4]],
      [SH, [6, 5]],
    ]);
  });

  it('refuses more than ordered and not yet received — whole, in the reader’s language', async () => {
    const { id } = await created([
      [products[1]!, 3, '1.00'],
      [products[2]!, 3, '1.00'],
    ]);
    await desk('Order', { id });
    const [a, b] = (await detail(id)).lines;
    await desk('Receive', { id, store_id: GZ, lines: [{ line_id: a!.id, qty: 2 }] });
    const before = await detail(id);
    const stock = [await stockOf(products[1]!), await stockOf(products[2]!)];
    const tooMuch = await desk('Receive', {
      id,
      store_id: GZ,
      lines: [
        { line_id: b!.id, qty: 3 },
        { line_id: a!.id, qty: 2 },
      ],
    });
    expect(tooMuch.code).toBe(40000);
    expect(tooMuch.msg).toBe(
      `Line 1 (${a!.number}): 2 to receive, but only 1 are ordered and not yet received.`,
    );
    const es = await desk(
      'Receive',
      { id, store_id: GZ, lines: [{ line_id: a!.id, qty: 5 }] },
      'catalogue',
      'es',
    );
    expect(es.msg).toBe(`Línea 1 (${a!.number}): 5 a recibir, pero solo quedan 1 pedidas sin recibir.`);
    const zh = await desk(
      'Receive',
      { id, store_id: GZ, lines: [{ line_id: a!.id, qty: 5 }] },
      'catalogue',
      'zh',
    );
    expect(zh.msg).toBe(`第 1 行（${a!.number}）：要收 5，但未收货数量只有 1。`);
    // The first line of the refused receipt did not land either.
    expect(await detail(id)).toEqual(before);
    expect([await stockOf(products[1]!), await stockOf(products[2]!)]).toEqual(stock);
  });

  it('refuses an unknown store, a line of another purchase and a line twice', async () => {
    const { id } = await created();
    await desk('Order', { id });
    const other = await created();
    const [line] = (await detail(id)).lines;
    const [foreign] = (await detail(other.id)).lines;
    expect((await desk('Receive', { id, store_id: 9_999, lines: [{ line_id: line!.id, qty: 1 }] })).msg).toBe(
      'The store does not exist or is closed.',
    );
    expect(
      (await desk('Receive', { id, store_id: GZ, lines: [{ line_id: foreign!.id, qty: 1 }] })).code,
    ).toBe(40000);
    const twice = await desk('Receive', {
      id,
      store_id: GZ,
      lines: [
        { line_id: line!.id, qty: 1 },
        { line_id: line!.id, qty: 1 },
      ],
    });
    expect(twice.code).toBe(40000);
  });

  it('stock of every product moved by exactly Σ received of the desk’s purchases (direct aggregate)', async () => {
    const received = await t.database.rows<{ product_id: number; n: number }>(
      sql`select product_id, sum(received_qty)::int as n from purchase_lines
          where purchase_id >= ${firstPurchaseId} group by product_id`,
    );
    const byProduct = new Map(received.map((row) => [row.product_id, row.n]));
    expect([...byProduct.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(10);
    for (const product of products)
      expect(await stockOf(product), `product ${product}`).toBe(
        stockBefore.get(product)! + (byProduct.get(product) ?? 0),
      );
    // And the desk's list agrees with the lines (Σ received per purchase).
    const list = await desk<PurchaseDeskList>('List', { pageSize: 200, supplier_id: SUPPLIER });
    const mine = list.data.list.filter((row) => row.id >= firstPurchaseId);
    const [direct] = await t.database.rows<{ qty: number; received: number }>(
      sql`select sum(qty)::int qty, sum(received_qty)::int received from purchase_lines where purchase_id >= ${firstPurchaseId}`,
    );
    expect(mine.reduce((sum, row) => sum + row.total_qty, 0)).toBe(direct!.qty);
    expect(mine.reduce((sum, row) => sum + row.received_qty, 0)).toBe(direct!.received);
  });
});

describe('purchases desk: list', () => {
  it('newest first, filters by state and no, counts per state', async () => {
    const list = await desk<PurchaseDeskList>('List', { pageSize: 5 });
    expect(list.code).toBe(200);
    expect(list.data.list[0]!.id).toBeGreaterThan(list.data.list[1]!.id);
    const [direct] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int n from purchases where account_id = 1 and state = 'received'`,
    );
    expect(list.data.counts.received).toBe(direct!.n);
    const received = await desk<PurchaseDeskList>('List', { state: 'received', pageSize: 200 });
    expect(received.data.total).toBe(direct!.n);
    expect(received.data.list.every((row) => row.state === 'received')).toBe(true);
    const one = list.data.list[0]!;
    const byNo = await desk<PurchaseDeskList>('List', { no: one.no.toLowerCase() });
    expect(byNo.data.list.map((row) => row.id)).toEqual([one.id]);
  });
});

describe('the supplier sees the purchase', () => {
  it('in its Purchase search and detail, with what was received; another company does not', async () => {
    const { id, no } = await created([[products[3]!, 8, '4.00']]);
    await desk('Order', { id });
    const [line] = (await detail(id)).lines;
    await desk('Receive', { id, store_id: GZ, lines: [{ line_id: line!.id, qty: 3 }] });

    const list = await t.call<{ list: Array<{ id: number; no: string; state: string; amount: string }> }>(
      '/Web/GetPurchaseList',
      { no },
      { token: partner },
    );
    expect(list.code).toBe(200);
    expect(list.data.list).toEqual([
      expect.objectContaining({ id, no, state: 'partially_received', amount: '32.0000' }),
    ]);
    const seen = await t.call<PurchaseDetail>(`/Web/GetPurchaseDetail/${id}`, {}, { token: partner });
    expect(seen.code).toBe(200);
    expect(seen.data.header.sales_man_name).toBe('buy-catalogue (catalogue)');
    expect(seen.data.lines.map((l) => [l.cpid, l.qty, l.received_qty])).toEqual([[products[3], 8, 3]]);
    // demo is a customer, not this purchase's supplier.
    const other = await t.call(`/Web/GetPurchaseDetail/${id}`, {}, { token: demo });
    expect(other.code).not.toBe(200);
  });
});
