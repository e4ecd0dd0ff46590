import type { Language } from '@partsportal/contract/codes';
import type { DeliverySort, SortOrder } from '@partsportal/contract/records';
import type { OrderState } from '@partsportal/contract/orders';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { deliveries, deliveryLines, orders } from '../../db/schema/trading';
import {
  billConditions,
  billPageIds,
  currencyTotals,
  orderBy,
  type BillFilter,
  type BillTable,
  carrierNameIn,
  trackingUrlOf,
  partNameIn,
} from './records-query';
import { epochSeconds } from '../../db/epoch';

export type DeliveryFilter = Omit<BillFilter, 'partNumberPrefix'>;

const bills: BillTable = {
  table: deliveries,
  id: deliveries.id,
  company: deliveries.companyId,
  date: deliveries.date,
  no: deliveries.no,
  currency: deliveries.currency,
  amount: deliveries.amount,
  qty: deliveries.totalQty,
};

/** Only these columns can be sorted on; the contract's enum is the allow-list. */
const SORT_COLUMNS: Record<DeliverySort, AnyPgColumn> = {
  date: deliveries.date,
  no: deliveries.no,
  count: deliveries.count,
  total_qty: deliveries.totalQty,
  amount: deliveries.amount,
};

/** Columns as the contract names them; the carrier in the reader's language (carrierNameIn). */
const headerColumns = (language: Language) => ({
  id: deliveries.id,
  date: epochSeconds(deliveries.date),
  no: deliveries.no,
  count: deliveries.count,
  total_qty: deliveries.totalQty,
  amount: deliveries.amount,
  currency: deliveries.currency,
  remark: deliveries.remark,
  logistics_name: carrierNameIn(language, deliveries.carrierId, deliveries.logisticsName),
  logistics_no: deliveries.logisticsNo,
  tracking_url: trackingUrlOf(deliveries.carrierId, deliveries.logisticsNo),
});

/** Delivery records of one company: every query names the company, so other ids look unknown. */
export function createDeliveriesRepository(db: Db) {
  const where = (companyId: number, filter: DeliveryFilter): SQL | undefined =>
    and(...billConditions(bills, companyId, filter));

  return {
    /** One page as a deferred join over the (company_id, date, id) index (billPageIds). */
    async page(
      companyId: number,
      filter: DeliveryFilter,
      sort: DeliverySort,
      order: SortOrder,
      page: number,
      pageSize: number,
      language: Language,
    ) {
      const ordering = orderBy(SORT_COLUMNS[sort], deliveries.id, order);
      const ids = billPageIds(db, bills, where(companyId, filter), ordering, page, pageSize);
      return db
        .select(headerColumns(language))
        .from(deliveries)
        .innerJoin(ids, eq(deliveries.id, ids.id))
        .orderBy(...ordering);
    },

    async totals(companyId: number, filter: DeliveryFilter) {
      return currencyTotals(db, bills, where(companyId, filter));
    },

    async find(companyId: number, id: number, language: Language) {
      const [row] = await db
        .select(headerColumns(language))
        .from(deliveries)
        .where(and(eq(deliveries.companyId, companyId), eq(deliveries.id, id)));
      return row;
    },

    /**
     * Lines of a delivery already known to be the company's. The order is joined on the company
     * too, so a line pointing at another company's order shows no order rather than its id.
     */
    async lines(companyId: number, deliveryId: number, language: Language) {
      return db
        .select({
          id: deliveryLines.id,
          number: deliveryLines.number,
          part_name: partNameIn(language, deliveryLines.productId, deliveryLines.partName),
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
