import type { Language } from '@partsportal/contract/codes';
import type { PurchaseLineSort, PurchaseSort, PurchaseState, SortOrder } from '@partsportal/contract/records';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { termIn } from '../../db/localized-names';
import { companies } from '../../db/schema/accounts';
import { purchaseLines, purchases } from '../../db/schema/trading';
import {
  billConditions,
  billPageIds,
  billsWithPart,
  currencyTotals,
  lineCount,
  linePageIds,
  orderBy,
  type BillFilter,
  type BillTable,
  type LineFilter,
  type LineTable,
  partNameIn,
} from './records-query';
import { epochSeconds, epochSecondsOrNull } from '../../db/epoch';

export interface PurchaseFilter extends BillFilter {
  state?: PurchaseState | undefined;
}

const bills: BillTable = {
  table: purchases,
  id: purchases.id,
  company: purchases.supplierCompanyId,
  date: purchases.billDate,
  no: purchases.no,
  currency: purchases.currency,
  amount: purchases.amount,
  // Purchases carry no quantity column: the lines' quantities (purchase_lines_purchase_idx).
  // "purchases"."id" is spelled out: drizzle renders a column of a one-table query unqualified,
  // which inside the subquery would bind to pl.id.
  qty: sql`(select sum(pl.qty) from purchase_lines pl where pl.purchase_id = "purchases"."id")`,
};
// Part-number filters are served by purchase_lines (supplier_company_id, number_key text_pattern_ops).
const lines: LineTable = {
  table: purchaseLines,
  id: purchaseLines.id,
  billId: purchaseLines.purchaseId,
  company: purchaseLines.supplierCompanyId,
  numberKey: purchaseLines.numberKey,
  partName: purchaseLines.partName,
  productId: purchaseLines.productId,
};

const SORT_COLUMNS: Record<PurchaseSort, AnyPgColumn> = {
  bill_date: purchases.billDate,
  no: purchases.no,
  amount: purchases.amount,
  require_date: purchases.requireDate,
  state: purchases.state,
};
const LINE_SORT_COLUMNS: Record<PurchaseLineSort, AnyPgColumn> = {
  bill_date: purchases.billDate,
  no: purchases.no,
  number: purchaseLines.number,
  qty: purchaseLines.qty,
  price: purchaseLines.price,
  sum: purchaseLines.sum,
};

const headerColumns = {
  id: purchases.id,
  company_sort_name: companies.sortName,
  no: purchases.no,
  bill_date: epochSeconds(purchases.billDate),
  state: sql<PurchaseState>`${purchases.state}`,
  currency: purchases.currency,
  amount: purchases.amount,
  sales_man_name: purchases.salesManName,
  require_date: epochSecondsOrNull(purchases.requireDate),
  remark: purchases.remark,
};

/** The line columns, the part name in the reader's language (partNameIn). */
const lineColumns = (language: Language) => ({
  id: purchaseLines.id,
  seq: purchaseLines.seq,
  cpid: purchaseLines.productId,
  number: purchaseLines.number,
  part_name: partNameIn(language, purchaseLines.productId, purchaseLines.partName),
  factory: purchaseLines.factory,
  unit: termIn('unit', purchaseLines.unit, language),
  qty: purchaseLines.qty,
  received_qty: purchaseLines.receivedQty,
  price: purchaseLines.price,
  last_price: purchaseLines.lastPrice,
  sum: purchaseLines.sum,
  store_qty: purchaseLines.storeQty,
  remark: purchaseLines.remark,
});

/**
 * Purchases the wholesaler made from one company: the company is the *supplier*, so every query
 * is scoped by supplier_company_id; a buyer that supplies nothing sees nothing.
 */
export function createPurchasesRepository(db: Db) {
  const where = (companyId: number, filter: PurchaseFilter): SQL | undefined =>
    and(
      ...billConditions(bills, companyId, filter),
      filter.state ? eq(purchases.state, filter.state) : undefined,
      billsWithPart(db, bills, lines, companyId, filter.partNumberPrefix),
    );

  return {
    /** One page as a deferred join over the (supplier_company_id, bill_date, id) index (billPageIds). */
    async page(
      companyId: number,
      filter: PurchaseFilter,
      sort: PurchaseSort,
      order: SortOrder,
      page: number,
      pageSize: number,
      _language: Language,
    ) {
      const ordering = orderBy(SORT_COLUMNS[sort], purchases.id, order);
      const ids = billPageIds(db, bills, where(companyId, filter), ordering, page, pageSize);
      return db
        .select(headerColumns)
        .from(purchases)
        .innerJoin(ids, eq(purchases.id, ids.id))
        .innerJoin(companies, eq(companies.id, purchases.supplierCompanyId))
        .orderBy(...ordering);
    },

    async totals(companyId: number, filter: PurchaseFilter) {
      return currencyTotals(db, bills, where(companyId, filter));
    },

    async find(companyId: number, id: number, _language: Language) {
      const [row] = await db
        .select(headerColumns)
        .from(purchases)
        .innerJoin(companies, eq(companies.id, purchases.supplierCompanyId))
        .where(and(eq(purchases.supplierCompanyId, companyId), eq(purchases.id, id)));
      return row;
    },

    async lines(companyId: number, purchaseId: number, language: Language) {
      return db
        .select(lineColumns(language))
        .from(purchaseLines)
        .where(and(eq(purchaseLines.supplierCompanyId, companyId), eq(purchaseLines.purchaseId, purchaseId)))
        .orderBy(asc(purchaseLines.seq), asc(purchaseLines.id));
    },

    async linePage(
      companyId: number,
      filter: LineFilter,
      sort: PurchaseLineSort,
      order: SortOrder,
      page: number,
      pageSize: number,
      language: Language,
    ) {
      const ordering = orderBy(LINE_SORT_COLUMNS[sort], purchaseLines.id, order);
      const ids = linePageIds(db, bills, lines, companyId, filter, ordering, page, pageSize);
      return db
        .select({
          ...lineColumns(language),
          purchase_id: purchases.id,
          no: purchases.no,
          bill_date: epochSeconds(purchases.billDate),
          state: sql<PurchaseState>`${purchases.state}`,
          currency: purchases.currency,
          require_date: epochSecondsOrNull(purchases.requireDate),
        })
        .from(purchaseLines)
        .innerJoin(ids, eq(purchaseLines.id, ids.id))
        .innerJoin(purchases, eq(purchases.id, purchaseLines.purchaseId))
        .orderBy(...ordering);
    },

    async lineCount(companyId: number, filter: LineFilter) {
      return lineCount(db, bills, lines, companyId, filter);
    },
  };
}
