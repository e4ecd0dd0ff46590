import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, rowsOf, type Db } from '../../db/client';
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
  return rowsOf<CartRow>(result);
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
      return rowsOf<{ productId: number; storeId: number | null }>(result);
    },

    /**
     * GetCartList in one statement: the newest `limit` lines (null = all), the number of lines
     * and the company's currency (also for an empty cart: the totals row is always there). The
     * page is cut before anything is looked up, and product state and store name are per-line
     * index lookups: joined first, a bloated cart table's estimates once led the planner to
     * merge-join the whole products key range.
     */
    async listPage(
      user: { userId: number; companyId: number },
      limit: number | null,
    ): Promise<{ rows: CartRow[]; count: number; currency: string }> {
      // An empty cart answers the totals row alone, its line columns null.
      type PageRow = Omit<CartRow, 'id'> & { id: number | null; count: number; currency: string | null };
      // A named prepared statement (issue 20): planning was 0.3 ms of its 0.6 ms in PostgreSQL,
      // and its plan (index lookups by user, by id) does not depend on the values.
      const found = await queryRows<PageRow>(
        db,
        sql`
        with page as (
          select c.id, c.product_id, c.store_id, c.qty, c.remark, c.updated_at
          from cart_items c
          where c.user_id = ${user.userId} and c.company_id = ${user.companyId}
          order by c.updated_at desc, c.id desc ${limit === null ? sql`` : sql`limit ${limit}`}
        )
        select totals.count, totals.currency, l.id, l.product_id, l.store_id,
          (select st.name from stores st where st.id = l.store_id) as store_name, l.qty, l.remark,
          coalesce((select p.is_active from products p where p.id = l.product_id), false) as is_active,
          floor(extract(epoch from l.updated_at))::int as updated_at
        from (
          select
            (select count(*)::int from cart_items c
              where c.user_id = ${user.userId} and c.company_id = ${user.companyId}) as count,
            (select co.currency from companies co where co.id = ${user.companyId}) as currency
        ) totals
        left join page l on true
        order by l.updated_at desc, l.id desc`,
        { prepared: true },
      );
      return {
        rows: found.flatMap(({ count: _count, currency: _currency, id, ...row }) =>
          id === null ? [] : [{ ...row, id }],
        ),
        count: found[0]?.count ?? 0,
        currency: found[0]?.currency ?? '',
      };
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
      const rows = rowsOf<{ name: string }>(result);
      return rows.length > 0;
    },

    /**
     * UpdateCart's common case in one statement: quantity and/or remark of a line that keeps its
     * store (`storeId` undefined, or the line's own store). The statement itself checks what the
     * service would: the line is the session's, its product active and of the account, the
     * quantity a multiple of buy_qty and ≤ maxLineQty. Answers the changed line and the cart's
     * line count, or null when any check fails — the caller then takes the transactional path,
     * which names the reason. No transaction: a single UPDATE is atomic, and BEGIN … COMMIT
     * around ~8 round trips is what held the pool's connections at 50 concurrent updates.
     */
    async updateLineInPlace(
      user: { userId: number; companyId: number; accountId: number },
      id: number,
      change: { qty: number | null; storeId?: number | null; remark: string | null },
      maxLineQty: number,
    ): Promise<{ row: CartRow; count: number } | null> {
      const qty = sql`coalesce(${change.qty}::int, c.qty)`;
      const sameStore =
        change.storeId === undefined ? sql`true` : sql`coalesce(c.store_id, 0) = ${change.storeId ?? 0}`;
      const result = await db.execute(sql`
        update cart_items c
        set qty = ${qty}, remark = coalesce(${change.remark}::text, c.remark), updated_at = now()
        from products p
        where c.id = ${id} and c.user_id = ${user.userId} and c.company_id = ${user.companyId}
          and p.id = c.product_id and p.account_id = ${user.accountId} and p.is_active
          and (p.buy_qty <= 0 or ${qty} % p.buy_qty = 0) and ${qty} <= ${maxLineQty}
          and ${sameStore}
        returning c.id, c.product_id, c.store_id,
          (select st.name from stores st where st.id = c.store_id) as store_name, c.qty, c.remark,
          p.is_active, floor(extract(epoch from c.updated_at))::int as updated_at,
          (select count(*)::int from cart_items n
            where n.user_id = ${user.userId} and n.company_id = ${user.companyId}) as count`);
      const [found] = rowsOf<CartRow & { count: number }>(result);
      if (!found) return null;
      const { count, ...row } = found;
      return { row, count };
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
