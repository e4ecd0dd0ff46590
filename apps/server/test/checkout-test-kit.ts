import type { SavedOrder } from '@partsportal/contract/checkout';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { products, stock } from '../src/db/schema/catalog';
import { DEMO_IDS } from '../src/db/seed/demo-data';
import type { TestApp } from './test-app';
import { hashToken } from '../src/modules/auth/auth.service';

/** Test helpers shared by the checkout, payment and order suites (not a test file itself). */

/** Active products without a buy_qty multiple, first `n` by id. */
export async function plainProducts(database: Database, n: number): Promise<number[]> {
  const rows = await database.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.buyQty, 0), eq(products.isActive, true)))
    .orderBy(asc(products.id))
    .limit(n);
  return rows.map((row) => row.id);
}

/** Exactly `available` of the product in the Guangzhou store and none anywhere else. */
export async function setStock(database: Database, productId: number, available: number) {
  await database.db.update(stock).set({ availableStock: 0 }).where(eq(stock.productId, productId));
  await database.db.execute(sql`
    insert into stock (product_id, store_id, stock, available_stock)
    values (${productId}, ${DEMO_IDS.stores.guangzhou}, ${available}, ${available})
    on conflict (product_id, store_id) do update set stock = ${available}, available_stock = ${available}`);
}

export async function availableStock(
  database: Database,
  productId: number,
  storeId: number = DEMO_IDS.stores.guangzhou,
) {
  const [row] = await database.db
    .select({ available: stock.availableStock })
    .from(stock)
    .where(and(eq(stock.productId, productId), eq(stock.storeId, storeId)));
  return row?.available ?? 0;
}

/** Adds a line to the user's cart and answers its cart item id. */
export async function cartLine(t: TestApp, token: string, cpid: number, qty: number, storeId?: number) {
  const added = await t.call(
    '/Web/AddCart',
    { cpid, qty, ...(storeId ? { store_id: storeId } : {}) },
    { token },
  );
  if (added.code !== 200) throw new Error(`AddCart: ${added.msg}`);
  const rows = await t.database.rows<{ id: number }>(
    sql`select c.id from cart_items c join sessions s on s.user_id = c.user_id
        where c.product_id = ${cpid} and coalesce(c.store_id, 0) = ${storeId ?? 0}
        and s.token_hash = ${hashToken(token)} order by c.id desc limit 1`,
  );
  return Number(rows[0]!.id);
}

export function saveSubmits(
  t: TestApp,
  token: string,
  body: Record<string, unknown>,
  options: { key?: string; lng?: string } = {},
) {
  return t.call<SavedOrder>('/Web/SaveSubmits', body, {
    token,
    ...(options.lng ? { lng: options.lng } : {}),
    ...(options.key ? { headers: { 'idempotency-key': options.key } } : {}),
  });
}
