import { normalizePartNumber } from '@partsportal/contract/part-number';
import type {
  substituteKeyRowSchema,
  substituteRowSchema,
  supersessionKeyRowSchema,
  supersessionRowSchema,
} from '@partsportal/contract/integration-batch';
import type { z } from 'zod';
import type { MessageKey, MessageParams } from '../../platform/messages';
import { fold, type CoreContext, type RowResult } from '../imports/import-core';
import type { BatchCall, BatchUpsertsService } from '../integration/batch-upserts.service';
import type { SubstituteValues, SupersessionValues } from './supersessions.repository';

type Errors = NonNullable<RowResult['errors']>;

/** Reads one side of a row (a brand and a number); a problem becomes that field's error. */
function side(
  ctx: CoreContext,
  errors: Errors,
  fields: { brand: string; number: string },
  brand: string,
  number: string,
) {
  const brandId = ctx.reference.brands.get(fold(brand));
  if (brandId === undefined)
    errors.push({ field: fields.brand, message_key: 'catalogImportUnknownBrand', params: { brand } });
  const key = normalizePartNumber(number);
  if (!key)
    errors.push({ field: fields.number, message_key: 'catalogImportBadNumber', params: { value: number } });
  return brandId === undefined || !key ? null : { brandId, key, number: number.trim() };
}

const rowError = (row: number, field: string, key: MessageKey, params?: MessageParams): RowResult => ({
  row,
  result: 'error',
  errors: [
    { field, message_key: key, ...(params ? { params: params as Record<string, string | number> } : {}) },
  ],
});

/** `since`: a date or an ISO 8601 time; stored as a time (UTC midnight for a date). */
function readSince(raw: string | undefined, errors: Errors): string | null | undefined {
  if (raw === undefined) return undefined;
  const text = raw.trim();
  const ok = /^\d{4}-\d{2}-\d{2}$/.test(text) || /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(text);
  if (!ok || Number.isNaN(Date.parse(text))) {
    errors.push({
      field: 'since',
      message_key: 'catalogImportBadTime',
      params: { value: text.slice(0, 40) },
    });
    return undefined;
  }
  return new Date(text).toISOString();
}

const sameTime = (a: string | null, b: string | null) =>
  a === b || (a !== null && b !== null && Date.parse(a) === Date.parse(b));

/**
 * The batch upserts and deletes of supersessions and substitutes (issue 13 item 3), on the
 * integration API's batch run: one transaction per request with its idempotency key, stored
 * per-row answers and one audit entry. Rows are compared with what is stored, so a repeated
 * load answers `unchanged` and writes nothing.
 */
export function createSupersessionBatches(batches: BatchUpsertsService) {
  return {
    upsertSupersessions: (call: BatchCall, rows: ReadonlyArray<z.output<typeof supersessionRowSchema>>) =>
      batches.run(call, async (tx, ctx) => {
        const results: RowResult[] = [];
        const valid: Array<{
          row: number;
          values: Omit<SupersessionValues, 'note' | 'since'>;
          note?: string;
          since?: string | null;
        }> = [];
        const first = new Map<string, number>();
        for (const [index, row] of rows.entries()) {
          const errors: Errors = [];
          const old = side(
            ctx,
            errors,
            { brand: 'old_brand', number: 'old_number' },
            row.old_brand,
            row.old_number,
          );
          const next = side(
            ctx,
            errors,
            { brand: 'new_brand', number: 'new_number' },
            row.new_brand,
            row.new_number,
          );
          const since = readSince(row.since, errors);
          if (!old || !next || errors.length > 0) {
            results.push({ row: index, result: 'error', errors });
            continue;
          }
          if (old.brandId === next.brandId && old.key === next.key) {
            results.push(rowError(index, 'new_number', 'supersessionSelf'));
            continue;
          }
          const key = `${old.brandId}:${old.key}`;
          const earlier = first.get(key);
          if (earlier !== undefined) {
            results.push(rowError(index, 'old_number', 'catalogImportDuplicateRow', { row: earlier }));
            continue;
          }
          first.set(key, index);
          valid.push({
            row: index,
            values: {
              old_brand_id: old.brandId,
              old_number: old.number,
              old_number_key: old.key,
              new_brand_id: next.brandId,
              new_number: next.number,
              new_number_key: next.key,
            },
            ...(row.note !== undefined ? { note: row.note.trim() } : {}),
            ...(since !== undefined ? { since } : {}),
          });
        }
        const stored = new Map(
          (
            await tx.supersessions.supersessionsByOld(
              ctx.accountId,
              valid.map(({ values }) => ({ brandId: values.old_brand_id, key: values.old_number_key })),
            )
          ).map((row) => [`${row.old_brand_id}:${row.old_number_key}`, row]),
        );
        const writes: SupersessionValues[] = [];
        for (const { row, values, note, since } of valid) {
          const before = stored.get(`${values.old_brand_id}:${values.old_number_key}`);
          const after: SupersessionValues = {
            ...values,
            note: note ?? before?.note ?? '',
            since: since === undefined ? (before?.since ?? null) : since,
          };
          const same =
            before !== undefined &&
            before.old_number === after.old_number &&
            before.new_brand_id === after.new_brand_id &&
            before.new_number === after.new_number &&
            before.note === after.note &&
            sameTime(before.since, after.since);
          results.push({ row, result: before === undefined ? 'created' : same ? 'unchanged' : 'updated' });
          if (!same) writes.push(after);
        }
        await tx.supersessions.writeSupersessions(ctx.accountId, writes);
        return results.sort((a, b) => a.row - b.row);
      }),

    deleteSupersessions: (call: BatchCall, rows: ReadonlyArray<z.output<typeof supersessionKeyRowSchema>>) =>
      batches.run(call, async (tx, ctx) => {
        const results: RowResult[] = [];
        const valid: Array<{ row: number; brandId: number; key: string }> = [];
        for (const [index, row] of rows.entries()) {
          const errors: Errors = [];
          const old = side(
            ctx,
            errors,
            { brand: 'old_brand', number: 'old_number' },
            row.old_brand,
            row.old_number,
          );
          if (!old) results.push({ row: index, result: 'error', errors });
          else valid.push({ row: index, brandId: old.brandId, key: old.key });
        }
        const stored = new Map(
          (await tx.supersessions.supersessionsByOld(ctx.accountId, valid)).map((row) => [
            `${row.old_brand_id}:${row.old_number_key}`,
            row.id,
          ]),
        );
        const ids = new Set<number>();
        for (const { row, brandId, key } of valid) {
          const id = stored.get(`${brandId}:${key}`);
          // A second row deleting the same link finds it already gone: unchanged.
          results.push({ row, result: id === undefined || ids.has(id) ? 'unchanged' : 'updated' });
          if (id !== undefined) ids.add(id);
        }
        await tx.supersessions.deleteSupersessions(ctx.accountId, [...ids]);
        return results.sort((a, b) => a.row - b.row);
      }),

    upsertSubstitutes: (call: BatchCall, rows: ReadonlyArray<z.output<typeof substituteRowSchema>>) =>
      batches.run(call, async (tx, ctx) => {
        const results: RowResult[] = [];
        const valid: Array<{
          row: number;
          values: Omit<SubstituteValues, 'note' | 'two_way'>;
          note?: string;
          twoWay?: boolean;
        }> = [];
        const first = new Map<string, number>();
        for (const [index, row] of rows.entries()) {
          const errors: Errors = [];
          const part = side(ctx, errors, { brand: 'brand', number: 'number' }, row.brand, row.number);
          const sub = side(
            ctx,
            errors,
            { brand: 'substitute_brand', number: 'substitute_number' },
            row.substitute_brand,
            row.substitute_number,
          );
          if (!part || !sub) {
            results.push({ row: index, result: 'error', errors });
            continue;
          }
          if (part.brandId === sub.brandId && part.key === sub.key) {
            results.push(rowError(index, 'substitute_number', 'substituteSelf'));
            continue;
          }
          const key = `${part.brandId}:${part.key}:${sub.brandId}:${sub.key}`;
          const earlier = first.get(key);
          if (earlier !== undefined) {
            results.push(rowError(index, 'number', 'catalogImportDuplicateRow', { row: earlier }));
            continue;
          }
          first.set(key, index);
          valid.push({
            row: index,
            values: {
              part_brand_id: part.brandId,
              part_number: part.number,
              part_number_key: part.key,
              substitute_brand_id: sub.brandId,
              substitute_number: sub.number,
              substitute_number_key: sub.key,
            },
            ...(row.note !== undefined ? { note: row.note.trim() } : {}),
            ...(row.two_way !== undefined ? { twoWay: row.two_way } : {}),
          });
        }
        const pairKey = (v: Omit<SubstituteValues, 'note' | 'two_way'>) =>
          `${v.part_brand_id}:${v.part_number_key}:${v.substitute_brand_id}:${v.substitute_number_key}`;
        const stored = new Map(
          (
            await tx.supersessions.substitutesByPair(
              ctx.accountId,
              valid.map(({ values }) => ({
                partBrandId: values.part_brand_id,
                partKey: values.part_number_key,
                subBrandId: values.substitute_brand_id,
                subKey: values.substitute_number_key,
              })),
            )
          ).map((row) => [pairKey(row), row]),
        );
        const writes: SubstituteValues[] = [];
        for (const { row, values, note, twoWay } of valid) {
          const before = stored.get(pairKey(values));
          const after: SubstituteValues = {
            ...values,
            note: note ?? before?.note ?? '',
            two_way: twoWay ?? before?.two_way ?? true,
          };
          const same =
            before !== undefined &&
            before.part_number === after.part_number &&
            before.substitute_number === after.substitute_number &&
            before.two_way === after.two_way &&
            before.note === after.note;
          results.push({ row, result: before === undefined ? 'created' : same ? 'unchanged' : 'updated' });
          if (!same) writes.push(after);
        }
        await tx.supersessions.writeSubstitutes(ctx.accountId, writes);
        return results.sort((a, b) => a.row - b.row);
      }),

    deleteSubstitutes: (call: BatchCall, rows: ReadonlyArray<z.output<typeof substituteKeyRowSchema>>) =>
      batches.run(call, async (tx, ctx) => {
        const results: RowResult[] = [];
        const valid: Array<{
          row: number;
          partBrandId: number;
          partKey: string;
          subBrandId: number;
          subKey: string;
        }> = [];
        for (const [index, row] of rows.entries()) {
          const errors: Errors = [];
          const part = side(ctx, errors, { brand: 'brand', number: 'number' }, row.brand, row.number);
          const sub = side(
            ctx,
            errors,
            { brand: 'substitute_brand', number: 'substitute_number' },
            row.substitute_brand,
            row.substitute_number,
          );
          if (!part || !sub) results.push({ row: index, result: 'error', errors });
          else
            valid.push({
              row: index,
              partBrandId: part.brandId,
              partKey: part.key,
              subBrandId: sub.brandId,
              subKey: sub.key,
            });
        }
        const stored = await tx.supersessions.substitutesByPair(ctx.accountId, valid);
        const idOf = new Map(
          stored.map((row) => [
            `${row.part_brand_id}:${row.part_number_key}:${row.substitute_brand_id}:${row.substitute_number_key}`,
            row.id,
          ]),
        );
        const ids = new Set<number>();
        for (const { row, partBrandId, partKey, subBrandId, subKey } of valid) {
          const id = idOf.get(`${partBrandId}:${partKey}:${subBrandId}:${subKey}`);
          results.push({ row, result: id === undefined || ids.has(id) ? 'unchanged' : 'updated' });
          if (id !== undefined) ids.add(id);
        }
        await tx.supersessions.deleteSubstitutes(ctx.accountId, [...ids]);
        return results.sort((a, b) => a.row - b.row);
      }),
  };
}
