import { z } from 'zod';
import { storeStockSchema } from './catalog';
import { emptyBodySchema, idSchema, moneySchema } from './common';
import { defineEndpoint, MENU_CODES } from './endpoint';
import { equivalentSchema, replacesSchema } from './supersessions';

/** A quantity a buyer can order: a positive whole number, no absurd values. */
export const MAX_LINE_QTY = 100_000;
export const qtySchema = z.number().int().min(1).max(MAX_LINE_QTY);

/** Most lines one batch, one removal or one import may carry. */
export const MAX_BATCH_LINES = 5000;
/** Pasted text for MatchPartNumbers: at most this many characters and MAX_BATCH_LINES lines. */
export const MAX_PASTE_CHARS = 1_000_000;
/** Largest file ImportBill accepts (spec §9: 5 MB). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/** Most suggestions a not-found line carries. */
export const MAX_SUGGESTIONS = 3;

const remarkSchema = z.string().max(200);

export const addCartRequestSchema = z.strictObject({
  /** Product id (spec cpid). */
  cpid: idSchema,
  /** Store to ship from; omitted → the store with most available stock at submit time. */
  store_id: idSchema.nullish(),
  qty: qtySchema,
  remark: remarkSchema.optional(),
});
export type AddCartRequest = z.input<typeof addCartRequestSchema>;

export const batchAddCartRequestSchema = z.strictObject({
  items: z.array(addCartRequestSchema).min(1).max(MAX_BATCH_LINES),
});

/** Answer of cart changes: the new number of items for the badge. */
export const cartCountSchema = z.object({ carts: z.number().int().nonnegative() });

export const CART_LINE_STATUSES = ['ok', 'insufficient_stock', 'unavailable'] as const;
export type CartLineStatus = (typeof CART_LINE_STATUSES)[number];

/** One cart line with the company's CURRENT price and stock (never the price at the time of adding). */
export const cartLineSchema = z.object({
  /** Cart line id (for UpdateCart / RemoveCart). */
  id: z.number().int(),
  /** Product id. */
  cpid: z.number().int(),
  number: z.string(),
  part_name: z.string(),
  /** Brand of the number. */
  factory: z.string(),
  /** Relative URL of the thumbnail; the client appends `?token=`. */
  pic: z.string(),
  unit: z.string(),
  /** Order multiple; 0 = any quantity. */
  buy_qty: z.number().int(),
  /** Chosen store; null = the store with most available stock is used at submit. */
  store_id: z.number().int().nullable(),
  /** Name of the chosen store, '' when none is chosen. */
  store_name: z.string(),
  /** Stock per active store (to choose one per line). */
  stores: z.array(storeStockSchema),
  /** Available stock of the chosen store, or of the best store when none is chosen. */
  available_stock: z.number().int(),
  qty: z.number().int(),
  /** The company's current price. */
  price: moneySchema,
  /** price × qty, computed on the server ("0.00" for unavailable lines). */
  sum: moneySchema,
  remark: z.string(),
  status: z.enum(CART_LINE_STATUSES),
  /** Localized explanation when status ≠ ok, else ''. */
  message: z.string(),
  /** Unix seconds of the last change (newest first in the list). */
  updated_at: z.number().int(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartListSchema = z.object({
  list: z.array(cartLineSchema),
  /** Lines in the whole cart (the badge), also when only the n newest are listed. */
  count: z.number().int().nonnegative(),
  /** Quantity and amount of the LISTED lines, unavailable lines left out. */
  total_qty: z.number().int().nonnegative(),
  total_amount: moneySchema,
  currency: z.string(),
});
export type CartList = z.infer<typeof cartListSchema>;

export const cartListParamsSchema = z.strictObject({
  /** 0 = every line; n > 0 = the n most recently changed lines (navbar preview). */
  n: z.coerce.number().int().min(0).max(MAX_BATCH_LINES),
});

export const updateCartRequestSchema = z.strictObject({
  /** Cart line id. */
  id: idSchema,
  /** New quantity (a multiple of buy_qty when it is > 0). */
  qty: qtySchema.optional(),
  /** New store; null = no store chosen. The store must stock the product. */
  store_id: idSchema.nullable().optional(),
  remark: remarkSchema.optional(),
});
export const updateCartAnswerSchema = z.object({
  carts: z.number().int().nonnegative(),
  line: cartLineSchema,
});

export const removeCartRequestSchema = z.strictObject({
  /** Cart line ids; an empty list is refused with "Please check the rows that need to be removed!". */
  ids: z.array(idSchema).max(MAX_BATCH_LINES),
});

export const cartKeySchema = z.object({
  id: z.number().int(),
  cpid: z.number().int(),
  store_id: z.number().int().nullable(),
});

export const cartLinesByKeysRequestSchema = z.strictObject({
  items: z
    .array(z.strictObject({ cpid: idSchema, store_id: idSchema.nullable() }))
    .min(1)
    .max(MAX_BATCH_LINES),
});

/** A product as the match table and AddProBodyByNumber show it, with this company's price and stock. */
export const matchProductSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  part_name: z.string(),
  factory: z.string(),
  price: moneySchema,
  currency: z.string(),
  /** Sum over active stores. */
  available_stock: z.number().int(),
  buy_qty: z.number().int(),
  unit: z.string(),
});
export type MatchProduct = z.infer<typeof matchProductSchema>;

export const addProBodyByNumberRequestSchema = z.strictObject({
  /** Any number (ours, OE, brand, the company's own) in any spelling. */
  number: z.string().trim().min(1).max(100),
  /** Default: buy_qty when it is > 0, else 1. */
  qty: qtySchema.optional(),
  remark: remarkSchema.optional(),
  store_id: idSchema.nullish(),
});
export const addProBodyByNumberAnswerSchema = z.object({
  /** true: the one matching product was added; false: several matched, pick one of `candidates`. */
  added: z.boolean(),
  carts: z.number().int().nonnegative(),
  product: matchProductSchema.nullable(),
  candidates: z.array(matchProductSchema),
});

export const MATCH_STATUSES = [
  'exact',
  'normalized',
  'cross',
  'my_number',
  /** The number written was replaced by a newer one, which was taken (`replaces` says which). */
  'replaced',
  'ambiguous',
  'not_found',
  'invalid_qty',
] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export const matchLineSchema = z.object({
  /** 1-based row of the source (pasted line or spreadsheet row). */
  line: z.number().int(),
  /** The number as the buyer wrote it. */
  input: z.string(),
  /** Parsed quantity; null when none was given (add buy_qty or 1) or it was not a positive whole number. */
  qty: z.number().int().nullable(),
  remark: z.string(),
  status: z.enum(MATCH_STATUSES),
  /** How the product was found when not by our own number. */
  via: z.object({ kind: z.enum(['oe', 'brand_number', 'my_number']), value: z.string() }).nullable(),
  /** The chosen product (also set for invalid_qty lines whose number matched). */
  product: matchProductSchema.nullable(),
  /** ambiguous: every product the number matched (pick one). */
  candidates: z.array(matchProductSchema),
  /** not_found: up to 3 close numbers. */
  suggestions: z.array(matchProductSchema),
  /** Source rows of duplicates merged into this line (quantities summed). */
  merged_lines: z.array(z.number().int()),
  /** The number written was replaced: `product` is its newest successor (decision 023). */
  replaces: replacesSchema.nullable(),
  /** `product` is out of stock: its equivalents in stock, with this company's price. */
  equivalents: z.array(equivalentSchema),
  /** Localized explanation of a problem, else ''. */
  message: z.string(),
});
export type MatchLine = z.infer<typeof matchLineSchema>;

export const matchResultSchema = z.object({
  lines: z.array(matchLineSchema),
  summary: z.object({
    /** Lines after skipping blanks and the header, before merging. */
    total: z.number().int(),
    /** Lines with one product (exact, normalized, cross, my_number, replaced). */
    matched: z.number().int(),
    ambiguous: z.number().int(),
    not_found: z.number().int(),
    invalid_qty: z.number().int(),
    /** Lines merged into an earlier one. */
    merged: z.number().int(),
  }),
  /** "I can't find the corresponding product!" (localized) when no line matched anything, else ''. */
  message: z.string(),
});
export type MatchResult = z.infer<typeof matchResultSchema>;

export const matchPartNumbersRequestSchema = z.strictObject({
  text: z.string().max(MAX_PASTE_CHARS),
});

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
  getCartList: defineEndpoint({
    method: 'POST',
    path: '/Web/GetCartList/{n}',
    summary: 'Cart lines with current price and stock; n > 0 = only the n most recently changed lines.',
    permission: [MENU_CODES.cart],
    params: cartListParamsSchema,
    body: emptyBodySchema,
    data: cartListSchema,
  }),
  /** `/Web/GetCartList` without `/{n}`: n defaults to 0 (spec §7). */
  getCartListAll: defineEndpoint({
    method: 'POST',
    path: '/Web/GetCartList',
    summary: 'Every cart line (GetCartList/0).',
    permission: [MENU_CODES.cart],
    body: emptyBodySchema,
    data: cartListSchema,
  }),
  updateCart: defineEndpoint({
    method: 'POST',
    path: '/Web/UpdateCart',
    summary: 'Edit one cart line: quantity, store or remark.',
    permission: [MENU_CODES.cart],
    body: updateCartRequestSchema,
    data: updateCartAnswerSchema,
  }),
  removeCart: defineEndpoint({
    method: 'POST',
    path: '/Web/RemoveCart',
    summary: 'Remove one or many cart lines.',
    permission: [MENU_CODES.cart],
    body: removeCartRequestSchema,
    data: cartCountSchema,
  }),
  clearCart: defineEndpoint({
    method: 'POST',
    path: '/Web/ClearCart',
    summary: 'Empty the cart.',
    permission: [MENU_CODES.cart],
    body: emptyBodySchema,
    data: cartCountSchema,
  }),
  getCartCpidAndStoreIds: defineEndpoint({
    method: 'POST',
    path: '/Web/GetCartCpidAndStoreIds',
    summary: 'Product and store of every cart line.',
    permission: [MENU_CODES.cart],
    body: emptyBodySchema,
    data: z.array(cartKeySchema),
  }),
  getCartListByCpidAndStoreIds: defineEndpoint({
    method: 'POST',
    path: '/Web/GetCartListByCpidAndStoreIds',
    summary: 'The cart lines of the given products and stores, with fresh price and stock (submit page).',
    permission: [MENU_CODES.cart],
    body: cartLinesByKeysRequestSchema,
    data: z.array(cartLineSchema),
  }),
  addProBodyByNumber: defineEndpoint({
    method: 'POST',
    path: '/Web/AddProBodyByNumber',
    summary: 'Add a product by a typed number; several matches → candidates to pick from.',
    permission: [MENU_CODES.cart],
    body: addProBodyByNumberRequestSchema,
    data: addProBodyByNumberAnswerSchema,
  }),
  matchPartNumbers: defineEndpoint({
    method: 'POST',
    path: '/Web/MatchPartNumbers',
    summary: 'Resolve pasted lines (number and optional quantity) to products in one round trip.',
    permission: [MENU_CODES.cart],
    body: matchPartNumbersRequestSchema,
    data: matchResultSchema,
  }),
} as const;

/**
 * Not JSON calls, so not defineEndpoint descriptors; listed for the web client.
 * - POST /Web/ImportBill: multipart/form-data, field `file` (.xls/.xlsx ≤ 5 MB) → `{code, msg, data: MatchResult}`.
 * - GET /Web/ImportTemplate?token=: the xlsx template (`number`, `qty`, `remark` + one example row).
 */
export const IMPORT_BILL_PATH = '/Web/ImportBill';
export const IMPORT_TEMPLATE_PATH = '/Web/ImportTemplate';
export const IMPORT_FILE_FIELD = 'file';
