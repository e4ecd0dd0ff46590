import { z } from 'zod';
import type { Language } from './codes';
import { defineEndpoint, type StaffPermission } from './endpoint';

/**
 * Catalogue, stock and price imports from files (issue 14 item 3); the same row shapes and row
 * results serve the integration API's batch upserts (issue 13 item 3).
 */

export const IMPORT_KINDS = ['products', 'stock', 'prices'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const importKindSchema = z.enum(IMPORT_KINDS);

/** `full`: products of the file's brands that the file does not list are deactivated (products only). */
export const IMPORT_MODES = ['upsert', 'full'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const IMPORT_STATES = [
  'uploaded',
  'checking',
  'checked',
  'queued',
  'running',
  'done',
  'failed',
] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

export const ROW_RESULTS = ['created', 'updated', 'unchanged', 'error'] as const;
export type RowResultKind = (typeof ROW_RESULTS)[number];

/** The fields of each kind, in template order; `required` must be mapped to a column. */
export const IMPORT_FIELDS = {
  products: [
    'brand',
    'number',
    'name_zh',
    'name_en',
    'name_es',
    'part_type',
    'unit',
    'weight',
    'buy_qty',
    'price',
    'is_new',
    'cross_numbers',
  ],
  stock: ['brand', 'number', 'store', 'quantity'],
  prices: ['brand', 'number', 'price', 'company', 'company_price'],
} as const satisfies Record<ImportKind, readonly string[]>;
export type ImportField = (typeof IMPORT_FIELDS)[ImportKind][number];

export const REQUIRED_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  products: ['brand', 'number', 'price'],
  stock: ['brand', 'number', 'store', 'quantity'],
  prices: ['brand', 'number'],
};

/** Column headers of the templates; the mapping step recognises each of them in any language. */
export const IMPORT_FIELD_LABELS: Record<ImportField, Record<Language, string>> = {
  brand: { zh: '品牌', en: 'Brand', es: 'Marca' },
  number: { zh: '编号', en: 'Number', es: 'Número' },
  name_zh: { zh: '中文名称', en: 'Name (Chinese)', es: 'Nombre (chino)' },
  name_en: { zh: '英文名称', en: 'Name (English)', es: 'Nombre (inglés)' },
  name_es: { zh: '西班牙文名称', en: 'Name (Spanish)', es: 'Nombre (español)' },
  part_type: { zh: '配件类型', en: 'Part type', es: 'Tipo de pieza' },
  unit: { zh: '单位', en: 'Unit', es: 'Unidad' },
  weight: { zh: '重量', en: 'Weight', es: 'Peso' },
  buy_qty: { zh: '起订倍数', en: 'Order multiple', es: 'Múltiplo de pedido' },
  price: { zh: '标价', en: 'List price', es: 'Precio de lista' },
  is_new: { zh: '新品', en: 'New', es: 'Nuevo' },
  cross_numbers: { zh: '互换号', en: 'Cross numbers', es: 'Números cruzados' },
  store: { zh: '仓库', en: 'Store', es: 'Almacén' },
  quantity: { zh: '库存', en: 'Quantity', es: 'Cantidad' },
  company: { zh: '客户公司', en: 'Company', es: 'Empresa' },
  company_price: { zh: '客户价', en: 'Company price', es: 'Precio de empresa' },
};

export const fieldErrorSchema = z.object({
  field: z.string(),
  message_key: z.string(),
  /** The message in the request's language. */
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const rowResultSchema = z.object({
  /** Row number as a spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  result: z.enum(ROW_RESULTS),
  errors: z.array(fieldErrorSchema).optional(),
});

export const countsSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  error: z.number().int(),
});
export type ImportCounts = z.infer<typeof countsSchema>;

export const importStatusSchema = z.object({
  import_id: z.number().int(),
  kind: importKindSchema,
  mode: z.enum(IMPORT_MODES),
  state: z.enum(IMPORT_STATES),
  filename: z.string(),
  format: z.enum(['csv', 'xlsx']),
  file_bytes: z.number().int(),
  file_sha256: z.string().nullable(),
  headers: z.array(z.string()),
  /** Data rows of the file (known after the dry run). */
  total_rows: z.number().int().nullable(),
  /** The dry run's answer: what a commit would do. */
  check_counts: countsSchema.nullable(),
  /** Commit progress: rows handled so far and what happened to them. */
  rows_done: z.number().int(),
  counts: countsSchema,
  error: z.string().nullable(),
  /** Who started the import (staff login), for the imports list. */
  created_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportStatus = z.infer<typeof importStatusSchema>;

/** Field per column, by column position; null = not imported. */
export const columnMappingSchema = z.array(z.string().max(40).nullable()).max(200);

export const importUploadedSchema = importStatusSchema.extend({
  /** The suggested field per column: remembered from the last import of this kind, else the template's headers. */
  mapping: columnMappingSchema,
});

export const importIdSchema = z.strictObject({ import_id: z.number().int().positive().max(2_147_483_647) });

export const dryRunRequestSchema = importIdSchema.extend({
  mapping: columnMappingSchema,
  mode: z.enum(IMPORT_MODES).default('upsert'),
});

export const suggestMappingRequestSchema = z.strictObject({
  kind: importKindSchema,
  headers: z.array(z.string().max(200)).max(200),
});

export const importRowsRequestSchema = importIdSchema.extend({
  page: z.number().int().min(1).max(1_000_000).default(1),
  rows: z.number().int().min(1).max(500).default(50),
  errors_only: z.boolean().default(false),
});

export const importRowSchema = rowResultSchema.extend({ brand: z.string(), number: z.string() });

export const importRowsSchema = z.object({ rows: z.array(importRowSchema), total: z.number().int() });

export const IMPORT_UPLOAD_PATH = '/Admin/Imports/Upload';
export const IMPORT_UPLOAD_FILE_FIELD = 'file';
export const IMPORT_UPLOAD_KIND_FIELD = 'kind';
/** GET, `?kind=products&lang=en`: the xlsx template of a kind with headers in that language. */
export const IMPORT_TEMPLATE_DOWNLOAD_PATH = '/Admin/Imports/Template';
/** GET, `/Admin/Imports/Report/{id}`: the dry run's per-row report as xlsx. */
export const IMPORT_REPORT_PATH = '/Admin/Imports/Report';

/** Imports are the catalogue role's (owner passes), like products, stock and prices by hand. */
const IMPORT_STAFF: StaffPermission = { staff: ['catalogue'] };

export const importEndpoints = {
  suggestMapping: defineEndpoint({
    method: 'POST',
    path: '/Admin/Imports/SuggestMapping',
    summary:
      'The field per column for these headers: the last mapping of this kind, else the template headers (zh/en/es).',
    permission: IMPORT_STAFF,
    body: suggestMappingRequestSchema,
    data: z.object({ mapping: columnMappingSchema }),
  }),
  dryRun: defineEndpoint({
    method: 'POST',
    path: '/Admin/Imports/DryRun',
    summary:
      'Checks the whole file against the database in a background job (writes nothing to the catalogue); poll Status.',
    permission: IMPORT_STAFF,
    body: dryRunRequestSchema,
    data: importStatusSchema,
  }),
  commit: defineEndpoint({
    method: 'POST',
    path: '/Admin/Imports/Commit',
    summary: 'Queues the checked import as a background job; poll Status for progress.',
    permission: IMPORT_STAFF,
    body: importIdSchema,
    data: importStatusSchema,
  }),
  status: defineEndpoint({
    method: 'POST',
    path: '/Admin/Imports/Status',
    summary: 'State and progress of one import.',
    permission: IMPORT_STAFF,
    body: importIdSchema,
    data: importStatusSchema,
  }),
  list: defineEndpoint({
    method: 'POST',
    path: '/Admin/Imports/List',
    summary: 'The latest 100 imports, newest first.',
    permission: IMPORT_STAFF,
    body: z.strictObject({}),
    data: z.array(importStatusSchema),
  }),
  rows: defineEndpoint({
    method: 'POST',
    path: '/Admin/Imports/Rows',
    summary: 'One page of the dry run per-row report.',
    permission: IMPORT_STAFF,
    body: importRowsRequestSchema,
    data: importRowsSchema,
  }),
} as const;

/** The upload, template and report routes (not contract endpoints) take the same permission. */
export const IMPORT_PERMISSION = IMPORT_STAFF;
