import type { OrderDetail, OrderList, PendingOrder } from '@partsportal/contract/orders';
import type { DeskOrder, OrderQueue } from '@partsportal/contract/order-desk';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cartItems } from '../../db/schema/trading';
import { DEMO_IDS, seedDemoData } from '../../db/seed/demo-data';
import { createDataAccess } from '../../repositories';
import { cartLine, plainProducts, saveSubmits, setStock } from '../../../test/checkout-test-kit';
import { createStaffMember } from '../../../test/fixtures';
import { STAFF_SECRETS, staffSignIn } from '../../../test/staff-test-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createApiKeysService } from '../integration/api-keys.service';

/**
 * The buyer's order reference (PO number) and backorder choice (issue 17 #15): checked at
 * submit, stored on the order, and shown wherever the order is — the buyer's lists and detail,
 * the order desk, the integrators' feed and the events webhooks carry.
 */

let t: TestApp;
let buyer = '';
let sales = '';
let feedKey = '';
let product = 0;

beforeAll(async () => {
  t = await createTestApp({
    seed: async (database) => {
      await seedDemoData(database, { parts: 300, seed: 11, passwordHashMemoryKiB: 1024 });
      await createStaffMember(database, {
        login: 'po-sales',
        password: 'sales-pass-1234',
        role: 'sales',
        totpSecret: STAFF_SECRETS.sales,
      });
    },
  });
  buyer = await t.login('demo', 'demo1234');
  sales = await staffSignIn(t, 'po-sales', 'sales-pass-1234', STAFF_SECRETS.sales, new Date());
  [product] = (await plainProducts(t.database, 1)) as [number];
  const keys = createApiKeysService(createDataAccess(t.database));
  const actor = { kind: 'command' as const, id: null, name: 'test', ip: '' };
  feedKey = (await keys.create({ accountId: 1, name: 'erp', scopes: ['orders:read'] }, actor)).key;
  await t.database.db.execute(
    sql`update companies set credit_limit = 100000000 where id = ${DEMO_IDS.demoCompany}`,
  );
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.database.db.delete(cartItems);
  await setStock(t.database, product, 1000);
});

async function order(body: Record<string, unknown>, lng = 'en') {
  const item = await cartLine(t, buyer, product, 1);
  return saveSubmits(t, buyer, { items: [item], ...body }, { lng });
}

describe('PO number and backorder choice at SaveSubmits', () => {
  it('stores both and shows them in the buyer order list, detail and pending orders', async () => {
    const saved = await order({ po_number: '  PO-4711/B  ', backorder: 'wait_all' });
    expect(saved.code).toBe(200);
    const id = saved.data.order_id;

    const detail = await t.call<OrderDetail>(`/Web/GetOrderDetail/${id}`, undefined, { token: buyer });
    expect(detail.data.header).toMatchObject({ po_number: 'PO-4711/B', backorder: 'wait_all' });

    const list = await t.call<OrderList>('/Web/GetOrderList', { page: 1, pageSize: 5 }, { token: buyer });
    expect(list.data.list.find((row) => row.id === id)).toMatchObject({ po_number: 'PO-4711/B' });

    const pending = await t.call<{ list: PendingOrder[] }>(
      '/Web/GetPendingOrders',
      { page: 1, pageSize: 5 },
      { token: buyer },
    );
    expect(pending.data.list.find((row) => row.id === id)?.po_number).toBe('PO-4711/B');
  });

  it('is optional: none given → empty reference and ship what is there', async () => {
    const saved = await order({});
    const detail = await t.call<OrderDetail>(`/Web/GetOrderDetail/${saved.data.order_id}`, undefined, {
      token: buyer,
    });
    expect(detail.data.header).toMatchObject({ po_number: '', backorder: 'ship_available' });
  });

  it('refuses a reference that is too long or has other characters, in the reader language', async () => {
    const cases = [
      ['en', 'x'.repeat(41), 'Your order reference (PO number) may have at most 40 characters.'],
      ['es', 'x'.repeat(41), 'Su referencia de pedido (número de OC) admite como máximo 40 caracteres.'],
      ['zh', 'x'.repeat(41), '您的订单参考号（PO 号）最多 40 个字符。'],
      ['en', 'PO<script>', /must start with a letter or digit and may contain only/],
      ['es', '-PO1', /debe empezar por una letra o un dígito/],
    ] as const;
    for (const [lng, po, msg] of cases) {
      const answer = await order({ po_number: po }, lng);
      expect(answer.code).toBe(40001);
      expect(answer.msg).toMatch(msg);
    }
    // Letters of any script count as letters.
    expect((await order({ po_number: '采购单 12 (2026)' })).code).toBe(200);
  });

  it('refuses an unknown backorder choice', async () => {
    expect((await order({ backorder: 'later' })).code).toBe(40001);
  });

  it('keeps a retry idempotent only with the same reference', async () => {
    const item = await cartLine(t, buyer, product, 1);
    const key = `po-${Date.now()}`;
    const first = await saveSubmits(t, buyer, { items: [item], po_number: 'A1' }, { key });
    const again = await saveSubmits(t, buyer, { items: [item], po_number: 'A1' }, { key });
    expect(again.data.order_id).toBe(first.data.order_id);
    const other = await saveSubmits(t, buyer, { items: [item], po_number: 'A2' }, { key });
    expect(other.code).toBe(40009);
  });
});

describe('PO number for staff and integrators', () => {
  it('shows in the order desk queue (and filters it), the desk detail, the feed and the event payload', async () => {
    const po = `KIT-${Date.now()}`;
    const saved = await order({ po_number: po, backorder: 'wait_all' });
    const id = saved.data.order_id;
    const paid = await t.call('/Web/WePay', { order_id: id, method: 'account' }, { token: buyer });
    expect(paid.code).toBe(200);

    const queue = await t.call<OrderQueue>(
      '/Admin/Orders/Queue',
      { page: 1, pageSize: 20, po: po.slice(0, 8).toLowerCase() },
      { token: sales },
    );
    expect(queue.code).toBe(200);
    expect(queue.data.list.map((row) => [row.id, row.po_number])).toEqual([[id, po]]);
    const none = await t.call<OrderQueue>(
      '/Admin/Orders/Queue',
      { page: 1, pageSize: 20, po: 'no-such-po' },
      { token: sales },
    );
    expect(none.data.total).toBe(0);

    const desk = await t.call<DeskOrder>('/Admin/Orders/Detail', { id }, { token: sales });
    expect(desk.data.header).toMatchObject({ po_number: po, backorder: 'wait_all' });

    const feed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orders/changes?limit=500',
      headers: { authorization: `Bearer ${feedKey}` },
    });
    type Change = { type: string; data: Record<string, unknown>; order: Record<string, unknown> | null };
    let changes = (feed.json() as { changes: Change[] }).changes;
    let next = (feed.json() as { next_cursor: string; has_more: boolean }).next_cursor;
    let more = (feed.json() as { has_more: boolean }).has_more;
    while (more) {
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/changes?limit=500&after=${next}`,
        headers: { authorization: `Bearer ${feedKey}` },
      });
      const body = page.json() as { changes: Change[]; next_cursor: string; has_more: boolean };
      changes = [...changes, ...body.changes];
      next = body.next_cursor;
      more = body.has_more;
    }
    const submitted = changes.find(
      (change) => change.type === 'order.submitted' && change.data.order_id === id,
    );
    expect(submitted?.data.po_number).toBe(po);
    expect(submitted?.order).toMatchObject({ po_number: po, backorder: 'wait_all' });
  });
});
