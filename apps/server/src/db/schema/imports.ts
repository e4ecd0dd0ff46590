import { bigint, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { at, bytea, createdAt } from './columns';

/**
 * An uploaded import file, kept in the database so that it survives a restart and every server
 * process can read it (a job may run in another process than the upload). Its bytes are in
 * `import_file_chunks`, 1 MiB each, written and read one chunk at a time.
 */
export const importFiles = pgTable('import_files', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  filename: text('filename').notNull(),
  format: text('format').notNull(),
  byteSize: bigint('byte_size', { mode: 'number' }).notNull().default(0),
  /** SHA-256 of the whole file, hex; set when the upload is complete. */
  sha256: text('sha256'),
  chunkCount: integer('chunk_count').notNull().default(0),
  createdAt: createdAt(),
});

export const importFileChunks = pgTable(
  'import_file_chunks',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => importFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

/**
 * One import of one file: its mapping, its state (uploaded → checking → checked → queued →
 * running → done | failed), the dry run's counts and the commit's checkpoint (`rows_done`,
 * `counts`), which each batch updates in the same transaction as its rows.
 */
export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    fileId: integer('file_id')
      .notNull()
      .references(() => importFiles.id),
    kind: text('kind').notNull(),
    mode: text('mode').notNull().default('upsert'),
    state: text('state').notNull().default('uploaded'),
    headers: jsonb('headers').$type<string[]>().notNull().default([]),
    /** Column index → field, as confirmed for the dry run. */
    mapping: jsonb('mapping').$type<Record<string, string>>(),
    totalRows: integer('total_rows'),
    checkCounts: jsonb('check_counts').$type<Record<string, number>>(),
    rowsDone: integer('rows_done').notNull().default(0),
    /** CSV: the byte where the record after `rows_done` starts, so a resumed commit reads on from there. */
    resumeByte: bigint('resume_byte', { mode: 'number' }).notNull().default(0),
    counts: jsonb('counts')
      .$type<Record<string, number>>()
      .notNull()
      .default({ created: 0, updated: 0, unchanged: 0, error: 0 }),
    /** Brands present in the file (full mode deactivates what is missing among them). */
    brandIds: jsonb('brand_ids').$type<number[]>().notNull().default([]),
    error: text('error'),
    createdBy: text('created_by'),
    /** Who queued the commit, as the audit entry written when the job finishes names them. */
    committedBy: jsonb('committed_by').$type<{ kind: string; id: number | null; name: string; ip: string }>(),
    createdAt: createdAt(),
    checkedAt: at('checked_at'),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [index('imports_account_idx').on(t.accountId, t.id)],
);

/** The dry run's answer per row: what it would do, and why not. Also the key for duplicates and full mode. */
export const importRowResults = pgTable(
  'import_row_results',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    result: text('result').notNull(),
    errors:
      jsonb('errors').$type<
        Array<{ field: string; message_key: string; params?: Record<string, string | number> }>
      >(),
    brand: text('brand').notNull().default(''),
    number: text('number').notNull().default(''),
    brandId: integer('brand_id'),
    numberKey: text('number_key'),
    /** What makes a row unique in its kind (products: brand + number; stock: + store; prices: + company). */
    rowKey: text('row_key'),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.rowNumber] }),
    index('import_row_results_key_idx').on(t.importId, t.brandId, t.numberKey),
    index('import_row_results_row_key_idx').on(t.importId, t.rowKey),
  ],
);

/** The last confirmed mapping per kind, header text → field, per account. */
export const importMappings = pgTable(
  'import_mappings',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    kind: text('kind').notNull(),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    updatedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind] })],
);
