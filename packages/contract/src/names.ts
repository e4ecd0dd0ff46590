import { z } from 'zod';
import { LANGUAGES } from './codes';
import { pageOf, pagingSchema } from './common';
import { defineEndpoint, type StaffPermission } from './endpoint';
import { TRACKING_URL_MAX_LENGTH } from './names-rules';

/**
 * Per-language names of data (issue 14 item 7, decision 011): the back office lists, edits,
 * exports and imports the zh/en/es names of stores, carriers, areas and the vocabulary of
 * repeated words (units, parameter names and values, vehicle words). Buyers see the name in
 * their language, else the name as written.
 */

/** Names are catalogue data: the catalogue role's (owner passes). */
export const NAMES_STAFF: StaffPermission = { staff: ['catalogue'] };

/** What can be named: three kinds of row and the four kinds of word (term_names.kind). */
export const NAME_KINDS = ['store', 'carrier', 'area', 'unit', 'param', 'param_value', 'vehicle'] as const;
export type NameKind = (typeof NAME_KINDS)[number];
export const nameKindSchema = z.enum(NAME_KINDS);
export const NAME_MAX_LENGTH = 128;

/** Line breaks, tabs and other control characters: a name is one line of text. */
// eslint-disable-next-line no-control-regex -- exactly the control characters are looked for
export const hasControlCharacters = (text: string) => /[\u0000-\u001f\u007f]/.test(text);

/**
 * One name as staff type it: trimmed, at most NAME_MAX_LENGTH, one line, empty = none. (A name
 * that starts like a formula is harmless here: the export neutralizes it, the import undoes that.)
 */
export const nameTextSchema = z
  .string()
  .trim()
  .max(NAME_MAX_LENGTH)
  .refine((text) => !hasControlCharacters(text), 'control');

export const namesSchema = z.strictObject({
  zh: nameTextSchema.default(''),
  en: nameTextSchema.default(''),
  es: nameTextSchema.default(''),
});

export const nameEntrySchema = z.object({
  /** The row's id as text (store, carrier, area) or the word as written (terms). */
  key: z.string(),
  /** As written: the name every reader falls back to (for an area its zh name). */
  written: z.string(),
  zh: z.string(),
  en: z.string(),
  es: z.string(),
  /** Where it sits, in the reader's language: an area's parent path; empty otherwise. */
  context: z.string(),
  /** Carriers only: the tracking page with `{no}` for the waybill ('' = none). */
  tracking_url: z.string().optional(),
});
export type NameEntry = z.infer<typeof nameEntrySchema>;

export const nameListRequestSchema = pagingSchema.extend({
  kind: nameKindSchema,
  /** Part of the written name or of a name in any language. */
  keyword: z.string().trim().max(64).default(''),
  /** Only entries missing a name in at least one of zh, en, es. */
  missing: z.boolean().default(false),
});

export const nameSetRequestSchema = z.strictObject({
  kind: nameKindSchema,
  /** An id (store, carrier, area) or the word as written (terms; a new word is added). */
  key: z.string().trim().min(1).max(NAME_MAX_LENGTH),
  names: namesSchema,
});

export const carrierTrackingRequestSchema = z.strictObject({
  id: z.number().int().positive(),
  tracking_url: z.string().trim().max(TRACKING_URL_MAX_LENGTH),
});

export const NAME_IMPORT_RESULTS = ['created', 'updated', 'unchanged', 'error'] as const;
export type NameImportResultKind = (typeof NAME_IMPORT_RESULTS)[number];

export const nameImportRowSchema = z.object({
  /** As a spreadsheet shows it: the header is row 1. */
  row: z.number().int(),
  key: z.string(),
  written: z.string(),
  zh: z.string(),
  en: z.string(),
  es: z.string(),
  result: z.enum(NAME_IMPORT_RESULTS),
  /** Why the row was refused, in the caller's language; empty otherwise. */
  message: z.string(),
});

export const nameImportResultSchema = z.object({
  /** False for the preview (nothing written), true when the changes were written. */
  applied: z.boolean(),
  counts: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    error: z.number().int(),
  }),
  rows: z.array(nameImportRowSchema),
});
export type NameImportResult = z.infer<typeof nameImportResultSchema>;

export const namesEndpoints = {
  list: defineEndpoint({
    method: 'POST',
    path: '/Admin/Names/List',
    summary:
      'Names of one kind with their written name and zh/en/es names; searched, filtered to those missing a language.',
    permission: NAMES_STAFF,
    body: nameListRequestSchema,
    data: pageOf(nameEntrySchema),
  }),
  set: defineEndpoint({
    method: 'POST',
    path: '/Admin/Names/Set',
    summary:
      "Replace one entry's zh/en/es names (empty = none; the written name stays); a word with no names leaves the vocabulary.",
    permission: NAMES_STAFF,
    body: nameSetRequestSchema,
    data: z.null(),
  }),
  setCarrierTracking: defineEndpoint({
    method: 'POST',
    path: '/Admin/Names/SetCarrierTracking',
    summary:
      "A carrier's tracking page, `{no}` standing for the waybill number ('' = none): buyers' waybills link to it.",
    permission: NAMES_STAFF,
    body: carrierTrackingRequestSchema,
    data: z.null(),
  }),
} as const;

/**
 * Not JSON calls. Export: GET `?kind=&lang=` (Token header) → xlsx with the columns NAME_FILE_COLUMNS.
 * Import: multipart/form-data with the fields `kind`, `apply` (`true` writes, else a preview)
 * and `file` (.xlsx or .csv with those columns, headers in any language) →
 * `{code, msg, data: NameImportResult}`.
 */
export const NAMES_EXPORT_PATH = '/Admin/Names/Export';
export const NAMES_IMPORT_PATH = '/Admin/Names/Import';
export const NAMES_KIND_FIELD = 'kind';
export const NAMES_APPLY_FIELD = 'apply';
export const NAMES_FILE_FIELD = 'file';
/** A names file is small (a few thousand rows of five short texts is ~200 KB of xlsx). */
export const MAX_NAMES_FILE_BYTES = 2 * 1024 * 1024;
/** Rows a file may hold, its header and blank rows included. */
export const MAX_NAMES_ROWS = 10_000;

export const NAME_FILE_COLUMNS = ['key', 'written', ...LANGUAGES] as const;
export type NameFileColumn = (typeof NAME_FILE_COLUMNS)[number];

/** The export's headers; the import recognises each of them in any language (and `zh`, `en`, `es`). */
export const NAME_FILE_HEADERS: Record<NameFileColumn, Record<'zh' | 'en' | 'es', string>> = {
  key: { zh: '键', en: 'Key', es: 'Clave' },
  written: { zh: '原文名称', en: 'Name as written', es: 'Nombre original' },
  zh: { zh: '中文', en: 'Chinese', es: 'Chino' },
  en: { zh: '英文', en: 'English', es: 'Inglés' },
  es: { zh: '西班牙文', en: 'Spanish', es: 'Español' },
};
