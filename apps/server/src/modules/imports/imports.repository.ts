import type { ImportCounts, ImportKind, ImportMode, ImportState } from '@partsportal/contract/imports';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { ANALYZED_TABLES, type AnalyzedTable } from './table-statistics';
import {
  importFileChunks,
  importFiles,
  importMappings,
  importRowResults,
  imports,
} from '../../db/schema/imports';

/** Reference data an import resolves names against, each by its lower-cased name. */
export interface ReferenceRows {
  brands: Array<{ id: number; name: string }>;
  partTypes: Array<{ id: number; code: string; name_zh: string; name_en: string; name_es: string }>;
  stores: Array<{ id: number; name: string }>;
  companies: Array<{ id: number; name: string; sort_name: string; code: string | null; currency: string }>;
  priceLevels: Array<{ id: number; name: string }>;
  vehicles: Array<{ id: number; make: string; model: string; year: string; engine: string }>;
  currency: string;
}

/**
 * A product row ready for SQL. null = not given (column not mapped, or the cell empty): an
 * update leaves that column as it is, an insert takes the default (names: the first given name).
 */
export interface ProductWrite {
  brand_id: number;
  number: string;
  number_key: string;
  part_type_id: number | null;
  name_zh: string | null;
  name_en: string | null;
  name_es: string | null;
  unit: string | null;
  weight: string | null;
  buy_qty: number | null;
  price: string | null;
  is_new: boolean | null;
  volumn: string | null;
  pro_params: Array<{ name: string; value: string }> | null;
  images: string[] | null;
  numbers: Array<{ kind: string; brand_name: string; number: string; number_key: string }> | null;
  /** Vehicle ids: the product's fitments become exactly these. */
  fitments: number[] | null;
  /** The import core's hash of this row (decision 028), stored with the product it is applied to. */
  content_hash: string;
}

/** A stock row: absolute quantity, counted at `as_of` (ISO; null: now, e.g. a file import). */
export interface StockWrite {
  product_id: number;
  store_id: number;
  quantity: number;
  as_of: string | null;
}

export type ReferenceKind = 'brands' | 'part_types' | 'stores' | 'vehicles';

/**
 * Reference tables an integrator upserts by key: the key as SQL over the table's row `t` (and,
 * for inserted rows, over the bare columns), the value columns with their input types.
 */
const REFERENCE_TABLES: Record<
  ReferenceKind,
  {
    name: string;
    key: string;
    insertedKey: string;
    /** Column, input type, and the value an insert takes when the row leaves it out. */
    columns: Array<[string, string, string?]>;
  }
> = {
  brands: {
    name: 'brands',
    key: 'lower(t.name)',
    insertedKey: 'lower(name)',
    columns: [
      ['name', 'text'],
      ['country', 'text'],
    ],
  },
  part_types: {
    name: 'part_types',
    key: 'lower(t.code)',
    insertedKey: 'lower(code)',
    columns: [
      ['code', 'text'],
      ['name_zh', 'text'],
      ['name_en', 'text'],
      ['name_es', 'text'],
    ],
  },
  stores: {
    name: 'stores',
    key: 'lower(t.name)',
    insertedKey: 'lower(name)',
    columns: [
      ['name', 'text'],
      ['names', 'jsonb', "'{}'::jsonb"],
    ],
  },
  vehicles: {
    name: 'vehicles',
    key: 'lower(t.m1_name || chr(31) || t.m2_name || chr(31) || t.m3_year || chr(31) || t.m3_engine)',
    insertedKey: 'lower(m1_name || chr(31) || m2_name || chr(31) || m3_year || chr(31) || m3_engine)',
    columns: [
      ['m1_name', 'text'],
      ['m2_name', 'text'],
      ['m3_name', 'text'],
      ['m3_year', 'text'],
      ['m3_engine', 'text'],
      ['m3_kw', 'int'],
      ['m3_cc', 'int'],
      ['pl_fuel', 'text', "''"],
      ['pl_body', 'text', "''"],
      ['year_from', 'int'],
      ['year_to', 'int'],
    ],
  },
};

/** The updatable columns (fixed names, never from input). */
const PRODUCT_COLUMNS = [
  'part_type_id',
  'name_zh',
  'name_en',
  'name_es',
  'unit',
  'weight',
  'buy_qty',
  'price',
  'is_new',
  'volumn',
  'pro_params',
  'images',
] as const;

const PRODUCT_INPUT_COLUMNS = `brand_id int, number text, number_key text, part_type_id int, name_zh text,
  name_en text, name_es text, unit text, weight numeric, buy_qty int, price numeric, is_new boolean,
  volumn numeric, pro_params jsonb, images jsonb, content_hash text`;
const PRODUCT_INPUT = sql.raw(`x(${PRODUCT_INPUT_COLUMNS})`);

export interface RowResultWrite {
  row_number: number;
  result: string;
  errors: Array<{ field: string; message_key: string; params?: Record<string, string | number> }> | null;
  brand: string;
  number: string;
  brand_id: number | null;
  number_key: string | null;
  row_key: string | null;
}

export type ImportRecord = typeof imports.$inferSelect & {
  filename: string;
  format: string;
  byteSize: number;
  sha256: string | null;
};

/**
 * The product of input row `alias` (brand_id, number_key), looked up row by row through the
 * unique index. A plain join let the planner, with statistics older than a bulk load (every row
 * of the account matches `account_id = …`, the default estimate says 0.5 %), hash the whole
 * account's products in every batch: 50–100 ms a batch at 100,000 products, growing with the
 * catalogue; `lateral … offset 0` keeps it an index lookup per row (15 ms).
 */
const productOfRow = (accountId: number, alias: string) =>
  sql`lateral (select id from products where account_id = ${accountId}
    and number_key = ${sql.raw(alias)}.number_key and brand_id = ${sql.raw(alias)}.brand_id offset 0)`;

// Number keys are letters and digits only, so a colon cannot be part of one.
const keyOf = (brandId: number, numberKey: string) => `${brandId}:${numberKey}`;

export function createImportsRepository(db: Db) {
  const importColumns = {
    id: imports.id,
    accountId: imports.accountId,
    fileId: imports.fileId,
    kind: imports.kind,
    mode: imports.mode,
    state: imports.state,
    headers: imports.headers,
    mapping: imports.mapping,
    totalRows: imports.totalRows,
    checkCounts: imports.checkCounts,
    rowsDone: imports.rowsDone,
    counts: imports.counts,
    brandIds: imports.brandIds,
    error: imports.error,
    createdBy: imports.createdBy,
    resumeByte: imports.resumeByte,
    committedBy: imports.committedBy,
    createdAt: imports.createdAt,
    checkedAt: imports.checkedAt,
    startedAt: imports.startedAt,
    finishedAt: imports.finishedAt,
    filename: importFiles.filename,
    format: importFiles.format,
    byteSize: importFiles.byteSize,
    sha256: importFiles.sha256,
  };

  /**
   * Per (product, store): missing, stale (the stored quantity was counted later than the row's
   * `as_of`) or differing. The dry run's answer, and the first half of `upsertStock`.
   */
  const compareStock = async (rows: readonly StockWrite[]) => {
    const created = new Set<string>();
    const updated = new Set<string>();
    const stale = new Set<string>();
    if (rows.length === 0) return { created, updated, stale };
    const answer = await queryRows<{
      product_id: number;
      store_id: number;
      missing: boolean;
      stale: boolean;
      differs: boolean;
    }>(
      db,
      sql`select x.product_id, x.store_id, s.product_id is null as missing,
          coalesce(s.as_of > x.as_of, false) as stale, s.stock is distinct from x.quantity as differs
        from json_to_recordset(${JSON.stringify(rows)}::json) as x(product_id int, store_id int, quantity int, as_of timestamptz)
        left join stock s on s.product_id = x.product_id and s.store_id = x.store_id`,
    );
    for (const row of answer) {
      const pair = `${row.product_id}:${row.store_id}`;
      if (row.missing) created.add(pair);
      else if (row.stale) stale.add(pair);
      else if (row.differs) updated.add(pair);
    }
    return { created, updated, stale };
  };

  return {
    /** Estimated rows per table (pg_class.reltuples: < 0 for a table never analyzed). */
    async estimatedRows(tables: readonly AnalyzedTable[]) {
      const rows = await queryRows<{ relname: string; reltuples: number }>(
        db,
        sql`select relname, reltuples::float8 as reltuples from pg_class
          where oid in (select to_regclass(t) from unnest(${`{${tables.join(',')}}`}::text[]) t)`,
      );
      return new Map(rows.map((row) => [row.relname, Number(row.reltuples)]));
    },

    /** Fresh planner statistics of one table the catalogue writes (table-statistics.ts). */
    async analyze(table: AnalyzedTable) {
      if (!ANALYZED_TABLES.includes(table)) throw new Error(`not an analyzed table: ${table}`);
      await db.execute(sql.raw(`analyze ${table}`));
    },

    // ---- the file store ----
    async createFile(accountId: number, filename: string, format: string): Promise<number> {
      const [row] = await db
        .insert(importFiles)
        .values({ accountId, filename, format })
        .returning({ id: importFiles.id });
      return row!.id;
    },
    async appendChunk(fileId: number, seq: number, data: Buffer): Promise<void> {
      await db.insert(importFileChunks).values({ fileId, seq, data });
    },
    async finishFile(fileId: number, byteSize: number, sha256: string, chunkCount: number): Promise<void> {
      await db.update(importFiles).set({ byteSize, sha256, chunkCount }).where(eq(importFiles.id, fileId));
    },
    /**
     * Housekeeping: the per-row results and the file bytes of imports whose last step is older
     * than `before` and that are not running. The import row (counts, file name and SHA-256)
     * stays, as does its audit entry; its report and rows then answer "no longer kept".
     */
    async pruneOlderThan(before: Date): Promise<{ rowResults: number; chunks: number }> {
      const stale = sql`select id, file_id from imports
        where state not in ('checking', 'queued', 'running')
          and greatest(created_at, checked_at, started_at, finished_at) < ${before.toISOString()}`;
      const rows = await queryRows<{ n: number }>(
        db,
        sql`with gone as (delete from import_row_results where import_id in (select id from (${stale}) s) returning 1)
            select count(*)::int as n from gone`,
      );
      const chunks = await queryRows<{ n: number }>(
        db,
        sql`with gone as (
              delete from import_file_chunks where file_id in (select file_id from (${stale}) s)
                and file_id not in (select file_id from imports
                                    where greatest(created_at, checked_at, started_at, finished_at) >= ${before.toISOString()}
                                       or state in ('checking', 'queued', 'running'))
              returning 1)
            select count(*)::int as n from gone`,
      );
      return { rowResults: rows[0]?.n ?? 0, chunks: chunks[0]?.n ?? 0 };
    },
    async deleteFile(fileId: number): Promise<void> {
      await db.delete(importFiles).where(eq(importFiles.id, fileId));
    },
    async chunkSizes(fileId: number): Promise<number[]> {
      const rows = await db
        .select({ size: sql<number>`length(${importFileChunks.data})` })
        .from(importFileChunks)
        .where(eq(importFileChunks.fileId, fileId))
        .orderBy(importFileChunks.seq);
      return rows.map((row) => Number(row.size));
    },
    async chunk(fileId: number, seq: number): Promise<Buffer | null> {
      const [row] = await db
        .select({ data: importFileChunks.data })
        .from(importFileChunks)
        .where(and(eq(importFileChunks.fileId, fileId), eq(importFileChunks.seq, seq)));
      return row?.data ?? null;
    },

    // ---- imports ----
    async createImport(input: {
      accountId: number;
      fileId: number;
      kind: ImportKind;
      headers: string[];
      createdBy: string;
    }): Promise<number> {
      const [row] = await db.insert(imports).values(input).returning({ id: imports.id });
      return row!.id;
    },
    async find(accountId: number, id: number): Promise<ImportRecord | null> {
      const [row] = await db
        .select(importColumns)
        .from(imports)
        .innerJoin(importFiles, eq(importFiles.id, imports.fileId))
        .where(and(eq(imports.accountId, accountId), eq(imports.id, id)));
      return row ?? null;
    },
    /** The account of an import, for a job that carries only the import's id. */
    async accountOfImport(id: number): Promise<number | null> {
      const [row] = await db.select({ accountId: imports.accountId }).from(imports).where(eq(imports.id, id));
      return row?.accountId ?? null;
    },
    /** The import, locked until the transaction ends (state changes are checked under it). */
    async lock(id: number): Promise<{ state: string; rowsDone: number } | null> {
      const rows = await queryRows<{ state: string; rows_done: number }>(
        db,
        sql`select state, rows_done from imports where id = ${id} for update`,
      );
      return rows[0] ? { state: rows[0].state, rowsDone: rows[0].rows_done } : null;
    },
    async list(accountId: number, limit: number): Promise<ImportRecord[]> {
      return db
        .select(importColumns)
        .from(imports)
        .innerJoin(importFiles, eq(importFiles.id, imports.fileId))
        .where(eq(imports.accountId, accountId))
        .orderBy(desc(imports.id))
        .limit(limit);
    },
    async startCheck(id: number, mapping: Record<string, string>, mode: ImportMode): Promise<void> {
      await db
        .update(imports)
        .set({ state: 'checking', mapping, mode, checkCounts: null, totalRows: null, error: null })
        .where(eq(imports.id, id));
    },
    async setState(id: number, state: ImportState, error: string | null = null): Promise<void> {
      await db
        .update(imports)
        .set({
          state,
          error,
          ...(state === 'running' ? { startedAt: sql`coalesce(${imports.startedAt}, now())` } : {}),
          ...(state === 'done' || state === 'failed' ? { finishedAt: sql`now()` } : {}),
        })
        .where(eq(imports.id, id));
    },
    async clearRowResults(id: number): Promise<void> {
      await db.delete(importRowResults).where(eq(importRowResults.importId, id));
    },
    async insertRowResults(id: number, rows: readonly RowResultWrite[]): Promise<void> {
      if (rows.length === 0) return;
      await db.execute(sql`insert into import_row_results (import_id, row_number, result, errors, brand, number, brand_id, number_key, row_key)
        select ${id}, row_number, result, errors, brand, number, brand_id, number_key, row_key
        from json_to_recordset(${JSON.stringify(rows)}::json)
          as x(row_number int, result text, errors jsonb, brand text, number text, brand_id int, number_key text, row_key text)`);
    },
    /**
     * Marks every later row with the same brand + number as a duplicate of the first (across the
     * whole file, in one statement), so no batch ever holds two rows for one product.
     */
    async markDuplicates(id: number): Promise<void> {
      await db.execute(sql`
        with ranked as (
          select row_number, min(row_number) over (partition by row_key) as first_row
          from import_row_results
          where import_id = ${id} and row_key is not null
        )
        update import_row_results r
        set result = 'error',
            errors = coalesce(r.errors, '[]'::jsonb) || jsonb_build_array(jsonb_build_object(
              'field', 'number', 'message_key', 'catalogImportDuplicateRow', 'params', jsonb_build_object('row', ranked.first_row)))
        from ranked
        where r.import_id = ${id} and r.row_number = ranked.row_number and ranked.first_row <> ranked.row_number`);
    },
    async finishCheck(id: number, totalRows: number): Promise<void> {
      await db.execute(sql`
        update imports set state = 'checked', checked_at = now(), total_rows = ${totalRows},
          check_counts = (select jsonb_build_object(
              'created', count(*) filter (where result = 'created'),
              'updated', count(*) filter (where result = 'updated'),
              'unchanged', count(*) filter (where result = 'unchanged'),
              'error', count(*) filter (where result = 'error'))
            from import_row_results where import_id = ${id}),
          brand_ids = coalesce((select jsonb_agg(distinct brand_id) from import_row_results
            where import_id = ${id} and brand_id is not null), '[]'::jsonb)
        where id = ${id}`);
    },
    /** The rows the dry run found to repeat an earlier row, with that row's number. */
    async duplicateRows(id: number, from: number, to: number): Promise<Map<number, number>> {
      const rows = await queryRows<{ row_number: number; first_row: number }>(
        db,
        sql`select row_number, (e->'params'->>'row')::int as first_row
          from import_row_results, jsonb_array_elements(errors) e
          where import_id = ${id} and row_number between ${from} and ${to}
            and e->>'message_key' = 'catalogImportDuplicateRow'`,
      );
      return new Map(rows.map((row) => [row.row_number, row.first_row]));
    },
    /** Queues the commit: from the start, or (`resume`) from the checkpoint of a commit that failed. */
    async queueCommit(
      id: number,
      committedBy: NonNullable<(typeof imports.$inferInsert)['committedBy']>,
      resume: boolean,
    ): Promise<void> {
      await db
        .update(imports)
        .set({
          state: 'queued',
          error: null,
          committedBy,
          ...(resume
            ? {}
            : { rowsDone: 0, resumeByte: 0, counts: { created: 0, updated: 0, unchanged: 0, error: 0 } }),
        })
        .where(eq(imports.id, id));
    },
    /**
     * The checkpoint, written in the batch's own transaction. Only moves forward from where the
     * caller started: a second runner of the same import (a job retried while the first still
     * ran) finds 0 rows here and rolls its batch back.
     */
    async checkpoint(
      id: number,
      expectedDone: number,
      rowsDone: number,
      counts: ImportCounts,
      resumeByte: number,
    ): Promise<boolean> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`update imports set rows_done = ${rowsDone}, counts = ${JSON.stringify(counts)}::jsonb, state = 'running',
            resume_byte = ${resumeByte}, started_at = coalesce(started_at, now())
          where id = ${id} and rows_done = ${expectedDone} and state in ('queued', 'running') returning id`,
      );
      return rows.length === 1;
    },
    async rowPage(
      id: number,
      page: number,
      size: number,
      errorsOnly: boolean,
    ): Promise<{ rows: Array<typeof importRowResults.$inferSelect>; total: number }> {
      const where = errorsOnly
        ? and(eq(importRowResults.importId, id), eq(importRowResults.result, 'error'))
        : eq(importRowResults.importId, id);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(importRowResults)
        .where(where);
      const rows = await db
        .select()
        .from(importRowResults)
        .where(where)
        .orderBy(importRowResults.rowNumber)
        .limit(size)
        .offset((page - 1) * size);
      return { rows, total: count?.n ?? 0 };
    },
    /** Row results in row order after `afterRow`, for the report, read a page at a time. */
    async rowsAfter(id: number, afterRow: number, limit: number) {
      return db
        .select()
        .from(importRowResults)
        .where(and(eq(importRowResults.importId, id), sql`${importRowResults.rowNumber} > ${afterRow}`))
        .orderBy(importRowResults.rowNumber)
        .limit(limit);
    },

    // ---- remembered mappings ----
    async mapping(accountId: number, kind: ImportKind): Promise<Record<string, string> | null> {
      const [row] = await db
        .select({ mapping: importMappings.mapping })
        .from(importMappings)
        .where(and(eq(importMappings.accountId, accountId), eq(importMappings.kind, kind)));
      return row?.mapping ?? null;
    },
    async rememberMapping(accountId: number, kind: ImportKind, mapping: Record<string, string>) {
      await db
        .insert(importMappings)
        .values({ accountId, kind, mapping })
        .onConflictDoUpdate({
          target: [importMappings.accountId, importMappings.kind],
          set: { mapping, updatedAt: sql`now()` },
        });
    },

    // ---- reference data and catalogue writes (the import core) ----
    async reference(accountId: number): Promise<ReferenceRows> {
      // One statement, one round trip: an API batch reads this once per request, inside its
      // transaction (one connection, so parallel queries would only queue).
      const list = (query: SQL) => sql`coalesce((select json_agg(r) from (${query}) r), '[]'::json)`;
      const [row] = await queryRows<Omit<ReferenceRows, 'currency'> & { currency: string | null }>(
        db,
        sql`select
          ${list(sql`select id, name from brands where account_id = ${accountId}`)} as "brands",
          ${list(sql`select id, code, name_zh, name_en, name_es from part_types where account_id = ${accountId}`)} as "partTypes",
          ${list(sql`select id, name from stores where account_id = ${accountId} and is_active`)} as "stores",
          ${list(sql`select id, name, sort_name, code, currency from companies where account_id = ${accountId}`)} as "companies",
          ${list(sql`select id, name from price_levels where account_id = ${accountId}`)} as "priceLevels",
          ${list(sql`select id, m1_name as make, m2_name as model, m3_year as year, m3_engine as engine
            from vehicles where account_id = ${accountId}`)} as "vehicles",
          (select currency from accounts where id = ${accountId}) as "currency"`,
      );
      return { ...row!, currency: row!.currency ?? 'CNY' };
    },

    /** Product ids by brand + number key, for the rows that exist. */
    async productIds(
      accountId: number,
      keys: ReadonlyArray<{ brand_id: number; number_key: string }>,
    ): Promise<Map<string, number>> {
      if (keys.length === 0) return new Map();
      const rows = await queryRows<{ id: number; brand_id: number; number_key: string }>(
        db,
        sql`select p.id, k.brand_id, k.number_key
          from json_to_recordset(${JSON.stringify(keys)}::json) as k(brand_id int, number_key text)
          cross join ${productOfRow(accountId, 'k')} p`,
      );
      return new Map(rows.map((row) => [keyOf(row.brand_id, row.number_key), row.id]));
    },

    /**
     * The stored content hash (decision 028) of each listed product that exists, by brand +
     * number key: one statement, an index lookup per row. Null: no hash (or forgotten).
     */
    async productHashes(
      accountId: number,
      keys: ReadonlyArray<{ brand_id: number; number_key: string }>,
    ): Promise<Map<string, string | null>> {
      if (keys.length === 0) return new Map();
      const rows = await queryRows<{ brand_id: number; number_key: string; content_hash: string | null }>(
        db,
        sql`select k.brand_id, k.number_key, p.content_hash
          from json_to_recordset(${JSON.stringify(keys)}::json) as k(brand_id int, number_key text)
          cross join lateral (select content_hash from products where account_id = ${accountId}
            and number_key = k.number_key and brand_id = k.brand_id offset 0) p`,
      );
      return new Map(rows.map((row) => [keyOf(row.brand_id, row.number_key), row.content_hash]));
    },

    /**
     * Marks the import core's own cross-number and fitment sync for the rest of the transaction
     * (`on`) or ends it: while on, those tables' triggers leave the product hashes the core has
     * just written alone (decision 028). Transaction-local, so it never outlives the batch.
     */
    async importCoreSync(on: boolean): Promise<void> {
      await db.execute(sql`select set_config('partsportal.import_core_sync', ${on ? 'on' : 'off'}, true)`);
    },

    /**
     * Updates the existing products whose given fields differ (`IS DISTINCT FROM`), then inserts
     * the missing ones; two set-based statements over one JSON parameter. Every written product
     * gets the row's content hash, also one whose fields were already equal (it is then still
     * unchanged). Answers the keys created and updated (the rest are unchanged).
     */
    async upsertProducts(
      accountId: number,
      rows: readonly ProductWrite[],
    ): Promise<{ created: Set<string>; updated: Set<string> }> {
      const created = new Set<string>();
      const updated = new Set<string>();
      if (rows.length === 0) return { created, updated };
      const json = JSON.stringify(rows.map(({ numbers: _numbers, fitments: _fitments, ...row }) => row));
      const given = (column: string) => sql.raw(`coalesce(x.${column}, t.${column})`);
      // `differs` compares with the product as it was before this statement (`t`).
      const changed = await queryRows<{ brand_id: number; number_key: string; differs: boolean }>(
        db,
        sql`update products p set number = x.number, is_active = true, content_hash = x.content_hash,
            ${sql.join(
              PRODUCT_COLUMNS.map(
                (column) => sql`${sql.raw(column)} = ${sql.raw(`coalesce(x.${column}, p.${column})`)}`,
              ),
              sql`, `,
            )}
          from (select x.*, t.id as target_id,
              (t.number, t.is_active, ${sql.raw(PRODUCT_COLUMNS.map((column) => `t.${column}`).join(', '))})
                is distinct from (x.number, true, ${sql.join(PRODUCT_COLUMNS.map(given), sql`, `)}) as differs,
              t.content_hash is distinct from x.content_hash as rehash
            from json_to_recordset(${json}::json) as ${PRODUCT_INPUT}
            cross join lateral (select * from products where account_id = ${accountId}
              and number_key = x.number_key and brand_id = x.brand_id offset 0) t) x
          where p.id = x.target_id and (x.differs or x.rehash)
          returning p.brand_id, p.number_key, x.differs`,
      );
      const added = await queryRows<{ brand_id: number; number_key: string }>(
        db,
        sql`insert into products (account_id, number, number_key, brand_id, part_type_id, name_zh, name_en, name_es,
            unit, weight, buy_qty, price, is_new, is_active, volumn, pro_params, images, content_hash)
          select ${accountId}, x.number, x.number_key, x.brand_id, x.part_type_id,
            coalesce(x.name_zh, x.name_en, x.name_es, x.number), coalesce(x.name_en, x.name_zh, x.name_es, x.number),
            coalesce(x.name_es, x.name_en, x.name_zh, x.number), coalesce(x.unit, 'PCS'), x.weight,
            coalesce(x.buy_qty, 0), coalesce(x.price, 0), coalesce(x.is_new, false), true, x.volumn,
            coalesce(x.pro_params, '[]'::jsonb), coalesce(x.images, '[]'::jsonb), x.content_hash
          from json_to_recordset(${json}::json) as ${PRODUCT_INPUT}
          on conflict (account_id, number_key, brand_id) do nothing
          returning brand_id, number_key`,
      );
      for (const row of changed) if (row.differs) updated.add(keyOf(row.brand_id, row.number_key));
      for (const row of added) created.add(keyOf(row.brand_id, row.number_key));
      return { created, updated };
    },

    /**
     * The dry run's answer for products without writing: which keys an upsert would create and
     * which it would update (fields, cross numbers or fitments differ) — the same comparisons as
     * `upsertProducts`, `syncProductNumbers` and `syncFitments`, read-only.
     */
    async compareProducts(accountId: number, rows: readonly ProductWrite[]) {
      const created = new Set<string>();
      const updated = new Set<string>();
      if (rows.length === 0) return { created, updated };
      const given = (column: string) => sql.raw(`coalesce(x.${column}, p.${column})`);
      const sameNumber = sql`pn.product_id = p.id and pn.kind = n->>'kind' and pn.brand_name = n->>'brand_name' and pn.number = n->>'number'`;
      const answer = await queryRows<{
        brand_id: number;
        number_key: string;
        missing: boolean;
        differs: boolean;
      }>(
        db,
        sql`select x.brand_id, x.number_key, p.id is null as missing,
            p.id is not null and (
              (p.number, p.is_active, ${sql.raw(PRODUCT_COLUMNS.map((column) => `p.${column}`).join(', '))})
                is distinct from (x.number, true, ${sql.join(PRODUCT_COLUMNS.map(given), sql`, `)})
              or (x.numbers is not null and (
                exists (select 1 from jsonb_array_elements(x.numbers) n
                  where not exists (select 1 from product_numbers pn where ${sameNumber}))
                or exists (select 1 from product_numbers pn where pn.product_id = p.id and not exists (
                  select 1 from jsonb_array_elements(x.numbers) n where ${sameNumber}))))
              or (x.fitments is not null and (
                exists (select 1 from jsonb_array_elements_text(x.fitments) v
                  where not exists (select 1 from fitments f where f.product_id = p.id and f.vehicle_id = v::int))
                or exists (select 1 from fitments f where f.product_id = p.id and not exists (
                  select 1 from jsonb_array_elements_text(x.fitments) v where v::int = f.vehicle_id))))
            ) as differs
          from json_to_recordset(${JSON.stringify(rows)}::json) as x(${sql.raw(PRODUCT_INPUT_COLUMNS)}, numbers jsonb, fitments jsonb)
          left join ${productOfRow(accountId, 'x')} t on true
          left join products p on p.id = t.id`,
      );
      for (const row of answer) {
        if (row.missing) created.add(keyOf(row.brand_id, row.number_key));
        else if (row.differs) updated.add(keyOf(row.brand_id, row.number_key));
      }
      return { created, updated };
    },

    compareStock,

    /** The dry run's answer for list prices: products whose price would change. */
    async compareListPrices(
      rows: ReadonlyArray<{ product_id: number; price: string }>,
    ): Promise<Map<number, string>> {
      if (rows.length === 0) return new Map();
      const answer = await queryRows<{ id: number; before: string }>(
        db,
        sql`select p.id, p.price::text as before from json_to_recordset(${JSON.stringify(rows)}::json) as x(product_id int, price numeric)
          join products p on p.id = x.product_id where p.price is distinct from x.price`,
      );
      return new Map(answer.map((row) => [row.id, row.before]));
    },

    /** The dry run's answer for company prices. */
    async compareCompanyPrices(
      rows: ReadonlyArray<{ product_id: number; company_id: number; price: string }>,
    ) {
      const created = new Set<string>();
      const updated = new Set<string>();
      if (rows.length === 0) return { created, updated, before: new Map<string, string>() };
      const answer = await queryRows<{
        product_id: number;
        company_id: number;
        missing: boolean;
        differs: boolean;
        before: string | null;
      }>(
        db,
        sql`select x.product_id, x.company_id,
            not exists (select 1 from company_prices c where c.product_id = x.product_id and c.company_id = x.company_id) as missing,
            exists (select 1 from company_prices c where c.product_id = x.product_id and c.company_id = x.company_id
              and c.price is distinct from x.price) as differs,
            (select c.price::text from company_prices c where c.product_id = x.product_id and c.company_id = x.company_id
              limit 1) as before
          from json_to_recordset(${JSON.stringify(rows)}::json) as x(product_id int, company_id int, price numeric)`,
      );
      const before = new Map<string, string>();
      for (const row of answer) {
        const pair = `${row.product_id}:${row.company_id}`;
        if (row.missing) created.add(pair);
        else if (row.differs) updated.add(pair);
        if (row.before !== null) before.set(pair, row.before);
      }
      return { created, updated, before };
    },

    /**
     * Makes each listed product's cross numbers exactly the given set (deletes the others, adds
     * the missing); answers the keys of products whose numbers changed.
     */
    async syncProductNumbers(accountId: number, rows: readonly ProductWrite[]): Promise<Set<string>> {
      const input = rows
        .filter((row) => row.numbers !== null)
        .map((row) => ({ brand_id: row.brand_id, number_key: row.number_key, numbers: row.numbers }));
      if (input.length === 0) return new Set();
      const changed = await queryRows<{ brand_id: number; number_key: string }>(
        db,
        sql`with target as (
            select p.id, i.brand_id, i.number_key, i.numbers
            from json_to_recordset(${JSON.stringify(input)}::json) as i(brand_id int, number_key text, numbers jsonb)
            cross join ${productOfRow(accountId, 'i')} p
          ),
          desired as (
            select t.id as product_id, n->>'kind' as kind, n->>'brand_name' as brand_name, n->>'number' as number,
              n->>'number_key' as number_key
            from target t, jsonb_array_elements(t.numbers) n
          ),
          -- The listed products' numbers, reached through the product index, product by product.
          -- Anti-joining the whole table let the planner hash a sequential scan of product_numbers
          -- in every batch (quadratic over an import; found in the 1,000,000-row bench), and so
          -- did a plain join while the statistics were older than the bulk load (300–500 ms a
          -- batch at 300,000 numbers; 30–60 ms analysed or with this lateral form).
          existing as materialized (
            select pn.id, pn.product_id, pn.kind, pn.brand_name, pn.number
            from target t cross join lateral (
              select id, product_id, kind, brand_name, number from product_numbers where product_id = t.id offset 0
            ) pn
          ),
          deleted as (
            delete from product_numbers pn
            where pn.id = any(array(select e.id from existing e where not exists (
              select 1 from desired d where d.product_id = e.product_id and d.kind = e.kind
                and d.brand_name = e.brand_name and d.number = e.number)))
            returning pn.product_id
          ),
          inserted as (
            insert into product_numbers (product_id, kind, brand_name, number, number_key)
            select d.product_id, d.kind, d.brand_name, d.number, d.number_key from desired d
            where not exists (select 1 from existing e where e.product_id = d.product_id and e.kind = d.kind
                and e.brand_name = d.brand_name and e.number = d.number)
            returning product_id
          )
          select t.brand_id, t.number_key from target t
          where t.id in (select product_id from deleted union select product_id from inserted)`,
      );
      return new Set(changed.map((row) => keyOf(row.brand_id, row.number_key)));
    },

    /**
     * Absolute stock per (product, store); available stock keeps what unshipped orders reserve
     * (on hand − available) and never goes below 0. Answers created / updated pairs.
     */
    async upsertStock(rows: readonly StockWrite[]) {
      // Classified first (the answer per row), then written; the write's own guard on `as_of`
      // keeps a newer count even when another request wrote it in between.
      const answer = await compareStock(rows);
      const writes = rows.filter((row) => !answer.stale.has(`${row.product_id}:${row.store_id}`));
      if (writes.length === 0) return answer;
      await db.execute(sql`insert into stock as s (product_id, store_id, stock, available_stock, as_of)
          select product_id, store_id, quantity, quantity, coalesce(as_of, now())
          from json_to_recordset(${JSON.stringify(writes)}::json) as x(product_id int, store_id int, quantity int, as_of timestamptz)
          on conflict (product_id, store_id) do update
            set stock = excluded.stock, available_stock = greatest(0, excluded.stock - (s.stock - s.available_stock)),
              as_of = excluded.as_of
          where (s.as_of is null or excluded.as_of >= s.as_of)
            and (s.stock is distinct from excluded.stock or s.as_of is distinct from excluded.as_of)`);
      return answer;
    },

    /** List prices that differ; answers the product ids changed. */
    async updateListPrices(
      rows: ReadonlyArray<{ product_id: number; price: string }>,
    ): Promise<Map<number, string>> {
      if (rows.length === 0) return new Map();
      // `o` is the product as it was before this statement (the audit's "before").
      const answer = await queryRows<{ id: number; before: string }>(
        db,
        sql`update products p set price = x.price
          from json_to_recordset(${JSON.stringify(rows)}::json) as x(product_id int, price numeric), products o
          where p.id = x.product_id and p.price is distinct from x.price and o.id = p.id
          returning p.id, o.price::text as before`,
      );
      return new Map(answer.map((row) => [row.id, row.before]));
    },

    /** Company prices: updates the differing, inserts the missing; answers created / updated pairs. */
    async upsertCompanyPrices(
      rows: ReadonlyArray<{ product_id: number; company_id: number; price: string }>,
    ): Promise<{ created: Set<string>; updated: Set<string>; before: Map<string, string> }> {
      const created = new Set<string>();
      const updated = new Set<string>();
      const before = new Map<string, string>();
      if (rows.length === 0) return { created, updated, before };
      const json = JSON.stringify(rows);
      // `o` is the row as it was before this statement (the audit's "before").
      const changed = await queryRows<{ product_id: number; company_id: number; before: string }>(
        db,
        sql`update company_prices c set price = x.price
          from json_to_recordset(${json}::json) as x(product_id int, company_id int, price numeric), company_prices o
          where c.product_id = x.product_id and c.company_id = x.company_id and c.price is distinct from x.price
            and o.id = c.id
          returning c.product_id, c.company_id, o.price::text as before`,
      );
      for (const row of changed) before.set(`${row.product_id}:${row.company_id}`, row.before);
      const added = await queryRows<{ product_id: number; company_id: number }>(
        db,
        sql`insert into company_prices (product_id, company_id, price)
          select x.product_id, x.company_id, x.price
          from json_to_recordset(${json}::json) as x(product_id int, company_id int, price numeric)
          where not exists (select 1 from company_prices c where c.product_id = x.product_id and c.company_id = x.company_id)
          returning product_id, company_id`,
      );
      for (const row of changed) updated.add(`${row.product_id}:${row.company_id}`);
      for (const row of added) created.add(`${row.product_id}:${row.company_id}`);
      return { created, updated, before };
    },

    /**
     * A price level's fixed price for a product (company_prices with price_level_id): updates the
     * differing, inserts the missing (or, `dryRun`, only compares); answers created / updated
     * pairs (`product:level`) and the prices before.
     */
    async upsertLevelPrices(
      rows: ReadonlyArray<{ product_id: number; price_level_id: number; price: string }>,
      dryRun: boolean,
    ) {
      const created = new Set<string>();
      const updated = new Set<string>();
      const before = new Map<string, string>();
      if (rows.length === 0) return { created, updated, before };
      const json = JSON.stringify(rows);
      const input = sql`json_to_recordset(${json}::json) as x(product_id int, price_level_id int, price numeric)`;
      const existing = await queryRows<{
        product_id: number;
        price_level_id: number;
        price: string;
        differs: boolean;
      }>(
        db,
        sql`select c.product_id, c.price_level_id, c.price::text as price, c.price is distinct from x.price as differs
          from ${input} join company_prices c on c.product_id = x.product_id and c.price_level_id = x.price_level_id`,
      );
      const seen = new Set<string>();
      for (const row of existing) {
        const pair = `${row.product_id}:${row.price_level_id}`;
        seen.add(pair);
        before.set(pair, row.price);
        if (row.differs) updated.add(pair);
      }
      for (const row of rows) {
        const pair = `${row.product_id}:${row.price_level_id}`;
        if (!seen.has(pair)) created.add(pair);
      }
      if (dryRun) return { created, updated, before };
      await db.execute(sql`update company_prices c set price = x.price from ${input}
        where c.product_id = x.product_id and c.price_level_id = x.price_level_id and c.price is distinct from x.price`);
      await db.execute(sql`insert into company_prices (product_id, price_level_id, price)
        select x.product_id, x.price_level_id, x.price from ${input}
        where not exists (select 1 from company_prices c where c.product_id = x.product_id and c.price_level_id = x.price_level_id)`);
      return { created, updated, before };
    },

    /**
     * Makes each listed product's fitments exactly the given vehicles (rows with fitments null are
     * left alone); answers the keys of products whose fitments changed.
     */
    async syncFitments(accountId: number, rows: readonly ProductWrite[]): Promise<Set<string>> {
      const input = rows
        .filter((row) => row.fitments !== null)
        .map((row) => ({ brand_id: row.brand_id, number_key: row.number_key, vehicles: row.fitments }));
      if (input.length === 0) return new Set();
      const changed = await queryRows<{ brand_id: number; number_key: string }>(
        db,
        sql`with target as (
            select p.id, i.brand_id, i.number_key, i.vehicles
            from json_to_recordset(${JSON.stringify(input)}::json) as i(brand_id int, number_key text, vehicles jsonb)
            cross join ${productOfRow(accountId, 'i')} p
          ),
          desired as (
            select t.id as product_id, v::int as vehicle_id from target t, jsonb_array_elements_text(t.vehicles) v
          ),
          deleted as (
            delete from fitments f using target t
            where f.product_id = t.id
              and not exists (select 1 from desired d where d.product_id = f.product_id and d.vehicle_id = f.vehicle_id)
            returning f.product_id
          ),
          inserted as (
            insert into fitments (product_id, vehicle_id) select product_id, vehicle_id from desired
            on conflict do nothing
            returning product_id
          )
          select t.brand_id, t.number_key from target t
          where t.id in (select product_id from deleted union select product_id from inserted)`,
      );
      return new Set(changed.map((row) => keyOf(row.brand_id, row.number_key)));
    },

    /**
     * Deactivates the listed products (a delta feed's deletes): buyers' search and cart skip
     * inactive products; order history keeps them. Answers the keys deactivated now.
     */
    async deactivateProducts(
      accountId: number,
      keys: ReadonlyArray<{ brand_id: number; number_key: string }>,
    ): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await queryRows<{ brand_id: number; number_key: string }>(
        db,
        sql`update products p set is_active = false
          from (select t.id from json_to_recordset(${JSON.stringify(keys)}::json) as k(brand_id int, number_key text)
            cross join ${productOfRow(accountId, 'k')} t) k
          where p.id = k.id and p.is_active
          returning p.brand_id, p.number_key`,
      );
      return new Set(rows.map((row) => keyOf(row.brand_id, row.number_key)));
    },

    /**
     * Reference data by its key (compared case-insensitively): updates the rows whose values
     * differ, inserts the missing; answers the keys (`lower(key)`) created and updated. The key
     * column and the value columns are fixed names, never from input.
     */
    async upsertReference(
      accountId: number,
      kind: ReferenceKind,
      rows: ReadonlyArray<Record<string, unknown>>,
    ): Promise<{ created: Set<string>; updated: Set<string> }> {
      const created = new Set<string>();
      const updated = new Set<string>();
      if (rows.length === 0) return { created, updated };
      const table = REFERENCE_TABLES[kind];
      const json = JSON.stringify(rows);
      const input = sql.raw(
        `x(key text, ${table.columns.map(([column, type]) => `${column} ${type}`).join(', ')})`,
      );
      const keyOfRow = sql.raw(table.key);
      const values = table.columns.map(([column]) => column);
      // A value not given (null) keeps the stored one; an insert takes the column's default.
      const given = (column: string) => `coalesce(x.${column}, t.${column})`;
      const inserted = table.columns.map(([column, , fallback]) =>
        fallback ? `coalesce(x.${column}, ${fallback})` : `x.${column}`,
      );
      const changed = await queryRows<{ key: string }>(
        db,
        sql`update ${sql.raw(table.name)} t set ${sql.raw(values.map((column) => `${column} = ${given(column)}`).join(', '))}
          from json_to_recordset(${json}::json) as ${input}
          where t.account_id = ${accountId} and ${keyOfRow} = x.key
            and (${sql.raw(values.map((column) => `t.${column}`).join(', '))}, null)
              is distinct from (${sql.raw(values.map(given).join(', '))}, null)
          returning x.key`,
      );
      const added = await queryRows<{ key: string }>(
        db,
        sql`insert into ${sql.raw(table.name)} (account_id, ${sql.raw(values.join(', '))})
          select ${accountId}, ${sql.raw(inserted.join(', '))}
          from json_to_recordset(${json}::json) as ${input}
          where not exists (select 1 from ${sql.raw(table.name)} t where t.account_id = ${accountId} and ${keyOfRow} = x.key)
          returning ${sql.raw(table.insertedKey)} as key`,
      );
      for (const row of changed) updated.add(row.key);
      for (const row of added) created.add(row.key);
      return { created, updated };
    },

    /** Full mode: products of these brands that the import's file does not list are deactivated. */
    async deactivateMissing(
      accountId: number,
      importId: number,
      brandIds: readonly number[],
    ): Promise<number> {
      if (brandIds.length === 0) return 0;
      const rows = await queryRows<{ id: number }>(
        db,
        sql`update products p set is_active = false
          where p.account_id = ${accountId} and p.is_active
            and p.brand_id = any(${sql.raw(`'{${brandIds.map(Number).join(',')}}'::int[]`)})
            and not exists (select 1 from import_row_results r where r.import_id = ${importId}
              and r.brand_id = p.brand_id and r.number_key = p.number_key)
          returning p.id`,
      );
      return rows.length;
    },
  };
}

export { keyOf as productKey };
export type ImportsRepository = ReturnType<typeof createImportsRepository>;
