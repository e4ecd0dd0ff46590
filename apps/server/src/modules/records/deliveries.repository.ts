import type { DeliverySort, SortOrder } from '@partsportal/contract/records';
import type { OrderState } from '@partsportal/contract/orders';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { deliveries, deliveryLines, orders } from '../../db/schema/trading';
import { containsText, dateRange, offsetOf, orderBy } from './records-query';
import { epochSeconds } from '../../db/epoch';

export interface DeliveryFilter {
  dateFrom?: number | null | undefined;
  dateTo?: number | null | undefined;
  no?: string | undefined;
}

/** Only these columns can be sorted on; the contract's enum is the allow-list. */
const SORT_COLUMNS: Record<DeliverySort, AnyPgColumn> = {
  date: deliveries.date,
  no: deliveries.no,
  count: deliveries.count,
  total_qty: deliveries.totalQty,
  amount: deliveries.amount,
};

/** Columns as the contract names them. */
const headerColumns = {
  id: deliveries.id,
  date: epochSeconds(deliveries.date),
  no: deliveries.no,
  count: deliveries.count,
  total_qty: deliveries.totalQty,
  amount: deliveries.amount,
  currency: deliveries.currency,
  remark: deliveries.remark,
  logistics_name: deliveries.logisticsName,
  logistics_no: deliveries.logisticsNo,
};

/** Delivery records of one company: every query names the company, so other ids look unknown. */
export function createDeliveriesRepository(db: Db) {
  const where = (companyId: number, filter: DeliveryFilter): SQL | undefined =>
    and(
      eq(deliveries.companyId, companyId),
      ...dateRange(deliveries.date, filter.dateFrom, filter.dateTo),
      containsText(deliveries.no, filter.no),
    );

  return {
    /**
     * One page, as a deferred join: the ids are picked from the (company_id, date, id) index
     * first, and only the page's rows are read in full — so page 1,000 costs about page 1.
     */
    async page(
      companyId: number,
      filter: DeliveryFilter,
      sort: DeliverySort,
      order: SortOrder,
      page: number,
      pageSize: number,
    ) {
      const ordering = orderBy(SORT_COLUMNS[sort], deliveries.id, order);
      const ids = db
        .select({ id: deliveries.id })
        .from(deliveries)
        .where(where(companyId, filter))
        .orderBy(...ordering)
        .limit(pageSize)
        .offset(offsetOf(page, pageSize))
        .as('page_ids');
      return db
        .select(headerColumns)
        .from(deliveries)
        .innerJoin(ids, eq(deliveries.id, ids.id))
        .orderBy(...ordering);
    },

    /** Count and sums over the whole filter, per currency (amounts of different currencies never add up). */
    async totals(companyId: number, filter: DeliveryFilter) {
      return db
        .select({
          currency: deliveries.currency,
          records: count(),
          total_qty: sql<number>`coalesce(sum(${deliveries.totalQty}), 0)`.mapWith(Number),
          amount: sql<string>`coalesce(sum(${deliveries.amount}), 0)::numeric(18, 4)::text`,
        })
        .from(deliveries)
        .where(where(companyId, filter))
        .groupBy(deliveries.currency)
        .orderBy(asc(deliveries.currency));
    },

    async find(companyId: number, id: number) {
      const [row] = await db
        .select(headerColumns)
        .from(deliveries)
        .where(and(eq(deliveries.companyId, companyId), eq(deliveries.id, id)));
      return row;
    },

    /**
     * Lines of a delivery already known to be the company's. The order is joined on the company
     * too, so a line pointing at another company's order shows no order rather than its id.
     */
    async lines(companyId: number, deliveryId: number) {
      return db
        .select({
          id: deliveryLines.id,
          number: deliveryLines.number,
          part_name: deliveryLines.partName,
          factory: deliveryLines.factory,
          qty: deliveryLines.qty,
          price: deliveryLines.price,
          sum: deliveryLines.sum,
          order_id: orders.id,
          order_no: orders.no,
        })
        .from(deliveryLines)
        .leftJoin(orders, and(eq(orders.id, deliveryLines.orderId), eq(orders.companyId, companyId)))
        .where(eq(deliveryLines.deliveryId, deliveryId))
        .orderBy(asc(deliveryLines.id));
    },

    /** The company's orders that lines of the delivery fulfil. */
    async fulfilledOrders(companyId: number, deliveryId: number) {
      return db
        .select({
          id: orders.id,
          no: orders.no,
          bill_date: epochSeconds(orders.billDate),
          state: sql<OrderState>`${orders.state}`,
          currency: orders.currency,
          amount: orders.amount,
        })
        .from(orders)
        .where(
          and(
            eq(orders.companyId, companyId),
            inArray(
              orders.id,
              db
                .select({ id: sql<number>`${deliveryLines.orderId}` })
                .from(deliveryLines)
                .where(eq(deliveryLines.deliveryId, deliveryId)),
            ),
          ),
        )
        .orderBy(asc(orders.billDate), asc(orders.id));
    },
  };
}
