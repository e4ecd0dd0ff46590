import { createHash } from 'node:crypto';
import type { Language } from '@partsportal/contract/codes';
import type {
  BatchResult,
  brandRowSchema,
  partTypeRowSchema,
  priceRowSchema,
  productKeyRowSchema,
  productRowSchema,
  stockRowSchema,
  storeRowSchema,
  vehicleRowSchema,
} from '@partsportal/contract/integration-batch';
import type { z } from 'zod';
import { translate, type MessageKey } from '../../platform/messages';
import type { DataAccess, Repositories } from '../../repositories';
import type { AuditActor } from '../audit/audit.repository';
import {
  buildReference,
  deactivateProducts,
  upsertPrices,
  upsertProducts,
  upsertReference,
  upsertStock,
  type CoreContext,
  type ImportRow,
  type ReferenceInput,
  type RowResult,
} from '../imports/import-core';
import type { ApiKeyContext } from './api-keys.service';
import { ApiProblem } from './integration-api';

/** The API key as the audit log names it: the key's name and its shown prefix. */
export const apiKeyActor = (key: ApiKeyContext, ip: string): AuditActor => ({
  kind: 'api-key',
  id: key.keyId,
  name: `${key.name} (${key.prefix}…)`,
  ip,
});

/** A row's answer as stored: errors as message keys, rendered in the reader's language. */
interface StoredRow {
  index: number;
  result: RowResult['result'];
  stale?: true;
  errors?: Array<{ field: string; key: MessageKey; params?: Record<string, string | number> }>;
}

export interface BatchCall {
  key: ApiKeyContext;
  operationId: string;
  body: unknown;
  idempotencyKey: string | undefined;
  language: Language;
  ip: string;
}

/** JSON with keys sorted at every level: the same body in another key order hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

const text = (value: string | number | boolean | undefined): string | undefined =>
  value === undefined ? undefined : typeof value === 'boolean' ? (value ? '1' : '0') : String(value);

/** Drops the fields that were not given, so the core leaves those columns as stored. */
const given = (values: Record<string, string | undefined>): ImportRow['values'] =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));

const lower = (value: string) => value.trim().toLowerCase();

/**
 * The batch upserts of /api/v1 (issue 13 items 3 and 7). Typed JSON rows are mapped onto the
 * import core's rows (the same validation, set-based SQL and row results as the back office's
 * file import). Each request is one transaction: the batch record (idempotency key, body hash,
 * every row's answer), the writes, one audit entry with the counts, and per-record audit entries
 * for the prices it changed. A row's error never stops the other rows.
 */
export function createBatchUpsertsService(deps: DataAccess) {
  const { repos, transaction } = deps;

  const render = (
    id: number,
    operation: string,
    rows: readonly StoredRow[],
    counts: BatchResult['counts'],
    language: Language,
    replayed: boolean,
  ): BatchResult => ({
    batch_id: String(id),
    operation,
    counts,
    replayed,
    results: rows.map((row) => ({
      index: row.index,
      result: row.result,
      ...(row.stale ? { stale: true } : {}),
      ...(row.errors
        ? {
            errors: row.errors.map((error) => ({
              field: error.field,
              message: translate(error.key, language, error.params ?? {}),
            })),
          }
        : {}),
    })),
  });

  const countsOf = (rows: readonly StoredRow[]): BatchResult['counts'] => {
    const counts = { created: 0, updated: 0, unchanged: 0, error: 0 };
    for (const row of rows) counts[row.result] += 1;
    return counts;
  };

  /**
   * One request: replays the stored answer of a repeated idempotency key (refusing another body
   * under it), else runs `work` and stores and audits its answer, all in one transaction.
   */
  async function run(
    call: BatchCall,
    work: (tx: Repositories, ctx: CoreContext) => Promise<RowResult[]>,
  ): Promise<BatchResult> {
    const requestSha256 = createHash('sha256')
      .update(`${call.operationId}\n${canonicalJson(call.body)}`)
      .digest('hex');
    const { key } = call;
    return transaction(async (tx) => {
      const id = await tx.apiBatches.claim({
        accountId: key.accountId,
        apiKeyId: key.keyId,
        operation: call.operationId,
        idempotencyKey: call.idempotencyKey ?? null,
        requestSha256,
      });
      if (id === null) {
        const earlier = await tx.apiBatches.findByKey(key.keyId, call.idempotencyKey!);
        if (!earlier || earlier.requestSha256 !== requestSha256)
          throw new ApiProblem(422, 'idempotencyKeyReused', { key: call.idempotencyKey!.slice(0, 80) });
        return render(
          earlier.id,
          earlier.operation,
          earlier.results as StoredRow[],
          earlier.counts as BatchResult['counts'],
          call.language,
          true,
        );
      }
      const ctx: CoreContext = {
        accountId: key.accountId,
        reference: buildReference(await tx.imports.reference(key.accountId)),
        present: new Set(),
      };
      const results = await work(tx, ctx);
      const rows: StoredRow[] = results.map((result) => ({
        index: result.row,
        result: result.result,
        ...(result.stale ? { stale: true as const } : {}),
        ...(result.errors && result.errors.length > 0
          ? {
              errors: result.errors.map((error) => ({
                field: error.field,
                key: error.message_key,
                ...(error.params ? { params: error.params } : {}),
              })),
            }
          : {}),
      }));
      const counts = countsOf(rows);
      await tx.apiBatches.finish(id, counts, rows);
      const actor = apiKeyActor(key, call.ip);
      await tx.audit.record({
        accountId: key.accountId,
        actor,
        action: `api.${call.operationId}`,
        entity: 'api-batch',
        entityId: id,
        details: {
          idempotency_key: call.idempotencyKey ?? null,
          rows: rows.length,
          ...counts,
          ...(rows.some((row) => row.stale) ? { stale: rows.filter((row) => row.stale).length } : {}),
        },
      });
      // Prices are audited per record with the fields they changed (products and stock are not:
      // their per-row results stay in the batch, retrievable for 30 days).
      for (const result of results) {
        if (!result.changes) continue;
        await tx.audit.record({
          accountId: key.accountId,
          actor,
          action: 'api.price.update',
          entity: 'product',
          entityId: `${result.brand_id}:${result.number_key}`,
          changes: result.changes,
          details: { batch_id: id, index: result.row },
        });
      }
      return render(id, call.operationId, rows, counts, call.language, false);
    });
  }

  const productKeyValues = (row: { brand: string; number: string }) => ({
    brand: row.brand,
    number: row.number,
  });

  return {
    run,

    brands: (call: BatchCall, rows: ReadonlyArray<z.output<typeof brandRowSchema>>) =>
      run(call, (tx, ctx) =>
        upsertReference(
          tx,
          'brands',
          rows.map((row, index): ReferenceInput => ({
            row: index,
            key: lower(row.name),
            values: { name: row.name.trim(), country: row.country?.trim() ?? null },
          })),
          ctx,
        ),
      ),

    partTypes: (call: BatchCall, rows: ReadonlyArray<z.output<typeof partTypeRowSchema>>) =>
      run(call, (tx, ctx) =>
        upsertReference(
          tx,
          'part_types',
          rows.map((row, index) => ({
            row: index,
            key: lower(row.code),
            values: {
              code: row.code.trim(),
              name_zh: row.names.zh,
              name_en: row.names.en,
              name_es: row.names.es,
            },
          })),
          ctx,
        ),
      ),

    stores: (call: BatchCall, rows: ReadonlyArray<z.output<typeof storeRowSchema>>) =>
      run(call, (tx, ctx) =>
        upsertReference(
          tx,
          'stores',
          rows.map((row, index) => ({
            row: index,
            key: lower(row.code),
            values: { name: row.code.trim(), names: row.names ?? {} },
          })),
          ctx,
        ),
      ),

    vehicles: (call: BatchCall, rows: ReadonlyArray<z.output<typeof vehicleRowSchema>>) =>
      run(call, (tx, ctx) =>
        upsertReference(
          tx,
          'vehicles',
          rows.map((row, index) => {
            const years =
              /^(\d{4})\s*-\s*(\d{4})?$/.exec(row.year.trim()) ?? /^(\d{4})$/.exec(row.year.trim());
            return {
              row: index,
              key: [row.make, row.model, row.year, row.engine].map(lower).join('\u001f'),
              values: {
                m1_name: row.make.trim(),
                m2_name: row.model.trim(),
                m3_name: `${row.model.trim()} ${row.engine.trim()}`.trim(),
                m3_year: row.year.trim(),
                m3_engine: row.engine.trim(),
                m3_kw: row.kw ?? null,
                m3_cc: row.cc ?? null,
                pl_fuel: row.fuel?.trim() ?? '',
                pl_body: row.body?.trim() ?? '',
                year_from: years?.[1] ? Number(years[1]) : null,
                year_to: years?.[2]
                  ? Number(years[2])
                  : years?.[1] && !row.year.includes('-')
                    ? Number(years[1])
                    : null,
              },
            };
          }),
          ctx,
        ),
      ),

    products: (call: BatchCall, rows: ReadonlyArray<z.output<typeof productRowSchema>>) =>
      run(call, (tx, ctx) =>
        upsertProducts(
          tx,
          rows.map((row, index): ImportRow => ({
            row: index,
            values: given({
              ...productKeyValues(row),
              name_zh: row.names?.zh,
              name_en: row.names?.en,
              name_es: row.names?.es,
              part_type: row.part_type,
              unit: row.unit,
              weight: text(row.weight),
              volume: text(row.volume),
              buy_qty: text(row.order_multiple),
              price: text(row.list_price),
              is_new: text(row.is_new),
            }),
            lists: {
              ...(row.cross_numbers ? { crossNumbers: row.cross_numbers } : {}),
              ...(row.params ? { params: row.params } : {}),
              ...(row.pictures ? { pictures: row.pictures } : {}),
              ...(row.fitments ? { fitments: row.fitments } : {}),
            },
          })),
          ctx,
        ),
      ),

    deactivate: (call: BatchCall, rows: ReadonlyArray<z.output<typeof productKeyRowSchema>>) =>
      run(call, (tx, ctx) =>
        deactivateProducts(
          tx,
          rows.map((row, index) => ({ row: index, values: productKeyValues(row) })),
          ctx,
        ),
      ),

    stock: (call: BatchCall, rows: ReadonlyArray<z.output<typeof stockRowSchema>>) =>
      run(call, (tx, ctx) =>
        upsertStock(
          tx,
          rows.map((row, index) => ({
            row: index,
            values: given({
              ...productKeyValues(row),
              store: row.store,
              quantity: text(row.quantity),
              as_of: row.as_of,
            }),
          })),
          ctx,
        ),
      ),

    prices: (call: BatchCall, rows: ReadonlyArray<z.output<typeof priceRowSchema>>) =>
      run(call, (tx, ctx) =>
        upsertPrices(
          tx,
          rows.map((row, index) => ({
            row: index,
            values: given({
              ...productKeyValues(row),
              price: text(row.list_price),
              price_level: row.price_level,
              level_price: text(row.level_price),
              company: row.company,
              company_price: text(row.company_price),
              currency: row.currency,
            }),
          })),
          ctx,
        ),
      ),

    /** A stored batch of this key (30 days), its errors in the reader's language. */
    async find(key: ApiKeyContext, id: string, language: Language): Promise<BatchResult> {
      const batch = /^\d{1,15}$/.test(id) ? await repos.apiBatches.find(key.keyId, Number(id)) : null;
      if (!batch) throw new ApiProblem(404, 'batchNotFound');
      return render(
        batch.id,
        batch.operation,
        batch.results as StoredRow[],
        batch.counts as BatchResult['counts'],
        language,
        false,
      );
    },

    pruneExpired: () => repos.apiBatches.pruneExpired(),
  };
}

export type BatchUpsertsService = ReturnType<typeof createBatchUpsertsService>;
