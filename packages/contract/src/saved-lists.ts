import { z } from 'zod';
import { emptyBodySchema, idSchema, moneySchema, timestampSchema } from './common';
import { defineEndpoint, MENU_CODES } from './endpoint';
import { buyAgainSchema, orderIdParamsSchema } from './orders';
import { MAX_SAVED_LIST_LINES } from './saved-lists-rules';

/**
 * Saved part lists (issue 17 #15): a buyer keeps a cart, or its ticked lines, as a named list —
 * "brake service kit" — and puts it back into the cart in one go. Lists belong to the company
 * (every user with the cart code sees and uses them) and need the cart code, like the cart.
 */

/** The schema only caps the size; the server names the broken rule (savedListNameProblem). */
const nameSchema = z.string().max(500);

export const savedListSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  line_count: z.number().int(),
  total_qty: z.number().int(),
  /** Unix seconds of the last change. */
  updated_at: timestampSchema,
});
export type SavedListSummary = z.infer<typeof savedListSummarySchema>;

export const savedListLineSchema = z.object({
  seq: z.number().int(),
  cpid: idSchema,
  number: z.string(),
  part_name: z.string(),
  factory: z.string(),
  unit: z.string(),
  /** Order multiple now; 0 = any quantity. */
  buy_qty: z.number().int(),
  /** The store the line was saved with; null = the store with most stock at submit. */
  store_id: idSchema.nullable(),
  store_name: z.string(),
  qty: z.number().int(),
  /** The company's price now. */
  price: moneySchema,
  /** Available stock now (of the saved store, else of the best store). */
  available_stock: z.number().int(),
  remark: z.string(),
  /** False when the product is no longer sold: adding the list leaves it out and says so. */
  is_active: z.boolean(),
});
export type SavedListLine = z.infer<typeof savedListLineSchema>;

export const savedListSchema = savedListSummarySchema.extend({
  currency: z.string(),
  lines: z.array(savedListLineSchema),
});
export type SavedList = z.infer<typeof savedListSchema>;

export const saveCartAsListRequestSchema = z.strictObject({
  name: nameSchema,
  /** Ticked cart line ids; omitted or empty → the whole cart. */
  ids: z.array(idSchema).max(MAX_SAVED_LIST_LINES).optional(),
});
export type SaveCartAsListRequest = z.input<typeof saveCartAsListRequestSchema>;

export const renameSavedListRequestSchema = z.strictObject({ id: idSchema, name: nameSchema });
export const savedListIdRequestSchema = z.strictObject({ id: idSchema });

export const savedListEndpoints = {
  getSavedLists: defineEndpoint({
    method: 'POST',
    path: '/Web/GetSavedLists',
    summary: "The company's saved part lists, newest change first.",
    permission: [MENU_CODES.cart],
    body: emptyBodySchema,
    data: z.object({ list: z.array(savedListSummarySchema) }),
  }),
  getSavedList: defineEndpoint({
    method: 'POST',
    path: '/Web/GetSavedList/{id}',
    summary: 'One saved list with its lines, at current prices and stock.',
    permission: [MENU_CODES.cart],
    body: emptyBodySchema,
    params: orderIdParamsSchema,
    data: savedListSchema,
  }),
  saveCartAsList: defineEndpoint({
    method: 'POST',
    path: '/Web/SaveCartAsList',
    summary: "Saves the caller's cart (or its ticked lines) as a new named list of the company.",
    permission: [MENU_CODES.cart],
    body: saveCartAsListRequestSchema,
    data: savedListSummarySchema,
  }),
  renameSavedList: defineEndpoint({
    method: 'POST',
    path: '/Web/RenameSavedList',
    summary: 'Renames a saved list (names are unique in the company, whatever the case).',
    permission: [MENU_CODES.cart],
    body: renameSavedListRequestSchema,
    data: savedListSummarySchema,
  }),
  deleteSavedList: defineEndpoint({
    method: 'POST',
    path: '/Web/DeleteSavedList',
    summary: 'Deletes a saved list.',
    permission: [MENU_CODES.cart],
    body: savedListIdRequestSchema,
    data: z.object({ id: idSchema }),
  }),
  addSavedListToCart: defineEndpoint({
    method: 'POST',
    path: '/Web/AddSavedListToCart/{id}',
    summary:
      "Adds every line of a saved list to the caller's cart with its quantity; lines no longer available are reported.",
    permission: [MENU_CODES.cart],
    body: emptyBodySchema,
    params: orderIdParamsSchema,
    data: buyAgainSchema,
  }),
} as const;
