import type { Language } from '@partsportal/contract/codes';
import { and, eq, gte, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { localizedName } from '../../db/localized-names';
import { products, stock, stores } from '../../db/schema/catalog';
import { cartItems, idempotencyKeys, orderEvents, orderLines, orders } from '../../db/schema/trading';

export interface CartLine {
  id: number;
  productId: number;
  storeId: number | null;
  qty: number;
  remark: string;
}

/** Id lists travel as one JSON parameter (see cart.repository.ts): no bind-parameter limit. */
const idsParam = (ids: readonly number[]) => JSON.stringify(ids);
const inIds = (column: unknown, ids: readonly number[]) =>
  sql`${column} in (select value::int from json_array_elements_text(${idsParam(ids)}::json))`;

const cartColumns = {
  id: cartItems.id,
  productId: cartItems.productId,
  storeId: cartItems.storeId,
  qty: cartItems.qty,
  remark: cartItems.remark,
};

export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = typeof orderLines.$inferInsert;

export function createCheckoutRepository(db: Db) {
  return {
    /** The user's cart lines among `ids` (a line of another user or company is simply absent). */
    async cartLines(
      user: { userId: number; companyId: number },
      ids: readonly number[],
    ): Promise<CartLine[]> {
      return db
        .select(cartColumns)
        .from(cartItems)
        .where(
          and(
            eq(cartItems.userId, user.userId),
            eq(cartItems.companyId, user.companyId),
            inIds(cartItems.id, ids),
          ),
        )
        .orderBy(cartItems.id);
    },

    /**
     * Takes the lines out of the cart and answers them. Deleting first is also the claim: a second
     * submit of the same lines running at the same time waits for the row locks and then finds
     * nothing, so one cart line can never become two orders.
     */
    async takeCartLines(
      user: { userId: number; companyId: number },
      ids: readonly number[],
    ): Promise<CartLine[]> {
      return db
        .delete(cartItems)
        .where(
          and(
            eq(cartItems.userId, user.userId),
            eq(cartItems.companyId, user.companyId),
            inIds(cartItems.id, ids),
          ),
        )
        .returning(cartColumns);
    },

    /** Ids among `ids` that are active products of the account. */
    async activeProductIds(accountId: number, ids: readonly number[]): Promise<Set<number>> {
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.accountId, accountId), eq(products.isActive, true), inIds(products.id, ids)));
      return new Set(rows.map((row) => row.id));
    },

    /** The account's active stores, named in `language` (decision 011), with the country they ship from. */
    async storeCountries(accountId: number, language: Language) {
      return db
        .select({
          id: stores.id,
          name: localizedName(stores.name, stores.names, language),
          areaId: stores.areaId,
        })
        .from(stores)
        .where(and(eq(stores.accountId, accountId), eq(stores.isActive, true)));
    },

    /**
     * Reserves `qty` of a product in a store: one conditional UPDATE that only succeeds while
     * enough is available, so parallel orders can never oversell (and the CHECK constraint
     * available_stock >= 0 backs it). Answers false when the stock was not there.
     */
    async reserveStock(productId: number, storeId: number, qty: number): Promise<boolean> {
      const rows = await db
        .update(stock)
        .set({ availableStock: sql`${stock.availableStock} - ${qty}` })
        .where(
          and(eq(stock.productId, productId), eq(stock.storeId, storeId), gte(stock.availableStock, qty)),
        )
        .returning({ productId: stock.productId });
      return rows.length === 1;
    },

    async availableStock(productId: number, storeId: number): Promise<number> {
      const [row] = await db
        .select({ available: stock.availableStock })
        .from(stock)
        .where(and(eq(stock.productId, productId), eq(stock.storeId, storeId)));
      return row?.available ?? 0;
    },

    /** The next order id, taken before the insert so the order number can carry it. */
    async nextOrderId(): Promise<number> {
      const result = await db.execute(sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`);
      return Number(rowsOf<{ id: number }>(result)[0]!.id);
    },

    async insertOrder(order: NewOrder, lines: readonly NewOrderLine[], userId: number) {
      await db.insert(orders).values(order);
      if (lines.length > 0) await db.insert(orderLines).values([...lines]);
      await db.insert(orderEvents).values({
        orderId: order.id!,
        fromState: null,
        toState: 'pending_payment',
        userId,
        note: 'web checkout',
        noteKey: 'orderEventCheckout',
      });
    },

    /**
     * Claims an idempotency key for the company; false when it is already taken. A concurrent
     * claim of the same key waits on the unique index until the first transaction ends.
     */
    async claimIdempotencyKey(companyId: number, key: string, requestHash: string): Promise<boolean> {
      const rows = await db
        .insert(idempotencyKeys)
        .values({ companyId, key, requestHash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return rows.length === 1;
    },

    async findIdempotencyKey(companyId: number, key: string) {
      const [row] = await db
        .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.companyId, companyId), eq(idempotencyKeys.key, key)));
      return row;
    },

    async saveIdempotentResponse(companyId: number, key: string, response: unknown) {
      await db
        .update(idempotencyKeys)
        .set({ response })
        .where(and(eq(idempotencyKeys.companyId, companyId), eq(idempotencyKeys.key, key)));
    },
  };
}

export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;
