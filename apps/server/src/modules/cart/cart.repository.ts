import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, stores } from '../../db/schema/catalog';
import { cartItems } from '../../db/schema/trading';

/** One cart line to add; quantities of an existing line for the same product and store add up. */
export interface CartLineInput {
  productId: number;
  storeId: number | null;
  qty: number;
  remark: string;
}

/**
 * Id lists travel as one JSON text parameter, not one bind parameter per id: a 5,000-item batch
 * stays one short statement and never meets the bind-parameter limit.
 */
const idsParam = (ids: readonly number[]) => JSON.stringify(ids);

export function createCartRepository(db: Db) {
  return {
    /** Active products of the account among `ids`. */
    async findActiveProducts(accountId: number, ids: readonly number[]) {
      return db
        .select({ id: products.id, number: products.number, buyQty: products.buyQty })
        .from(products)
        .where(
          and(
            eq(products.accountId, accountId),
            eq(products.isActive, true),
            sql`${products.id} in (select value::int from json_array_elements_text(${idsParam(ids)}::json))`,
          ),
        );
    },

    /** Active stores of the account among `ids`. */
    async findActiveStoreIds(accountId: number, ids: readonly number[]) {
      const rows = await db
        .select({ id: stores.id })
        .from(stores)
        .where(
          and(
            eq(stores.accountId, accountId),
            eq(stores.isActive, true),
            sql`${stores.id} in (select value::int from json_array_elements_text(${idsParam(ids)}::json))`,
          ),
        );
      return rows.map((row) => row.id);
    },

    /**
     * Adds all lines in one statement. A line already in the cart gets the new quantity added,
     * but only while the sum stays ≤ maxLineQty; lines that would pass it are left untouched and
     * missing from the answer, so the caller can refuse (and roll back) naming them.
     * The conflict target repeats the unique index's expression `coalesce(store_id, 0)`, so
     * "no store" lines merge too (a plain (user_id, product_id, store_id) target would never
     * match NULL store ids).
     */
    async addLines(
      user: { userId: number; companyId: number },
      lines: readonly CartLineInput[],
      maxLineQty: number,
    ): Promise<Array<{ productId: number; storeId: number | null }>> {
      const payload = JSON.stringify(
        lines.map((line) => ({ p: line.productId, s: line.storeId, q: line.qty, r: line.remark })),
      );
      const result = await db.execute(sql`
        insert into cart_items (company_id, user_id, product_id, store_id, qty, remark)
        select ${user.companyId}, ${user.userId}, x.p, x.s, x.q, coalesce(x.r, '')
        from json_to_recordset(${payload}::json) as x(p int, s int, q int, r text)
        on conflict (user_id, product_id, coalesce(store_id, 0)) do update
          set qty = cart_items.qty + excluded.qty,
              remark = case when excluded.remark <> '' then excluded.remark else cart_items.remark end,
              updated_at = now()
          where cart_items.qty + excluded.qty <= ${maxLineQty}
        returning product_id as "productId", store_id as "storeId"`);
      return (result as unknown as { rows: Array<{ productId: number; storeId: number | null }> }).rows;
    },

    /** Items in the user's cart: the badge of the navbar (also /Web/GetUserInfo's `carts`). */
    async countItems(userId: number, companyId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(cartItems)
        .where(and(eq(cartItems.userId, userId), eq(cartItems.companyId, companyId)));
      return row?.n ?? 0;
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
