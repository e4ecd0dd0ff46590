import { z } from 'zod';
import { defineOperation } from './integration';

/**
 * Batch upserts of the integrators' API (issue 13 items 3 and 7): reference data, products,
 * deactivations, stock and prices, at most `MAX_BATCH_ROWS` rows a request (more: 413, nothing
 * processed). Each row is answered on its own — `created | updated | unchanged | error` with field
 * errors in the caller's language — so one bad row never fails the others. The row schemas check
 * only shapes (a wrong type or an unknown field refuses the whole request with 422); what a value
 * means (an unknown brand, a negative quantity, a repeated row) is that row's error.
 *
 * Every write takes an `Idempotency-Key` header: the same key with the same body answers the
 * stored result again without writing; the same key with another body is refused (422).
 */

export const MAX_BATCH_ROWS = 1_000;

const name = z.string().min(1).max(200);
const code = z.string().min(1).max(100);
/** Money as a decimal string (`"12.50"`) or a number; up to 4 decimals. */
const money = z.union([z.string().max(40), z.number()]);
const names = z.strictObject({ zh: name.optional(), en: name.optional(), es: name.optional() });

export const batchRowResultSchema = z.object({
  /** The row's index in `rows` (0-based). */
  index: z.number().int(),
  result: z.enum(['created', 'updated', 'unchanged', 'error']),
  /** Stock: the quantity stored was counted later than this row's `as_of`, so this row was ignored. */
  stale: z.boolean().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

export const batchResultSchema = z.object({
  /** Retrievable for 30 days with `GET /batches/{id}`. */
  batch_id: z.string(),
  operation: z.string(),
  counts: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    error: z.number().int(),
  }),
  /** True when this answer is the stored one of an earlier request with the same `Idempotency-Key`. */
  replayed: z.boolean(),
  results: z.array(batchRowResultSchema),
});
export type BatchResult = z.infer<typeof batchResultSchema>;

const rowsOf = <T extends z.ZodType>(row: T) => z.strictObject({ rows: z.array(row).min(1) });

export const brandRowSchema = z.strictObject({
  /** The brand's key: its name as printed on the part (`DENSO`); compared case-insensitively. */
  name: code,
  country: z.string().max(100).optional(),
});

export const partTypeRowSchema = z.strictObject({
  code,
  names: z.strictObject({ zh: name, en: name, es: name }),
});

export const storeRowSchema = z.strictObject({
  /** The store's key (its name as the ERP writes it). */
  code,
  /** Its name per language for buyers; missing languages show the code. */
  names: names.optional(),
});

const vehicleKeySchema = z.strictObject({
  make: code,
  model: code,
  /** Years of production as printed, e.g. `2012-2018`. */
  year: z.string().max(40),
  engine: z.string().max(100),
});

export const vehicleRowSchema = vehicleKeySchema.extend({
  kw: z.number().int().min(0).max(10_000).optional(),
  cc: z.number().int().min(0).max(100_000).optional(),
  fuel: z.string().max(60).optional(),
  body: z.string().max(60).optional(),
});

export const productRowSchema = z.strictObject({
  brand: code,
  number: code,
  names: names.optional(),
  /** A part type's code (or name). */
  part_type: code.optional(),
  unit: z.string().max(20).optional(),
  /** kg */
  weight: z.number().optional(),
  /** m³ */
  volume: z.number().optional(),
  /** Buyers order in multiples of this; 0 = any quantity. */
  order_multiple: z.number().int().optional(),
  list_price: money.optional(),
  is_new: z.boolean().optional(),
  params: z
    .array(z.strictObject({ name: z.string().min(1).max(100), value: z.string().max(200) }))
    .max(100)
    .optional(),
  /** Exactly these cross numbers (OE numbers of vehicle makers and other brands' numbers); omit to keep them. */
  cross_numbers: z
    .array(
      z.strictObject({
        kind: z.enum(['oe', 'brand']),
        /** The vehicle maker (`oe`; empty: `OE`) or the other brand. */
        brand: z.string().max(60),
        number: z.string().max(100),
      }),
    )
    .max(200)
    .optional(),
  /** Exactly these vehicles (upserted first as reference data); omit to keep them. */
  fitments: z.array(vehicleKeySchema).max(2000).optional(),
  /** Picture URLs, shown in this order; omit to keep them. */
  pictures: z
    .array(z.url({ protocol: /^https?$/ }).max(1000))
    .max(20)
    .optional(),
});

export const productKeyRowSchema = z.strictObject({ brand: code, number: code });

export const stockRowSchema = z.strictObject({
  brand: code,
  number: code,
  /** The store's code. */
  store: code,
  /** Absolute quantity on hand (not a change). */
  quantity: z.number().int(),
  /** When the ERP counted it (ISO 8601 with offset). An older count arriving later is ignored. */
  as_of: z.string().max(40),
});

export const priceRowSchema = z.strictObject({
  brand: code,
  number: code,
  list_price: money.optional(),
  /** A price level's name and its fixed price for this part. */
  price_level: code.optional(),
  level_price: money.optional(),
  /** A company's code and its own price for this part. */
  company: code.optional(),
  company_price: money.optional(),
  /** Checked, not converted: a company price is in the company's currency, the others in the account's. */
  currency: z.string().length(3).optional(),
});

export const companyRowSchema = z.strictObject({
  /** The ERP's customer number: letters, digits, `.-_`, up to 32; compared case-insensitively. */
  code: z.string().max(100),
  name: z.string().max(200).optional(),
  sort_name: z.string().max(100).optional(),
  /** A price level's name; null: none. */
  price_level: z.string().max(100).nullable().optional(),
  credit_limit: money.optional(),
  payment_days: z.number().int().optional(),
  /** ISO 4217; the company's prices, carts and orders are in it. */
  currency: z.string().max(3).optional(),
  enabled: z.boolean().optional(),
});

export const customerUserRowSchema = z.strictObject({
  /** The sign-in name, unique in the account. */
  user_id: z.string().max(100),
  /** The company's code. */
  company: z.string().max(100),
  name: z.string().max(100).optional(),
  /** Menu codes of spec §6 (e.g. `1001` catalogue). */
  menus: z.array(z.string().max(16)).max(32).optional(),
  tags: z.array(z.string().max(32)).max(32).optional(),
  show_address: z.boolean().optional(),
  product_detail_title_show_my_number: z.boolean().optional(),
  enabled: z.boolean().optional(),
  /** Required for a new user, who must change it at the first sign-in; ignored for an existing one. */
  initial_password: z.string().max(200).optional(),
});

// Reference rows, like products, keep a stored value for every field a row leaves out.
const batchOperation = <T extends z.ZodType>(input: {
  operationId: string;
  path: string;
  summary: string;
  tag: string;
  scope: 'catalog:write' | 'stock:write' | 'prices:write' | 'customers:write';
  row: T;
}) =>
  defineOperation({
    operationId: input.operationId,
    method: 'POST',
    path: input.path,
    summary: `${input.summary} At most ${MAX_BATCH_ROWS} rows; send an Idempotency-Key header to make retries safe.`,
    tag: input.tag,
    scopes: [input.scope],
    body: rowsOf(input.row),
    maxRows: MAX_BATCH_ROWS,
    idempotent: true,
    response: batchResultSchema,
  });

export const batchOperations = {
  upsertBrands: batchOperation({
    operationId: 'upsertBrands',
    path: '/brands/batch',
    summary: 'Brands by name (reference data products refer to).',
    tag: 'Reference data',
    scope: 'catalog:write',
    row: brandRowSchema,
  }),
  upsertPartTypes: batchOperation({
    operationId: 'upsertPartTypes',
    path: '/part-types/batch',
    summary: 'Part types by code, with names in zh, en and es.',
    tag: 'Reference data',
    scope: 'catalog:write',
    row: partTypeRowSchema,
  }),
  upsertStores: batchOperation({
    operationId: 'upsertStores',
    path: '/stores/batch',
    summary: 'Stores (warehouses) by code.',
    tag: 'Reference data',
    scope: 'stock:write',
    row: storeRowSchema,
  }),
  upsertVehicles: batchOperation({
    operationId: 'upsertVehicles',
    path: '/vehicles/batch',
    summary: 'Vehicles by make, model, year and engine — the keys fitments refer to.',
    tag: 'Reference data',
    scope: 'catalog:write',
    row: vehicleRowSchema,
  }),
  upsertProducts: batchOperation({
    operationId: 'upsertProducts',
    path: '/products/batch',
    summary:
      'Products by brand + number (compared without spaces, dashes and case). A given field is set, an omitted one ' +
      'kept; cross numbers, fitments and pictures, when given, become exactly the list. An upserted product is active.',
    tag: 'Catalogue',
    scope: 'catalog:write',
    row: productRowSchema,
  }),
  deactivateProducts: batchOperation({
    operationId: 'deactivateProducts',
    path: '/products/deactivate',
    summary:
      "Deactivates products (a delta feed's deletes): buyers no longer find or order them; orders keep them. " +
      'Upserting a product again activates it.',
    tag: 'Catalogue',
    scope: 'catalog:write',
    row: productKeyRowSchema,
  }),
  upsertStock: batchOperation({
    operationId: 'upsertStock',
    path: '/stock/batch',
    summary:
      'Stock per store as absolute quantities counted at `as_of`; a row older than the stored count is ignored ' +
      '(answered `unchanged` with `stale: true`).',
    tag: 'Stock',
    scope: 'stock:write',
    row: stockRowSchema,
  }),
  upsertPrices: batchOperation({
    operationId: 'upsertPrices',
    path: '/prices/batch',
    summary: "List prices, price levels' prices and companies' own prices.",
    tag: 'Prices',
    scope: 'prices:write',
    row: priceRowSchema,
  }),
  upsertCompanies: batchOperation({
    operationId: 'upsertCompanies',
    path: '/companies/batch',
    summary:
      'Customer companies by code: name, price level, credit limit, payment days, currency, enabled. Each change is ' +
      'in the audit log with its fields.',
    tag: 'Customers',
    scope: 'customers:write',
    row: companyRowSchema,
  }),
  upsertCustomerUsers: batchOperation({
    operationId: 'upsertCustomerUsers',
    path: '/customer-users/batch',
    summary:
      "Companies' users by user_id: name, menu codes, tags, display switches, enabled. A new user needs " +
      '`initial_password` and must change it at the first sign-in.',
    tag: 'Customers',
    scope: 'customers:write',
    row: customerUserRowSchema,
  }),
  getBatch: defineOperation({
    operationId: 'getBatch',
    method: 'GET',
    path: '/batches/{id}',
    summary:
      "A batch's stored answer (every row's result), for 30 days; only the key that sent it may read it.",
    tag: 'Batches',
    scopes: [],
    response: batchResultSchema,
  }),
} as const;

/*
 * Supersessions and substitutes (issue 17 item 14, decision 023). Both sides of a row are a brand
 * and a number, compared like every part number (normalizePartNumber), so either side may name a
 * part the catalogue does not (yet) hold.
 */
const note = z.string().max(500);

export const supersessionRowSchema = z.strictObject({
  old_brand: code,
  old_number: code,
  new_brand: code,
  new_number: code,
  /** Shown to buyers beside "replaced by"; omit to keep the stored one. */
  note: note.optional(),
  /** When the replacement took effect (ISO 8601); informative. */
  since: z.string().max(40).optional(),
});

export const supersessionKeyRowSchema = z.strictObject({ old_brand: code, old_number: code });

export const substituteRowSchema = z.strictObject({
  brand: code,
  number: code,
  substitute_brand: code,
  substitute_number: code,
  /** true (default): each part stands in for the other; false: only `substitute` for `number`. */
  two_way: z.boolean().optional(),
  note: note.optional(),
});

export const substituteKeyRowSchema = z.strictObject({
  brand: code,
  number: code,
  substitute_brand: code,
  substitute_number: code,
});

export const supersessionOperations = {
  upsertSupersessions: batchOperation({
    operationId: 'upsertSupersessions',
    path: '/supersessions/batch',
    summary:
      'Supersessions by old brand + number: the old number is replaced by the new one (either may be missing ' +
      'from the catalogue). Search and cart import lead buyers from the old number to the newest one.',
    tag: 'Catalogue',
    scope: 'catalog:write',
    row: supersessionRowSchema,
  }),
  deleteSupersessions: batchOperation({
    operationId: 'deleteSupersessions',
    path: '/supersessions/delete',
    summary: 'Deletes supersessions by old brand + number (`unchanged` when there was none).',
    tag: 'Catalogue',
    scope: 'catalog:write',
    row: supersessionKeyRowSchema,
  }),
  upsertSubstitutes: batchOperation({
    operationId: 'upsertSubstitutes',
    path: '/substitutes/batch',
    summary:
      'Substitutes: parts that may stand in for a part when it is out of stock, both ways unless `two_way` is ' +
      'false. Buyers see the ones in stock beside an out-of-stock part.',
    tag: 'Catalogue',
    scope: 'catalog:write',
    row: substituteRowSchema,
  }),
  deleteSubstitutes: batchOperation({
    operationId: 'deleteSubstitutes',
    path: '/substitutes/delete',
    summary: 'Deletes substitutes by both parts (`unchanged` when there was none).',
    tag: 'Catalogue',
    scope: 'catalog:write',
    row: substituteKeyRowSchema,
  }),
} as const;
