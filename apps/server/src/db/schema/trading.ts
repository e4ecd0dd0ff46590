import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, companies, users } from './accounts';
import { products, stores } from './catalog';
import { at, createdAt, money } from './columns';
import { namesColumn } from './names';

/** Areas form a tree; level 2 entries are countries (spec §9). */
export const areas = pgTable(
  'areas',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    nameEs: text('name_es').notNull().default(''),
    level: integer('level').notNull(),
    /** ISO country or subdivision code, e.g. CN, CN-GD, US-CA, ES-M. */
    code: text('code').notNull().default(''),
  },
  (t) => [index('areas_parent_idx').on(t.parentId)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** Alias shown in lists (spec caption). */
    caption: text('caption').notNull().default(''),
    contactName: text('contact_name').notNull(),
    areaId: integer('area_id').notNull(),
    /** Area path as chosen, e.g. "China / Guangdong / Guangzhou" (kept for records). */
    area: text('area').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_company_idx').on(t.companyId)],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    storeId: integer('store_id').references(() => stores.id),
    qty: integer('qty').notNull(),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One cart per user; company_id is kept so every query can also be scoped by company.
    uniqueIndex('cart_items_user_product_store_uq').on(t.userId, t.productId, sql`coalesce(${t.storeId}, 0)`),
    index('cart_items_company_idx').on(t.companyId),
    check('cart_items_qty_positive', sql`${t.qty} > 0`),
  ],
);

/**
 * Saved part lists ("brake service kit", issue 17 #15): shared by the company's users, each
 * added to the cart in one go. Names are unique per company, compared case-insensitively.
 */
export const savedLists = pgTable(
  'saved_lists',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_lists_company_name_uq').on(t.companyId, sql`lower(${t.name})`)],
);

export const savedListItems = pgTable(
  'saved_list_items',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => savedLists.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    storeId: integer('store_id').references(() => stores.id),
    qty: integer('qty').notNull(),
    remark: text('remark').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.seq] }),
    check('saved_list_items_qty_positive', sql`${t.qty} > 0`),
  ],
);

export const freightCarriers = pgTable('freight_carriers', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  /** As written; `names` holds it per language (decision 011). */
  name: text('name').notNull(),
  names: namesColumn(),
  /** e.g. express, air, sea, truck */
  mode: text('mode').notNull(),
  /**
   * The carrier's tracking page with `{no}` where the waybill number goes; '' = no link. Buyers
   * see a waybill as a link to it (issue 17 item 16); staff set it on the names page.
   */
  trackingUrl: text('tracking_url').notNull().default(''),
});

/** Rate tables for product freight (first weight + additional weight, volumetric divisor, minimum). */
export const freightRates = pgTable(
  'freight_rates',
  {
    id: serial('id').primaryKey(),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => freightCarriers.id),
    fromAreaId: integer('from_area_id').notNull(),
    /** Destination area (any level); the most specific match wins. */
    toAreaId: integer('to_area_id').notNull(),
    currency: text('currency').notNull().default('CNY'),
    firstWeightKg: money('first_weight_kg').notNull(),
    firstPrice: money('first_price').notNull(),
    additionalWeightKg: money('additional_weight_kg').notNull(),
    additionalPrice: money('additional_price').notNull(),
    /** cm³ per kg, e.g. 6000; 0 = no volumetric weight. */
    volumetricDivisor: integer('volumetric_divisor').notNull().default(6000),
    minimumCharge: money('minimum_charge').notNull().default('0'),
    transitDaysMin: integer('transit_days_min').notNull(),
    transitDaysMax: integer('transit_days_max').notNull(),
  },
  (t) => [index('freight_rates_route_idx').on(t.fromAreaId, t.toAreaId)],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id').references(() => users.id),
    no: text('no').notNull(),
    billDate: at('bill_date').notNull().defaultNow(),
    /** Channel that created the order (spec from/fromsystem): web, import, sales rep … */
    fromSystem: text('from_system').notNull().default('web'),
    state: text('state').notNull(),
    currency: text('currency').notNull().default('CNY'),
    amount: money('amount').notNull().default('0'),
    freight: money('freight').notNull().default('0'),
    totalQty: integer('total_qty').notNull().default(0),
    exportQty: integer('export_qty').notNull().default(0),
    remark: text('remark').notNull().default(''),
    extendParam: text('extend_param').notNull().default(''),
    addressId: integer('address_id'),
    consignee: text('consignee').notNull().default(''),
    /** "area path + address" as written at checkout; the fallback when destinationAreaId is null. */
    destination: text('destination').notNull().default(''),
    /** The address's area at checkout: the path is shown in the reader's language (decision 011). */
    destinationAreaId: integer('destination_area_id'),
    /** The street address at checkout, shown after the area path. */
    destinationDetail: text('destination_detail').notNull().default(''),
    phone: text('phone').notNull().default(''),
    paidAt: at('paid_at'),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    /** The buyer's own order reference (PO number), as typed at submit; '' = none (issue 17 #15). */
    poNumber: text('po_number').notNull().default(''),
    /** Lines short of stock when staff ship: 'ship_available' (part deliveries) or 'wait_all'. */
    backorder: text('backorder').notNull().default('ship_available'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_account_no_uq').on(t.accountId, t.no),
    index('orders_company_date_idx').on(t.companyId, t.billDate, t.id),
    uniqueIndex('orders_idempotency_uq').on(t.companyId, t.idempotencyKey),
    // The order desk's queue (issue 15): the account's orders newest first, all or in one state.
    index('orders_account_date_idx').on(t.accountId, t.billDate.desc(), t.id.desc()),
    index('orders_account_state_date_idx').on(t.accountId, t.state, t.billDate.desc(), t.id.desc()),
    check('orders_backorder_known', sql`${t.backorder} in ('ship_available', 'wait_all')`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    seq: integer('seq').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    storeId: integer('store_id'),
    /** Snapshot of the product at order time, so later catalogue edits don't rewrite history. */
    number: text('number').notNull(),
    numberKey: text('number_key').notNull(),
    partName: text('part_name').notNull(),
    factory: text('factory').notNull(),
    myNumber: text('my_number').notNull().default(''),
    unit: text('unit').notNull(),
    makeNames: text('make_names').notNull().default(''),
    extendParam: text('extend_param').notNull().default(''),
    qty: integer('qty').notNull(),
    exportQty: integer('export_qty').notNull().default(0),
    price: money('price').notNull(),
    taxPrice: money('tax_price').notNull(),
    sum: money('sum').notNull(),
    priceDesc: text('price_desc').notNull().default(''),
    clientRemark: text('client_remark').notNull().default(''),
    remark: text('remark').notNull().default(''),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.seq),
    // "This company's last purchase of the part" in the catalogue.
    index('order_lines_company_product_idx').on(t.companyId, t.productId, t.id),
    index('order_lines_company_key_idx').using('btree', t.companyId, sql`${t.numberKey} text_pattern_ops`),
    check('order_lines_qty_positive', sql`${t.qty} > 0`),
  ],
);

/** Every state change of an order, for history and audit. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    userId: integer('user_id'),
    /** As written (English for the system's notes); the fallback when noteKey is empty. */
    note: text('note').notNull().default(''),
    /** A system note's message key (platform/messages.ts `orderEvent…`), shown in the reader's language. */
    noteKey: text('note_key').notNull().default(''),
    /** The values the key's text names ({seq}, {number} …). */
    noteParams: jsonb('note_params').$type<Record<string, string | number>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId)],
);

export const deliveries = pgTable(
  'deliveries',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    no: text('no').notNull(),
    date: at('date').notNull(),
    /** Number of lines (spec count). */
    count: integer('count').notNull().default(0),
    totalQty: integer('total_qty').notNull().default(0),
    amount: money('amount').notNull().default('0'),
    currency: text('currency').notNull().default('CNY'),
    remark: text('remark').notNull().default(''),
    /** As written on the bill; shown as the carrier's name in the reader's language when carrierId is set. */
    logisticsName: text('logistics_name').notNull().default(''),
    logisticsNo: text('logistics_no').notNull().default(''),
    carrierId: integer('carrier_id'),
  },
  (t) => [index('deliveries_company_date_idx').on(t.companyId, t.date, t.id)],
);

export const deliveryLines = pgTable(
  'delivery_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id'),
    orderId: integer('order_id'),
    productId: integer('product_id').notNull(),
    number: text('number').notNull(),
    partName: text('part_name').notNull(),
    factory: text('factory').notNull(),
    qty: integer('qty').notNull(),
    price: money('price').notNull(),
    sum: money('sum').notNull(),
  },
  (t) => [index('delivery_lines_delivery_idx').on(t.deliveryId)],
);

/** Sales bills: invoiced shipments with logistics (spec "Sales"). */
export const salesBills = pgTable(
  'sales_bills',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    no: text('no').notNull(),
    billDate: at('bill_date').notNull(),
    fromSystem: text('from_system').notNull().default('web'),
    state: text('state').notNull(),
    currency: text('currency').notNull().default('CNY'),
    amount: money('amount').notNull().default('0'),
    totalQty: integer('total_qty').notNull().default(0),
    exportRate: money('export_rate').notNull().default('0'),
    remark: text('remark').notNull().default(''),
    extendParam: text('extend_param').notNull().default(''),
    /** Ship status (spec cargo_state). */
    cargoState: text('cargo_state').notNull(),
    /** As written on the bill; shown as the carrier's name in the reader's language when carrierId is set. */
    logisticsName: text('logistics_name').notNull().default(''),
    /** Airway bill number. */
    logisticsNo: text('logistics_no').notNull().default(''),
    carrierId: integer('carrier_id'),
    /**
     * The portal order the bill invoices; null for bills the ERP raised without one. (Before this
     * column the order no travelled only in `remark`.)
     */
    orderId: integer('order_id'),
    /** The delivery record the bill invoices, when the order desk shipped it (issue 15). */
    deliveryId: integer('delivery_id'),
  },
  (t) => [
    index('sales_bills_company_date_idx').on(t.companyId, t.billDate, t.id),
    // The order desk's shipments of an order.
    index('sales_bills_order_idx').on(t.orderId),
  ],
);

export const salesLines = pgTable(
  'sales_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    salesBillId: integer('sales_bill_id')
      .notNull()
      .references(() => salesBills.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    seq: integer('seq').notNull(),
    productId: integer('product_id').notNull(),
    number: text('number').notNull(),
    numberKey: text('number_key').notNull(),
    partName: text('part_name').notNull(),
    factory: text('factory').notNull(),
    unit: text('unit').notNull(),
    qty: integer('qty').notNull(),
    exportQty: integer('export_qty').notNull().default(0),
    price: money('price').notNull(),
    sum: money('sum').notNull(),
    remark: text('remark').notNull().default(''),
  },
  (t) => [
    index('sales_lines_bill_idx').on(t.salesBillId, t.seq),
    index('sales_lines_company_key_idx').using('btree', t.companyId, sql`${t.numberKey} text_pattern_ops`),
  ],
);

/** Purchases: the wholesaler buying from a company acting as supplier. */
export const purchases = pgTable(
  'purchases',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    /** The supplier company (spec company_sort_name shows its short name). */
    supplierCompanyId: integer('supplier_company_id')
      .notNull()
      .references(() => companies.id),
    no: text('no').notNull(),
    billDate: at('bill_date').notNull(),
    state: text('state').notNull(),
    currency: text('currency').notNull().default('CNY'),
    amount: money('amount').notNull().default('0'),
    /** Purchaser on our side (spec sales_man_name). */
    salesManName: text('sales_man_name').notNull(),
    requireDate: at('require_date'),
    remark: text('remark').notNull().default(''),
  },
  (t) => [index('purchases_supplier_date_idx').on(t.supplierCompanyId, t.billDate, t.id)],
);

export const purchaseLines = pgTable(
  'purchase_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'cascade' }),
    supplierCompanyId: integer('supplier_company_id').notNull(),
    seq: integer('seq').notNull(),
    /** Spec cpid: the product id. */
    productId: integer('product_id').notNull(),
    number: text('number').notNull(),
    numberKey: text('number_key').notNull(),
    partName: text('part_name').notNull(),
    factory: text('factory').notNull(),
    unit: text('unit').notNull(),
    qty: integer('qty').notNull(),
    receivedQty: integer('received_qty').notNull().default(0),
    price: money('price').notNull(),
    lastPrice: money('last_price'),
    sum: money('sum').notNull(),
    /** Stock in our stores at the time of the purchase (spec store_qty). */
    storeQty: integer('store_qty').notNull().default(0),
    remark: text('remark').notNull().default(''),
  },
  (t) => [
    index('purchase_lines_purchase_idx').on(t.purchaseId, t.seq),
    // Purchase detail search by part number prefix (GetPurchaseLineList, GetPurchaseList partNumber).
    index('purchase_lines_supplier_key_idx').using(
      'btree',
      t.supplierCompanyId,
      sql`${t.numberKey} text_pattern_ops`,
    ),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    orderId: integer('order_id'),
    no: text('no').notNull(),
    date: at('date').notNull(),
    amount: money('amount').notNull(),
    /** Discount / deduction granted with the payment (spec cutmoney). */
    cutmoney: money('cutmoney').notNull().default('0'),
    currency: text('currency').notNull().default('CNY'),
    /** wechat, alipay, sandbox, account, bank … */
    method: text('method').notNull(),
    /** The provider's transaction id; unique so a repeated callback records one payment. */
    providerRef: text('provider_ref'),
    /** As written; the fallback when remarkKey is empty. */
    remark: text('remark').notNull().default(''),
    /** A remark the system writes, as a message key shown in the reader's language (decision 011). */
    remarkKey: text('remark_key').notNull().default(''),
    remarkParams: jsonb('remark_params').$type<Record<string, string | number>>().notNull().default({}),
    /**
     * The payer's reference (bank transfer id, cheque number …) of a payment staff or the ERP
     * recorded; unique per company, so a replayed request is never booked twice.
     */
    reference: text('reference'),
    /**
     * Set on a counter entry: the payment it voids (negative amount, never a delete). Unique, so a
     * payment is voided at most once.
     */
    reversesPaymentId: integer('reverses_payment_id'),
    /**
     * Set on a refund's row (negative amount): the online payment it refunds, in full or in part
     * (decision 025). Not unique: a payment may be refunded in several parts.
     */
    refundsPaymentId: integer('refunds_payment_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_company_date_idx').on(t.companyId, t.date, t.id),
    index('payments_refunds_idx').on(t.refundsPaymentId),
    uniqueIndex('payments_provider_ref_uq').on(t.method, t.providerRef),
    uniqueIndex('payments_company_reference_uq').on(t.companyId, t.reference),
    uniqueIndex('payments_reverses_uq').on(t.reversesPaymentId),
  ],
);

/**
 * Which open debits (ledger entries) a recorded payment settles, when staff or the ERP said so;
 * credits without an allocation pay the oldest debits first. Append-only: a void adds the
 * negative of the payment's allocations.
 */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id),
    amount: money('amount').notNull(),
  },
  (t) => [
    index('payment_allocations_company_entry_idx').on(t.companyId, t.ledgerEntryId),
    index('payment_allocations_payment_idx').on(t.paymentId),
  ],
);

/**
 * The owner's temporary credit allowance on top of a company's limit (issue 15 item 3). The
 * newest row of a company is the one in force until it expires; older rows are its history.
 */
export const creditAllowances = pgTable(
  'credit_allowances',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    amount: money('amount').notNull(),
    expiresAt: at('expires_at').notNull(),
    reason: text('reason').notNull(),
    staffId: integer('staff_id'),
    createdAt: createdAt(),
  },
  (t) => [index('credit_allowances_company_idx').on(t.companyId, t.id)],
);

/**
 * The company's ledger with the wholesaler: invoices raise debt, payments lower it.
 * Debts = sum(debit) - sum(credit).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    date: at('date').notNull(),
    /** sale, payment, adjustment, opening */
    kind: text('kind').notNull(),
    refNo: text('ref_no').notNull(),
    debit: money('debit').notNull().default('0'),
    credit: money('credit').notNull().default('0'),
    dueDate: at('due_date'),
    currency: text('currency').notNull().default('CNY'),
    /** As written; the fallback when remarkKey is empty. */
    remark: text('remark').notNull().default(''),
    /** A remark the system writes, as a message key shown in the reader's language (decision 011). */
    remarkKey: text('remark_key').notNull().default(''),
    remarkParams: jsonb('remark_params').$type<Record<string, string | number>>().notNull().default({}),
  },
  (t) => [index('ledger_entries_company_date_idx').on(t.companyId, t.date, t.id)],
);

export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** Every company of the account (true), or only those in notice_companies (false). */
    targetAll: boolean('target_all').notNull().default(true),
    /** The language staff wrote it in: the fallback for an empty title or text in another. */
    language: text('language').notNull().default('zh'),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull(),
    titleEs: text('title_es').notNull(),
    /** Sanitized rich text (HTML subset) per language. */
    contentZh: text('content_zh').notNull(),
    contentEn: text('content_en').notNull(),
    contentEs: text('content_es').notNull(),
    isPinned: boolean('is_pinned').notNull().default(false),
    /** A draft (false) is seen by staff only, whatever its window. */
    isPublished: boolean('is_published').notNull().default(true),
    /** Shown to buyers from this time (the "publish from")… */
    publishedAt: at('published_at').notNull(),
    /** …until this time; null = no end. */
    publishUntil: at('publish_until'),
    attachments: jsonb('attachments').$type<Array<{ name: string; path: string }>>().notNull().default([]),
  },
  (t) => [index('notices_account_published_idx').on(t.accountId, t.publishedAt)],
);

/** The companies a notice with target_all = false is for. */
export const noticeCompanies = pgTable(
  'notice_companies',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
  },
  (t) => [
    primaryKey({ columns: [t.noticeId, t.companyId] }),
    index('notice_companies_company_idx').on(t.companyId, t.noticeId),
  ],
);

export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    readAt: createdAt(),
  },
  (t) => [uniqueIndex('notice_reads_uq').on(t.noticeId, t.userId)],
);

/** Remembers answers of idempotent calls (e.g. submit with Idempotency-Key) beyond orders. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    companyId: integer('company_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_uq').on(t.companyId, t.key)],
);

/**
 * A refund of an online payment at its provider (decision 025): reserved here (`pending`) before
 * the provider is asked, so two refunds cannot both spend the same rest, and completed
 * (`succeeded`, with its negative `payments` row and ledger entry) in one transaction once the
 * provider accepted it; `failed` when the provider refused it outright. `refund_no` is what the
 * provider sees (WeChat out_refund_no, Alipay out_request_no): asking again with it is the same
 * refund, which makes retrying an unanswered call safe.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The online payment refunded. */
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    refundNo: text('refund_no').notNull(),
    provider: text('provider').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    /** pending, succeeded, failed */
    status: text('status').notNull().default('pending'),
    /** The provider's refund id, and whether it said success or processing. */
    providerRef: text('provider_ref'),
    providerStatus: text('provider_status'),
    /** The negative payments row booked when it succeeded. */
    refundPaymentId: integer('refund_payment_id'),
    /** An /api/v1 caller's Idempotency-Key, per key. */
    apiKeyId: integer('api_key_id'),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    completedAt: at('completed_at'),
  },
  (t) => [
    uniqueIndex('payment_refunds_refund_no_uq').on(t.refundNo),
    index('payment_refunds_payment_idx').on(t.paymentId),
    // One refund at a time waits for its provider per payment: a second asks to retry that one.
    uniqueIndex('payment_refunds_pending_uq')
      .on(t.paymentId)
      .where(sql`status = 'pending'`),
    uniqueIndex('payment_refunds_idempotency_uq').on(t.apiKeyId, t.idempotencyKey),
  ],
);

/**
 * An online payment asked of a provider (today the sandbox): one per QR code shown. Its status
 * moves pending → paid exactly once (a conditional update), which is what makes a callback that
 * arrives many times record one payment; superseded/cancelled when the order is paid otherwise,
 * a newer request replaces it, or the order is cancelled.
 */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: serial('id').primaryKey(),
    /** The merchant (wholesaler); a callback naming another merchant is refused. */
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** wechat, alipay or qr, as the buyer chose. */
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull().default('CNY'),
    paymentNo: text('payment_no').notNull(),
    /** pending, paid, superseded, cancelled */
    status: text('status').notNull().default('pending'),
    providerRef: text('provider_ref'),
    paidAt: at('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_requests_payment_no_uq').on(t.paymentNo),
    index('payment_requests_order_idx').on(t.orderId),
  ],
);
