import type { Language } from '@partsportal/contract/codes';
import type { OrderState } from '@partsportal/contract/orders';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { stock } from '../../db/schema/catalog';
import { orderEvents, orderLines, orders, paymentRequests } from '../../db/schema/trading';

export interface OrderHead {
  id: number;
  accountId: number;
  companyId: number;
  no: string;
  state: OrderState;
  currency: string;
  amount: string;
  freight: string;
  totalQty: number;
  /** The buyer's order reference, for the events integrators receive. */
  poNumber: string;
}

/** An order's head as every order write reads it (shared with the order desk). */
export const orderHeadColumns = {
  id: orders.id,
  accountId: orders.accountId,
  companyId: orders.companyId,
  no: orders.no,
  state: sql<OrderState>`${orders.state}`,
  currency: orders.currency,
  amount: orders.amount,
  freight: orders.freight,
  totalQty: orders.totalQty,
  poNumber: orders.poNumber,
};

/** Orders of one company: every read and write names the company, so other ids look unknown. */
/** A payment request just closed here, whose trade the provider should close too. */
export interface ClosedTrade {
  provider: string;
  paymentNo: string;
}

export function createOrdersRepository(db: Db) {
  return {
    async find(companyId: number, id: number): Promise<OrderHead | undefined> {
      const [row] = await db
        .select(orderHeadColumns)
        .from(orders)
        .where(and(eq(orders.companyId, companyId), eq(orders.id, id)));
      return row;
    },

    /** The same, locking the row: state changes of one order run one after another. */
    async lock(companyId: number, id: number): Promise<OrderHead | undefined> {
      const [row] = await db
        .select(orderHeadColumns)
        .from(orders)
        .where(and(eq(orders.companyId, companyId), eq(orders.id, id)))
        .for('update');
      return row;
    },

    /** The buyer's order references of some of the company's orders (the printed records show them). */
    async poNumbers(companyId: number, ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: orders.id, poNumber: orders.poNumber })
        .from(orders)
        .where(and(eq(orders.companyId, companyId), inArray(orders.id, [...ids])));
      return new Map(rows.map((row) => [row.id, row.poNumber]));
    },

    async pendingPage(companyId: number, page: number, pageSize: number, language: Language) {
      const where = and(eq(orders.companyId, companyId), eq(orders.state, 'pending_payment'));
      const list = await db
        .select({
          id: orders.id,
          no: orders.no,
          billDate: sql<number>`floor(extract(epoch from ${orders.billDate}))::bigint`.mapWith(Number),
          state: sql<OrderState>`${orders.state}`,
          currency: orders.currency,
          amount: orders.amount,
          freight: orders.freight,
          totalQty: orders.totalQty,
          lineCount:
            sql<number>`(select count(*) from order_lines l where l.order_id = ${orders.id})`.mapWith(Number),
          consignee: orders.consignee,
          // The area path in the reader's language when the order knows its area (decision 011).
          destination: sql<string>`btrim(coalesce(area_path(${orders.destinationAreaId}, ${language}) || ' ' || ${orders.destinationDetail}, ${orders.destination}))`,
          remark: orders.remark,
          poNumber: orders.poNumber,
        })
        .from(orders)
        .where(where)
        .orderBy(desc(orders.billDate), desc(orders.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db.select({ n: count() }).from(orders).where(where);
      return { list, total: total?.n ?? 0 };
    },

    async lines(orderId: number) {
      return db
        .select({
          productId: orderLines.productId,
          storeId: orderLines.storeId,
          qty: orderLines.qty,
          clientRemark: orderLines.clientRemark,
        })
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.seq));
    },

    /**
     * Moves the order from `from` to `to` only if it is still in `from` (a conditional update, so
     * two racing changes cannot both win); false when it was not.
     */
    async transition(
      companyId: number,
      id: number,
      from: OrderState,
      to: OrderState,
      extra: { paidAt?: Date } = {},
    ): Promise<boolean> {
      const changed = await db
        .update(orders)
        .set({ state: to, ...(extra.paidAt ? { paidAt: extra.paidAt } : {}) })
        .where(and(eq(orders.companyId, companyId), eq(orders.id, id), eq(orders.state, from)))
        .returning({ id: orders.id });
      return changed.length === 1;
    },

    async addEvent(event: {
      orderId: number;
      fromState: OrderState | null;
      toState: OrderState;
      userId: number | null;
      note: string;
      noteKey?: string;
      noteParams?: Record<string, string | number>;
    }) {
      await db.insert(orderEvents).values(event);
    },

    /** Gives the order's reserved quantities back to the stores they were taken from. */
    async releaseStock(orderId: number) {
      await db.execute(sql`
        update ${stock} s set available_stock = s.available_stock + r.qty
        from (select product_id, store_id, sum(qty)::int as qty from order_lines
              where order_id = ${orderId} and store_id is not null group by product_id, store_id) r
        where s.product_id = r.product_id and s.store_id = r.store_id`);
    },

    /**
     * Closes the order's open payment requests, so a late callback for one cannot pay twice;
     * answers them, so their trades can be closed at the providers after the commit.
     */
    async closePaymentRequests(
      orderId: number,
      status: 'superseded' | 'cancelled',
      exceptId?: number,
    ): Promise<ClosedTrade[]> {
      return db
        .update(paymentRequests)
        .set({ status })
        .where(
          and(
            eq(paymentRequests.orderId, orderId),
            eq(paymentRequests.status, 'pending'),
            exceptId === undefined ? undefined : sql`${paymentRequests.id} <> ${exceptId}`,
          ),
        )
        .returning({ provider: paymentRequests.provider, paymentNo: paymentRequests.paymentNo });
    },

    /** Σ payments recorded for the order. */
    async paidAmount(orderId: number): Promise<string> {
      const result = await db.execute(
        sql`select coalesce(sum(amount), 0)::text as paid from payments where order_id = ${orderId}`,
      );
      return rowsOf<{ paid: string }>(result)[0]?.paid ?? '0';
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
