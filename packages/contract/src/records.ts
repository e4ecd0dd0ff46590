import { z } from 'zod';
import { idSchema, moneySchema, pageOf, pagingSchema, timestampSchema, emptyBodySchema } from './common';
import { defineEndpoint, MENU_CODES } from './endpoint';
import { orderStateSchema } from './orders';

/*
 * Delivery records, sales bills and purchases (issue 6). Every call answers only the signed-in
 * company's records — purchases where the company is the supplier — and another company's id
 * reads as 40004, exactly like an id that does not exist.
 */

/**
 * Sales bill states. Labels in zh/en/es live in the web locales (key `salesState.<state>`).
 * Bills come from the wholesaler's ERP; the portal only shows them.
 */
export const SALES_STATES = ['draft', 'audited', 'cancelled'] as const;
export type SalesState = (typeof SALES_STATES)[number];
export const salesStateSchema = z.enum(SALES_STATES);

/**
 * Ship status of a sales bill (spec cargo_state), in the order a parcel goes through them.
 * Labels in the web locales (key `cargoState.<state>`).
 */
export const CARGO_STATES = ['pending', 'shipped', 'in_transit', 'signed', 'returned'] as const;
export type CargoState = (typeof CARGO_STATES)[number];
export const cargoStateSchema = z.enum(CARGO_STATES);

/**
 * Purchase states (the wholesaler buying from the company as supplier). Labels in the web
 * locales (key `purchaseState.<state>`).
 */
export const PURCHASE_STATES = ['draft', 'ordered', 'partially_received', 'received', 'cancelled'] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];
export const purchaseStateSchema = z.enum(PURCHASE_STATES);

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** A text filter: trimmed; an empty string means "no filter" (URLs keep empty fields). */
const textFilter = z.string().trim().max(60).optional();
/** Date range in 10-digit seconds, both ends inclusive (send the end of the last day as dateTo). */
const dateFilters = {
  dateFrom: timestampSchema.nullish(),
  dateTo: timestampSchema.nullish(),
};
const sortOrder = z.enum(SORT_ORDERS).default('desc');

/** Money totals over the whole filter (not just the page), one entry per currency. */
export const recordTotalsSchema = z.object({
  currency: z.string(),
  /** Number of records in this currency. */
  records: z.number().int().nonnegative(),
  total_qty: z.number().int(),
  amount: moneySchema,
});
export type RecordTotals = z.infer<typeof recordTotalsSchema>;

const pageWithTotals = <T extends z.ZodType>(item: T) =>
  pageOf(item).extend({ totals: z.array(recordTotalsSchema) });

export const recordIdParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

// ---------------------------------------------------------------------------------------------
// Deliveries (1003)

export const DELIVERY_SORTS = ['date', 'no', 'count', 'total_qty', 'amount'] as const;
export type DeliverySort = (typeof DELIVERY_SORTS)[number];

export const deliveryListRequestSchema = z.strictObject({
  ...pagingSchema.shape,
  ...dateFilters,
  /** Part of the delivery no (case-insensitive). */
  no: textFilter,
  sort: z.enum(DELIVERY_SORTS).default('date'),
  order: sortOrder,
});
export type DeliveryListRequest = z.input<typeof deliveryListRequestSchema>;

export const deliverySchema = z.object({
  id: idSchema,
  date: timestampSchema,
  no: z.string(),
  /** Number of lines. */
  count: z.number().int(),
  total_qty: z.number().int(),
  amount: moneySchema,
  currency: z.string(),
  remark: z.string(),
  logistics_name: z.string(),
  logistics_no: z.string(),
  /** The waybill on the carrier's tracking page, when the carrier has one. */
  tracking_url: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveryLineSchema = z.object({
  id: idSchema,
  number: z.string(),
  part_name: z.string(),
  factory: z.string(),
  qty: z.number().int(),
  price: moneySchema,
  sum: moneySchema,
  /** The order the line fulfils (null for a delivery not tied to a portal order). */
  order_id: idSchema.nullable(),
  order_no: z.string().nullable(),
});
export type DeliveryLine = z.infer<typeof deliveryLineSchema>;

/** An order a delivery fulfils (link to /order/detail). */
export const fulfilledOrderSchema = z.object({
  id: idSchema,
  no: z.string(),
  bill_date: timestampSchema,
  state: orderStateSchema,
  currency: z.string(),
  amount: moneySchema,
});
export type FulfilledOrder = z.infer<typeof fulfilledOrderSchema>;

export const deliveryDetailSchema = z.object({
  header: deliverySchema,
  lines: z.array(deliveryLineSchema),
  orders: z.array(fulfilledOrderSchema),
});
export type DeliveryDetail = z.infer<typeof deliveryDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Sales (1009, 1010)

export const SALES_SORTS = ['bill_date', 'no', 'amount', 'total_qty', 'export_rate', 'cargo_state'] as const;
export type SalesSort = (typeof SALES_SORTS)[number];

export const salesListRequestSchema = z.strictObject({
  ...pagingSchema.shape,
  ...dateFilters,
  /** Part of the bill no (case-insensitive). */
  no: textFilter,
  state: salesStateSchema.optional(),
  cargo_state: cargoStateSchema.optional(),
  /** Part of the airway bill no (case-insensitive). */
  logistics_no: textFilter,
  /** Bills having a line whose number starts with it (normalized as in the catalogue). */
  partNumber: textFilter,
  sort: z.enum(SALES_SORTS).default('bill_date'),
  order: sortOrder,
});
export type SalesListRequest = z.input<typeof salesListRequestSchema>;

export const salesBillSchema = z.object({
  id: idSchema,
  /** The buyer's (the signed-in company's) short name. */
  company_sort_name: z.string(),
  no: z.string(),
  bill_date: timestampSchema,
  /** Channel (spec from/fromsystem), e.g. erp, web. */
  from: z.string(),
  state: salesStateSchema,
  currency: z.string(),
  /** Delivery rate in percent, e.g. "85.5000". */
  export_rate: moneySchema,
  amount: moneySchema,
  total_qty: z.number().int(),
  remark: z.string(),
  extendParam: z.string(),
  cargo_state: cargoStateSchema,
  logistics_name: z.string(),
  /** Airway bill no. */
  logistics_no: z.string(),
  /** The waybill on the carrier's tracking page, when the carrier has one. */
  tracking_url: z.string().nullable(),
  /** The portal order the bill invoices, when known (link to /order/detail). */
  order_id: idSchema.nullable(),
  order_no: z.string().nullable(),
});
export type SalesBill = z.infer<typeof salesBillSchema>;

export const salesLineSchema = z.object({
  id: idSchema,
  seq: z.number().int(),
  part_name: z.string(),
  number: z.string(),
  factory: z.string(),
  unit: z.string(),
  qty: z.number().int(),
  export_qty: z.number().int(),
  price: moneySchema,
  sum: moneySchema,
  remark: z.string(),
});
export type SalesLine = z.infer<typeof salesLineSchema>;

export const salesDetailSchema = z.object({ header: salesBillSchema, lines: z.array(salesLineSchema) });
export type SalesDetail = z.infer<typeof salesDetailSchema>;

export const SALES_LINE_SORTS = ['bill_date', 'no', 'number', 'qty', 'price', 'sum'] as const;
export type SalesLineSort = (typeof SALES_LINE_SORTS)[number];

export const salesLineListRequestSchema = z.strictObject({
  ...pagingSchema.shape,
  ...dateFilters,
  /** Lines whose number starts with it, normalized as in the catalogue ("04465 33" finds 04465-33450). */
  partNumber: textFilter,
  /** Part of the part name (case-insensitive). */
  name: textFilter,
  /** Part of the bill no (case-insensitive). */
  no: textFilter,
  sort: z.enum(SALES_LINE_SORTS).default('bill_date'),
  order: sortOrder,
});
export type SalesLineListRequest = z.input<typeof salesLineListRequestSchema>;

/** A line found across bills, with its bill (link to /sales/detail?id=sales_bill_id). */
export const salesLineRowSchema = salesLineSchema.extend({
  sales_bill_id: idSchema,
  no: z.string(),
  bill_date: timestampSchema,
  currency: z.string(),
  cargo_state: cargoStateSchema,
});
export type SalesLineRow = z.infer<typeof salesLineRowSchema>;

// ---------------------------------------------------------------------------------------------
// Purchases (1012, 1013): the company as our supplier

export const PURCHASE_SORTS = ['bill_date', 'no', 'amount', 'require_date', 'state'] as const;
export type PurchaseSort = (typeof PURCHASE_SORTS)[number];

export const purchaseListRequestSchema = z.strictObject({
  ...pagingSchema.shape,
  ...dateFilters,
  /** Part of the purchase no (case-insensitive). */
  no: textFilter,
  state: purchaseStateSchema.optional(),
  /** Purchases having a line whose number starts with it (normalized). */
  partNumber: textFilter,
  sort: z.enum(PURCHASE_SORTS).default('bill_date'),
  order: sortOrder,
});
export type PurchaseListRequest = z.input<typeof purchaseListRequestSchema>;

export const purchaseSchema = z.object({
  id: idSchema,
  /** The supplier: the signed-in company's own short name. */
  company_sort_name: z.string(),
  no: z.string(),
  bill_date: timestampSchema,
  state: purchaseStateSchema,
  currency: z.string(),
  amount: moneySchema,
  /** Purchaser on the wholesaler's side. */
  sales_man_name: z.string(),
  require_date: timestampSchema.nullable(),
  remark: z.string(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

export const purchaseLineSchema = z.object({
  id: idSchema,
  seq: z.number().int(),
  /** The product id. */
  cpid: idSchema,
  number: z.string(),
  part_name: z.string(),
  factory: z.string(),
  unit: z.string(),
  qty: z.number().int(),
  received_qty: z.number().int(),
  price: moneySchema,
  /** Price of the previous purchase of the part; null for the first. */
  last_price: moneySchema.nullable(),
  sum: moneySchema,
  /** Stock in the wholesaler's stores when the purchase was made. */
  store_qty: z.number().int(),
  remark: z.string(),
});
export type PurchaseLine = z.infer<typeof purchaseLineSchema>;

export const purchaseDetailSchema = z.object({ header: purchaseSchema, lines: z.array(purchaseLineSchema) });
export type PurchaseDetail = z.infer<typeof purchaseDetailSchema>;

export const PURCHASE_LINE_SORTS = ['bill_date', 'no', 'number', 'qty', 'price', 'sum'] as const;
export type PurchaseLineSort = (typeof PURCHASE_LINE_SORTS)[number];

export const purchaseLineListRequestSchema = z.strictObject({
  ...pagingSchema.shape,
  ...dateFilters,
  partNumber: textFilter,
  name: textFilter,
  no: textFilter,
  sort: z.enum(PURCHASE_LINE_SORTS).default('bill_date'),
  order: sortOrder,
});
export type PurchaseLineListRequest = z.input<typeof purchaseLineListRequestSchema>;

/** A line found across purchases, with its purchase (link to /pur/detail?id=purchase_id). */
export const purchaseLineRowSchema = purchaseLineSchema.extend({
  purchase_id: idSchema,
  no: z.string(),
  bill_date: timestampSchema,
  state: purchaseStateSchema,
  currency: z.string(),
  require_date: timestampSchema.nullable(),
});
export type PurchaseLineRow = z.infer<typeof purchaseLineRowSchema>;

// ---------------------------------------------------------------------------------------------

/**
 * GET links (an <a download>: the token as `?token=`, the language as `lng`): the delivery note
 * and the sales bill as PDFs in the reader's language — the same permission as their detail calls.
 */
export const DELIVERY_NOTE_PDF_PATH = '/Web/GetDeliveryNotePdf/{id}';
export const SALES_BILL_PDF_PATH = '/Web/GetSalesBillPdf/{id}';
export const recordPdfQuerySchema = z.object({
  lng: z.enum(['zh', 'en', 'es']).optional(),
  token: z.string().max(128).optional(),
});

export const recordEndpoints = {
  getDeliveryList: defineEndpoint({
    method: 'POST',
    path: '/Web/GetDeliveryList',
    summary: "The company's delivery records, filtered, sorted and paged, with totals per currency.",
    permission: [MENU_CODES.deliveryRecord],
    body: deliveryListRequestSchema,
    data: pageWithTotals(deliverySchema),
  }),
  getDeliveryDetail: defineEndpoint({
    method: 'POST',
    path: '/Web/GetDeliveryDetail/{id}',
    summary: 'One delivery record: header, lines and the orders it fulfils.',
    permission: [MENU_CODES.deliveryRecord],
    body: emptyBodySchema,
    params: recordIdParamsSchema,
    data: deliveryDetailSchema,
  }),
  getSalesList: defineEndpoint({
    method: 'POST',
    path: '/Web/GetSalesList',
    summary: "The company's sales bills with ship status and logistics, filtered, sorted and paged.",
    permission: [MENU_CODES.salesSearch],
    body: salesListRequestSchema,
    data: pageWithTotals(salesBillSchema),
  }),
  getSalesDetail: defineEndpoint({
    method: 'POST',
    path: '/Web/GetSalesDetail/{id}',
    summary: 'One sales bill: header and lines.',
    permission: [MENU_CODES.salesSearch],
    body: emptyBodySchema,
    params: recordIdParamsSchema,
    data: salesDetailSchema,
  }),
  getSalesLineList: defineEndpoint({
    method: 'POST',
    path: '/Web/GetSalesLineList',
    summary: "Search the company's sales lines across bills by part number, name, date and bill no.",
    permission: [MENU_CODES.salesDetailSearch],
    body: salesLineListRequestSchema,
    data: pageOf(salesLineRowSchema),
  }),
  getPurchaseList: defineEndpoint({
    method: 'POST',
    path: '/Web/GetPurchaseList',
    summary: 'Purchases the wholesaler made from the company (as supplier), filtered, sorted and paged.',
    permission: [MENU_CODES.purchaseSearch],
    body: purchaseListRequestSchema,
    data: pageWithTotals(purchaseSchema),
  }),
  getPurchaseDetail: defineEndpoint({
    method: 'POST',
    path: '/Web/GetPurchaseDetail/{id}',
    summary: 'One purchase from the company: header and lines.',
    permission: [MENU_CODES.purchaseSearch],
    body: emptyBodySchema,
    params: recordIdParamsSchema,
    data: purchaseDetailSchema,
  }),
  getPurchaseLineList: defineEndpoint({
    method: 'POST',
    path: '/Web/GetPurchaseLineList',
    summary: 'Search purchase lines across purchases from the company by part number, name, date and no.',
    permission: [MENU_CODES.purchaseDetailSearch],
    body: purchaseLineListRequestSchema,
    data: pageOf(purchaseLineRowSchema),
  }),
} as const;
