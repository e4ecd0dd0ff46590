import { normalizePartNumber } from '@partsportal/contract/part-number';
import type { RecordTotals, SortOrder } from '@partsportal/contract/records';
import type { Language } from '@partsportal/contract/codes';
import { and, asc, count, desc, eq, ilike, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { localizedName } from '../../db/localized-names';
import { containsPattern } from '../../db/like-patterns';

/**
 * The pieces every record list is built of — deliveries, sales and purchases here, and the order
 * records (apps/server/src/modules/orders) for their date, text and part-number conditions — so a
 * change to how a list filters, pages or sums is made once. The pieces take the table and its
 * columns; what differs between the lists (extra filters, joins, the columns shown) stays in each
 * repository.
 */

/** A bill table as the lists see it. */
export interface BillTable {
  table: PgTable;
  id: AnyPgColumn;
  /** The column that makes a bill the signed-in company's (the supplier, for purchases). */
  company: AnyPgColumn;
  date: AnyPgColumn;
  no: AnyPgColumn;
  currency: AnyPgColumn<{ data: string; notNull: true }>;
  amount: AnyPgColumn;
  /** What a bill adds to `total_qty` in the totals. */
  qty: AnyPgColumn | SQL;
}

/** The lines of a bill table, for the line search and the part-number filter. */
export interface LineTable {
  table: PgTable;
  id: AnyPgColumn;
  billId: AnyPgColumn;
  company: AnyPgColumn;
  numberKey: AnyPgColumn;
  partName: AnyPgColumn;
  productId: AnyPgColumn;
}

export interface BillFilter {
  dateFrom?: number | null | undefined;
  dateTo?: number | null | undefined;
  /** Part of the bill no. */
  no?: string | undefined;
  /** Already normalized (partNumberPrefix). */
  partNumberPrefix?: string | undefined;
}

export interface LineFilter extends BillFilter {
  /** Part of the part name. */
  name?: string | undefined;
  /** The reader's language: `name` then matches the part name as shown (partNameIn). */
  language?: Language | undefined;
}

/** Case-insensitive "contains"; undefined (no condition) for an empty filter. */
export function containsText(column: AnyPgColumn, text: string | undefined): SQL | undefined {
  return text ? ilike(column, containsPattern(text)) : undefined;
}

/**
 * The normalized prefix of a part number filter ("04465 33" → "0446533"), or undefined when
 * nothing searchable is left. Normalized keys hold only [0-9A-Z], so the pattern needs no escaping
 * and a `text_pattern_ops` index on number_key serves it.
 */
export function partNumberPrefix(raw: string | undefined): string | undefined {
  const key = raw ? normalizePartNumber(raw) : '';
  return key === '' ? undefined : key;
}

export const numberKeyStartsWith = (column: AnyPgColumn | SQL, prefix: string): SQL =>
  like(column, `${prefix}%`);

/** Seconds, either end open, the end excluded. */
export interface SecondsRange {
  from: number | undefined;
  to: number | undefined;
}

/**
 * A list's date filter as the range it covers: both ends inclusive in whole seconds, so dateTo
 * covers its whole second (dates carry fractions, and the lists show them cut to the second).
 */
export const dateBounds = (from: number | null | undefined, to: number | null | undefined): SecondsRange => ({
  from: from ?? undefined,
  to: to === null || to === undefined ? undefined : to + 1,
});

/** `column` (a timestamptz) within the range, as conditions; none for an open end. */
export function secondsWithin(column: AnyPgColumn | SQL, range: SecondsRange): SQL[] {
  const conditions: SQL[] = [];
  if (range.from !== undefined) conditions.push(sql`${column} >= to_timestamp(${range.from})`);
  if (range.to !== undefined) conditions.push(sql`${column} < to_timestamp(${range.to})`);
  return conditions;
}

/** A list's date filter on `column`; see dateBounds. */
export const dateRange = (
  column: AnyPgColumn | SQL,
  from: number | null | undefined,
  to: number | null | undefined,
): SQL[] => secondsWithin(column, dateBounds(from, to));

/**
 * ORDER BY the chosen column, then the id in the same direction, so pages never overlap or
 * skip rows when the sort column has ties.
 */
export function orderBy(column: AnyPgColumn, id: AnyPgColumn, order: SortOrder): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  return [direction(column), direction(id)];
}

export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;

/** The company's bills in the date range and with the text in their no. */
export function billConditions(bills: BillTable, companyId: number, filter: BillFilter) {
  return [
    eq(bills.company, companyId),
    ...dateRange(bills.date, filter.dateFrom, filter.dateTo),
    containsText(bills.no, filter.no),
  ];
}

/**
 * Bills with a line whose part number starts with the prefix, as a semi-join served by the lines'
 * (company, number_key text_pattern_ops) index; undefined without a prefix.
 */
export function billsWithPart(
  db: Db,
  bills: BillTable,
  lines: LineTable,
  companyId: number,
  prefix: string | undefined,
): SQL | undefined {
  if (!prefix) return undefined;
  return inArray(
    bills.id,
    db
      .select({ id: lines.billId })
      .from(lines.table)
      .where(and(eq(lines.company, companyId), numberKeyStartsWith(lines.numberKey, prefix))),
  );
}

/** The line search's conditions, on the lines joined to their bills; both sides name the company. */
function lineWhere(bills: BillTable, lines: LineTable, companyId: number, filter: LineFilter) {
  return and(
    eq(lines.company, companyId),
    eq(bills.company, companyId),
    ...dateRange(bills.date, filter.dateFrom, filter.dateTo),
    containsText(bills.no, filter.no),
    filter.name && filter.language
      ? ilike(partNameIn(filter.language, lines.productId, lines.partName), containsPattern(filter.name))
      : containsText(lines.partName, filter.name),
    filter.partNumberPrefix ? numberKeyStartsWith(lines.numberKey, filter.partNumberPrefix) : undefined,
  );
}

/**
 * The ids of one page of bills, for a deferred join: picked on the (company, date, id) index
 * first, so only the page's rows are then read in full and page 1,000 costs about page 1.
 */
export function billPageIds(
  db: Db,
  bills: BillTable,
  where: SQL | undefined,
  ordering: SQL[],
  page: number,
  pageSize: number,
) {
  return db
    .select({ id: bills.id })
    .from(bills.table)
    .where(where)
    .orderBy(...ordering)
    .limit(pageSize)
    .offset(offsetOf(page, pageSize))
    .as('page_ids');
}

/** The ids of one page of the line search, for a deferred join as for the bills. */
export function linePageIds(
  db: Db,
  bills: BillTable,
  lines: LineTable,
  companyId: number,
  filter: LineFilter,
  ordering: SQL[],
  page: number,
  pageSize: number,
) {
  return db
    .select({ id: lines.id })
    .from(lines.table)
    .innerJoin(bills.table, eq(bills.id, lines.billId))
    .where(lineWhere(bills, lines, companyId, filter))
    .orderBy(...ordering)
    .limit(pageSize)
    .offset(offsetOf(page, pageSize))
    .as('page_ids');
}

export async function lineCount(
  db: Db,
  bills: BillTable,
  lines: LineTable,
  companyId: number,
  filter: LineFilter,
) {
  const [row] = await db
    .select({ n: count() })
    .from(lines.table)
    .innerJoin(bills.table, eq(bills.id, lines.billId))
    .where(lineWhere(bills, lines, companyId, filter));
  return row?.n ?? 0;
}

/** Count and sums over the whole filter, per currency (amounts of different currencies never add up). */
export function currencyTotals(db: Db, bills: BillTable, where: SQL | undefined): Promise<RecordTotals[]> {
  return db
    .select({
      currency: bills.currency,
      records: count(),
      total_qty: sql<number>`coalesce(sum(${bills.qty}), 0)`.mapWith(Number),
      amount: sql<string>`coalesce(sum(${bills.amount}), 0)::numeric(18, 4)::text`,
    })
    .from(bills.table)
    .where(where)
    .groupBy(bills.currency)
    .orderBy(asc(bills.currency));
}

/** The list's `total`: the per-currency counts added up (one aggregate query answers both). */
export const totalOf = (totals: readonly RecordTotals[]) =>
  totals.reduce((sum, entry) => sum + entry.records, 0);

/** The products column of the part name in `language`. */
const productNameColumn = (language: Language) =>
  sql.raw(language === 'zh' ? 'name_zh' : language === 'es' ? 'name_es' : 'name_en');

/**
 * A record line's part name in the reader's language (issue 17 item 3): the product's name in
 * `language` when the line's product has it filled, else the name the line was written with (its
 * snapshot). A scalar subquery on the products primary key: in the select list of the page's rows
 * it is evaluated for those rows only; as a filter it serves only the name's infix match, which no
 * index serves anyway (the company's lines are read on their own index, as before). Never an
 * ordering, so the index plans that pick a page stay as they were.
 */
export const partNameIn = (language: Language, productId: AnyPgColumn | SQL, snapshot: AnyPgColumn | SQL) =>
  sql<string>`coalesce((select nullif(pn.${productNameColumn(language)}, '') from products pn where pn.id = ${productId}), ${snapshot})`;

/**
 * A bill's carrier (`logistics_name`) in the reader's language (decision 011): the linked carrier's
 * name in `language` (else the carrier's name as written), else the name the bill was written with.
 */
/**
 * The waybill as a link to its carrier's tracking page (issue 17 item 16): the carrier's
 * `tracking_url` with `{no}` replaced, or null when the bill has no carrier, the carrier no page,
 * or the number characters a link would have to escape (a plain waybill is letters, digits, -).
 */
export const trackingUrlOf = (carrierId: AnyPgColumn | SQL, waybill: AnyPgColumn | SQL) =>
  sql<
    string | null
  >`case when ${waybill} ~ '^[A-Za-z0-9_-]{1,64}$' then (select replace(fc.tracking_url, '{no}', ${waybill})
    from freight_carriers fc where fc.id = ${carrierId} and fc.tracking_url <> '') end`;

export const carrierNameIn = (language: Language, carrierId: AnyPgColumn | SQL, written: AnyPgColumn | SQL) =>
  sql<string>`coalesce((select ${localizedName(sql`fc.name`, sql`fc.names`, language)} from freight_carriers fc
    where fc.id = ${carrierId}), ${written})`;
