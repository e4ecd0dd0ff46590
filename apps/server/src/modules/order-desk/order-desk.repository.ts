import type { Language } from '@partsportal/contract/codes';
import type { OrderState } from '@partsportal/contract/orders';
import type { QueueRow } from '@partsportal/contract/order-desk';
import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { queryRows, rowsOf, type Db } from '../../db/client';
import { epochSeconds } from '../../db/epoch';
import { startsWithPattern } from '../../db/like-patterns';
import { localizedName } from '../../db/localized-names';
import { companies } from '../../db/schema/accounts';
import { stock, stores } from '../../db/schema/catalog';
import {
  deliveries,
  deliveryLines,
  freightCarriers,
  orderLines,
  orders,
  salesBills,
  salesLines,
} from '../../db/schema/trading';
import { carrierNameIn, partNameIn } from '../records/records-query';
import { orderHeadColumns, type OrderHead } from '../orders/orders.repository';

export interface QueueFilter {
  accountId: number;
  states?: readonly OrderState[] | undefined;
  companyId?: number | undefined;
  dateFrom?: Date | undefined;
  dateTo?: Date | undefined;
  no?: string | undefined;
  /** The buyer's order reference, prefix, case-insensitive. */
  po?: string | undefined;
  /** Normalized part number: lines whose key starts with it. */
  partKey?: string | undefined;
  amountMin?: string | undefined;
  amountMax?: string | undefined;
}

/** A line as the desk's actions need it (quantities, price, reservation). */
export interface DeskLineRow {
  id: number;
  seq: number;
  product_id: number;
  store_id: number | null;
  number: string;
  qty: number;
  export_qty: number;
  price: string;
  buy_qty: number;
}

export type NewDelivery = typeof deliveries.$inferInsert;
export type NewDeliveryLine = typeof deliveryLines.$inferInsert;
export type NewSalesBill = typeof salesBills.$inferInsert;
export type NewSalesLine = typeof salesLines.$inferInsert;
export type NewOrderLine = typeof orderLines.$inferInsert;

/** The store's stock of a product, per store, as one JSON array (the line rows' `stores`). */
const stockPerStore = (productId: SQL | string, language: Language) => sql`coalesce((
  select json_agg(json_build_object('store_id', st.id, 'store_name', ${localizedName(sql`st.name`, sql`st.names`, language)},
    'stock', s.stock, 'available_stock', s.available_stock) order by st.id)
  from stock s join stores st on st.id = s.store_id
  where s.product_id = ${typeof productId === 'string' ? sql.raw(productId) : productId} and st.is_active), '[]'::json)`;

/**
 * The order desk's queries: the account's orders across its companies (staff see every customer of
 * their account, never another account's), their lines with stock, and the rows a shipment writes.
 */
/** A queue row; the detail's header adds its own fields to the same columns. */
const queueRowColumns = {
  id: orders.id,
  no: orders.no,
  company_id: orders.companyId,
  company_name: sql<string>`coalesce(nullif(${companies.sortName}, ''), ${companies.name})`,
  bill_date: epochSeconds(orders.billDate),
  state: sql<OrderState>`${orders.state}`,
  from: orders.fromSystem,
  currency: orders.currency,
  amount: orders.amount,
  freight: orders.freight,
  total_qty: orders.totalQty,
  export_qty: orders.exportQty,
  line_count: sql<number>`(select count(*) from order_lines l where l.order_id = ${orders.id})::int`,
  po_number: orders.poNumber,
};

export function createOrderDeskRepository(db: Db) {
  const queueWhere = (filter: QueueFilter): SQL | undefined =>
    and(
      eq(orders.accountId, filter.accountId),
      filter.states && filter.states.length > 0
        ? sql`${orders.state} in (${sql.join(
            filter.states.map((state) => sql`${state}`),
            sql`, `,
          )})`
        : undefined,
      filter.companyId ? eq(orders.companyId, filter.companyId) : undefined,
      filter.dateFrom ? gte(orders.billDate, filter.dateFrom) : undefined,
      filter.dateTo ? lte(orders.billDate, filter.dateTo) : undefined,
      filter.no ? sql`upper(${orders.no}) like ${startsWithPattern(filter.no.toUpperCase())}` : undefined,
      filter.po
        ? sql`upper(${orders.poNumber}) like ${startsWithPattern(filter.po.toUpperCase())}`
        : undefined,
      filter.amountMin ? gte(orders.amount, filter.amountMin) : undefined,
      filter.amountMax ? lte(orders.amount, filter.amountMax) : undefined,
      filter.partKey
        ? sql`exists (select 1 from order_lines l where l.order_id = ${orders.id}
            and l.company_id = ${orders.companyId} and l.number_key like ${startsWithPattern(filter.partKey)})`
        : undefined,
    );

  return {
    /** The order, locked: every state change of one order runs one after another (buyer's too). */
    async lock(accountId: number, id: number): Promise<OrderHead | undefined> {
      const [row] = await db
        .select(orderHeadColumns)
        .from(orders)
        .where(and(eq(orders.accountId, accountId), eq(orders.id, id)))
        .for('update');
      return row;
    },

    /** Newest first over (account_id[, state], bill_date desc, id desc). */
    async queuePage(filter: QueueFilter, offset: number, limit: number): Promise<QueueRow[]> {
      const rows = await db
        .select(queueRowColumns)
        .from(orders)
        .innerJoin(companies, eq(companies.id, orders.companyId))
        .where(queueWhere(filter))
        // NULLS LAST as the indexes are built (drizzle's .desc() indexes): a plain DESC sorts nulls
        // first, which the planner cannot read from them, and sorted every order (0.2 s at 1M lines).
        .orderBy(sql`${orders.billDate} desc nulls last`, sql`${orders.id} desc nulls last`)
        .limit(limit)
        .offset(offset);
      return rows;
    },

    async queueCount(filter: QueueFilter): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(queueWhere(filter));
      return Number(row?.n ?? 0);
    },

    /**
     * Orders per state of the account (or one company), from the monthly summaries that triggers
     * keep (decision 005): a few rows per company and month instead of a count over every order.
     */
    async stateCounts(accountId: number, companyId?: number) {
      return queryRows<{ state: OrderState; n: number }>(
        db,
        sql`select t.state, sum(t.orders)::int as n from order_month_totals t
          join companies c on c.id = t.company_id
          where c.account_id = ${accountId} ${companyId ? sql`and t.company_id = ${companyId}` : sql``}
          group by t.state`,
      );
    },

    async header(accountId: number, id: number, language: Language) {
      const [row] = await db
        .select({
          ...queueRowColumns,
          remark: orders.remark,
          consignee: orders.consignee,
          destination: sql<string>`btrim(coalesce(area_path(${orders.destinationAreaId}, ${language}) || ' ' || ${orders.destinationDetail}, ${orders.destination}))`,
          phone: orders.phone,
          backorder: sql<'ship_available' | 'wait_all'>`${orders.backorder}`,
          credit_limit: companies.creditLimit,
          payment_days: companies.paymentDays,
        })
        .from(orders)
        .innerJoin(companies, eq(companies.id, orders.companyId))
        .where(and(eq(orders.accountId, accountId), eq(orders.id, id)));
      return row;
    },

    /** The order's lines with the stock of their product in every active store. */
    async lines(orderId: number, language: Language) {
      return queryRows<{
        id: number;
        seq: number;
        cpid: number;
        number: string;
        factory: string;
        part_name: string;
        unit: string;
        qty: number;
        export_qty: number;
        price: string;
        sum: string;
        price_desc: string;
        client_remark: string;
        store_id: number | null;
        store_name: string | null;
        stores: Array<{ store_id: number; store_name: string; stock: number; available_stock: number }>;
      }>(
        db,
        sql`select l.id::int as id, l.seq, l.product_id as cpid, l.number, l.factory,
            ${partNameIn(language, sql`l.product_id`, sql`l.part_name`)} as part_name, l.unit, l.qty, l.export_qty,
            l.price::text as price, l.sum::text as sum, l.price_desc, l.client_remark, l.store_id,
            (select ${localizedName(sql`st.name`, sql`st.names`, language)} from stores st where st.id = l.store_id) as store_name,
            ${stockPerStore('l.product_id', language)} as stores
          from order_lines l where l.order_id = ${orderId} order by l.seq`,
      );
    },

    /** The lines an action works on, with the product's order multiple. */
    async actionLines(orderId: number): Promise<DeskLineRow[]> {
      return queryRows<DeskLineRow>(
        db,
        sql`select l.id::int as id, l.seq, l.product_id, l.store_id, l.number, l.qty, l.export_qty,
            l.price::text as price, coalesce(p.buy_qty, 0) as buy_qty
          from order_lines l left join products p on p.id = l.product_id
          where l.order_id = ${orderId} order by l.seq`,
      );
    },

    /** Shipments of the order: each sales bill the desk wrote with its delivery record. */
    async shipments(orderId: number, language: Language) {
      return db
        .select({
          delivery_id: deliveries.id,
          delivery_no: deliveries.no,
          date: epochSeconds(deliveries.date),
          total_qty: deliveries.totalQty,
          amount: deliveries.amount,
          logistics_name: carrierNameIn(language, deliveries.carrierId, deliveries.logisticsName),
          logistics_no: deliveries.logisticsNo,
          sales_bill_no: salesBills.no,
        })
        .from(salesBills)
        .innerJoin(deliveries, eq(deliveries.id, salesBills.deliveryId))
        .where(eq(salesBills.orderId, orderId))
        .orderBy(asc(deliveries.date), asc(deliveries.id));
    },

    /** A new price (and its reason) for a line; sum and tax price follow in SQL numeric. */
    async setPrice(lineId: number, price: string, reason: string) {
      await db.execute(
        sql`update order_lines set price = ${price}, tax_price = round(${price}::numeric * 1.13, 4),
          sum = round(${price}::numeric * qty, 2), price_desc = ${reason} where id = ${lineId}`,
      );
    },

    async nextSeq(orderId: number): Promise<number> {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select coalesce(max(seq), 0)::int + 1 as n from order_lines where order_id = ${orderId}`,
      );
      return row?.n ?? 1;
    },

    async insertLine(line: NewOrderLine) {
      const [row] = await db.insert(orderLines).values(line).returning({ id: orderLines.id });
      return row!.id;
    },

    /** On hand and available of a product in an active store of the account. */
    async storeStock(accountId: number, productId: number, storeId: number) {
      const [row] = await db
        .select({ stock: stock.stock, available: stock.availableStock })
        .from(stock)
        .innerJoin(stores, eq(stores.id, stock.storeId))
        .where(
          and(eq(stock.productId, productId), eq(stock.storeId, storeId), eq(stores.accountId, accountId)),
        );
      return row ?? { stock: 0, available: 0 };
    },

    /**
     * Takes shipped goods out of a store. Goods reserved in this store for the line were already
     * taken off `available_stock` at checkout, so only the on-hand count drops; goods reserved
     * elsewhere (or not at all) also take this store's available stock. One conditional UPDATE
     * each, so two shipments can never take the same pieces; false when the store has too few.
     */
    async takeStock(productId: number, storeId: number, qty: number, reservedHere: boolean) {
      const rows = reservedHere
        ? await db
            .update(stock)
            .set({ stock: sql`${stock.stock} - ${qty}` })
            .where(and(eq(stock.productId, productId), eq(stock.storeId, storeId), gte(stock.stock, qty)))
            .returning({ productId: stock.productId })
        : await db
            .update(stock)
            .set({
              stock: sql`${stock.stock} - ${qty}`,
              availableStock: sql`${stock.availableStock} - ${qty}`,
            })
            .where(
              and(
                eq(stock.productId, productId),
                eq(stock.storeId, storeId),
                gte(stock.availableStock, qty),
                gte(stock.stock, qty),
              ),
            )
            .returning({ productId: stock.productId });
      return rows.length === 1;
    },

    async addShipped(lineId: number, qty: number) {
      await db.execute(sql`update order_lines set export_qty = export_qty + ${qty} where id = ${lineId}`);
    },

    /** export_qty of the order = Σ of its lines; answers the order's quantities after it. */
    async recomputeShipped(orderId: number) {
      const [row] = await queryRows<{ total_qty: number; export_qty: number }>(
        db,
        sql`update orders o set export_qty = t.shipped
          from (select coalesce(sum(export_qty), 0)::int as shipped from order_lines where order_id = ${orderId}) t
          where o.id = ${orderId} returning o.total_qty, o.export_qty`,
      );
      return row!;
    },

    async nextIds() {
      const result = await db.execute(
        sql`select nextval(pg_get_serial_sequence('deliveries', 'id'))::int as delivery_id,
          nextval(pg_get_serial_sequence('sales_bills', 'id'))::int as sales_bill_id`,
      );
      const row = rowsOf<{ delivery_id: number; sales_bill_id: number }>(result)[0]!;
      return { deliveryId: Number(row.delivery_id), salesBillId: Number(row.sales_bill_id) };
    },

    async insertShipment(
      delivery: NewDelivery,
      deliveryRows: readonly NewDeliveryLine[],
      bill: NewSalesBill,
      billRows: readonly NewSalesLine[],
    ) {
      await db.insert(deliveries).values(delivery);
      await db.insert(deliveryLines).values([...deliveryRows]);
      await db.insert(salesBills).values(bill);
      await db.insert(salesLines).values([...billRows]);
    },

    /** What a shipment copies onto its bill lines from the order line. */
    async lineSnapshots(orderId: number) {
      return db
        .select({
          id: orderLines.id,
          productId: orderLines.productId,
          number: orderLines.number,
          numberKey: orderLines.numberKey,
          partName: orderLines.partName,
          factory: orderLines.factory,
          unit: orderLines.unit,
          price: orderLines.price,
        })
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId));
    },

    async activeStores(accountId: number, language: Language) {
      return db
        .select({ id: stores.id, name: localizedName(stores.name, stores.names, language) })
        .from(stores)
        .where(and(eq(stores.accountId, accountId), eq(stores.isActive, true)))
        .orderBy(asc(stores.id));
    },

    async carriers(accountId: number, language: Language) {
      return db
        .select({
          id: freightCarriers.id,
          name: localizedName(freightCarriers.name, freightCarriers.names, language),
        })
        .from(freightCarriers)
        .where(eq(freightCarriers.accountId, accountId))
        .orderBy(asc(freightCarriers.id));
    },

    async carrier(accountId: number, id: number) {
      const [row] = await db
        .select({ id: freightCarriers.id, name: freightCarriers.name })
        .from(freightCarriers)
        .where(and(eq(freightCarriers.accountId, accountId), eq(freightCarriers.id, id)));
      return row;
    },

    /** A carrier whose name in any language is `name` (case-insensitive), for the ERP's text. */
    async carrierNamed(accountId: number, name: string) {
      const [row] = await queryRows<{ id: number; name: string }>(
        db,
        sql`select id, name from freight_carriers where account_id = ${accountId}
          and (lower(name) = lower(${name}) or exists (select 1 from jsonb_each_text(names) n where lower(n.value) = lower(${name})))
          order by id limit 1`,
      );
      return row;
    },

    /**
     * What the ledger holds against the order: Σ debit − Σ credit of its entries (ref_no is the
     * order number). A web order is debited when it is paid or put on account (payment.service);
     * an order the ERP or the seed wrote is debited per sales bill instead, and holds 0 here.
     */
    async orderBalance(companyId: number, orderNo: string): Promise<string> {
      const [row] = await queryRows<{ balance: string }>(
        db,
        sql`select coalesce(sum(debit - credit), 0)::text as balance from ledger_entries
          where company_id = ${companyId} and ref_no = ${orderNo}`,
      );
      return row?.balance ?? '0';
    },

    /** Stock per store of products (the part lookup), as the line rows show it. */
    async productStores(ids: readonly number[], language: Language) {
      if (ids.length === 0) return [];
      return queryRows<{
        id: number;
        stores: Array<{ store_id: number; store_name: string; stock: number; available_stock: number }>;
      }>(
        db,
        sql`select p.id, ${stockPerStore('p.id', language)} as stores from products p
          where p.id in (select value::int from json_array_elements_text(${JSON.stringify(ids)}::json))`,
      );
    },
  };
}

export type OrderDeskRepository = ReturnType<typeof createOrderDeskRepository>;
