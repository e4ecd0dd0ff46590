import type {
  CargoState,
  SalesLineSort,
  SalesSort,
  SalesState,
  SortOrder,
} from '@partsportal/contract/records';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/accounts';
import { orders, salesBills, salesLines } from '../../db/schema/trading';
import { containsText, dateRange, numberKeyStartsWith, offsetOf, orderBy } from './records-query';
import { epochSeconds } from '../../db/epoch';

export interface SalesFilter {
  dateFrom?: number | null | undefined;
  dateTo?: number | null | undefined;
  no?: string | undefined;
  state?: SalesState | undefined;
  cargo_state?: CargoState | undefined;
  logistics_no?: string | undefined;
  /** Already normalized. */
  partNumberPrefix?: string | undefined;
}

export interface SalesLineFilter {
  dateFrom?: number | null | undefined;
  dateTo?: number | null | undefined;
  no?: string | undefined;
  name?: string | undefined;
  partNumberPrefix?: string | undefined;
}

/** The allow-lists of sortable columns (the contract's enums name the keys). */
const SORT_COLUMNS: Record<SalesSort, AnyPgColumn> = {
  bill_date: salesBills.billDate,
  no: salesBills.no,
  amount: salesBills.amount,
  total_qty: salesBills.totalQty,
  export_rate: salesBills.exportRate,
  cargo_state: salesBills.cargoState,
};
const LINE_SORT_COLUMNS: Record<SalesLineSort, AnyPgColumn> = {
  bill_date: salesBills.billDate,
  no: salesBills.no,
  number: salesLines.number,
  qty: salesLines.qty,
  price: salesLines.price,
  sum: salesLines.sum,
};

const billColumns = {
  id: salesBills.id,
  company_sort_name: companies.sortName,
  no: salesBills.no,
  bill_date: epochSeconds(salesBills.billDate),
  from: salesBills.fromSystem,
  state: sql<SalesState>`${salesBills.state}`,
  currency: salesBills.currency,
  export_rate: salesBills.exportRate,
  amount: salesBills.amount,
  total_qty: salesBills.totalQty,
  remark: salesBills.remark,
  extendParam: salesBills.extendParam,
  cargo_state: sql<CargoState>`${salesBills.cargoState}`,
  logistics_name: salesBills.logisticsName,
  logistics_no: salesBills.logisticsNo,
  order_id: orders.id,
  order_no: orders.no,
};

const lineColumns = {
  id: salesLines.id,
  seq: salesLines.seq,
  part_name: salesLines.partName,
  number: salesLines.number,
  factory: salesLines.factory,
  unit: salesLines.unit,
  qty: salesLines.qty,
  export_qty: salesLines.exportQty,
  price: salesLines.price,
  sum: salesLines.sum,
  remark: salesLines.remark,
};

/** Sales bills of one company: every query names the company, so other ids look unknown. */
export function createSalesRepository(db: Db) {
  const billWhere = (companyId: number, filter: SalesFilter): SQL | undefined =>
    and(
      eq(salesBills.companyId, companyId),
      ...dateRange(salesBills.billDate, filter.dateFrom, filter.dateTo),
      containsText(salesBills.no, filter.no),
      filter.state ? eq(salesBills.state, filter.state) : undefined,
      filter.cargo_state ? eq(salesBills.cargoState, filter.cargo_state) : undefined,
      containsText(salesBills.logisticsNo, filter.logistics_no),
      // Served by sales_lines (company_id, number_key text_pattern_ops).
      filter.partNumberPrefix
        ? inArray(
            salesBills.id,
            db
              .select({ id: salesLines.salesBillId })
              .from(salesLines)
              .where(
                and(
                  eq(salesLines.companyId, companyId),
                  numberKeyStartsWith(salesLines.numberKey, filter.partNumberPrefix),
                ),
              ),
          )
        : undefined,
    );

  const lineWhere = (companyId: number, filter: SalesLineFilter): SQL | undefined =>
    and(
      eq(salesLines.companyId, companyId),
      eq(salesBills.companyId, companyId),
      ...dateRange(salesBills.billDate, filter.dateFrom, filter.dateTo),
      containsText(salesBills.no, filter.no),
      containsText(salesLines.partName, filter.name),
      filter.partNumberPrefix
        ? numberKeyStartsWith(salesLines.numberKey, filter.partNumberPrefix)
        : undefined,
    );

  /** The bill's order, only if it is the same company's. */
  const orderJoin = and(eq(orders.id, salesBills.orderId), eq(orders.companyId, salesBills.companyId));

  return {
    /** One page as a deferred join over the (company_id, bill_date, id) index, see deliveries. */
    async page(
      companyId: number,
      filter: SalesFilter,
      sort: SalesSort,
      order: SortOrder,
      page: number,
      pageSize: number,
    ) {
      const ordering = orderBy(SORT_COLUMNS[sort], salesBills.id, order);
      const ids = db
        .select({ id: salesBills.id })
        .from(salesBills)
        .where(billWhere(companyId, filter))
        .orderBy(...ordering)
        .limit(pageSize)
        .offset(offsetOf(page, pageSize))
        .as('page_ids');
      return db
        .select(billColumns)
        .from(salesBills)
        .innerJoin(ids, eq(salesBills.id, ids.id))
        .innerJoin(companies, eq(companies.id, salesBills.companyId))
        .leftJoin(orders, orderJoin)
        .orderBy(...ordering);
    },

    async totals(companyId: number, filter: SalesFilter) {
      return db
        .select({
          currency: salesBills.currency,
          records: count(),
          total_qty: sql<number>`coalesce(sum(${salesBills.totalQty}), 0)`.mapWith(Number),
          amount: sql<string>`coalesce(sum(${salesBills.amount}), 0)::numeric(18, 4)::text`,
        })
        .from(salesBills)
        .where(billWhere(companyId, filter))
        .groupBy(salesBills.currency)
        .orderBy(asc(salesBills.currency));
    },

    async find(companyId: number, id: number) {
      const [row] = await db
        .select(billColumns)
        .from(salesBills)
        .innerJoin(companies, eq(companies.id, salesBills.companyId))
        .leftJoin(orders, orderJoin)
        .where(and(eq(salesBills.companyId, companyId), eq(salesBills.id, id)));
      return row;
    },

    async lines(companyId: number, billId: number) {
      return db
        .select(lineColumns)
        .from(salesLines)
        .where(and(eq(salesLines.companyId, companyId), eq(salesLines.salesBillId, billId)))
        .orderBy(asc(salesLines.seq), asc(salesLines.id));
    },

    /** Line search across bills; deferred join as for the bills. */
    async linePage(
      companyId: number,
      filter: SalesLineFilter,
      sort: SalesLineSort,
      order: SortOrder,
      page: number,
      pageSize: number,
    ) {
      const ordering = orderBy(LINE_SORT_COLUMNS[sort], salesLines.id, order);
      const ids = db
        .select({ id: salesLines.id })
        .from(salesLines)
        .innerJoin(salesBills, eq(salesBills.id, salesLines.salesBillId))
        .where(lineWhere(companyId, filter))
        .orderBy(...ordering)
        .limit(pageSize)
        .offset(offsetOf(page, pageSize))
        .as('page_ids');
      return db
        .select({
          ...lineColumns,
          sales_bill_id: salesBills.id,
          no: salesBills.no,
          bill_date: epochSeconds(salesBills.billDate),
          currency: salesBills.currency,
          cargo_state: sql<CargoState>`${salesBills.cargoState}`,
        })
        .from(salesLines)
        .innerJoin(ids, eq(salesLines.id, ids.id))
        .innerJoin(salesBills, eq(salesBills.id, salesLines.salesBillId))
        .orderBy(...ordering);
    },

    async lineCount(companyId: number, filter: SalesLineFilter) {
      const [row] = await db
        .select({ n: count() })
        .from(salesLines)
        .innerJoin(salesBills, eq(salesBills.id, salesLines.salesBillId))
        .where(lineWhere(companyId, filter));
      return row?.n ?? 0;
    },
  };
}
