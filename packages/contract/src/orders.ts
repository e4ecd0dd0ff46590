import { z } from 'zod';
import { idSchema, moneySchema, pageOf, pagingSchema, timestampSchema, emptyBodySchema } from './common';
import { defineEndpoint, MENU_CODES } from './endpoint';

/**
 * Order states. Labels in zh/en/es live in the web locales (key `orderState.<state>`).
 * - pending_payment: created by the web checkout, stock reserved, waiting for an online payment;
 * - submitted: paid (online or on account), waiting for the wholesaler to confirm;
 * - confirmed, partially_delivered, delivered: the wholesaler's side (ERP);
 * - cancelled: by the buyer while pending_payment, or by the wholesaler; reserved stock released.
 */
export const ORDER_STATES = [
  'pending_payment',
  'submitted',
  'confirmed',
  'partially_delivered',
  'delivered',
  'cancelled',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const orderStateSchema = z.enum(ORDER_STATES);

/** Every allowed move; anything else is refused. The server checks each state change against it. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderState, readonly OrderState[]>> = {
  pending_payment: ['submitted', 'cancelled'],
  submitted: ['confirmed', 'cancelled'],
  confirmed: ['partially_delivered', 'delivered', 'cancelled'],
  partially_delivered: ['partially_delivered', 'delivered'],
  delivered: [],
  cancelled: [],
};

export const canTransition = (from: OrderState, to: OrderState): boolean =>
  ORDER_TRANSITIONS[from].includes(to);

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
});
export type PendingOrder = z.infer<typeof pendingOrderSchema>;

export const orderIdParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const orderEndpoints = {
  getPendingOrders: defineEndpoint({
    method: 'POST',
    path: '/Web/GetPendingOrders',
    summary: "The company's unpaid orders (state pending_payment), newest first.",
    permission: 'signed-in',
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
    permission: 'signed-in',
    body: emptyBodySchema,
    params: orderIdParamsSchema,
    data: z.object({ order_id: idSchema, state: orderStateSchema }),
  }),
} as const;
