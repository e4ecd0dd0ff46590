import { createHash } from 'node:crypto';
import type { Language } from '@partsportal/contract/codes';
import type {
  BatchResult,
  brandRowSchema,
  companyRowSchema,
  customerUserRowSchema,
  partTypeRowSchema,
  priceRowSchema,
  productKeyRowSchema,
  productRowSchema,
  stockRowSchema,
  storeRowSchema,
  vehicleRowSchema,
} from '@partsportal/contract/integration-batch';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@partsportal/contract/auth';
import {
  companyCreateRequestSchema,
  companyUpdateRequestSchema,
  customerUserCreateRequestSchema,
  customerUserUpdateRequestSchema,
} from '@partsportal/contract/customers';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import { translate, type MessageKey, type MessageParams } from '../../platform/messages';
import type { DataAccess, Repositories } from '../../repositories';
import type { AuditActor } from '../audit/audit.repository';
import { customerWrites, type CustomerWriter } from '../customers/customers.service';
import { createRepositoryStatistics, rowsWritten, type TableStatistics } from '../imports/table-statistics';
import {
  buildReference,
  fold,
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

/**
 * JSON with keys sorted at every level: the same body in another key order hashes the same.
 * Loops and one string rather than map/join: it runs over every request's whole body.
 */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + canonicalJson(value[i]);
    return `${out}]`;
  }
  const keys = Object.keys(value).sort();
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    out += `${i === 0 ? '' : ','}${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`;
  }
  return `${out}}`;
}

const text = (value: string | number | boolean | undefined): string | undefined =>
  value === undefined ? undefined : typeof value === 'boolean' ? (value ? '1' : '0') : String(value);

/** Drops the fields that were not given, so the core leaves those columns as stored. */
const given = (values: Record<string, string | undefined>): ImportRow['values'] => {
  // A loop, not entries/filter/fromEntries: it runs for every row of every batch.
  const out: Record<string, string> = {};
  for (const field in values) {
    const value = values[field];
    if (value !== undefined) out[field] = value;
  }
  return out;
};

const lower = (value: string) => value.trim().toLowerCase();

const rowError = (row: number, field: string, key: MessageKey, params?: MessageParams): RowResult => ({
  row,
  result: 'error',
  errors: [
    { field, message_key: key, ...(params ? { params: params as Record<string, string | number> } : {}) },
  ],
});

/** A customer service's refusal, named by the field it is about. */
const REFUSAL_FIELDS: Partial<Record<MessageKey, string>> = {
  companyCodeTaken: 'code',
  priceLevelUnknown: 'price_level',
  customerUserIdTaken: 'user_id',
  customerMenuUnknown: 'menus',
  customerMenusEmpty: 'menus',
  notFound: 'company',
};

/** A row the customers contract refuses: one error per field, in the reader's language later. */
const invalidRow = (row: number, error: z.ZodError): RowResult => ({
  row,
  result: 'error',
  errors: error.issues.map((issue) => {
    const field = issue.path.join('.') || 'row';
    return { field, message_key: 'validation', params: { fields: field } };
  }),
});

/** Runs one customer write; a refusal (AppError) becomes the row's error, the batch goes on. */
async function customerRow(row: number, write: () => Promise<RowResult['result']>): Promise<RowResult> {
  try {
    return { row, result: await write() };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return rowError(row, REFUSAL_FIELDS[error.messageKey] ?? 'row', error.messageKey, error.params);
  }
}

const defined = <T extends Record<string, unknown>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;

/**
 * The batch upserts of /api/v1 (issue 13 items 3 and 7). Typed JSON rows are mapped onto the
 * import core's rows (the same validation, set-based SQL and row results as the back office's
 * file import). Each request is one transaction: the batch record (idempotency key, body hash,
 * every row's answer), the writes, one audit entry with the counts, and per-record audit entries
 * for the prices it changed. A row's error never stops the other rows.
 */
export function createBatchUpsertsService(
  deps: DataAccess & {
    hashPassword: (password: string) => Promise<string>;
    now?: () => Date;
    statistics?: TableStatistics;
  },
) {
  const { repos, transaction } = deps;
  const now = deps.now ?? (() => new Date());
  // Fresh planner statistics after a large load (issue 20: searches right after an ERP's first
  // 100,000 products were planned on no statistics). On the pool, after the batch's commit.
  const statistics = deps.statistics ?? createRepositoryStatistics(repos);

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
    writes?: Parameters<typeof rowsWritten>[0],
  ): Promise<BatchResult> {
    const requestSha256 = createHash('sha256')
      .update(`${call.operationId}\n${canonicalJson(call.body)}`)
      .digest('hex');
    const { key } = call;
    let written: RowResult[] = [];
    const answer = await transaction(async (tx) => {
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
      written = results;
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
    if (writes && written.length > 0) {
      // The write is committed and answered whatever happens here; autovacuum remains.
      await statistics.written(rowsWritten(writes, written)).catch(() => undefined);
    }
    return answer;
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
            values: { name: row.code.trim(), names: row.names ?? null },
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
                pl_fuel: row.fuel?.trim() ?? null,
                pl_body: row.body?.trim() ?? null,
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
      run(
        call,
        (tx, ctx) =>
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
        'products',
      ),

    deactivate: (call: BatchCall, rows: ReadonlyArray<z.output<typeof productKeyRowSchema>>) =>
      run(
        call,
        (tx, ctx) =>
          deactivateProducts(
            tx,
            rows.map((row, index) => ({ row: index, values: productKeyValues(row) })),
            ctx,
          ),
        'deactivate',
      ),

    stock: (call: BatchCall, rows: ReadonlyArray<z.output<typeof stockRowSchema>>) =>
      run(
        call,
        (tx, ctx) =>
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
        'stock',
      ),

    prices: (call: BatchCall, rows: ReadonlyArray<z.output<typeof priceRowSchema>>) =>
      run(
        call,
        (tx, ctx) =>
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
        'prices',
      ),

    companies: (call: BatchCall, rows: ReadonlyArray<z.output<typeof companyRowSchema>>) =>
      run(call, async (tx, ctx) => {
        const who: CustomerWriter = { accountId: call.key.accountId, actor: apiKeyActor(call.key, call.ip) };
        const existing = await tx.customers.companyIdsByCode(
          who.accountId,
          rows.map((row) => row.code),
        );
        const first = new Map<string, number>();
        const results: RowResult[] = [];
        for (const [index, row] of rows.entries()) {
          const code = lower(row.code);
          const earlier = first.get(code);
          if (earlier !== undefined) {
            results.push(rowError(index, 'code', 'catalogImportDuplicateKey', { row: earlier }));
            continue;
          }
          first.set(code, index);
          const levelId =
            row.price_level === null || row.price_level === undefined
              ? row.price_level
              : ctx.reference.priceLevels.get(fold(row.price_level));
          if (levelId === undefined && row.price_level) {
            results.push(
              rowError(index, 'price_level', 'catalogImportUnknownPriceLevel', { value: row.price_level }),
            );
            continue;
          }
          const fields = defined({
            name: row.name,
            sort_name: row.sort_name,
            price_level_id: levelId,
            credit_limit: text(row.credit_limit),
            payment_days: row.payment_days,
            currency: row.currency,
            enabled: row.enabled,
          });
          const id = existing.get(code);
          if (id === undefined) {
            const parsed = companyCreateRequestSchema.safeParse({ code: row.code, ...fields });
            results.push(
              parsed.success
                ? await customerRow(index, async () => {
                    await customerWrites.createCompany(tx, who, parsed.data);
                    return 'created';
                  })
                : invalidRow(index, parsed.error),
            );
          } else {
            const parsed = companyUpdateRequestSchema.safeParse({ id, ...fields });
            results.push(
              parsed.success
                ? await customerRow(index, async () => {
                    const changes = await customerWrites.updateCompany(tx, who, parsed.data, now());
                    return Object.keys(changes).length > 0 ? 'updated' : 'unchanged';
                  })
                : invalidRow(index, parsed.error),
            );
          }
        }
        return results;
      }),

    async customerUsers(call: BatchCall, rows: ReadonlyArray<z.output<typeof customerUserRowSchema>>) {
      // New users' initial passwords are hashed before the transaction (argon2id takes ~100 ms
      // each, off the event loop); a user that exists keeps the password it has.
      const known = await repos.customers.usersByUserId(
        call.key.accountId,
        rows.map((row) => row.user_id),
      );
      const hashes = new Map<number, string>();
      for (const [index, row] of rows.entries()) {
        const password = row.initial_password;
        if (known.has(lower(row.user_id)) || password === undefined) continue;
        if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) continue;
        hashes.set(index, await deps.hashPassword(password));
      }
      return run(call, async (tx) => {
        const who: CustomerWriter = { accountId: call.key.accountId, actor: apiKeyActor(call.key, call.ip) };
        const companies = await tx.customers.companyIdsByCode(
          who.accountId,
          rows.map((row) => row.company),
        );
        const users = await tx.customers.usersByUserId(
          who.accountId,
          rows.map((row) => row.user_id),
        );
        const first = new Map<string, number>();
        const results: RowResult[] = [];
        for (const [index, row] of rows.entries()) {
          const userId = lower(row.user_id);
          const earlier = first.get(userId);
          if (earlier !== undefined) {
            results.push(rowError(index, 'user_id', 'catalogImportDuplicateKey', { row: earlier }));
            continue;
          }
          first.set(userId, index);
          const companyId = companies.get(lower(row.company));
          if (companyId === undefined) {
            results.push(rowError(index, 'company', 'catalogImportUnknownCompany', { value: row.company }));
            continue;
          }
          const user = users.get(userId);
          // A user_id belongs to one company; moving a user between companies is not a sync's job.
          if (user && user.companyId !== companyId) {
            results.push(rowError(index, 'user_id', 'customerUserIdTaken', { user_id: row.user_id }));
            continue;
          }
          const fields = defined({
            user_id: row.user_id,
            name: row.name,
            menus: row.menus,
            tags: row.tags,
            show_address: row.show_address,
            product_detail_title_show_my_number: row.product_detail_title_show_my_number,
            enabled: row.enabled,
          });
          if (user) {
            const parsed = customerUserUpdateRequestSchema.safeParse({ id: user.id, ...fields });
            results.push(
              parsed.success
                ? await customerRow(index, async () => {
                    const changes = await customerWrites.updateUser(tx, who, parsed.data, now());
                    return Object.keys(changes).length > 0 ? 'updated' : 'unchanged';
                  })
                : invalidRow(index, parsed.error),
            );
            continue;
          }
          const password = row.initial_password;
          if (password === undefined) {
            results.push(rowError(index, 'initial_password', 'catalogImportRequired'));
            continue;
          }
          if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
            results.push(
              rowError(index, 'initial_password', 'passwordLength', {
                min: PASSWORD_MIN_LENGTH,
                max: PASSWORD_MAX_LENGTH,
              }),
            );
            continue;
          }
          const parsed = customerUserCreateRequestSchema.safeParse({
            company_id: companyId,
            menus: [],
            ...fields,
          });
          if (!parsed.success) {
            results.push(invalidRow(index, parsed.error));
            continue;
          }
          // A user created by another request since the hashes were made has no hash here.
          const passwordHash = hashes.get(index) ?? (await deps.hashPassword(password));
          results.push(
            await customerRow(index, async () => {
              await customerWrites.createUser(tx, who, parsed.data, passwordHash);
              return 'created';
            }),
          );
        }
        return results;
      });
    },

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
