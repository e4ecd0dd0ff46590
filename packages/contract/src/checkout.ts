import { z } from 'zod';
import { addressSchema } from './addresses';
import { idSchema, moneySchema } from './common';
import { defineEndpoint, MENU_CODES } from './endpoint';
import { backorderSchema, orderStateSchema } from './orders';

/** Cart lines one submit may carry (the same cap as a batch add to the cart). */
export const MAX_SUBMIT_LINES = 5000;

/** Longest `Idempotency-Key` header accepted; printable ASCII only. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * Cart item ids. An empty list is allowed by the schema so the server can answer the spec's
 * "Please check the items to be submitted first!" instead of a schema error.
 */
const cartItemIdsSchema = z.array(idSchema).max(MAX_SUBMIT_LINES);

export const submitCartRequestSchema = z.strictObject({
  /** Checked cart item ids (from GetCartList). */
  ids: cartItemIdsSchema,
  /** Chosen shipping address; omitted → the default address, if any. */
  address_id: idSchema.nullish(),
});
export type SubmitCartRequest = z.input<typeof submitCartRequestSchema>;

/** Why a line cannot be ordered as it is; null = fine. */
export const LINE_PROBLEMS = [
  'unavailable',
  'out_of_stock',
  'insufficient_stock',
  'qty_not_multiple',
] as const;
export const lineProblemSchema = z.enum(LINE_PROBLEMS);

export const checkoutLineSchema = z.object({
  /** Cart item id. */
  id: idSchema,
  cpid: idSchema,
  number: z.string(),
  part_name: z.string(),
  factory: z.string(),
  unit: z.string(),
  /** The line's store, or — when the cart line has none — the store with most available stock. */
  store_id: z.number().int().nullable(),
  store_name: z.string(),
  /** Available stock in that store now. */
  available_stock: z.number().int(),
  buy_qty: z.number().int(),
  qty: z.number().int(),
  /** Company price now (never the price the cart showed earlier). */
  price: moneySchema,
  /** price × qty. */
  sum: moneySchema,
  remark: z.string(),
  problem: lineProblemSchema.nullable(),
});
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;

export const checkoutPreviewSchema = z.object({
  lines: z.array(checkoutLineSchema),
  total_qty: z.number().int(),
  goods_amount: moneySchema,
  /** Cheapest carrier from the stores' countries to the address; null without address or rate. */
  freight: moneySchema.nullable(),
  freight_carrier: z.string().nullable(),
  /** goods_amount + freight (freight counted as 0 when null). */
  total_amount: moneySchema,
  currency: z.string(),
  address: addressSchema.nullable(),
  /** True when every line can be ordered and an address is set. */
  can_submit: z.boolean(),
});
export type CheckoutPreview = z.infer<typeof checkoutPreviewSchema>;

export const saveSubmitsRequestSchema = z.strictObject({
  remark: z.string().max(500).optional(),
  /** The buyer's order reference (checkout-rules.ts poNumberProblem); omitted or blank → none. */
  po_number: z.string().max(200).optional(),
  /** Omitted → ship_available. */
  backorder: backorderSchema.optional(),
  /** Cart item ids to order; prices and quantities come from the server, never from here. */
  items: cartItemIdsSchema,
  /** Shipping address; omitted → the default address; none → "Please set the receiving address!". */
  address_id: idSchema.nullish(),
});
export type SaveSubmitsRequest = z.input<typeof saveSubmitsRequestSchema>;

export const savedOrderSchema = z.object({
  order_id: idSchema,
  no: z.string(),
  state: orderStateSchema,
  goods_amount: moneySchema,
  freight: moneySchema,
  total_amount: moneySchema,
  currency: z.string(),
  /** Cart items left, for the badge. */
  carts: z.number().int().nonnegative(),
});
export type SavedOrder = z.infer<typeof savedOrderSchema>;

export const checkoutEndpoints = {
  submitCart: defineEndpoint({
    method: 'POST',
    path: '/Web/SubmitCart',
    summary:
      'Checkout preview of checked cart lines: fresh prices, stock per line, freight to the address, totals.',
    permission: [MENU_CODES.cart],
    body: submitCartRequestSchema,
    data: checkoutPreviewSchema,
  }),
  /**
   * Optional header `Idempotency-Key` (1–200 printable characters): a retry with the same key
   * and body answers the same order; the same key with another body is refused with 40009.
   */
  saveSubmits: defineEndpoint({
    method: 'POST',
    path: '/Web/SaveSubmits',
    summary:
      'Creates one order in state pending_payment from cart lines: prices recomputed, stock reserved, lines removed from the cart.',
    permission: [MENU_CODES.cart],
    body: saveSubmitsRequestSchema,
    data: savedOrderSchema,
  }),
} as const;
