import { and, asc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/accounts';
import { outboxEvents } from '../../db/schema/integration';
import { orderLines, orders } from '../../db/schema/trading';

/** Any constant: the key of the transaction-level lock that orders outbox ids by commit. */
const OUTBOX_LOCK_KEY = 0x70706f62; // "ppob"

export type OutboxEventType =
  | 'order.submitted'
  | 'order.paid'
  | 'order.confirmed'
  | 'order.cancelled'
  | 'order.shipped'
  | 'import.finished'
  // A test event of one webhook endpoint (modules/webhooks); not in the order feed.
  | 'webhook.ping';

export interface OutboxEvent {
  accountId: number;
  type: OutboxEventType;
  entity: string;
  entityId: string | number;
  payload: Record<string, unknown>;
}

export function createOutboxRepository(db: Db) {
  return {
    /**
     * Appends an event inside the caller's transaction. The advisory lock is held until that
     * transaction ends, so ids become visible in id order: call this as the transaction's last
     * write, which keeps the serialised stretch short.
     */
    async append(event: OutboxEvent) {
      await db.execute(sql`select pg_advisory_xact_lock(${OUTBOX_LOCK_KEY})`);
      const [row] = await db
        .insert(outboxEvents)
        .values({ ...event, entityId: String(event.entityId) })
        .returning({ id: outboxEvents.id, eventId: outboxEvents.eventId });
      return row!;
    },

    async after(accountId: number, cursor: number, limit: number, types?: readonly string[]) {
      return db
        .select()
        .from(outboxEvents)
        .where(
          and(
            eq(outboxEvents.accountId, accountId),
            gt(outboxEvents.id, cursor),
            types && types.length > 0 ? inArray(outboxEvents.type, [...types]) : undefined,
          ),
        )
        .orderBy(asc(outboxEvents.id))
        .limit(limit);
    },

    /** The first cursor for a first pull: the last event before `since`. */
    async cursorBefore(accountId: number, since: Date) {
      const [row] = await db
        .select({
          id: sql<number>`coalesce(min(${outboxEvents.id}) - 1, (select coalesce(max(id), 0) from outbox_events))::bigint`,
        })
        .from(outboxEvents)
        .where(and(eq(outboxEvents.accountId, accountId), gte(outboxEvents.createdAt, since)));
      return Number(row?.id ?? 0);
    },

    /** The current state of orders for the feed (account-wide: the ERP sees every company's). */
    async orders(accountId: number, ids: readonly number[]) {
      if (ids.length === 0) return { heads: [], lines: [] };
      const heads = await db
        .select({
          id: orders.id,
          no: orders.no,
          state: orders.state,
          companyId: orders.companyId,
          companyName: companies.name,
          currency: orders.currency,
          amount: orders.amount,
          freight: orders.freight,
          totalQty: orders.totalQty,
          remark: orders.remark,
          poNumber: orders.poNumber,
          backorder: orders.backorder,
          consignee: orders.consignee,
          destination: orders.destination,
          phone: orders.phone,
          billDate: orders.billDate,
          paidAt: orders.paidAt,
        })
        .from(orders)
        .innerJoin(companies, eq(companies.id, orders.companyId))
        .where(and(eq(orders.accountId, accountId), inArray(orders.id, [...ids])));
      const lines = await db
        .select({
          orderId: orderLines.orderId,
          seq: orderLines.seq,
          number: orderLines.number,
          brand: orderLines.factory,
          partName: orderLines.partName,
          qty: orderLines.qty,
          shippedQty: orderLines.exportQty,
          price: orderLines.price,
          sum: orderLines.sum,
        })
        .from(orderLines)
        .where(
          inArray(
            orderLines.orderId,
            heads.map((h) => h.id),
          ),
        )
        .orderBy(asc(orderLines.orderId), asc(orderLines.seq));
      return { heads, lines };
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
