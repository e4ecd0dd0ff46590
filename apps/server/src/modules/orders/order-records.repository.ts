import type { OrderState } from '@partsportal/contract/orders';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Order filters after validation; `partKey` is already normalized (normalizePartNumber). */
export interface OrderFilter {
  companyId: number;
  dateFrom?: number | undefined;
  dateTo?: number | undefined;
  no?: string | undefined;
  states?: readonly OrderState[] | undefined;
  fromSystem?: string | undefined;
  partKey?: string | undefined;
}

export interface LineFilter {
  companyId: number;
  dateFrom?: number | undefined;
  dateTo?: number | undefined;
  no?: string | undefined;
  partKey?: string | undefined;
  name?: string | undefined;
}

export type OrderSort = 'bill_date' | 'no' | 'amount' | 'state';
export type LineSort = 'bill_date' | 'no' | 'number' | 'qty' | 'sum';
export type Direction = 'asc' | 'desc';

export interface HeaderRow {
  id: number;
  company_sort_name: string;
  no: string;
  bill_date: number;
  from: string;
  state: OrderState;
  currency: string;
  export_rate: string;
  amount: string;
  freight: string;
  total_qty: number;
  export_qty: number;
  remark: string;
  extendParam: string;
}

export interface LineRow {
  id: number;
  seq: number;
  cpid: number;
  store_id: number | null;
  part_name: string;
  number: string;
  factory: string;
  my_number: string;
  unit: string;
  make_names: string;
  extend_param: string;
  qty: number;
  export_qty: number;
  price: string;
  sum: string;
  client_remark: string;
  remark: string;
  tax_price: string;
  price_desc: string;
}

export interface LineListRow extends LineRow {
  order_id: number;
  order_no: string;
  bill_date: number;
  state: OrderState;
  currency: string;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** LIKE pattern for "starts with", with the user's %, _ and \ taken literally. */
const startsWith = (text: string) => `${text.replace(/[\\%_]/g, '\\$&')}%`;
const contains = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Part key condition on `l` (order_lines). A prefix LIKE on number_key with a constant pattern
 * is served by order_lines_company_key_idx (text_pattern_ops) as a range scan; keys shorter than
 * 3 characters match exactly, because a 1–2 character prefix would match most of the lines.
 */
const partKeySql = (key: string) =>
  key.length >= 3 ? sql`l.number_key like ${startsWith(key)}` : sql`l.number_key = ${key}`;

/**
 * Conditions on `o` (orders); always starts with the company. dateTo is inclusive to the whole
 * second: bill dates carry fractions, and the list shows them truncated to seconds.
 */
function orderWhere(filter: OrderFilter): SQL {
  const parts: SQL[] = [sql`o.company_id = ${filter.companyId}`];
  if (filter.dateFrom !== undefined) parts.push(sql`o.bill_date >= to_timestamp(${filter.dateFrom})`);
  if (filter.dateTo !== undefined) parts.push(sql`o.bill_date < to_timestamp(${filter.dateTo + 1})`);
  if (filter.no) parts.push(sql`o.no ilike ${startsWith(filter.no)}`);
  if (filter.states?.length) {
    parts.push(
      sql`o.state in (${sql.join(
        filter.states.map((state) => sql`${state}`),
        sql`, `,
      )})`,
    );
  }
  if (filter.fromSystem) parts.push(sql`o.from_system = ${filter.fromSystem}`);
  if (filter.partKey !== undefined) {
    // A semi-join on the key index: the company's matching lines first, then their orders.
    parts.push(
      sql`o.id in (select l.order_id from order_lines l where l.company_id = ${filter.companyId} and ${partKeySql(filter.partKey)})`,
    );
  }
  return sql.join(parts, sql` and `);
}

function orderBy(sort: OrderSort, direction: Direction): SQL {
  const dir = direction === 'asc' ? sql`asc` : sql`desc`;
  switch (sort) {
    case 'no':
      return sql`o.no ${dir}, o.id ${dir}`;
    case 'amount':
      return sql`o.amount ${dir}, o.id ${dir}`;
    case 'state':
      return sql`o.state ${dir}, o.bill_date desc, o.id desc`;
    case 'bill_date':
      // Matches orders_company_date_idx (company_id, bill_date, id), forwards or backwards.
      return sql`o.bill_date ${dir}, o.id ${dir}`;
  }
}

/** Conditions on `l` and, only when an order filter is given, `o`. */
function lineWhere(filter: LineFilter): { where: SQL; needsOrder: boolean } {
  const parts: SQL[] = [sql`l.company_id = ${filter.companyId}`];
  let needsOrder = false;
  if (filter.partKey !== undefined) parts.push(partKeySql(filter.partKey));
  if (filter.name) parts.push(sql`l.part_name ilike ${contains(filter.name)}`);
  if (filter.dateFrom !== undefined) {
    parts.push(sql`o.bill_date >= to_timestamp(${filter.dateFrom})`);
    needsOrder = true;
  }
  if (filter.dateTo !== undefined) {
    parts.push(sql`o.bill_date < to_timestamp(${filter.dateTo + 1})`);
    needsOrder = true;
  }
  if (filter.no) {
    parts.push(sql`o.no ilike ${startsWith(filter.no)}`);
    needsOrder = true;
  }
  return { where: sql.join(parts, sql` and `), needsOrder };
}

function lineOrderBy(sort: LineSort, direction: Direction): SQL {
  const dir = direction === 'asc' ? sql`asc` : sql`desc`;
  switch (sort) {
    case 'no':
      return sql`o.no ${dir}, l.seq asc, l.id asc`;
    case 'number':
      return sql`l.number_key ${dir}, l.id ${dir}`;
    case 'qty':
      return sql`l.qty ${dir}, l.id ${dir}`;
    case 'sum':
      return sql`l.sum ${dir}, l.id ${dir}`;
    case 'bill_date':
      // Walks orders_company_date_idx and each order's lines by order_lines_order_idx (order_id, seq).
      return sql`o.bill_date ${dir}, o.id ${dir}, l.seq asc`;
  }
}

const headerColumns = sql`o.id, c.sort_name as company_sort_name, o.no,
  floor(extract(epoch from o.bill_date))::bigint::int as bill_date, o.from_system as "from", o.state, o.currency,
  (case when o.total_qty > 0 then round(o.export_qty * 100.0 / o.total_qty, 2) else 0 end)::text as export_rate,
  o.amount::text as amount, o.freight::text as freight, o.total_qty, o.export_qty, o.remark,
  o.extend_param as "extendParam"`;

const lineColumns = sql`l.id::int as id, l.seq, l.product_id as cpid, l.store_id, l.part_name, l.number, l.factory,
  l.my_number, l.unit, l.make_names, l.extend_param, l.qty, l.export_qty, l.price::text as price,
  l.sum::text as sum, l.client_remark, l.remark, l.tax_price::text as tax_price, l.price_desc`;

/** Read side of the order records. Every statement names the company, so foreign ids find nothing. */
export function createOrderRecordsRepository(db: Db) {
  return {
    /**
     * A deferred join: the inner query picks the page's ids on the index only (ORDER BY, LIMIT,
     * OFFSET over narrow rows), and only those 20–200 rows are then read in full.
     */
    async orderPage(
      filter: OrderFilter,
      sort: OrderSort,
      direction: Direction,
      limit: number,
      offset: number,
    ) {
      const order = orderBy(sort, direction);
      return rows<HeaderRow>(
        db,
        sql`select ${headerColumns}
          from (select o.id from orders o where ${orderWhere(filter)} order by ${order} limit ${limit} offset ${offset}) p
          join orders o on o.id = p.id
          join companies c on c.id = o.company_id
          order by ${order}`,
      );
    },

    /** Count and totals over the whole filter, in one pass. */
    async orderSummary(filter: OrderFilter) {
      const [row] = await rows<{ total: number; amount: string; total_qty: string }>(
        db,
        sql`select count(*)::int as total, coalesce(sum(o.amount), 0)::text as amount,
            coalesce(sum(o.total_qty), 0)::text as total_qty
          from orders o where ${orderWhere(filter)}`,
      );
      return { total: row?.total ?? 0, amount: row?.amount ?? '0', totalQty: Number(row?.total_qty ?? 0) };
    },

    async header(companyId: number, orderId: number): Promise<HeaderRow | undefined> {
      const [row] = await rows<HeaderRow>(
        db,
        sql`select ${headerColumns} from orders o join companies c on c.id = o.company_id
          where o.company_id = ${companyId} and o.id = ${orderId}`,
      );
      return row;
    },

    async lines(companyId: number, orderId: number) {
      return rows<LineRow>(
        db,
        sql`select ${lineColumns} from order_lines l
          where l.order_id = ${orderId} and l.company_id = ${companyId} order by l.seq, l.id`,
      );
    },

    async events(orderId: number) {
      return rows<{ from_state: OrderState | null; to_state: OrderState; at: number; note: string }>(
        db,
        sql`select from_state, to_state, floor(extract(epoch from created_at))::bigint::int as at, note
          from order_events where order_id = ${orderId} order by id`,
      );
    },

    /** Deferred join as for orders: line ids of the page first, then the full rows. */
    async linePage(filter: LineFilter, sort: LineSort, direction: Direction, limit: number, offset: number) {
      const { where } = lineWhere(filter);
      const order = lineOrderBy(sort, direction);
      return rows<LineListRow>(
        db,
        sql`select ${lineColumns}, o.id as order_id, o.no as order_no,
            floor(extract(epoch from o.bill_date))::bigint::int as bill_date, o.state, o.currency
          from (select l.id from order_lines l join orders o on o.id = l.order_id and o.company_id = ${filter.companyId}
                where ${where} order by ${order} limit ${limit} offset ${offset}) p
          join order_lines l on l.id = p.id
          join orders o on o.id = l.order_id
          order by ${order}`,
      );
    },

    async lineCount(filter: LineFilter): Promise<number> {
      const { where, needsOrder } = lineWhere(filter);
      // Without an order condition the join is not needed: every line carries its company.
      const from = needsOrder
        ? sql`order_lines l join orders o on o.id = l.order_id and o.company_id = ${filter.companyId}`
        : sql`order_lines l`;
      const [row] = await rows<{ total: number }>(
        db,
        sql`select count(*)::int as total from ${from} where ${where}`,
      );
      return row?.total ?? 0;
    },
  };
}

export type OrderRecordsRepository = ReturnType<typeof createOrderRecordsRepository>;

/** Write side of line edits; run inside the transaction that locked the order. */
export function createOrderLinesWriter(db: Db) {
  return {
    async line(companyId: number, orderId: number, lineId: number) {
      const [row] = await rows<{
        id: number;
        seq: number;
        product_id: number;
        store_id: number | null;
        number: string;
        qty: number;
        buy_qty: number;
      }>(
        db,
        sql`select l.id::int as id, l.seq, l.product_id, l.store_id, l.number, l.qty, coalesce(p.buy_qty, 0) as buy_qty
          from order_lines l left join products p on p.id = l.product_id
          where l.id = ${lineId} and l.order_id = ${orderId} and l.company_id = ${companyId}`,
      );
      return row;
    },

    async lineCount(orderId: number): Promise<number> {
      const [row] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from order_lines where order_id = ${orderId}`,
      );
      return row?.n ?? 0;
    },

    /**
     * Takes `qty` more of the store's available stock: one conditional UPDATE that only succeeds
     * while enough is there (the checkout's pattern), so parallel edits and orders never oversell.
     */
    async reserve(productId: number, storeId: number, qty: number): Promise<boolean> {
      const changed = await rows<{ product_id: number }>(
        db,
        sql`update stock set available_stock = available_stock - ${qty}
          where product_id = ${productId} and store_id = ${storeId} and available_stock >= ${qty}
          returning product_id`,
      );
      return changed.length === 1;
    },

    async release(productId: number, storeId: number, qty: number) {
      await db.execute(
        sql`update stock set available_stock = available_stock + ${qty}
          where product_id = ${productId} and store_id = ${storeId}`,
      );
    },

    async available(productId: number, storeId: number): Promise<number> {
      const [row] = await rows<{ n: number }>(
        db,
        sql`select available_stock as n from stock where product_id = ${productId} and store_id = ${storeId}`,
      );
      return row?.n ?? 0;
    },

    /** The line's sum is recomputed in SQL numeric from the price of the order, never from the client. */
    async setQty(lineId: number, qty: number) {
      await db.execute(
        sql`update order_lines set qty = ${qty}, sum = round(price * ${qty}, 2) where id = ${lineId}`,
      );
    },

    async deleteLine(lineId: number) {
      await db.execute(sql`delete from order_lines where id = ${lineId}`);
    },

    /** Amount and quantity of the order are Σ of its lines (freight stays as quoted at checkout). */
    async recomputeTotals(orderId: number) {
      await db.execute(
        sql`update orders o set amount = t.amount, total_qty = t.qty
          from (select coalesce(sum(sum), 0) as amount, coalesce(sum(qty), 0)::int as qty
                from order_lines where order_id = ${orderId}) t
          where o.id = ${orderId}`,
      );
    },
  };
}

/** Products of the account that buy again may still put into the cart. */
export async function productAvailability(db: Db, accountId: number, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return rows<{ id: number; is_active: boolean; buy_qty: number }>(
    db,
    sql`select id, is_active, buy_qty from products
      where account_id = ${accountId} and id in (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
}

/** Active stores of the account among `storeIds`. */
export async function activeStores(db: Db, accountId: number, storeIds: readonly number[]) {
  if (storeIds.length === 0) return new Set<number>();
  const found = await rows<{ id: number }>(
    db,
    sql`select id from stores where account_id = ${accountId} and is_active and id in (${sql.join(
      storeIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Set(found.map((row) => row.id));
}
