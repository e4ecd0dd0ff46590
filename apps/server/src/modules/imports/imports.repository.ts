import type { ImportCounts, ImportKind, ImportMode, ImportState } from '@partsportal/contract/imports';
import { and, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
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
  companies: Array<{ id: number; name: string; sort_name: string }>;
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
  numbers: Array<{ kind: string; brand_name: string; number: string; number_key: string }> | null;
}

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
] as const;

const PRODUCT_INPUT = sql.raw(`x(brand_id int, number text, number_key text, part_type_id int, name_zh text,
  name_en text, name_es text, unit text, weight numeric, buy_qty int, price numeric, is_new boolean)`);

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

  return {
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
      const [brands, partTypes, stores, companies] = await Promise.all([
        queryRows<ReferenceRows['brands'][number]>(
          db,
          sql`select id, name from brands where account_id = ${accountId}`,
        ),
        queryRows<ReferenceRows['partTypes'][number]>(
          db,
          sql`select id, code, name_zh, name_en, name_es from part_types where account_id = ${accountId}`,
        ),
        queryRows<ReferenceRows['stores'][number]>(
          db,
          sql`select id, name from stores where account_id = ${accountId} and is_active`,
        ),
        queryRows<ReferenceRows['companies'][number]>(
          db,
          sql`select id, name, sort_name from companies where account_id = ${accountId}`,
        ),
      ]);
      return { brands, partTypes, stores, companies };
    },

    /** Product ids by brand + number key, for the rows that exist. */
    async productIds(
      accountId: number,
      keys: ReadonlyArray<{ brand_id: number; number_key: string }>,
    ): Promise<Map<string, number>> {
      if (keys.length === 0) return new Map();
      const rows = await queryRows<{ id: number; brand_id: number; number_key: string }>(
        db,
        sql`select p.id, p.brand_id, p.number_key
          from json_to_recordset(${JSON.stringify(keys)}::json) as k(brand_id int, number_key text)
          join products p on p.account_id = ${accountId} and p.number_key = k.number_key and p.brand_id = k.brand_id`,
      );
      return new Map(rows.map((row) => [keyOf(row.brand_id, row.number_key), row.id]));
    },

    /**
     * Updates the existing products whose given fields differ (`IS DISTINCT FROM`), then inserts
     * the missing ones; two set-based statements over one JSON parameter. Answers the keys
     * created and updated (the rest are unchanged).
     */
    async upsertProducts(
      accountId: number,
      rows: readonly ProductWrite[],
    ): Promise<{ created: Set<string>; updated: Set<string> }> {
      const created = new Set<string>();
      const updated = new Set<string>();
      if (rows.length === 0) return { created, updated };
      const json = JSON.stringify(rows.map(({ numbers: _numbers, ...row }) => row));
      const given = (column: string) => sql.raw(`coalesce(x.${column}, p.${column})`);
      const changed = await queryRows<{ brand_id: number; number_key: string }>(
        db,
        sql`update products p set number = x.number, is_active = true,
            ${sql.join(
              PRODUCT_COLUMNS.map((column) => sql`${sql.raw(column)} = ${given(column)}`),
              sql`, `,
            )}
          from json_to_recordset(${json}::json) as ${PRODUCT_INPUT}
          where p.account_id = ${accountId} and p.number_key = x.number_key and p.brand_id = x.brand_id
            and (p.number, p.is_active, ${sql.raw(PRODUCT_COLUMNS.map((column) => `p.${column}`).join(', '))})
              is distinct from (x.number, true, ${sql.join(PRODUCT_COLUMNS.map(given), sql`, `)})
          returning p.brand_id, p.number_key`,
      );
      const added = await queryRows<{ brand_id: number; number_key: string }>(
        db,
        sql`insert into products (account_id, number, number_key, brand_id, part_type_id, name_zh, name_en, name_es,
            unit, weight, buy_qty, price, is_new, is_active)
          select ${accountId}, x.number, x.number_key, x.brand_id, x.part_type_id,
            coalesce(x.name_zh, x.name_en, x.name_es, x.number), coalesce(x.name_en, x.name_zh, x.name_es, x.number),
            coalesce(x.name_es, x.name_en, x.name_zh, x.number), coalesce(x.unit, 'PCS'), x.weight,
            coalesce(x.buy_qty, 0), coalesce(x.price, 0), coalesce(x.is_new, false), true
          from json_to_recordset(${json}::json) as ${PRODUCT_INPUT}
          on conflict (account_id, number_key, brand_id) do nothing
          returning brand_id, number_key`,
      );
      for (const row of changed) updated.add(keyOf(row.brand_id, row.number_key));
      for (const row of added) created.add(keyOf(row.brand_id, row.number_key));
      return { created, updated };
    },

    /**
     * The dry run's answer for products without writing: which keys an upsert would create and
     * which it would update (fields or cross numbers differ) — the same comparisons as
     * `upsertProducts` and `syncProductNumbers`, read-only.
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
            ) as differs
          from json_to_recordset(${JSON.stringify(rows)}::json) as x(brand_id int, number text, number_key text,
            part_type_id int, name_zh text, name_en text, name_es text, unit text, weight numeric, buy_qty int,
            price numeric, is_new boolean, numbers jsonb)
          left join products p on p.account_id = ${accountId} and p.number_key = x.number_key and p.brand_id = x.brand_id`,
      );
      for (const row of answer) {
        if (row.missing) created.add(keyOf(row.brand_id, row.number_key));
        else if (row.differs) updated.add(keyOf(row.brand_id, row.number_key));
      }
      return { created, updated };
    },

    /** The dry run's answer for stock: pairs an upsert would create or change. */
    async compareStock(rows: ReadonlyArray<{ product_id: number; store_id: number; quantity: number }>) {
      const created = new Set<string>();
      const updated = new Set<string>();
      if (rows.length === 0) return { created, updated };
      const answer = await queryRows<{
        product_id: number;
        store_id: number;
        missing: boolean;
        differs: boolean;
      }>(
        db,
        sql`select x.product_id, x.store_id, s.product_id is null as missing, s.stock is distinct from x.quantity as differs
          from json_to_recordset(${JSON.stringify(rows)}::json) as x(product_id int, store_id int, quantity int)
          left join stock s on s.product_id = x.product_id and s.store_id = x.store_id`,
      );
      for (const row of answer) {
        const pair = `${row.product_id}:${row.store_id}`;
        if (row.missing) created.add(pair);
        else if (row.differs) updated.add(pair);
      }
      return { created, updated };
    },

    /** The dry run's answer for list prices: products whose price would change. */
    async compareListPrices(
      rows: ReadonlyArray<{ product_id: number; price: string }>,
    ): Promise<Set<number>> {
      if (rows.length === 0) return new Set();
      const answer = await queryRows<{ id: number }>(
        db,
        sql`select p.id from json_to_recordset(${JSON.stringify(rows)}::json) as x(product_id int, price numeric)
          join products p on p.id = x.product_id where p.price is distinct from x.price`,
      );
      return new Set(answer.map((row) => row.id));
    },

    /** The dry run's answer for company prices. */
    async compareCompanyPrices(
      rows: ReadonlyArray<{ product_id: number; company_id: number; price: string }>,
    ) {
      const created = new Set<string>();
      const updated = new Set<string>();
      if (rows.length === 0) return { created, updated };
      const answer = await queryRows<{
        product_id: number;
        company_id: number;
        missing: boolean;
        differs: boolean;
      }>(
        db,
        sql`select x.product_id, x.company_id,
            not exists (select 1 from company_prices c where c.product_id = x.product_id and c.company_id = x.company_id) as missing,
            exists (select 1 from company_prices c where c.product_id = x.product_id and c.company_id = x.company_id
              and c.price is distinct from x.price) as differs
          from json_to_recordset(${JSON.stringify(rows)}::json) as x(product_id int, company_id int, price numeric)`,
      );
      for (const row of answer) {
        const pair = `${row.product_id}:${row.company_id}`;
        if (row.missing) created.add(pair);
        else if (row.differs) updated.add(pair);
      }
      return { created, updated };
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
            select p.id, p.brand_id, p.number_key, i.numbers
            from json_to_recordset(${JSON.stringify(input)}::json) as i(brand_id int, number_key text, numbers jsonb)
            join products p on p.account_id = ${accountId} and p.number_key = i.number_key and p.brand_id = i.brand_id
          ),
          desired as (
            select t.id as product_id, n->>'kind' as kind, n->>'brand_name' as brand_name, n->>'number' as number,
              n->>'number_key' as number_key
            from target t, jsonb_array_elements(t.numbers) n
          ),
          -- The listed products' numbers, reached through the product index. Anti-joining the
          -- whole table instead let the planner hash a sequential scan of product_numbers in
          -- every batch (quadratic over an import; found in the 1,000,000-row bench).
          existing as materialized (
            select pn.id, pn.product_id, pn.kind, pn.brand_name, pn.number
            from target t join product_numbers pn on pn.product_id = t.id
          ),
          deleted as (
            delete from product_numbers pn using existing e
            where pn.id = e.id and not exists (
              select 1 from desired d where d.product_id = e.product_id and d.kind = e.kind
                and d.brand_name = e.brand_name and d.number = e.number)
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
    async upsertStock(
      rows: ReadonlyArray<{ product_id: number; store_id: number; quantity: number }>,
    ): Promise<{ created: Set<string>; updated: Set<string> }> {
      const created = new Set<string>();
      const updated = new Set<string>();
      if (rows.length === 0) return { created, updated };
      const answer = await queryRows<{ product_id: number; store_id: number; created: boolean }>(
        db,
        sql`insert into stock as s (product_id, store_id, stock, available_stock)
          select product_id, store_id, quantity, quantity
          from json_to_recordset(${JSON.stringify(rows)}::json) as x(product_id int, store_id int, quantity int)
          on conflict (product_id, store_id) do update
            set stock = excluded.stock, available_stock = greatest(0, excluded.stock - (s.stock - s.available_stock))
          where s.stock is distinct from excluded.stock
          returning s.product_id, s.store_id, (s.xmax = 0) as created`,
      );
      for (const row of answer) (row.created ? created : updated).add(`${row.product_id}:${row.store_id}`);
      return { created, updated };
    },

    /** List prices that differ; answers the product ids changed. */
    async updateListPrices(rows: ReadonlyArray<{ product_id: number; price: string }>): Promise<Set<number>> {
      if (rows.length === 0) return new Set();
      const answer = await queryRows<{ id: number }>(
        db,
        sql`update products p set price = x.price
          from json_to_recordset(${JSON.stringify(rows)}::json) as x(product_id int, price numeric)
          where p.id = x.product_id and p.price is distinct from x.price
          returning p.id`,
      );
      return new Set(answer.map((row) => row.id));
    },

    /** Company prices: updates the differing, inserts the missing; answers created / updated pairs. */
    async upsertCompanyPrices(
      rows: ReadonlyArray<{ product_id: number; company_id: number; price: string }>,
    ): Promise<{ created: Set<string>; updated: Set<string> }> {
      const created = new Set<string>();
      const updated = new Set<string>();
      if (rows.length === 0) return { created, updated };
      const json = JSON.stringify(rows);
      const changed = await queryRows<{ product_id: number; company_id: number }>(
        db,
        sql`update company_prices c set price = x.price
          from json_to_recordset(${json}::json) as x(product_id int, company_id int, price numeric)
          where c.product_id = x.product_id and c.company_id = x.company_id and c.price is distinct from x.price
          returning c.product_id, c.company_id`,
      );
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
