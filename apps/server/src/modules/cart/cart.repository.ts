import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
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

export interface CartRow {
  id: number;
  product_id: number;
  store_id: number | null;
  store_name: string | null;
  qty: number;
  remark: string;
  is_active: boolean;
  updated_at: number;
}

async function listRows(db: Db, where: SQL, limit: SQL): Promise<CartRow[]> {
  const result = await db.execute(sql`
    select c.id, c.product_id, c.store_id, st.name as store_name, c.qty, c.remark, p.is_active,
      floor(extract(epoch from c.updated_at))::int as updated_at
    from cart_items c
    join products p on p.id = c.product_id
    left join stores st on st.id = c.store_id
    where ${where}
    order by c.updated_at desc, c.id desc ${limit}`);
  return (result as unknown as { rows: CartRow[] }).rows;
}

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

    /**
     * The user's cart lines, most recently changed first; `limit` null = all. Product state and
     * store name come along; prices and stock are hydrated by the catalogue's productRows.
     */
    async listLines(user: { userId: number; companyId: number }, limit: number | null) {
      return listRows(
        db,
        sql`c.user_id = ${user.userId} and c.company_id = ${user.companyId}`,
        limit === null ? sql`` : sql`limit ${limit}`,
      );
    },

    /** Lines of the given products and stores (null store = the "no store" line). */
    async linesByKeys(
      user: { userId: number; companyId: number },
      keys: ReadonlyArray<{ cpid: number; store_id: number | null }>,
    ) {
      const payload = JSON.stringify(keys.map((key) => ({ p: key.cpid, s: key.store_id ?? 0 })));
      return listRows(
        db,
        sql`c.user_id = ${user.userId} and c.company_id = ${user.companyId}
          and (c.product_id, coalesce(c.store_id, 0)) in (select x.p, x.s from json_to_recordset(${payload}::json) as x(p int, s int))`,
        sql``,
      );
    },

    async lineById(user: { userId: number; companyId: number }, id: number) {
      const [line] = await listRows(
        db,
        sql`c.user_id = ${user.userId} and c.company_id = ${user.companyId} and c.id = ${id}`,
        sql``,
      );
      return line ?? null;
    },

    /** Whether the store (active, of the account) keeps a stock record of the product. */
    async storeCarries(accountId: number, storeId: number, productId: number) {
      const result = await db.execute(sql`
        select st.name from stores st join stock s on s.store_id = st.id and s.product_id = ${productId}
        where st.id = ${storeId} and st.account_id = ${accountId} and st.is_active`);
      const rows = (result as unknown as { rows: Array<{ name: string }> }).rows;
      return rows.length > 0;
    },

    /**
     * Changes one line. Moving a line onto a product+store the cart already holds merges the
     * two (quantities add up), so the unique index never trips; answers the surviving line id.
     */
    async updateLine(
      user: { userId: number; companyId: number },
      id: number,
      change: { qty: number; storeId: number | null; remark: string },
    ): Promise<number> {
      const scope = and(
        eq(cartItems.id, id),
        eq(cartItems.userId, user.userId),
        eq(cartItems.companyId, user.companyId),
      );
      const [current] = await db.select().from(cartItems).where(scope);
      if (!current) return 0;
      if ((current.storeId ?? 0) !== (change.storeId ?? 0)) {
        const [twin] = await db
          .select()
          .from(cartItems)
          .where(
            and(
              eq(cartItems.userId, user.userId),
              eq(cartItems.productId, current.productId),
              sql`coalesce(${cartItems.storeId}, 0) = ${change.storeId ?? 0}`,
            ),
          );
        if (twin) {
          await db.delete(cartItems).where(scope);
          await db
            .update(cartItems)
            .set({ qty: twin.qty + change.qty, remark: change.remark || twin.remark, updatedAt: new Date() })
            .where(eq(cartItems.id, twin.id));
          return twin.id;
        }
      }
      await db
        .update(cartItems)
        .set({ qty: change.qty, storeId: change.storeId, remark: change.remark, updatedAt: new Date() })
        .where(scope);
      return id;
    },

    async removeLines(user: { userId: number; companyId: number }, ids: readonly number[]) {
      await db
        .delete(cartItems)
        .where(
          and(
            eq(cartItems.userId, user.userId),
            eq(cartItems.companyId, user.companyId),
            inArray(cartItems.id, [...ids]),
          ),
        );
    },

    async clear(user: { userId: number; companyId: number }) {
      await db
        .delete(cartItems)
        .where(and(eq(cartItems.userId, user.userId), eq(cartItems.companyId, user.companyId)));
    },

    async keys(user: { userId: number; companyId: number }) {
      return db
        .select({ id: cartItems.id, cpid: cartItems.productId, store_id: cartItems.storeId })
        .from(cartItems)
        .where(and(eq(cartItems.userId, user.userId), eq(cartItems.companyId, user.companyId)))
        .orderBy(sql`${cartItems.updatedAt} desc`, sql`${cartItems.id} desc`);
    },

    async companyCurrency(companyId: number): Promise<string> {
      const result = await db.execute(sql`select currency from companies where id = ${companyId}`);
      return (result as unknown as { rows: Array<{ currency: string }> }).rows[0]?.currency ?? '';
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
