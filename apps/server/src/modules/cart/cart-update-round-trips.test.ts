import { MAX_LINE_QTY } from '@partsportal/contract/cart';
import { AppError } from '../../platform/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client';
import { DEMO_IDS, seedDemoData } from '../../db/seed/demo-data';
import type { AuthContext } from '../../platform/auth-context';
import { dataAccessOf } from '../../../test/data-access';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCartService } from './cart.service';

/**
 * UpdateCart at 50 connections was 3–4× the cart read (docs/PERFORMANCE.md, fixes:update-cart):
 * a transaction of ~8 round trips per quantity change held the pool's 10 connections. A quantity
 * or remark edit must stay one statement plus the hydration the read also does, without a
 * transaction, and still enforce every rule the transactional path enforces.
 */
let t: TestApp;
let auth: AuthContext;
const ids = { plain: 0, multiple: 0, buyQty: 0, otherUser: 0, otherQty: 0, otherStep: 1 };
const counts = { statements: 0, transactions: 0 };

/**
 * The test database, counting statements (builder calls, raw queries and queryRows' prepared
 * statements, which go straight to the session) and transactions.
 */
function counting(database: Database): Database {
  const statementMethods = new Set(['execute', 'select', 'selectDistinct', 'update', 'insert', 'delete']);
  const session = new Proxy(database.db._.session, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== 'prepareQuery' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        counts.statements += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  const db = new Proxy(database.db, {
    get(target, property, receiver) {
      if (property === '_') return { ...target._, session };
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (statementMethods.has(String(property))) counts.statements += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as Db;
  return {
    ...database,
    db,
    transaction(work) {
      counts.transactions += 1;
      return database.transaction(work);
    },
  };
}

beforeAll(async () => {
  t = await createTestApp({
    seed: async (database) => {
      await seedDemoData(database, { parts: 300, seed: 5, passwordHashMemoryKiB: 1024 });
    },
  });
  const token = await t.login('demo', 'demo1234');
  await t.call('/Web/ClearCart', undefined, { token });
  const [plain] = await t.database.rows<{ id: number }>(
    sql`select id from products where account_id = 1 and is_active and buy_qty = 0 order by id limit 1`,
  );
  const [multiple] = await t.database.rows<{ id: number; buy_qty: number }>(
    sql`select id, buy_qty from products where account_id = 1 and is_active and buy_qty > 1 order by id limit 1`,
  );
  ids.plain = plain!.id;
  ids.multiple = multiple!.id;
  ids.buyQty = multiple!.buy_qty;
  expect((await t.call('/Web/AddCart', { cpid: ids.plain, qty: 2 }, { token })).code).toBe(200);
  expect((await t.call('/Web/AddCart', { cpid: ids.multiple, qty: ids.buyQty }, { token })).code).toBe(200);
  const [user] = await t.database.rows<{ id: number; company_id: number; account_id: number }>(
    sql`select id, company_id, account_id from users where user_id = 'demo'`,
  );
  auth = {
    sessionId: 0,
    userId: user!.id,
    accountId: user!.account_id,
    companyId: user!.company_id,
    role: 'buyer',
    menus: [],
    tags: [],
    showAddress: false,
  };
  const [other] = await t.database.rows<{ id: number; qty: number; buy_qty: number }>(sql`
    select c.id, c.qty, p.buy_qty from cart_items c join products p on p.id = c.product_id
    where c.user_id <> ${auth.userId} order by c.id limit 1`);
  ids.otherUser = other?.id ?? 0;
  ids.otherQty = other?.qty ?? 0;
  ids.otherStep = Math.max(other?.buy_qty ?? 1, 1);
  expect(auth.companyId).toBe(DEMO_IDS.demoCompany);
}, 120_000);
afterAll(async () => t?.close());

const lineIdOf = async (productId: number) => {
  const [row] = await t.database.rows<{ id: number }>(
    sql`select id from cart_items where user_id = ${auth.userId} and product_id = ${productId}`,
  );
  return row!.id;
};

const refusal = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error.messageKey;
    throw error;
  }
  return 'no refusal';
};

describe('UpdateCart round trips', () => {
  it('changes quantity and remark in one statement plus the hydration, without a transaction', async () => {
    const cart = createCartService(dataAccessOf(counting(t.database)));
    const id = await lineIdOf(ids.plain);
    counts.statements = 0;
    counts.transactions = 0;
    const answer = await cart.updateCart(auth, { id, qty: 7, remark: '  rush  ' }, 'en');
    expect(counts.transactions).toBe(0);
    // The update (with the line count) and the catalogue's price-and-stock query; the read
    // GetCartList/1 needs the same two.
    expect(counts.statements).toBeLessThanOrEqual(2);
    expect(answer.line).toMatchObject({ id, cpid: ids.plain, qty: 7, remark: 'rush' });
    expect(answer.carts).toBe(2);
    await cart.close();
  });

  it('keeps the rules: buy_qty multiples, the line cap, only the session user’s lines', async () => {
    const cart = createCartService(dataAccessOf(counting(t.database)));
    const multipleLine = await lineIdOf(ids.multiple);
    expect(await refusal(cart.updateCart(auth, { id: multipleLine, qty: ids.buyQty + 1 }, 'en'))).toBe(
      'cartQtyNotMultiple',
    );
    const over = Math.ceil((MAX_LINE_QTY + 1) / ids.buyQty) * ids.buyQty;
    expect(await refusal(cart.updateCart(auth, { id: multipleLine, qty: over }, 'en'))).toBe(
      'cartLineQtyTooLarge',
    );
    // The demo data gives other users carts too: one of their line ids, sent by demo.
    expect(ids.otherUser).toBeGreaterThan(0);
    expect(
      await refusal(cart.updateCart(auth, { id: ids.otherUser, qty: ids.otherQty + ids.otherStep }, 'en')),
    ).not.toBe('no refusal');
    const [untouched] = await t.database.rows<{ qty: number }>(
      sql`select qty from cart_items where id = ${ids.otherUser}`,
    );
    expect(untouched!.qty).toBe(ids.otherQty);
    const [kept] = await t.database.rows<{ qty: number }>(
      sql`select qty from cart_items where id = ${multipleLine}`,
    );
    expect(kept!.qty).toBe(ids.buyQty);
    await cart.close();
  });

  it('edits a line of a retired product through the checked path, which refuses it', async () => {
    const cart = createCartService(dataAccessOf(t.database));
    const id = await lineIdOf(ids.plain);
    await t.database.rows(sql`update products set is_active = false where id = ${ids.plain}`);
    try {
      expect(await refusal(cart.updateCart(auth, { id, qty: 3 }, 'en'))).toBe('productsNotFound');
      const [kept] = await t.database.rows<{ qty: number }>(sql`select qty from cart_items where id = ${id}`);
      expect(kept!.qty).toBe(7);
    } finally {
      await t.database.rows(sql`update products set is_active = true where id = ${ids.plain}`);
      await cart.close();
    }
  });
});
