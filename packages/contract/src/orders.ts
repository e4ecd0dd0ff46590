import { z } from 'zod';
import { emptyBodySchema, idSchema, moneySchema, pageOf, pagingSchema, timestampSchema } from './common';
import { defineEndpoint, MENU_CODES } from './endpoint';

/**
 * Order states. Labels in zh/en/es live in the web locales (key `orderState.<state>`).
 * - pending_payment: created by the web checkout, stock reserved, waiting for an online payment;
 * - submitted: paid (online or on account), waiting for the wholesaler to confirm;
 * - credit_hold: submitted, held by the wholesaler's staff until the buyer's credit is sorted out
 *   (stock stays reserved); released back to submitted;
 * - confirmed, partially_delivered, delivered: the wholesaler's side (order desk or ERP);
 * - cancelled: by the buyer while pending_payment, or by the wholesaler; reserved stock released;
 * - rejected: the wholesaler declined the order with a reason the buyer sees; stock released.
 */
export const ORDER_STATES = [
  'pending_payment',
  'submitted',
  'credit_hold',
  'confirmed',
  'partially_delivered',
  'delivered',
  'cancelled',
  'rejected',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const orderStateSchema = z.enum(ORDER_STATES);

/** Every allowed move; anything else is refused. The server checks each state change against it. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderState, readonly OrderState[]>> = {
  pending_payment: ['submitted', 'cancelled'],
  submitted: ['confirmed', 'cancelled', 'rejected', 'credit_hold'],
  credit_hold: ['submitted', 'cancelled', 'rejected'],
  confirmed: ['partially_delivered', 'delivered', 'cancelled'],
  partially_delivered: ['partially_delivered', 'delivered'],
  delivered: [],
  cancelled: [],
  rejected: [],
};

export const canTransition = (from: OrderState, to: OrderState): boolean =>
  ORDER_TRANSITIONS[from].includes(to);

/**
 * States in which the buyer may change a line's quantity or delete a line (UpdateOrderLine,
 * DeleteOrderLine). Only pending_payment: from submitted on, the order has been paid (a payment
 * and a ledger entry for its amount exist) and the wholesaler works on it, so a change would
 * need a refund or adjustment flow that does not exist; the buyer cancels instead.
 * The server enforces this; the detail's can_edit / can_delete_lines flags are derived from it.
 */
export const ORDER_EDITABLE_STATES: readonly OrderState[] = ['pending_payment'];

export const isOrderEditable = (state: OrderState): boolean => ORDER_EDITABLE_STATES.includes(state);

/**
 * Lines short of stock when staff ship (issue 17 #15): send what is there now and the rest
 * later, or hold the whole order until every line can ship at once.
 */
export const BACKORDER_CHOICES = ['ship_available', 'wait_all'] as const;
export const backorderSchema = z.enum(BACKORDER_CHOICES);
export type Backorder = z.infer<typeof backorderSchema>;

/** A row of the personal centre's "Pending orders" tab. */
export const pendingOrderSchema = z.object({
  id: idSchema,
  no: z.string(),
  bill_date: timestampSchema,
  state: orderStateSchema,
  currency: z.string(),
  /** Sum of the lines. */
  goods_amount: moneySchema,
  freight: moneySchema,
  /** goods_amount + freight: what the buyer pays. */
  total_amount: moneySchema,
  total_qty: z.number().int(),
  line_count: z.number().int(),
  consignee: z.string(),
  destination: z.string(),
  remark: z.string(),
  /** The buyer's order reference ('' = none). */
  po_number: z.string(),
});
export type PendingOrder = z.infer<typeof pendingOrderSchema>;

export const orderIdParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

const sortOrderSchema = z.enum(['asc', 'desc']);

/** Shared filters of the record lists: bill date range (10-digit seconds, inclusive) and order no. */
const recordFilters = {
  ...pagingSchema.shape,
  dateFrom: timestampSchema.optional(),
  dateTo: timestampSchema.optional(),
  /** Order number, prefix match, case-insensitive. */
  no: z.string().trim().max(40).optional(),
  /**
   * Part number in any spelling; normalized like the catalogue (normalizePartNumber) and
   * matched as a prefix of the line's key once it has 3 characters (shorter: exact key).
   */
  partNumber: z.string().trim().max(60).optional(),
};

/** Columns GetOrderList may sort by (anything else fails validation). */
export const ORDER_LIST_SORTS = ['bill_date', 'no', 'amount', 'state'] as const;

export const orderListRequestSchema = z.strictObject({
  ...recordFilters,
  states: z.array(orderStateSchema).max(ORDER_STATES.length).optional(),
  /** Channel (spec from/fromsystem): web, import, sales … exact match. */
  fromSystem: z.string().trim().max(40).optional(),
  sort: z.enum(ORDER_LIST_SORTS).default('bill_date'),
  order: sortOrderSchema.default('desc'),
});
export type OrderListRequest = z.input<typeof orderListRequestSchema>;

/** An order header (spec §3 "Order header") as lists and the detail show it. */
export const orderHeaderSchema = z.object({
  id: idSchema,
  company_sort_name: z.string(),
  no: z.string(),
  bill_date: timestampSchema,
  /** Spec from/fromsystem: the channel that created the order. */
  from: z.string(),
  state: orderStateSchema,
  currency: z.string(),
  /** Delivery rate in percent (export_qty / total_qty × 100), 2 decimals, e.g. "37.50". */
  export_rate: moneySchema,
  /** Goods amount: Σ line sums (freight separate). */
  amount: moneySchema,
  freight: moneySchema,
  total_qty: z.number().int(),
  export_qty: z.number().int(),
  remark: z.string(),
  extendParam: z.string(),
  /** The buyer's order reference ('' = none). */
  po_number: z.string(),
  /** Lines short of stock: ship what is there, or wait for all (BACKORDER_CHOICES). */
  backorder: backorderSchema,
});
export type OrderHeader = z.infer<typeof orderHeaderSchema>;

export const orderListSchema = pageOf(orderHeaderSchema).extend({
  /** Over every order matching the filter, not only this page. */
  totals: z.object({ amount: moneySchema, total_qty: z.number().int() }),
});
export type OrderList = z.infer<typeof orderListSchema>;

/** An order line (spec §3 "Order line"). */
export const orderLineSchema = z.object({
  /** Line id (for UpdateOrderLine / DeleteOrderLine). */
  id: idSchema,
  seq: z.number().int(),
  /** Product id. */
  cpid: idSchema,
  part_name: z.string(),
  number: z.string(),
  factory: z.string(),
  my_number: z.string(),
  unit: z.string(),
  make_names: z.string(),
  extend_param: z.string(),
  qty: z.number().int(),
  export_qty: z.number().int(),
  price: moneySchema,
  sum: moneySchema,
  client_remark: z.string(),
  remark: z.string(),
  tax_price: moneySchema,
  price_desc: z.string(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderEventSchema = z.object({
  from_state: orderStateSchema.nullable(),
  to_state: orderStateSchema,
  at: timestampSchema,
  note: z.string(),
});

export const orderDetailSchema = z.object({
  header: orderHeaderSchema,
  lines: z.array(orderLineSchema),
  /** State history, oldest first. */
  events: z.array(orderEventSchema),
  /** The state allows UpdateOrderLine (ORDER_EDITABLE_STATES). */
  can_edit: z.boolean(),
  /** The state allows DeleteOrderLine; the last line can never be deleted (cancel instead). */
  can_delete_lines: z.boolean(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

const lineIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const updateOrderLineRequestSchema = z.strictObject({
  order_id: idSchema,
  line_id: lineIdSchema,
  qty: z.number().int().min(1).max(999_999),
});

export const deleteOrderLineRequestSchema = z.strictObject({
  order_id: idSchema,
  line_id: lineIdSchema,
});

/** Answer of a line change: the order's new totals and lines. */
export const orderChangeSchema = orderDetailSchema;

export const BUY_AGAIN_REASONS = ['not_found', 'inactive', 'qty_not_multiple'] as const;

export const buyAgainSchema = z.object({
  /** Number of order lines put into the cart. */
  added: z.number().int().nonnegative(),
  /** New number of cart items, for the badge. */
  carts: z.number().int().nonnegative(),
  /** Lines not added, with why: product gone, deactivated, or qty no longer a multiple of buy_qty. */
  unavailable: z.array(z.object({ number: z.string(), reason: z.enum(BUY_AGAIN_REASONS) })),
});
export type BuyAgain = z.infer<typeof buyAgainSchema>;

/** Columns GetOrderLineList may sort by. */
export const ORDER_LINE_SORTS = ['bill_date', 'no', 'number', 'qty', 'sum'] as const;

export const orderLineListRequestSchema = z.strictObject({
  ...recordFilters,
  /** Part name, infix match in the name as ordered, case-insensitive. */
  name: z.string().trim().max(60).optional(),
  sort: z.enum(ORDER_LINE_SORTS).default('bill_date'),
  order: sortOrderSchema.default('desc'),
});
export type OrderLineListRequest = z.input<typeof orderLineListRequestSchema>;

export const orderLineRowSchema = orderLineSchema.extend({
  order_id: idSchema,
  order_no: z.string(),
  bill_date: timestampSchema,
  state: orderStateSchema,
  currency: z.string(),
});
export type OrderLineRow = z.infer<typeof orderLineRowSchema>;

/**
 * Who may see the company's unpaid orders and pay or cancel them (the personal centre's pending
 * orders, the pay page): the user who orders (cart, 1006) or who follows the company's orders
 * (order search, 1002). The personal-centre route itself needs no code (spec §6), but its data
 * does — a user with only the catalogue must not see amounts and addresses or cancel orders.
 */
export const PENDING_ORDER_CODES = [MENU_CODES.cart, MENU_CODES.orderSearch] as const;

export const orderEndpoints = {
  getPendingOrders: defineEndpoint({
    method: 'POST',
    path: '/Web/GetPendingOrders',
    summary: "The company's unpaid orders (state pending_payment), newest first.",
    permission: PENDING_ORDER_CODES,
    body: pagingSchema,
    data: pageOf(pendingOrderSchema),
  }),
  reSubmitCartForWeb: defineEndpoint({
    method: 'POST',
    path: '/Web/ReSubmitCartForWeb/{id}',
    summary:
      "Puts a pending order's lines back into the caller's cart and cancels the order (reserved stock released).",
    permission: [MENU_CODES.cart],
    body: emptyBodySchema,
    params: orderIdParamsSchema,
    data: z.object({
      order_id: idSchema,
      state: orderStateSchema,
      /** New number of cart items, for the badge. */
      carts: z.number().int().nonnegative(),
    }),
  }),
  cancelOrder: defineEndpoint({
    method: 'POST',
    path: '/Web/CancelOrder/{id}',
    summary: 'Cancels a pending_payment order and releases its reserved stock.',
    permission: PENDING_ORDER_CODES,
    body: emptyBodySchema,
    params: orderIdParamsSchema,
    data: z.object({ order_id: idSchema, state: orderStateSchema }),
  }),
  getOrderList: defineEndpoint({
    method: 'POST',
    path: '/Web/GetOrderList',
    summary: "The company's orders with filters, allow-listed sorting, paging and totals over the filter.",
    permission: [MENU_CODES.orderSearch],
    body: orderListRequestSchema,
    data: orderListSchema,
  }),
  getOrderDetail: defineEndpoint({
    method: 'POST',
    path: '/Web/GetOrderDetail/{id}',
    summary: 'One order of the company: header, lines, state history and what may be changed.',
    permission: [MENU_CODES.orderSearch],
    body: emptyBodySchema,
    params: orderIdParamsSchema,
    data: orderDetailSchema,
  }),
  updateOrderLine: defineEndpoint({
    method: 'POST',
    path: '/Web/UpdateOrderLine',
    summary: "Changes a line's quantity while the order is editable; stock and totals follow.",
    permission: [MENU_CODES.orderSearch],
    body: updateOrderLineRequestSchema,
    data: orderChangeSchema,
  }),
  deleteOrderLine: defineEndpoint({
    method: 'POST',
    path: '/Web/DeleteOrderLine',
    summary: 'Deletes a line (not the last) while the order is editable; its stock is released.',
    permission: [MENU_CODES.orderSearch],
    body: deleteOrderLineRequestSchema,
    data: orderChangeSchema,
  }),
  buyAgain: defineEndpoint({
    method: 'POST',
    path: '/Web/BuyAgain/{id}',
    summary: "Adds an order's lines to the cart (needs 1006 too); lines no longer available are reported.",
    permission: [MENU_CODES.orderSearch],
    body: emptyBodySchema,
    params: orderIdParamsSchema,
    data: buyAgainSchema,
  }),
  getOrderLineList: defineEndpoint({
    method: 'POST',
    path: '/Web/GetOrderLineList',
    summary: "Lines across the company's orders by part number (normalized prefix), name, date and order no.",
    permission: [MENU_CODES.orderDetailSearch],
    body: orderLineListRequestSchema,
    data: pageOf(orderLineRowSchema),
  }),
} as const;
