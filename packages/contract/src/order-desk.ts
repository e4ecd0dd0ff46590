import { z } from 'zod';
import { idSchema, moneySchema, pagingSchema, timestampSchema } from './common';
import { defineEndpoint, type StaffPermission } from './endpoint';
import { defineOperation } from './integration';
import { backorderSchema, ORDER_STATES, orderStateSchema, type OrderState } from './orders';

/**
 * The order desk (issue 15 items 1–2): staff work through the buyers' submitted orders —
 * confirm, reject, edit lines, cancel, hold for credit, ship — and the ERP does the same through
 * /api/v1 (issue 13 item 4). Both go through one service, so a rule such as "only a confirmed
 * order ships" lives once. Sales and the owner; the catalogue role has no access (an order shows
 * the customer's credit position, which is not the catalogue's business).
 */
export const ORDER_DESK_STAFF: StaffPermission = { staff: ['sales'] };

/** What staff can do to an order; which of these an order allows follows from its state. */
export const ORDER_ACTIONS = ['confirm', 'reject', 'cancel', 'hold', 'release', 'edit', 'ship'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** The states each action starts from (the server refuses it anywhere else). */
export const ORDER_ACTION_STATES: Readonly<Record<OrderAction, readonly OrderState[]>> = {
  confirm: ['submitted'],
  reject: ['submitted', 'credit_hold'],
  // Nothing has shipped yet in any of these, so cancelling gives every reserved piece back.
  cancel: ['pending_payment', 'submitted', 'credit_hold', 'confirmed'],
  hold: ['submitted'],
  release: ['credit_hold'],
  edit: ['submitted', 'credit_hold'],
  ship: ['confirmed', 'partially_delivered'],
};

export const orderActionsFor = (state: OrderState): OrderAction[] =>
  ORDER_ACTIONS.filter((action) => ORDER_ACTION_STATES[action].includes(state));

/** The queue's tabs: states staff work on (pending payment and the finished ones are there too). */
export const QUEUE_STATES = ORDER_STATES;

export const QUEUE_SORTS = ['bill_date', 'amount'] as const;

export const orderQueueRequestSchema = pagingSchema.extend({
  states: z.array(orderStateSchema).max(ORDER_STATES.length).optional(),
  company_id: idSchema.optional(),
  /** Bill date range, 10-digit seconds, inclusive. */
  dateFrom: timestampSchema.optional(),
  dateTo: timestampSchema.optional(),
  /** Order number, prefix, case-insensitive. */
  no: z.string().trim().max(40).optional(),
  /** Orders having a line whose number starts with it (normalized as in the catalogue). */
  partNumber: z.string().trim().max(60).optional(),
  /** The buyer's order reference (PO number), prefix, case-insensitive. */
  po: z.string().trim().max(40).optional(),
  /** Goods amount range (inclusive). */
  amountMin: moneySchema.optional(),
  amountMax: moneySchema.optional(),
});
export type OrderQueueRequest = z.input<typeof orderQueueRequestSchema>;

export const queueRowSchema = z.object({
  id: idSchema,
  no: z.string(),
  company_id: idSchema,
  company_name: z.string(),
  bill_date: timestampSchema,
  state: orderStateSchema,
  from: z.string(),
  currency: z.string(),
  amount: moneySchema,
  freight: moneySchema,
  total_qty: z.number().int(),
  export_qty: z.number().int(),
  line_count: z.number().int(),
  /** The buyer's order reference ('' = none). */
  po_number: z.string(),
});
export type QueueRow = z.infer<typeof queueRowSchema>;

export const orderQueueSchema = z.object({
  list: z.array(queueRowSchema),
  total: z.number().int().nonnegative(),
  /** Orders per state over the company filter only (the tabs' badges); absent states are 0. */
  counts: z.record(z.string(), z.number().int().nonnegative()),
});
export type OrderQueue = z.infer<typeof orderQueueSchema>;

export const storeStockSchema = z.object({
  store_id: idSchema,
  store_name: z.string(),
  stock: z.number().int(),
  available_stock: z.number().int(),
});

export const deskLineSchema = z.object({
  id: idSchema,
  seq: z.number().int(),
  cpid: idSchema,
  number: z.string(),
  factory: z.string(),
  part_name: z.string(),
  unit: z.string(),
  qty: z.number().int(),
  /** Shipped so far. */
  export_qty: z.number().int(),
  /** Ordered and not shipped: what may still ship. */
  open_qty: z.number().int(),
  price: moneySchema,
  sum: moneySchema,
  /** Why the price differs from the list (a staff override's reason). */
  price_desc: z.string(),
  client_remark: z.string(),
  /** The store the line's stock is reserved in (null: none reserved). */
  store_id: idSchema.nullable(),
  store_name: z.string(),
  stores: z.array(storeStockSchema),
});
export type DeskLine = z.infer<typeof deskLineSchema>;

export const deskEventSchema = z.object({
  from_state: orderStateSchema.nullable(),
  to_state: orderStateSchema,
  at: timestampSchema,
  note: z.string(),
});

export const creditPositionSchema = z.object({
  currency: z.string(),
  limit: moneySchema,
  /** Open balance: Σ debit − Σ credit of the company's ledger. */
  debts: moneySchema,
  /** limit − debts (negative when over the limit). */
  available: moneySchema,
  payment_days: z.number().int(),
});

export const deskShipmentSchema = z.object({
  delivery_id: idSchema,
  delivery_no: z.string(),
  date: timestampSchema,
  total_qty: z.number().int(),
  amount: moneySchema,
  logistics_name: z.string(),
  logistics_no: z.string(),
  sales_bill_no: z.string(),
});

export const deskOrderSchema = z.object({
  header: queueRowSchema.extend({
    remark: z.string(),
    consignee: z.string(),
    destination: z.string(),
    phone: z.string(),
    /** Lines short of stock: ship what is there, or wait and ship the order whole. */
    backorder: backorderSchema,
  }),
  lines: z.array(deskLineSchema),
  events: z.array(deskEventSchema),
  credit: creditPositionSchema,
  shipments: z.array(deskShipmentSchema),
  /** What this order's state allows (ORDER_ACTION_STATES). */
  actions: z.array(z.enum(ORDER_ACTIONS)),
});
export type DeskOrder = z.infer<typeof deskOrderSchema>;

const reasonSchema = z.string().trim().max(500);

export const orderIdRequestSchema = z.strictObject({ id: idSchema });

export const confirmRequestSchema = z.strictObject({ id: idSchema, remark: reasonSchema.optional() });
export const rejectRequestSchema = z.strictObject({ id: idSchema, reason: reasonSchema.min(1) });
export const cancelRequestSchema = z.strictObject({ id: idSchema, reason: reasonSchema.optional() });
export const holdRequestSchema = z.strictObject({ id: idSchema, reason: reasonSchema.optional() });

const qtySchema = z.number().int().min(1).max(999_999);
/** A price override: money, not negative. */
const priceSchema = moneySchema.refine((value) => !value.startsWith('-'), 'not negative');

/** Quantity and/or price of a line; a price change needs its reason (recorded, shown as price_desc). */
export const updateLineRequestSchema = z
  .strictObject({
    id: idSchema,
    line_id: idSchema,
    qty: qtySchema.optional(),
    price: priceSchema.optional(),
    reason: reasonSchema.optional(),
  })
  .refine((body) => body.qty !== undefined || body.price !== undefined, { path: ['qty'] })
  .refine((body) => body.price === undefined || (body.reason ?? '') !== '', { path: ['reason'] });

export const removeLineRequestSchema = z.strictObject({
  id: idSchema,
  line_id: idSchema,
  reason: reasonSchema.optional(),
});

export const addLineRequestSchema = z
  .strictObject({
    id: idSchema,
    cpid: idSchema,
    qty: qtySchema,
    /** The store to reserve in; the one with most available stock when left out. */
    store_id: idSchema.optional(),
    price: priceSchema.optional(),
    reason: reasonSchema.optional(),
  })
  .refine((body) => body.price === undefined || (body.reason ?? '') !== '', { path: ['reason'] });

export const partLookupRequestSchema = z.strictObject({
  id: idSchema,
  keyword: z.string().trim().min(1).max(60),
});

export const partLookupSchema = z.array(
  z.object({
    cpid: idSchema,
    number: z.string(),
    factory: z.string(),
    part_name: z.string(),
    unit: z.string(),
    buy_qty: z.number().int(),
    /** The order's company's price. */
    price: moneySchema,
    stores: z.array(storeStockSchema),
  }),
);

export const MAX_SHIP_LINES = 500;

export const shipRequestSchema = z.strictObject({
  id: idSchema,
  store_id: idSchema,
  /** A carrier of the account (named in the reader's language), or … */
  carrier_id: idSchema.optional(),
  /** … the carrier's name as written, when it is not on the list. */
  logistics_name: z.string().trim().max(100).optional(),
  /** Waybill / airway bill number. */
  logistics_no: z.string().trim().min(1).max(100),
  /** Shipping date (10-digit seconds); now when left out. */
  date: timestampSchema.optional(),
  lines: z
    .array(z.strictObject({ line_id: idSchema, qty: qtySchema }))
    .min(1)
    .max(MAX_SHIP_LINES),
});
export type ShipRequest = z.input<typeof shipRequestSchema>;

export const shipResultSchema = z.object({
  order_id: idSchema,
  state: orderStateSchema,
  delivery_id: idSchema,
  delivery_no: z.string(),
  sales_bill_id: idSchema,
  sales_bill_no: z.string(),
});
export type ShipResult = z.infer<typeof shipResultSchema>;

export const actionResultSchema = z.object({ order_id: idSchema, state: orderStateSchema });
export type ActionResult = z.infer<typeof actionResultSchema>;

export const shipOptionsSchema = z.object({
  stores: z.array(z.object({ id: idSchema, name: z.string() })),
  carriers: z.array(z.object({ id: idSchema, name: z.string() })),
});

const endpoint = <B extends z.ZodType, D extends z.ZodType>(
  path: string,
  summary: string,
  body: B,
  data: D,
) =>
  defineEndpoint({
    method: 'POST',
    path: `/Admin/Orders/${path}`,
    summary,
    permission: ORDER_DESK_STAFF,
    body,
    data,
  });

export const orderDeskEndpoints = {
  queue: endpoint(
    'Queue',
    'The order queue: filters by state, company, date, order no, part number and amount; newest first; counts per state.',
    orderQueueRequestSchema,
    orderQueueSchema,
  ),
  detail: endpoint(
    'Detail',
    "One order for staff: lines with stock per store, state history, shipments, the customer's credit position and the allowed actions.",
    orderIdRequestSchema,
    deskOrderSchema,
  ),
  confirm: endpoint('Confirm', 'submitted → confirmed.', confirmRequestSchema, actionResultSchema),
  reject: endpoint(
    'Reject',
    'submitted or on credit hold → rejected, with the reason the buyer sees; stock released, the debit reversed.',
    rejectRequestSchema,
    actionResultSchema,
  ),
  cancel: endpoint(
    'Cancel',
    'Cancel an order nothing of which has shipped; reserved stock released, the debit reversed.',
    cancelRequestSchema,
    actionResultSchema,
  ),
  hold: endpoint(
    'Hold',
    'submitted → credit_hold (stock stays reserved).',
    holdRequestSchema,
    actionResultSchema,
  ),
  release: endpoint('Release', 'credit_hold → submitted.', orderIdRequestSchema, actionResultSchema),
  updateLine: endpoint(
    'UpdateLine',
    'Before confirming: a line’s quantity and/or price (a price needs a reason); stock and the debit follow.',
    updateLineRequestSchema,
    deskOrderSchema,
  ),
  removeLine: endpoint(
    'RemoveLine',
    'Before confirming: remove a line (not the last one); its stock is released.',
    removeLineRequestSchema,
    deskOrderSchema,
  ),
  addLine: endpoint(
    'AddLine',
    "Before confirming: add a part at the company's price (or an override with a reason), reserving its stock.",
    addLineRequestSchema,
    deskOrderSchema,
  ),
  findParts: endpoint(
    'FindParts',
    "Parts to add to an order: by number, with the order's company's price and stock per store.",
    partLookupRequestSchema,
    partLookupSchema,
  ),
  shipOptions: endpoint(
    'ShipOptions',
    'Stores and carriers for the ship dialog, named in the reader’s language.',
    z.strictObject({}).nullish(),
    shipOptionsSchema,
  ),
  ship: endpoint(
    'Ship',
    'Ship all or part of a confirmed order from one store → a delivery record and a sales bill the buyer sees.',
    shipRequestSchema,
    shipResultSchema,
  ),
} as const;

// The integrators' order actions (issue 13 item 4): the same service, REST-style.
const v1Reason = z.strictObject({ reason: reasonSchema.optional() });

export const v1ActionResultSchema = z.object({ order_id: z.number().int(), state: z.string() });
export const v1ShipResultSchema = v1ActionResultSchema.extend({
  delivery_id: z.number().int(),
  delivery_no: z.string(),
  sales_bill_id: z.number().int(),
  sales_bill_no: z.string(),
});

export const v1ShipRequestSchema = z.strictObject({
  /** The store it ships from (stock is taken there). */
  store_id: z.number().int().positive().max(2_147_483_647),
  /** Carrier as written (matched to a known carrier by its name in any language). */
  carrier: z.string().trim().max(100).optional(),
  waybill: z.string().trim().min(1).max(100),
  /** ISO 8601; now when left out. */
  shipped_at: z.iso.datetime({ offset: true }).optional(),
  /** Lines by their seq in the order (as the order feed lists them). */
  lines: z
    .array(z.strictObject({ seq: z.number().int().positive(), qty: qtySchema }))
    .min(1)
    .max(MAX_SHIP_LINES),
});

export const orderDeskOperations = {
  confirmOrder: defineOperation({
    operationId: 'confirmOrder',
    method: 'POST',
    path: '/orders/{id}/confirm',
    summary: 'Confirm a submitted order (409 in any other state).',
    tag: 'Orders',
    scopes: ['orders:write'],
    body: v1Reason,
    response: v1ActionResultSchema,
  }),
  rejectOrder: defineOperation({
    operationId: 'rejectOrder',
    method: 'POST',
    path: '/orders/{id}/reject',
    summary: 'Reject a submitted order; the reason is shown to the buyer. Reserved stock is released.',
    tag: 'Orders',
    scopes: ['orders:write'],
    body: z.strictObject({ reason: reasonSchema.min(1) }),
    response: v1ActionResultSchema,
  }),
  cancelOrder: defineOperation({
    operationId: 'cancelOrder',
    method: 'POST',
    path: '/orders/{id}/cancel',
    summary: 'Cancel an order nothing of which has shipped. Reserved stock is released.',
    tag: 'Orders',
    scopes: ['orders:write'],
    body: v1Reason,
    response: v1ActionResultSchema,
  }),
  shipOrder: defineOperation({
    operationId: 'shipOrder',
    method: 'POST',
    path: '/orders/{id}/ship',
    summary:
      'Ship all or part of a confirmed order from one store: a delivery record and a sales bill the buyer sees in the portal. ' +
      'More than ordered-and-unshipped, or more than the store holds, is refused whole (409).',
    tag: 'Orders',
    scopes: ['orders:write'],
    body: v1ShipRequestSchema,
    response: v1ShipResultSchema,
  }),
} as const;
