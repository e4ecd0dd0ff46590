import { z } from 'zod';
import { MATCH_KINDS, MAX_KEYWORD_LENGTH, storeStockSchema } from './catalog';
import { emptyBodySchema, idSchema, moneySchema, pageOf, pagingSchema } from './common';
import { productLinksSchema } from './supersessions';
import { defineEndpoint, type StaffPermission } from './endpoint';

/**
 * Products, stock and prices by hand (issue 14 item 4): the back office's view of the catalogue.
 * Staff search with the buyers' engine but see list prices, every store's stock and inactive
 * parts; every write is one transaction with its audit entry.
 */

/** Catalogue staff (owner passes every staff call). */
export const CATALOGUE: StaffPermission = { staff: ['catalogue'] };

/** Largest picture accepted (JPEG, PNG or WebP, told by its first bytes, not by its name). */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
/** Largest attachment (PDF). */
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;
export const MAX_PICTURES = 12;
export const MAX_ATTACHMENTS = 12;
/** The multipart field that carries an upload. */
export const UPLOAD_FIELD = 'file';
export const UPLOAD_PICTURE_PATH = '/Admin/Inventory/UploadPicture/{id}';
export const UPLOAD_ATTACHMENT_PATH = '/Admin/Inventory/UploadAttachment/{id}';
/** GET with the Token header (staff tokens never travel in a URL); the page shows it as a blob. */
export const STAFF_PICTURE_PATH = '/Admin/Inventory/Picture/{id}/{index}';
/** GET `?path=` (a path the product's `files` lists) with the Token header; saved from a blob. */
export const STAFF_ATTACHMENT_PATH = '/Admin/Inventory/Attachment/{id}';

const text = (max: number) => z.string().trim().max(max);
const requiredText = (max: number) => z.string().trim().min(1).max(max);
/** A price or factor: a non-negative decimal string. */
const amountSchema = moneySchema.refine((value) => !value.startsWith('-'), 'negative');

export const inventorySearchRequestSchema = pagingSchema.extend({
  /** Any number (ours, OE, another brand's) in any spelling, or words of a part name. */
  keyword: z.string().max(MAX_KEYWORD_LENGTH).default(''),
  brandIds: z.array(idSchema).max(100).optional(),
  partTypeIds: z.array(idSchema).max(100).optional(),
  /** Inactive parts are part of the staff's catalogue; `active` / `inactive` narrow to one kind. */
  status: z.enum(['all', 'active', 'inactive']).default('all'),
});

export const inventoryRowSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  brand: z.string(),
  brand_id: z.number().int(),
  /** In the reader's language. */
  part_name: z.string(),
  part_type: z.string(),
  unit: z.string(),
  /** List price (before any price level or company price). */
  price: z.string(),
  stock: z.number().int(),
  available_stock: z.number().int(),
  /** Every store, also those without a stock row (0). */
  stores: z.array(storeStockSchema),
  is_active: z.boolean(),
  is_new: z.boolean(),
  match: z.object({ kind: z.enum(MATCH_KINDS), value: z.string() }),
});
export type InventoryRow = z.infer<typeof inventoryRowSchema>;

export const inventoryListSchema = pageOf(inventoryRowSchema).extend({
  total_is_lower_bound: z.boolean(),
});

export const productIdRequestSchema = z.strictObject({ id: idSchema });

export const productParamSchema = z.strictObject({ name: requiredText(100), value: text(500) });

export const staffCrossNumberSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['oe', 'brand']),
  brand_name: z.string(),
  number: z.string(),
});

export const staffFileSchema = z.object({ name: z.string(), path: z.string() });

export const inventoryProductSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  brand_id: z.number().int(),
  brand: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
  name_es: z.string(),
  part_type_id: z.number().int().nullable(),
  remark: z.string(),
  unit: z.string(),
  weight: z.string().nullable(),
  buy_qty: z.number().int(),
  price: z.string(),
  is_new: z.boolean(),
  is_active: z.boolean(),
  pro_params: z.array(z.object({ name: z.string(), value: z.string() })),
  numbers: z.array(staffCrossNumberSchema),
  fitments: z.number().int(),
  /** How many pictures; each is read from STAFF_PICTURE_PATH with its 1-based index. */
  pictures: z.number().int(),
  files: z.array(staffFileSchema),
  /** Its supersessions and substitutes (decision 023), read-only here: the ERP loads them. */
  links: productLinksSchema,
});
export type InventoryProduct = z.infer<typeof inventoryProductSchema>;

export const inventoryOptionsSchema = z.object({
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
  part_types: z.array(z.object({ id: z.number().int(), name: z.string() })),
  stores: z.array(z.object({ id: z.number().int(), name: z.string(), is_active: z.boolean() })),
  price_levels: z.array(z.object({ id: z.number().int(), name: z.string(), factor: z.string() })),
});

/** Only the fields sent change. */
export const updateProductRequestSchema = z.strictObject({
  id: idSchema,
  number: requiredText(64).optional(),
  brand_id: idSchema.optional(),
  name_zh: requiredText(200).optional(),
  name_en: requiredText(200).optional(),
  name_es: requiredText(200).optional(),
  part_type_id: idSchema.nullable().optional(),
  remark: text(2000).optional(),
  unit: requiredText(16).optional(),
  weight: amountSchema.nullable().optional(),
  buy_qty: z.number().int().min(0).max(1_000_000).optional(),
  price: amountSchema.optional(),
  is_new: z.boolean().optional(),
  pro_params: z.array(productParamSchema).max(50).optional(),
});

export const setProductActiveRequestSchema = z.strictObject({ id: idSchema, active: z.boolean() });

export const addCrossNumberRequestSchema = z.strictObject({
  product_id: idSchema,
  kind: z.enum(['oe', 'brand']),
  brand_name: requiredText(64),
  number: requiredText(64),
});

export const removeCrossNumberRequestSchema = z.strictObject({ product_id: idSchema, number_id: idSchema });

export const removePictureRequestSchema = z.strictObject({
  product_id: idSchema,
  /** 1-based, as in STAFF_PICTURE_PATH. */
  index: z.number().int().min(1).max(MAX_PICTURES),
});
export const removeAttachmentRequestSchema = z.strictObject({ product_id: idSchema, path: text(300) });

export const productStockSchema = z.object({
  store_id: z.number().int(),
  store_name: z.string(),
  store_active: z.boolean(),
  stock: z.number().int(),
  available_stock: z.number().int(),
  /** Held by unshipped orders: stock − available. */
  reserved: z.number().int(),
});

export const setStockRequestSchema = z.strictObject({
  product_id: idSchema,
  store_id: idSchema,
  /** On hand; never below what unshipped orders hold. */
  stock: z.number().int().min(0).max(100_000_000),
});

export const priceLevelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  factor: z.string(),
  companies: z.number().int(),
});

export const factorSchema = amountSchema.refine(
  (value) => Number(value) > 0 && Number(value) <= 100,
  'factor',
);

export const createPriceLevelRequestSchema = z.strictObject({ name: requiredText(64), factor: factorSchema });
export const updatePriceLevelRequestSchema = z.strictObject({
  id: idSchema,
  name: requiredText(64).optional(),
  factor: factorSchema.optional(),
});

export const companyPriceListRequestSchema = pagingSchema.extend({
  product_id: idSchema.optional(),
  company_id: idSchema.optional(),
});

export const companyPriceSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  number: z.string(),
  brand: z.string(),
  part_name: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  /** The company's currency: the price is charged in it. */
  currency: z.string(),
  price: z.string(),
  list_price: z.string(),
});

export const setCompanyPriceRequestSchema = z.strictObject({
  product_id: idSchema,
  company_id: idSchema,
  price: amountSchema,
});
export const companyPriceIdRequestSchema = z.strictObject({ id: idSchema });

export const findCompaniesRequestSchema = z.strictObject({ keyword: text(64).default('') });
export const companyOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  currency: z.string(),
  price_level: z.string(),
});

export const inventoryEndpoints = {
  search: defineEndpoint({
    method: 'POST',
    path: '/Admin/Inventory/SearchProducts',
    summary:
      "Products by number or name with the buyers' search engine; list price, every store's stock, inactive parts flagged.",
    permission: CATALOGUE,
    body: inventorySearchRequestSchema,
    data: inventoryListSchema,
  }),
  options: defineEndpoint({
    method: 'POST',
    path: '/Admin/Inventory/GetOptions',
    summary: 'Brands, part types, stores and price levels for the product forms.',
    permission: CATALOGUE,
    body: emptyBodySchema,
    data: inventoryOptionsSchema,
  }),
  product: defineEndpoint({
    method: 'POST',
    path: '/Admin/Inventory/GetProduct',
    summary: 'One product with every field the back office edits.',
    permission: CATALOGUE,
    body: productIdRequestSchema,
    data: inventoryProductSchema,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/Admin/Inventory/UpdateProduct',
    summary: 'Change the fields sent (number, brand, names, unit, price …); audited before/after.',
    permission: CATALOGUE,
    body: updateProductRequestSchema,
    data: z.null(),
  }),
  setActive: defineEndpoint({
    method: 'POST',
    path: '/Admin/Inventory/SetProductActive',
    summary: "Deactivate (gone from the buyers' catalogue) or reactivate a product.",
    permission: CATALOGUE,
    body: setProductActiveRequestSchema,
    data: z.null(),
  }),
  addNumber: defineEndpoint({
    method: 'POST',
    path: '/Admin/Inventory/AddCrossNumber',
    summary: 'Add an OE or other-brand number; the same normalized number twice is refused.',
    permission: CATALOGUE,
    body: addCrossNumberRequestSchema,
    data: z.object({ id: z.number().int() }),
  }),
  removeNumber: defineEndpoint({
    method: 'POST',
    path: '/Admin/Inventory/RemoveCrossNumber',
    summary: 'Remove a cross number of a product.',
    permission: CATALOGUE,
    body: removeCrossNumberRequestSchema,
    data: z.null(),
  }),
  removePicture: defineEndpoint({
    method: 'POST',
    path: '/Admin/Inventory/RemovePicture',
    summary: 'Remove one picture of a product.',
    permission: CATALOGUE,
    body: removePictureRequestSchema,
    data: z.null(),
  }),
  removeAttachment: defineEndpoint({
    method: 'POST',
    path: '/Admin/Inventory/RemoveAttachment',
    summary: 'Remove one attachment of a product.',
    permission: CATALOGUE,
    body: removeAttachmentRequestSchema,
    data: z.null(),
  }),
  stock: defineEndpoint({
    method: 'POST',
    path: '/Admin/Inventory/GetStock',
    summary: "A product's stock in every store (0 where it has none).",
    permission: CATALOGUE,
    body: productIdRequestSchema,
    data: z.array(productStockSchema),
  }),
  setStock: defineEndpoint({
    method: 'POST',
    path: '/Admin/Inventory/SetStock',
    summary: 'Set the on-hand quantity of a product in one store; reserved quantities stay reserved.',
    permission: CATALOGUE,
    body: setStockRequestSchema,
    data: z.null(),
  }),
  priceLevels: defineEndpoint({
    method: 'POST',
    path: '/Admin/Inventory/ListPriceLevels',
    summary: 'Price levels with their factor and how many companies use each.',
    permission: CATALOGUE,
    body: emptyBodySchema,
    data: z.array(priceLevelSchema),
  }),
  createPriceLevel: defineEndpoint({
    method: 'POST',
    path: '/Admin/Inventory/CreatePriceLevel',
    summary: 'A new price level (factor × list price).',
    permission: CATALOGUE,
    body: createPriceLevelRequestSchema,
    data: z.object({ id: z.number().int() }),
  }),
  updatePriceLevel: defineEndpoint({
    method: 'POST',
    path: '/Admin/Inventory/UpdatePriceLevel',
    summary: 'Rename a price level or change its factor; every company on it sees the new price at once.',
    permission: CATALOGUE,
    body: updatePriceLevelRequestSchema,
    data: z.null(),
  }),
  companyPrices: defineEndpoint({
    method: 'POST',
    path: '/Admin/Inventory/ListCompanyPrices',
    summary: "Company-specific prices, of one product or one company, in the company's currency.",
    permission: CATALOGUE,
    body: companyPriceListRequestSchema,
    data: pageOf(companyPriceSchema),
  }),
  setCompanyPrice: defineEndpoint({
    method: 'POST',
    path: '/Admin/Inventory/SetCompanyPrice',
    summary: "Set one company's fixed price for a product (replaces the one it had).",
    permission: CATALOGUE,
    body: setCompanyPriceRequestSchema,
    data: z.object({ id: z.number().int() }),
  }),
  removeCompanyPrice: defineEndpoint({
    method: 'POST',
    path: '/Admin/Inventory/RemoveCompanyPrice',
    summary: "Remove a company price; the company's price level applies again.",
    permission: CATALOGUE,
    body: companyPriceIdRequestSchema,
    data: z.null(),
  }),
  findCompanies: defineEndpoint({
    method: 'POST',
    path: '/Admin/Inventory/FindCompanies',
    summary: 'Customer companies by name, for the company-price picker.',
    permission: CATALOGUE,
    body: findCompaniesRequestSchema,
    data: z.array(companyOptionSchema),
  }),
} as const;
