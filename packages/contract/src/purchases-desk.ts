import { z } from 'zod';
import { idSchema, moneySchema, pagingSchema, timestampSchema } from './common';
import { defineEndpoint, type StaffPermission } from './endpoint';
import { purchaseStateSchema, type PurchaseState } from './records';

/**
 * The purchases desk (issue 15 item 5): the wholesaler's purchase orders to its suppliers (the
 * partner side of spec §2). Staff write a draft with lines, send it (ordered), and receive the
 * goods — all or part, into one store at a time — which raises the stock the buyers' catalogue
 * shows; the supplier's Purchase search and detail (/Web/GetPurchaseList …) read the same rows.
 * Buying stock is the catalogue role's work (products, stock, prices); the owner passes, sales
 * has no access.
 */
export const PURCHASES_STAFF: StaffPermission = { staff: ['catalogue'] };

export const PURCHASE_ACTIONS = ['edit', 'order', 'receive', 'cancel'] as const;
export type PurchaseAction = (typeof PURCHASE_ACTIONS)[number];

/** The states each action starts from (the server refuses it anywhere else). */
export const PURCHASE_ACTION_STATES: Readonly<Record<PurchaseAction, readonly PurchaseState[]>> = {
  edit: ['draft'],
  order: ['draft'],
  receive: ['ordered', 'partially_received'],
  // Once goods are in stock the purchase stays: cancelling would not take them out again.
  cancel: ['draft', 'ordered'],
};

export const purchaseActionsFor = (state: PurchaseState): PurchaseAction[] =>
  PURCHASE_ACTIONS.filter((action) => PURCHASE_ACTION_STATES[action].includes(state));

export const MAX_PURCHASE_LINES = 500;
const qtySchema = z.number().int().min(1).max(999_999);
const priceSchema = moneySchema.refine((value) => !value.startsWith('-'), 'not negative');
const remarkSchema = z.string().trim().max(500);

export const purchaseLineInputSchema = z.strictObject({
  /** Spec cpid: the product. */
  cpid: idSchema,
  qty: qtySchema,
  /** Our buying price per unit. */
  price: priceSchema,
  remark: remarkSchema.optional(),
});
export type PurchaseLineInput = z.input<typeof purchaseLineInputSchema>;

const linesSchema = z.array(purchaseLineInputSchema).min(1).max(MAX_PURCHASE_LINES);

export const createPurchaseRequestSchema = z.strictObject({
  supplier_id: idSchema,
  /** When the goods are wanted (10-digit seconds). */
  require_date: timestampSchema.optional(),
  remark: remarkSchema.optional(),
  lines: linesSchema,
});
export type CreatePurchaseRequest = z.input<typeof createPurchaseRequestSchema>;

/** A draft's lines replaced whole, and its wanted date and remark. */
export const updatePurchaseRequestSchema = z.strictObject({
  id: idSchema,
  require_date: timestampSchema.nullable().optional(),
  remark: remarkSchema.optional(),
  lines: linesSchema,
});
export type UpdatePurchaseRequest = z.input<typeof updatePurchaseRequestSchema>;

export const purchaseIdRequestSchema = z.strictObject({ id: idSchema });
export const cancelPurchaseRequestSchema = z.strictObject({
  id: idSchema,
  reason: remarkSchema.optional(),
});

export const receivePurchaseRequestSchema = z.strictObject({
  id: idSchema,
  /** The store the goods go into. */
  store_id: idSchema,
  lines: z
    .array(z.strictObject({ line_id: idSchema, qty: qtySchema }))
    .min(1)
    .max(MAX_PURCHASE_LINES),
});
export type ReceivePurchaseRequest = z.input<typeof receivePurchaseRequestSchema>;

export const purchaseDeskListRequestSchema = pagingSchema.extend({
  state: purchaseStateSchema.optional(),
  supplier_id: idSchema.optional(),
  /** Purchase no, prefix, case-insensitive. */
  no: z.string().trim().max(40).optional(),
  dateFrom: timestampSchema.optional(),
  dateTo: timestampSchema.optional(),
});
export type PurchaseDeskListRequest = z.input<typeof purchaseDeskListRequestSchema>;

export const deskPurchaseRowSchema = z.object({
  id: idSchema,
  no: z.string(),
  supplier_id: idSchema,
  supplier_name: z.string(),
  bill_date: timestampSchema,
  require_date: timestampSchema.nullable(),
  state: purchaseStateSchema,
  currency: z.string(),
  amount: moneySchema,
  /** Purchaser (spec sales_man_name): the staff member who wrote it. */
  sales_man_name: z.string(),
  total_qty: z.number().int(),
  received_qty: z.number().int(),
});
export type DeskPurchaseRow = z.infer<typeof deskPurchaseRowSchema>;

export const purchaseDeskListSchema = z.object({
  list: z.array(deskPurchaseRowSchema),
  total: z.number().int().nonnegative(),
  /** Purchases per state (over the supplier filter only); absent states are 0. */
  counts: z.record(z.string(), z.number().int().nonnegative()),
});
export type PurchaseDeskList = z.infer<typeof purchaseDeskListSchema>;

export const deskPurchaseLineSchema = z.object({
  id: idSchema,
  seq: z.number().int(),
  cpid: idSchema,
  number: z.string(),
  factory: z.string(),
  part_name: z.string(),
  unit: z.string(),
  qty: z.number().int(),
  received_qty: z.number().int(),
  /** Ordered and not yet received: what may still be received. */
  open_qty: z.number().int(),
  price: moneySchema,
  last_price: moneySchema.nullable(),
  sum: moneySchema,
  store_qty: z.number().int(),
  remark: z.string(),
});
export type DeskPurchaseLine = z.infer<typeof deskPurchaseLineSchema>;

export const deskPurchaseSchema = z.object({
  header: deskPurchaseRowSchema.extend({ remark: z.string() }),
  lines: z.array(deskPurchaseLineSchema),
  /** What this purchase's state allows (PURCHASE_ACTION_STATES). */
  actions: z.array(z.enum(PURCHASE_ACTIONS)),
});
export type DeskPurchase = z.infer<typeof deskPurchaseSchema>;

export const purchaseActionResultSchema = z.object({
  id: idSchema,
  no: z.string(),
  state: purchaseStateSchema,
});
export type PurchaseActionResult = z.infer<typeof purchaseActionResultSchema>;

export const purchaseOptionsSchema = z.object({
  suppliers: z.array(z.object({ id: idSchema, name: z.string(), currency: z.string() })),
  stores: z.array(z.object({ id: idSchema, name: z.string() })),
});
export type PurchaseOptions = z.infer<typeof purchaseOptionsSchema>;

export const purchasePartLookupRequestSchema = z.strictObject({
  keyword: z.string().trim().min(1).max(60),
});
export const purchasePartSchema = z.object({
  cpid: idSchema,
  number: z.string(),
  factory: z.string(),
  part_name: z.string(),
  unit: z.string(),
  /** Price of our last purchase of the part (any supplier); null when never bought. */
  last_price: moneySchema.nullable(),
  /** On hand in all stores. */
  stock: z.number().int(),
});
export const purchasePartLookupSchema = z.array(purchasePartSchema);
export type PurchasePart = z.infer<typeof purchasePartSchema>;

const endpoint = <B extends z.ZodType, D extends z.ZodType>(
  path: string,
  summary: string,
  body: B,
  data: D,
) =>
  defineEndpoint({
    method: 'POST',
    path: `/Admin/Purchases/${path}`,
    summary,
    permission: PURCHASES_STAFF,
    body,
    data,
  });

export const purchasesDeskEndpoints = {
  list: endpoint(
    'List',
    'Purchase orders to suppliers, newest first: filters by state, supplier, no and date; counts per state.',
    purchaseDeskListRequestSchema,
    purchaseDeskListSchema,
  ),
  detail: endpoint(
    'Detail',
    'One purchase for staff: lines with ordered, received and open quantities, and the allowed actions.',
    purchaseIdRequestSchema,
    deskPurchaseSchema,
  ),
  options: endpoint(
    'Options',
    'Supplier companies and active stores for the purchase forms, named in the reader’s language.',
    z.strictObject({}).nullish(),
    purchaseOptionsSchema,
  ),
  findParts: endpoint(
    'FindParts',
    'Parts to buy: by number or name, with our last purchase price and the stock on hand.',
    purchasePartLookupRequestSchema,
    purchasePartLookupSchema,
  ),
  create: endpoint(
    'Create',
    'A draft purchase order to a supplier company, with its lines.',
    createPurchaseRequestSchema,
    purchaseActionResultSchema,
  ),
  update: endpoint(
    'Update',
    'A draft only: its lines replaced, its wanted date and remark.',
    updatePurchaseRequestSchema,
    purchaseActionResultSchema,
  ),
  order: endpoint(
    'Order',
    'draft → ordered: sent to the supplier.',
    purchaseIdRequestSchema,
    purchaseActionResultSchema,
  ),
  receive: endpoint(
    'Receive',
    'Receive all or part of an ordered purchase into one store: stock rises by the quantities; more than ordered-and-not-received is refused whole.',
    receivePurchaseRequestSchema,
    purchaseActionResultSchema,
  ),
  cancel: endpoint(
    'Cancel',
    'A draft or an ordered purchase nothing of which was received → cancelled.',
    cancelPurchaseRequestSchema,
    purchaseActionResultSchema,
  ),
} as const;
