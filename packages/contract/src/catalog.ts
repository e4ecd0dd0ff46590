import { z } from 'zod';
import { emptyBodySchema, idSchema, moneySchema, pageOf, pagingSchema, timestampSchema } from './common';
import { defineEndpoint, MENU_CODES } from './endpoint';
import { equivalentSchema, replacedBySchema, replacesSchema } from './supersessions';

export const PRODUCT_SORTS = ['relevance', 'number', 'price', 'stock', 'salecount'] as const;
/** Searches shorter than this match numbers exactly only (no prefix or infix), to stay fast and precise. */
export const MIN_PREFIX_LENGTH = 3;
export const MAX_KEYWORD_LENGTH = 200;

const vehicleFilterSchema = z.strictObject({
  make: z.string().trim().max(100).optional(),
  model: z.string().trim().max(100).optional(),
  year: z.number().int().min(1900).max(2100).optional(),
  /** A vehicle (m3) id picked at the engine level. */
  vehicleId: idSchema.optional(),
});

export const productListRequestSchema = pagingSchema.extend({
  /** Any number (ours, OE, brand, the customer's own) in any spelling, or words of a part name. */
  keyword: z.string().max(MAX_KEYWORD_LENGTH).default(''),
  brandIds: z.array(idSchema).max(100).optional(),
  partTypeIds: z.array(idSchema).max(100).optional(),
  vehicle: vehicleFilterSchema.optional(),
  isNew: z.boolean().optional(),
  inStock: z.boolean().optional(),
  sort: z.enum(PRODUCT_SORTS).default('relevance'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ProductListRequest = z.input<typeof productListRequestSchema>;

export const storeStockSchema = z.object({
  store_id: z.number().int(),
  store_name: z.string(),
  stock: z.number().int(),
  available_stock: z.number().int(),
});
export type StoreStock = z.infer<typeof storeStockSchema>;

export const crossNumberSchema = z.object({
  /** 'oe' = vehicle maker number, 'brand' = another aftermarket brand's number. */
  kind: z.enum(['oe', 'brand']),
  brand: z.string(),
  number: z.string(),
});

/** How a search hit matched, so the list can say "via OE 04465-33450". */
export const MATCH_KINDS = [
  'number',
  'oe',
  'my_number',
  'brand_number',
  'prefix',
  'infix',
  'name',
  'similar',
  'none',
] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

export const productRowSchema = z.object({
  id: z.number().int(),
  part_name: z.string(),
  number: z.string(),
  /** Brand of the number (spec factory). */
  factory: z.string(),
  brand_id: z.number().int(),
  part_type: z.string(),
  /** The signed-in company's own number for the part, '' when none. */
  my_number: z.string(),
  /** Cross-reference numbers (spec contrastNumber), OE first. */
  contrastNumber: z.array(crossNumberSchema),
  make_names: z.string(),
  model_displays: z.string(),
  unit: z.string(),
  weight: moneySchema.nullable(),
  volumn: moneySchema.nullable(),
  stock: z.number().int(),
  available_stock: z.number().int(),
  stores: z.array(storeStockSchema),
  /** This company's price (price level or company price). */
  price: moneySchema,
  currency: z.string(),
  /** This company's last purchase of the part. */
  last_price: moneySchema.nullable(),
  last_qty: z.number().int().nullable(),
  /** Order multiple; 0 = any quantity. */
  buy_qty: z.number().int(),
  /** Monthly order quantity. */
  salecount: z.number().int(),
  is_new: z.boolean(),
  market_time: timestampSchema.nullable(),
  /** Relative URL of the thumbnail; the client appends `?token=`. */
  pic: z.string(),
  match: z.object({ kind: z.enum(MATCH_KINDS), value: z.string() }),
});
export type ProductRow = z.infer<typeof productRowSchema>;

/**
 * Search answer. Broad searches (a short prefix, a vehicle alone) rank a capped set of candidates
 * for speed: `total` then counts those, every page within it has rows, and
 * `total_is_lower_bound` is true because more parts may match ("200+"; narrow the search).
 */
/**
 * A catalogue row with what decision 023 adds: the number that replaced it, and — only for a row
 * out of stock — its equivalents in stock with this company's price (computed for the page's rows).
 */
export const catalogRowSchema = productRowSchema.extend({
  replaced_by: replacedBySchema.nullable(),
  /** Set on a row found because the searched number was replaced by it. */
  replaces: replacesSchema.nullable(),
  equivalents: z.array(equivalentSchema),
});
export type CatalogRow = z.infer<typeof catalogRowSchema>;

export const productListSchema = pageOf(catalogRowSchema).extend({
  total_is_lower_bound: z.boolean().optional(),
  /**
   * The searched number was replaced: its newest successors in the catalogue (page 1 only, not
   * counted in `total`), each with `replaces` set. The client shows them first. Absent when none.
   */
  replacements: z.array(catalogRowSchema).optional(),
});
export type ProductList = z.infer<typeof productListSchema>;

export const vehicleTreeRequestSchema = z.strictObject({
  make: z.string().trim().max(100).optional(),
  model: z.string().trim().max(100).optional(),
  year: z.number().int().min(1900).max(2100).optional(),
});
/** One level of the make → model → year → engine cascade; engines carry the vehicle id. */
export const vehicleOptionSchema = z.object({
  value: z.union([z.string(), z.number()]),
  label: z.string(),
  vehicleId: z.number().int().optional(),
  isLeaf: z.boolean(),
});

export const catalogFiltersSchema = z.object({
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
  partTypes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  stores: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const applicableModelSchema = z.object({ name: z.string(), engine: z.string(), year: z.string() });
export const vehicleClassificationSchema = z.object({
  m1_name: z.string(),
  m2_name: z.string(),
  m3_name: z.string(),
  m3_kw: z.number().int().nullable(),
  m3_cc: z.number().int().nullable(),
  m3_engine: z.string(),
  pl_transmission: z.string(),
  pl_fuel: z.string(),
  pl_body: z.string(),
  pl_front_brake: z.string(),
  pl_rear_brake: z.string(),
  pl_parking_brake: z.string(),
  pl_drive: z.string(),
  m3_year: z.string(),
});
export type VehicleClassification = z.infer<typeof vehicleClassificationSchema>;
/** The classification's fields in the answer's order: the server selects exactly these columns. */
export const VEHICLE_CLASSIFICATION_FIELDS = vehicleClassificationSchema.keyof().options;

export const productDetailSchema = productRowSchema.extend({
  replaced_by: replacedBySchema.nullable(),
  /** Out of stock: its equivalents in stock (decision 023); else empty. */
  equivalents: z.array(equivalentSchema),
  remark: z.string(),
  pro_params: z.array(z.object({ name: z.string(), value: z.string() })),
  extend_param: z.string(),
  note_model: z.string(),
  yp_model: z.string(),
  yp_aaia_model: z.string(),
  /** Relative URLs of the big pictures; the client appends `?token=`. */
  images: z.array(z.string()),
  files: z.array(z.object({ name: z.string(), path: z.string() })),
  applicable_models: z.array(applicableModelSchema),
  vehicles: z.array(vehicleClassificationSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const stockProductListRequestSchema = pagingSchema.extend({
  keyword: z.string().max(MAX_KEYWORD_LENGTH).default(''),
  storeId: idSchema.optional(),
  brandId: idSchema.optional(),
  inStock: z.boolean().optional(),
});

export const stockProductRowSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  part_name: z.string(),
  factory: z.string(),
  unit: z.string(),
  price: moneySchema,
  currency: z.string(),
  buy_qty: z.number().int(),
  stock: z.number().int(),
  available_stock: z.number().int(),
  stores: z.array(storeStockSchema),
});

export const idParamsSchema = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const catalogEndpoints = {
  getProductList: defineEndpoint({
    method: 'POST',
    path: '/Web/GetProductList',
    summary: 'Part search by any number or name, with filters, sorting and paging.',
    permission: [MENU_CODES.catalog],
    body: productListRequestSchema,
    data: productListSchema,
  }),
  getCatalogFilters: defineEndpoint({
    method: 'POST',
    path: '/Web/GetCatalogFilters',
    summary: 'Brands, part types and stores for the catalogue filters.',
    permission: [MENU_CODES.catalog, MENU_CODES.stockCatalog, MENU_CODES.freight],
    body: emptyBodySchema,
    data: catalogFiltersSchema,
  }),
  getVehicleTree: defineEndpoint({
    method: 'POST',
    path: '/Web/GetVehicleTree',
    summary: 'The next level of make → model → year → engine.',
    permission: [MENU_CODES.catalog],
    body: vehicleTreeRequestSchema.nullish(),
    data: z.array(vehicleOptionSchema),
  }),
  getProductDetail: defineEndpoint({
    method: 'POST',
    path: '/Web/GetProductDetail/{id}',
    summary: 'One product with params, fitments, cross numbers, stock per store and price.',
    permission: [MENU_CODES.catalog, MENU_CODES.stockCatalog],
    params: idParamsSchema,
    body: emptyBodySchema,
    data: productDetailSchema,
  }),
  getStockProductList: defineEndpoint({
    method: 'POST',
    path: '/Web/GetStockProductList',
    summary: 'Inventory list: products with stock per store.',
    permission: [MENU_CODES.stockCatalog],
    body: stockProductListRequestSchema,
    data: pageOf(stockProductRowSchema),
  }),
} as const;
