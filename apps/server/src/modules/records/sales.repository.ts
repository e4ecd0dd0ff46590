import type { Language } from '@partsportal/contract/codes';
import type {
  CargoState,
  SalesLineSort,
  SalesSort,
  SalesState,
  SortOrder,
} from '@partsportal/contract/records';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { termIn } from '../../db/localized-names';
import { companies } from '../../db/schema/accounts';
import { orders, salesBills, salesLines } from '../../db/schema/trading';
import {
  billConditions,
  billPageIds,
  billsWithPart,
  containsText,
  currencyTotals,
  lineCount,
  linePageIds,
  orderBy,
  type BillFilter,
  type BillTable,
  type LineFilter,
  type LineTable,
  carrierNameIn,
  trackingUrlOf,
  partNameIn,
} from './records-query';
import { epochSeconds } from '../../db/epoch';

export interface SalesFilter extends BillFilter {
  state?: SalesState | undefined;
  cargo_state?: CargoState | undefined;
  logistics_no?: string | undefined;
}

const bills: BillTable = {
  table: salesBills,
  id: salesBills.id,
  company: salesBills.companyId,
  date: salesBills.billDate,
  no: salesBills.no,
  currency: salesBills.currency,
  amount: salesBills.amount,
  qty: salesBills.totalQty,
};
// Part-number filters are served by sales_lines (company_id, number_key text_pattern_ops).
const lines: LineTable = {
  table: salesLines,
  id: salesLines.id,
  billId: salesLines.salesBillId,
  company: salesLines.companyId,
  numberKey: salesLines.numberKey,
  partName: salesLines.partName,
  productId: salesLines.productId,
};

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

/** The bill columns; the carrier in the reader's language (carrierNameIn). */
const billColumns = (language: Language) => ({
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
  logistics_name: carrierNameIn(language, salesBills.carrierId, salesBills.logisticsName),
  logistics_no: salesBills.logisticsNo,
  tracking_url: trackingUrlOf(salesBills.carrierId, salesBills.logisticsNo),
  order_id: orders.id,
  order_no: orders.no,
});

/** The line columns, the part name in the reader's language (partNameIn). */
const lineColumns = (language: Language) => ({
  id: salesLines.id,
  seq: salesLines.seq,
  part_name: partNameIn(language, salesLines.productId, salesLines.partName),
  number: salesLines.number,
  factory: salesLines.factory,
  unit: termIn('unit', salesLines.unit, language),
  qty: salesLines.qty,
  export_qty: salesLines.exportQty,
  price: salesLines.price,
  sum: salesLines.sum,
  remark: salesLines.remark,
});

/** Sales bills of one company: every query names the company, so other ids look unknown. */
export function createSalesRepository(db: Db) {
  const billWhere = (companyId: number, filter: SalesFilter): SQL | undefined =>
    and(
      ...billConditions(bills, companyId, filter),
      filter.state ? eq(salesBills.state, filter.state) : undefined,
      filter.cargo_state ? eq(salesBills.cargoState, filter.cargo_state) : undefined,
      containsText(salesBills.logisticsNo, filter.logistics_no),
      billsWithPart(db, bills, lines, companyId, filter.partNumberPrefix),
    );

  /** The bill's order, only if it is the same company's. */
  const orderJoin = and(eq(orders.id, salesBills.orderId), eq(orders.companyId, salesBills.companyId));

  return {
    /** One page as a deferred join over the (company_id, bill_date, id) index (billPageIds). */
    async page(
      companyId: number,
      filter: SalesFilter,
      sort: SalesSort,
      order: SortOrder,
      page: number,
      pageSize: number,
      language: Language,
    ) {
      const ordering = orderBy(SORT_COLUMNS[sort], salesBills.id, order);
      const ids = billPageIds(db, bills, billWhere(companyId, filter), ordering, page, pageSize);
      return db
        .select(billColumns(language))
        .from(salesBills)
        .innerJoin(ids, eq(salesBills.id, ids.id))
        .innerJoin(companies, eq(companies.id, salesBills.companyId))
        .leftJoin(orders, orderJoin)
        .orderBy(...ordering);
    },

    async totals(companyId: number, filter: SalesFilter) {
      return currencyTotals(db, bills, billWhere(companyId, filter));
    },

    async find(companyId: number, id: number, language: Language) {
      const [row] = await db
        .select(billColumns(language))
        .from(salesBills)
        .innerJoin(companies, eq(companies.id, salesBills.companyId))
        .leftJoin(orders, orderJoin)
        .where(and(eq(salesBills.companyId, companyId), eq(salesBills.id, id)));
      return row;
    },

    async lines(companyId: number, billId: number, language: Language) {
      return db
        .select(lineColumns(language))
        .from(salesLines)
        .where(and(eq(salesLines.companyId, companyId), eq(salesLines.salesBillId, billId)))
        .orderBy(asc(salesLines.seq), asc(salesLines.id));
    },

    /** Line search across bills; deferred join as for the bills. */
    async linePage(
      companyId: number,
      filter: LineFilter,
      sort: SalesLineSort,
      order: SortOrder,
      page: number,
      pageSize: number,
      language: Language,
    ) {
      const ordering = orderBy(LINE_SORT_COLUMNS[sort], salesLines.id, order);
      const ids = linePageIds(db, bills, lines, companyId, filter, ordering, page, pageSize);
      return db
        .select({
          ...lineColumns(language),
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

    async lineCount(companyId: number, filter: LineFilter) {
      return lineCount(db, bills, lines, companyId, filter);
    },
  };
}
