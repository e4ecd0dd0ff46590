import type { Language } from '@partsportal/contract/codes';
import type { DeskPurchaseRow } from '@partsportal/contract/purchases-desk';
import type { PurchaseState } from '@partsportal/contract/records';
import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { queryRows, rowsOf, type Db } from '../../db/client';
import { epochSeconds, epochSecondsOrNull } from '../../db/epoch';
import { startsWithPattern } from '../../db/like-patterns';
import { localizedName, termIn } from '../../db/localized-names';
import { companies } from '../../db/schema/accounts';
import { stock, stores } from '../../db/schema/catalog';
import { purchaseLines, purchases } from '../../db/schema/trading';
import { partNameIn } from '../records/records-query';

export interface PurchaseDeskFilter {
  accountId: number;
  state?: PurchaseState | undefined;
  supplierId?: number | undefined;
  no?: string | undefined;
  dateFrom?: Date | undefined;
  dateTo?: Date | undefined;
}

export type NewPurchase = typeof purchases.$inferInsert;
export type NewPurchaseLine = typeof purchaseLines.$inferInsert;

/** The purchase row as the desk's actions need it. */
export interface PurchaseHead {
  id: number;
  accountId: number;
  supplierCompanyId: number;
  no: string;
  state: PurchaseState;
  currency: string;
  amount: string;
  requireDate: Date | null;
  remark: string;
}

/** A line as receiving needs it. */
export interface ReceivableLine {
  id: number;
  seq: number;
  product_id: number;
  number: string;
  qty: number;
  received_qty: number;
}

const rowColumns = {
  id: purchases.id,
  no: purchases.no,
  supplier_id: purchases.supplierCompanyId,
  supplier_name: sql<string>`coalesce(nullif(${companies.sortName}, ''), ${companies.name})`,
  bill_date: epochSeconds(purchases.billDate),
  require_date: epochSecondsOrNull(purchases.requireDate),
  state: sql<PurchaseState>`${purchases.state}`,
  currency: purchases.currency,
  amount: purchases.amount,
  sales_man_name: purchases.salesManName,
  total_qty: sql<number>`(select coalesce(sum(pl.qty), 0)::int from purchase_lines pl where pl.purchase_id = ${purchases.id})`,
  received_qty: sql<number>`(select coalesce(sum(pl.received_qty), 0)::int from purchase_lines pl where pl.purchase_id = ${purchases.id})`,
};

/**
 * The purchases desk's queries: the account's purchase orders across its suppliers (staff see
 * every supplier of their account, never another account's), their lines, and the stock a
 * receipt raises. The supplier's own view is modules/records/purchases.repository.ts, scoped by
 * supplier_company_id; both read the same rows.
 */
export function createPurchasesDeskRepository(db: Db) {
  const listWhere = (filter: PurchaseDeskFilter, withState = true): SQL | undefined =>
    and(
      eq(purchases.accountId, filter.accountId),
      withState && filter.state ? eq(purchases.state, filter.state) : undefined,
      filter.supplierId ? eq(purchases.supplierCompanyId, filter.supplierId) : undefined,
      filter.no ? sql`upper(${purchases.no}) like ${startsWithPattern(filter.no.toUpperCase())}` : undefined,
      filter.dateFrom ? gte(purchases.billDate, filter.dateFrom) : undefined,
      filter.dateTo ? lte(purchases.billDate, filter.dateTo) : undefined,
    );

  return {
    /** The purchase, locked: every action on one purchase runs after the one before it. */
    async lock(accountId: number, id: number): Promise<PurchaseHead | undefined> {
      const [row] = await db
        .select({
          id: purchases.id,
          accountId: purchases.accountId,
          supplierCompanyId: purchases.supplierCompanyId,
          no: purchases.no,
          state: sql<PurchaseState>`${purchases.state}`,
          currency: purchases.currency,
          amount: purchases.amount,
          requireDate: purchases.requireDate,
          remark: purchases.remark,
        })
        .from(purchases)
        .where(and(eq(purchases.accountId, accountId), eq(purchases.id, id)))
        .for('update');
      return row;
    },

    async page(filter: PurchaseDeskFilter, offset: number, limit: number): Promise<DeskPurchaseRow[]> {
      return db
        .select(rowColumns)
        .from(purchases)
        .innerJoin(companies, eq(companies.id, purchases.supplierCompanyId))
        .where(listWhere(filter))
        .orderBy(desc(purchases.billDate), desc(purchases.id))
        .limit(limit)
        .offset(offset);
    },

    async count(filter: PurchaseDeskFilter): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(purchases)
        .where(listWhere(filter));
      return Number(row?.n ?? 0);
    },

    /** Purchases per state under the same filters except the state (the tabs' badges). */
    async stateCounts(filter: PurchaseDeskFilter) {
      return db
        .select({ state: purchases.state, n: sql<number>`count(*)::int` })
        .from(purchases)
        .where(listWhere(filter, false))
        .groupBy(purchases.state);
    },

    async header(accountId: number, id: number) {
      const [row] = await db
        .select({ ...rowColumns, remark: purchases.remark })
        .from(purchases)
        .innerJoin(companies, eq(companies.id, purchases.supplierCompanyId))
        .where(and(eq(purchases.accountId, accountId), eq(purchases.id, id)));
      return row;
    },

    async lines(purchaseId: number, language: Language) {
      return db
        .select({
          id: purchaseLines.id,
          seq: purchaseLines.seq,
          cpid: purchaseLines.productId,
          number: purchaseLines.number,
          factory: purchaseLines.factory,
          part_name: partNameIn(language, purchaseLines.productId, purchaseLines.partName),
          unit: termIn('unit', purchaseLines.unit, language),
          qty: purchaseLines.qty,
          received_qty: purchaseLines.receivedQty,
          price: purchaseLines.price,
          last_price: purchaseLines.lastPrice,
          sum: purchaseLines.sum,
          store_qty: purchaseLines.storeQty,
          remark: purchaseLines.remark,
        })
        .from(purchaseLines)
        .where(eq(purchaseLines.purchaseId, purchaseId))
        .orderBy(asc(purchaseLines.seq), asc(purchaseLines.id));
    },

    async receivableLines(purchaseId: number): Promise<ReceivableLine[]> {
      return queryRows<ReceivableLine>(
        db,
        sql`select id::int as id, seq, product_id, number, qty, received_qty from purchase_lines
          where purchase_id = ${purchaseId} order by seq`,
      );
    },

    /** Active supplier companies of the account. */
    async suppliers(accountId: number) {
      return db
        .select({
          id: companies.id,
          name: sql<string>`coalesce(nullif(${companies.sortName}, ''), ${companies.name})`,
          currency: companies.currency,
        })
        .from(companies)
        .where(
          and(
            eq(companies.accountId, accountId),
            eq(companies.isSupplier, true),
            eq(companies.isActive, true),
          ),
        )
        .orderBy(asc(companies.sortName), asc(companies.id));
    },

    async supplier(accountId: number, id: number) {
      const [row] = await db
        .select({
          id: companies.id,
          currency: companies.currency,
          isSupplier: companies.isSupplier,
          isActive: companies.isActive,
        })
        .from(companies)
        .where(and(eq(companies.accountId, accountId), eq(companies.id, id)));
      return row;
    },

    async activeStores(accountId: number, language: Language) {
      return db
        .select({ id: stores.id, name: localizedName(stores.name, stores.names, language) })
        .from(stores)
        .where(and(eq(stores.accountId, accountId), eq(stores.isActive, true)))
        .orderBy(asc(stores.id));
    },

    /**
     * What a purchase line copies from its product: number, brand, name as written, unit, the
     * stock on hand in all stores (spec store_qty) and the price of our last purchase of it.
     */
    async productSnapshots(accountId: number, ids: readonly number[]) {
      if (ids.length === 0) return [];
      return queryRows<{
        id: number;
        number: string;
        number_key: string;
        part_name: string;
        factory: string;
        unit: string;
        store_qty: number;
        last_price: string | null;
      }>(
        db,
        sql`select p.id, p.number, p.number_key, p.name_zh as part_name, b.name as factory, p.unit,
            (select coalesce(sum(s.stock), 0)::int from stock s where s.product_id = p.id) as store_qty,
            (select l.price::text from purchase_lines l join purchases h on h.id = l.purchase_id
              where l.product_id = p.id and h.account_id = ${accountId} and h.state <> 'cancelled'
              order by h.bill_date desc, l.id desc limit 1) as last_price
          from products p join brands b on b.id = p.brand_id
          where p.account_id = ${accountId}
            and p.id in (select value::int from json_array_elements_text(${JSON.stringify(ids)}::json))`,
      );
    },

    /** Parts by number prefix (normalized key) or by name words, active ones first. */
    async findParts(accountId: number, key: string, words: string, language: Language) {
      const byKey = key ? sql`p.number_key like ${startsWithPattern(key)}` : sql`false`;
      const byName = words ? sql`p.name_search like ${`%${words.replace(/[%_\\]/g, '\\$&')}%`}` : sql`false`;
      return queryRows<{
        cpid: number;
        number: string;
        factory: string;
        part_name: string;
        unit: string;
        last_price: string | null;
        stock: number;
      }>(
        db,
        sql`select p.id as cpid, p.number, b.name as factory,
            ${partNameIn(language, sql`p.id`, sql`p.name_zh`)} as part_name,
            ${termIn('unit', sql`p.unit`, language)} as unit,
            (select l.price::text from purchase_lines l join purchases h on h.id = l.purchase_id
              where l.product_id = p.id and h.account_id = ${accountId} and h.state <> 'cancelled'
              order by h.bill_date desc, l.id desc limit 1) as last_price,
            (select coalesce(sum(s.stock), 0)::int from stock s where s.product_id = p.id) as stock
          from products p join brands b on b.id = p.brand_id
          where p.account_id = ${accountId} and (${byKey} or ${byName})
          order by p.is_active desc, p.number_key, p.id limit 10`,
      );
    },

    async nextId(): Promise<number> {
      const result = await db.execute(
        sql`select nextval(pg_get_serial_sequence('purchases', 'id'))::int as id`,
      );
      return Number(rowsOf<{ id: number }>(result)[0]!.id);
    },

    async insertPurchase(purchase: NewPurchase) {
      await db.insert(purchases).values(purchase);
    },

    async insertLines(lines: readonly NewPurchaseLine[]) {
      await db.insert(purchaseLines).values([...lines]);
    },

    async deleteLines(purchaseId: number) {
      await db.delete(purchaseLines).where(eq(purchaseLines.purchaseId, purchaseId));
    },

    async updateHead(id: number, set: { amount: string; requireDate: Date | null; remark: string }) {
      await db.update(purchases).set(set).where(eq(purchases.id, id));
    },

    /** A state change that only happens from the state the caller read under the row lock. */
    async transition(id: number, from: PurchaseState, to: PurchaseState): Promise<boolean> {
      const rows = await db
        .update(purchases)
        .set({ state: to })
        .where(and(eq(purchases.id, id), eq(purchases.state, from)))
        .returning({ id: purchases.id });
      return rows.length === 1;
    },

    /**
     * Adds to a line's received quantity only while it stays within the ordered quantity: one
     * conditional UPDATE, so two receipts can never land more than was ordered.
     */
    async addReceived(purchaseId: number, lineId: number, qty: number): Promise<boolean> {
      const rows = await db
        .update(purchaseLines)
        .set({ receivedQty: sql`${purchaseLines.receivedQty} + ${qty}` })
        .where(
          and(
            eq(purchaseLines.id, lineId),
            eq(purchaseLines.purchaseId, purchaseId),
            sql`${purchaseLines.receivedQty} + ${qty} <= ${purchaseLines.qty}`,
          ),
        )
        .returning({ id: purchaseLines.id });
      return rows.length === 1;
    },

    async totals(purchaseId: number) {
      const [row] = await queryRows<{ qty: number; received: number }>(
        db,
        sql`select coalesce(sum(qty), 0)::int as qty, coalesce(sum(received_qty), 0)::int as received
          from purchase_lines where purchase_id = ${purchaseId}`,
      );
      return row ?? { qty: 0, received: 0 };
    },

    /** Received goods: on hand and available both rise (nothing reserves them yet). */
    async addStock(productId: number, storeId: number, qty: number) {
      const [row] = await db
        .insert(stock)
        .values({ productId, storeId, stock: qty, availableStock: qty })
        .onConflictDoUpdate({
          target: [stock.productId, stock.storeId],
          set: {
            stock: sql`${stock.stock} + ${qty}`,
            availableStock: sql`${stock.availableStock} + ${qty}`,
          },
        })
        .returning({ stock: stock.stock, availableStock: stock.availableStock });
      return row!;
    },
  };
}

export type PurchasesDeskRepository = ReturnType<typeof createPurchasesDeskRepository>;
