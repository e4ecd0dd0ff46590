import { z } from 'zod';
import { idSchema } from './common';
import { defineEndpoint, MENU_CODES } from './endpoint';

/** A quantity a buyer can order: a positive whole number, no absurd values. */
export const MAX_LINE_QTY = 100_000;
export const qtySchema = z.number().int().min(1).max(MAX_LINE_QTY);

export const addCartRequestSchema = z.strictObject({
  /** Product id (spec cpid). */
  cpid: idSchema,
  /** Store to ship from; omitted → the store with most available stock at submit time. */
  store_id: idSchema.nullish(),
  qty: qtySchema,
  remark: z.string().max(200).optional(),
});
export type AddCartRequest = z.input<typeof addCartRequestSchema>;

export const batchAddCartRequestSchema = z.strictObject({
  items: z.array(addCartRequestSchema).min(1).max(5000),
});

/** Answer of cart changes: the new number of items for the badge. */
export const cartCountSchema = z.object({ carts: z.number().int().nonnegative() });

export const cartEndpoints = {
  addCart: defineEndpoint({
    method: 'POST',
    path: '/Web/AddCart',
    summary: 'Add one product to the cart (quantities of the same product and store add up).',
    permission: [MENU_CODES.cart],
    body: addCartRequestSchema,
    data: cartCountSchema,
  }),
  batchAddCart: defineEndpoint({
    method: 'POST',
    path: '/Web/BatchAddCart',
    summary: 'Add many products to the cart in one call.',
    permission: [MENU_CODES.cart],
    body: batchAddCartRequestSchema,
    data: cartCountSchema,
  }),
} as const;
