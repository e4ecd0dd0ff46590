import { hash } from 'node:crypto';
import type { ImportField, ImportKind, RowResultKind } from '@partsportal/contract/imports';
import { normalizePartNumber } from '@partsportal/contract/part-number';
import type { MessageKey } from '../../platform/messages';
import type { Repositories } from '../../repositories';
import { productKey, type ProductWrite, type ReferenceKind, type ReferenceRows } from './imports.repository';

/**
 * The import core (issue 14 item 3, shared with issue 13's batch upserts): validation of rows of
 * field → text and their set-based upsert, ≤ 1,000 rows a call, each row answered
 * created | updated | unchanged | error. It takes the repositories bound to the caller's
 * transaction and commits nothing itself: a file import records its checkpoint in the same
 * transaction, a dry run rolls the transaction back, an API request commits it.
 */

export const MAX_ROWS_PER_CALL = 1_000;

/**
 * Fields only the integration API sends (a file import's mapping never produces them): a product's
 * volume, a stock row's `as_of`, a price row's price level and currency.
 */
export type ApiOnlyField = 'volume' | 'as_of' | 'price_level' | 'level_price' | 'currency';
export type CoreField = ImportField | ApiOnlyField;

/** Typed lists of an API row, which a file's text cells cannot carry; null/absent: leave as stored. */
export interface RowLists {
  /** Replaces `cross_numbers`' text form. */
  crossNumbers?: ReadonlyArray<{ kind: 'oe' | 'brand'; brand: string; number: string }>;
  params?: ReadonlyArray<{ name: string; value: string }>;
  pictures?: readonly string[];
  /** Vehicles by make, model, year and engine (reference data: an unknown vehicle is a row error). */
  fitments?: ReadonlyArray<{ make: string; model: string; year: string; engine: string }>;
}

/** A row as read from a file (or an API body): field → text; a missing field was not given. */
export interface ImportRow {
  /** Row number as the file shows it (header = 1); an API row's index. */
  row: number;
  values: Partial<Record<CoreField, string>>;
  lists?: RowLists;
}

export interface RowError {
  field: string;
  message_key: MessageKey;
  params?: Record<string, string | number>;
}

export interface RowResult {
  row: number;
  result: RowResultKind;
  errors?: RowError[];
  /** The resolved key, when brand and number were valid (duplicates and full mode use it). */
  brand_id?: number;
  number_key?: string;
  /** What makes the row unique in its kind (a later row with the same key is a duplicate). */
  row_key?: string;
  /** Stock only: the stored quantity was counted later than this row's `as_of`; nothing written. */
  stale?: true;
  /** Prices only: what the row changed, field → before/after (the per-record audit of an API call). */
  changes?: Record<string, { before: unknown; after: unknown }>;
}

/** How names and codes are compared: NFKC, trimmed, lower case. */
export const fold = (text: string) => text.normalize('NFKC').trim().toLowerCase();

/** Reference data by folded name; built once per import or API request. */
export interface Reference {
  brands: Map<string, number>;
  partTypes: Map<string, number>;
  stores: Map<string, number>;
  companies: Map<string, number>;
  /** Company id → its currency (a company price must be in it). */
  companyCurrencies: Map<number, string>;
  priceLevels: Map<string, number>;
  /** make \0 model \0 year \0 engine, folded → vehicle id. */
  vehicles: Map<string, number>;
  /** The account's currency (list prices and level prices are in it). */
  currency: string;
}

export const vehicleKey = (vehicle: { make: string; model: string; year: string; engine: string }) =>
  [vehicle.make, vehicle.model, vehicle.year, vehicle.engine].map(fold).join('\u0000');

export function buildReference(rows: ReferenceRows): Reference {
  const partTypes = new Map<string, number>();
  for (const type of rows.partTypes) {
    for (const name of [type.code, type.name_zh, type.name_en, type.name_es])
      partTypes.set(fold(name), type.id);
  }
  const companies = new Map<string, number>();
  // A company is named by its short name, its full name or its code (the ERP's customer number).
  for (const company of rows.companies) {
    companies.set(fold(company.name), company.id);
    companies.set(fold(company.sort_name), company.id);
  }
  // A code wins over another company's name that happens to read the same.
  for (const company of rows.companies) if (company.code) companies.set(fold(company.code), company.id);
  return {
    brands: new Map(rows.brands.map((brand) => [fold(brand.name), brand.id])),
    partTypes,
    stores: new Map(rows.stores.map((store) => [fold(store.name), store.id])),
    companies,
    companyCurrencies: new Map(rows.companies.map((company) => [company.id, company.currency])),
    priceLevels: new Map(rows.priceLevels.map((level) => [fold(level.name), level.id])),
    vehicles: new Map(rows.vehicles.map((vehicle) => [vehicleKey(vehicle), vehicle.id])),
    currency: rows.currency,
  };
}

export interface CoreContext {
  accountId: number;
  reference: Reference;
  /** Fields the caller maps; a required one may not be empty (an empty optional cell leaves the stored value alone). */
  present: ReadonlySet<ImportField>;
  /** Rows an earlier pass found to repeat an earlier row (file imports): row → first row. */
  duplicates?: ReadonlyMap<number, number>;
  /** Answer what an upsert would do, writing nothing (read-only comparisons of the same rules). */
  dryRun?: boolean;
}

const MAX_NUMBER_LENGTH = 100;
const MAX_TEXT_LENGTH = 500;
const MAX_CROSS_NUMBERS = 200;

/** Reads one row's fields, collecting every field error instead of stopping at the first. */
class RowReader {
  readonly errors: RowError[] = [];
  constructor(private readonly values: ImportRow['values']) {}

  private fail(field: string, message_key: MessageKey, params?: Record<string, string | number>) {
    this.errors.push({ field, message_key, ...(params ? { params } : {}) });
  }

  text(field: CoreField, options: { required?: boolean; max?: number } = {}): string | undefined {
    // NUL cannot be stored in PostgreSQL text; nothing a person types contains it.
    const raw = this.values[field]?.replaceAll('\u0000', '').trim();
    if (!raw) {
      if (options.required) this.fail(field, 'catalogImportRequired');
      return undefined;
    }
    const max = options.max ?? MAX_TEXT_LENGTH;
    if (raw.length > max) {
      this.fail(field, 'catalogImportTooLong', { max });
      return undefined;
    }
    return raw;
  }

  decimal(field: CoreField, options: { required?: boolean } = {}): string | undefined {
    const raw = this.text(field, options);
    if (raw === undefined) return undefined;
    // A decimal comma is accepted when there is no point (es: 12,50).
    const value = raw.includes('.') ? raw.replace(/,/g, '') : raw.replace(',', '.');
    if (!/^\d{1,12}(\.\d{1,4})?$/.test(value)) {
      this.fail(field, 'catalogImportBadDecimal', { value: raw.slice(0, 40) });
      return undefined;
    }
    return value;
  }

  whole(
    field: CoreField,
    options: { required?: boolean; negativeKey?: MessageKey } = {},
  ): number | undefined {
    const raw = this.text(field, options);
    if (raw === undefined) return undefined;
    if (options.negativeKey && /^-\s*\d+(\.0+)?$/.test(raw)) {
      this.fail(field, options.negativeKey, { value: raw.slice(0, 40) });
      return undefined;
    }
    // "12.0" is what a spreadsheet makes of 12.
    const match = /^(\d{1,9})(\.0+)?$/.exec(raw);
    if (!match) {
      this.fail(field, 'catalogImportBadWhole', { value: raw.slice(0, 40) });
      return undefined;
    }
    return Number(match[1]);
  }

  flag(field: CoreField): boolean | undefined {
    const raw = this.text(field);
    if (raw === undefined) return undefined;
    const value = fold(raw);
    if (['1', 'true', 'yes', 'y', 'x', '是', 'sí', 'si'].includes(value)) return true;
    if (['0', 'false', 'no', 'n', '否'].includes(value)) return false;
    this.fail(field, 'catalogImportBadFlag', { value: raw.slice(0, 40) });
    return undefined;
  }

  lookup(
    field: CoreField,
    map: Map<string, number>,
    unknownKey: MessageKey,
    required = false,
  ): number | undefined {
    const raw = this.text(field, { required });
    if (raw === undefined) return undefined;
    const id = map.get(fold(raw));
    if (id === undefined) this.fail(field, unknownKey, { value: raw.slice(0, 80), brand: raw.slice(0, 80) });
    return id;
  }

  /** Brand + number: the row's key. */
  key(reference: Reference): { brand_id: number; number: string; number_key: string } | undefined {
    const brandId = this.lookup('brand', reference.brands, 'catalogImportUnknownBrand', true);
    const number = this.text('number', { required: true, max: MAX_NUMBER_LENGTH });
    let numberKey: string | undefined;
    if (number !== undefined) {
      numberKey = normalizePartNumber(number);
      if (!numberKey) this.fail('number', 'catalogImportBadNumber', { value: number.slice(0, 40) });
    }
    if (brandId === undefined || number === undefined || !numberKey) return undefined;
    return { brand_id: brandId, number, number_key: numberKey };
  }

  /** `OE:04465-33450;DENSO:DP123` — `OE` or `OE <maker>` is a vehicle maker's number, any other prefix a brand. */
  crossNumbers(): ProductWrite['numbers'] {
    const raw = this.values.cross_numbers?.replaceAll('\u0000', '').trim() ?? '';
    const items: Array<{ kind: 'oe' | 'brand'; brand: string; number: string } | { bad: string }> = [];
    for (const part of raw.split(/[;\n；]/)) {
      const item = part.trim();
      if (!item) continue;
      const match = /^([^:：]{1,60})[:：](.{1,100})$/.exec(item);
      if (!match) {
        items.push({ bad: item });
        continue;
      }
      const prefix = match[1]!.trim();
      const oe = /^oe(\s+|$)/i.exec(prefix);
      items.push(
        oe
          ? { kind: 'oe', brand: prefix.slice(oe[0].length).trim() || 'OE', number: match[2]!.trim() }
          : { kind: 'brand', brand: prefix, number: match[2]!.trim() },
      );
    }
    return this.crossNumberList(items);
  }

  /** Cross numbers as typed entries (an API row) or parsed from text: checked, each once. */
  crossNumberList(
    items: ReadonlyArray<{ kind: 'oe' | 'brand'; brand: string; number: string } | { bad: string }>,
  ): NonNullable<ProductWrite['numbers']> {
    const numbers: NonNullable<ProductWrite['numbers']> = [];
    const seen = new Set<string>();
    for (const item of items) {
      const number = 'bad' in item ? '' : item.number.replaceAll('\u0000', '').trim();
      const numberKey = normalizePartNumber(number);
      if ('bad' in item || !numberKey || number.length > MAX_NUMBER_LENGTH) {
        const shown =
          'bad' in item ? item.bad : `${item.kind === 'oe' ? 'OE ' : ''}${item.brand}:${item.number}`;
        this.fail('cross_numbers', 'catalogImportBadCross', { value: shown.slice(0, 60) });
        continue;
      }
      const brandName =
        item.brand.replaceAll('\u0000', '').trim().slice(0, 60) || (item.kind === 'oe' ? 'OE' : '');
      const entry = { kind: item.kind, brand_name: brandName, number, number_key: numberKey };
      const id = `${entry.kind}\u0000${entry.brand_name}\u0000${entry.number}`;
      if (!seen.has(id)) numbers.push(entry);
      seen.add(id);
    }
    if (numbers.length > MAX_CROSS_NUMBERS) {
      this.fail('cross_numbers', 'catalogImportTooLong', { max: MAX_CROSS_NUMBERS });
    }
    return numbers;
  }

  /** Fitments: every vehicle must exist (vehicles are reference data, upserted first). */
  fitments(reference: Reference, fitments: NonNullable<RowLists['fitments']>): number[] {
    const ids = new Set<number>();
    for (const vehicle of fitments) {
      const id = reference.vehicles.get(vehicleKey(vehicle));
      if (id === undefined) {
        const shown = [vehicle.make, vehicle.model, vehicle.year, vehicle.engine].join(' ');
        this.fail('fitments', 'catalogImportUnknownVehicle', { value: shown.slice(0, 80) });
      } else ids.add(id);
    }
    return [...ids];
  }

  /** An ISO 8601 time with its offset (the API's `as_of`). */
  time(field: CoreField): string | undefined {
    const raw = this.text(field, { max: 40 });
    if (raw === undefined) return undefined;
    if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(raw) || Number.isNaN(Date.parse(raw))) {
      this.fail(field, 'catalogImportBadTime', { value: raw.slice(0, 40) });
      return undefined;
    }
    return new Date(raw).toISOString();
  }

  /** The currency a price is in must be the one it is kept in (no exchange rates). */
  currency(expected: string) {
    const raw = this.text('currency', { max: 3 });
    if (raw !== undefined && raw.toUpperCase() !== expected.toUpperCase())
      this.fail('currency', 'catalogImportWrongCurrency', { value: raw, expected });
  }
}

/** A second row for the same key in one call is an error pointing at the first. */
function duplicateCheck(ctx: CoreContext) {
  const first = new Map<string, number>();
  return (row: number, key: string): RowError | null => {
    const earlier = ctx.duplicates?.get(row) ?? first.get(key);
    if (earlier !== undefined)
      return { field: 'number', message_key: 'catalogImportDuplicateRow', params: { row: earlier } };
    first.set(key, row);
    return null;
  };
}

const errorResult = (
  row: number,
  errors: RowError[],
  key?: { brand_id: number; number_key: string },
  rowKey?: string,
): RowResult => ({
  row,
  result: 'error',
  errors,
  ...(key ? { brand_id: key.brand_id, number_key: key.number_key } : {}),
  ...(rowKey ? { row_key: rowKey } : {}),
});

function checkSize(rows: readonly ImportRow[]) {
  if (rows.length > MAX_ROWS_PER_CALL) throw new Error(`at most ${MAX_ROWS_PER_CALL} rows per call`);
}

export async function upsertProducts(
  tx: Repositories,
  rows: readonly ImportRow[],
  ctx: CoreContext,
): Promise<RowResult[]> {
  checkSize(rows);
  const duplicate = duplicateCheck(ctx);
  const results: RowResult[] = [];
  const writes: Array<{ index: number; write: ProductWrite }> = [];
  for (const input of rows) {
    const read = new RowReader(input.values);
    const key = read.key(ctx.reference);
    const names = {
      name_zh: read.text('name_zh'),
      name_en: read.text('name_en'),
      name_es: read.text('name_es'),
    };
    const partTypeId = read.lookup('part_type', ctx.reference.partTypes, 'catalogImportUnknownPartType');
    const unit = read.text('unit', { max: 20 });
    const weight = read.decimal('weight');
    const buyQty = read.whole('buy_qty');
    const price = read.decimal('price', { required: ctx.present.has('price') });
    const isNew = read.flag('is_new');
    const volume = read.decimal('volume');
    const lists = input.lists ?? {};
    // An empty cell (or no such column / list) leaves the product's cross numbers as they are.
    const numbers = lists.crossNumbers
      ? read.crossNumberList(lists.crossNumbers)
      : input.values.cross_numbers?.trim()
        ? read.crossNumbers()
        : null;
    const fitments = lists.fitments ? read.fitments(ctx.reference, lists.fitments) : null;
    const rowKey = key ? productKey(key.brand_id, key.number_key) : undefined;
    if (rowKey) {
      const dup = duplicate(input.row, rowKey);
      if (dup) read.errors.push(dup);
    }
    if (read.errors.length > 0 || !key) {
      results.push(errorResult(input.row, read.errors, key, rowKey));
      continue;
    }
    results.push({
      row: input.row,
      result: 'unchanged',
      brand_id: key.brand_id,
      number_key: key.number_key,
      row_key: rowKey!,
    });
    const write: Omit<ProductWrite, 'content_hash'> = {
      brand_id: key.brand_id,
      number: key.number,
      number_key: key.number_key,
      part_type_id: partTypeId ?? null,
      name_zh: names.name_zh ?? null,
      name_en: names.name_en ?? null,
      name_es: names.name_es ?? null,
      unit: unit ?? null,
      weight: weight ?? null,
      buy_qty: buyQty ?? null,
      price: price ?? null,
      is_new: isNew ?? null,
      volumn: volume ?? null,
      pro_params: lists.params ? lists.params.map(({ name, value }) => ({ name, value })) : null,
      images: lists.pictures ? [...lists.pictures] : null,
      numbers,
      fitments,
    };
    // Hashed before the hash is added to it (no copy of the row: this runs for every row).
    const hashed = write as ProductWrite;
    hashed.content_hash = contentHash(write);
    writes.push({ index: results.length - 1, write: hashed });
  }
  if (writes.length === 0) return results;
  // A row whose hash the product still carries was the last thing applied to it, and nothing has
  // changed the product since (the triggers forget the hash otherwise): it is unchanged, with no
  // diff and no write (decision 028). One indexed read for the batch.
  const stored = await tx.imports.productHashes(
    ctx.accountId,
    writes.map(({ write }) => ({ brand_id: write.brand_id, number_key: write.number_key })),
  );
  const pending = writes.filter(
    ({ write }) => stored.get(productKey(write.brand_id, write.number_key)) !== write.content_hash,
  );
  if (pending.length === 0) return results;
  const batch = pending.map((entry) => entry.write);
  const { created, updated } = ctx.dryRun
    ? await tx.imports.compareProducts(ctx.accountId, batch)
    : await tx.imports.upsertProducts(ctx.accountId, batch);
  let renumbered = new Set<string>();
  let refitted = new Set<string>();
  if (!ctx.dryRun) {
    await tx.imports.importCoreSync(true);
    renumbered = await tx.imports.syncProductNumbers(ctx.accountId, batch);
    refitted = await tx.imports.syncFitments(ctx.accountId, batch);
    await tx.imports.importCoreSync(false);
  }
  for (const { index, write } of pending) {
    const id = productKey(write.brand_id, write.number_key);
    const result = results[index]!;
    if (created.has(id)) result.result = 'created';
    else if (updated.has(id) || renumbered.has(id) || refitted.has(id)) result.result = 'updated';
  }
  return results;
}

/**
 * What a product row asks for, resolved (ids, normalized numbers), as a hash: equal hashes, equal
 * effect. The version prefix changes whenever what an upsert writes for a row changes, so hashes
 * stored by older code never match.
 */
function contentHash(write: Omit<ProductWrite, 'content_hash'>): string {
  return hash('sha256', `v1\n${JSON.stringify(write)}`, 'base64url');
}

/** Resolves the rows' products; a row whose product does not exist gets that error. */
async function resolveProducts(
  tx: Repositories,
  ctx: CoreContext,
  pending: Array<{ read: RowReader; key: { brand_id: number; number_key: string } | undefined }>,
): Promise<Map<string, number>> {
  const keys = pending.flatMap((entry) => (entry.key ? [entry.key] : []));
  const ids = await tx.imports.productIds(ctx.accountId, keys);
  for (const entry of pending) {
    if (entry.key && !ids.has(productKey(entry.key.brand_id, entry.key.number_key))) {
      entry.read.errors.push({ field: 'number', message_key: 'catalogImportUnknownProduct' });
    }
  }
  return ids;
}

export async function upsertStock(
  tx: Repositories,
  rows: readonly ImportRow[],
  ctx: CoreContext,
): Promise<RowResult[]> {
  checkSize(rows);
  const duplicate = duplicateCheck(ctx);
  const pending = rows.map((input) => {
    const read = new RowReader(input.values);
    const key = read.key(ctx.reference);
    const storeId = read.lookup('store', ctx.reference.stores, 'catalogImportUnknownStore', true);
    const quantity = read.whole('quantity', { required: true, negativeKey: 'catalogImportNegativeStock' });
    const asOf = read.time('as_of');
    // In a stock file the key is brand + number + store: one product appears once per store.
    const rowKey =
      key && storeId !== undefined
        ? `${productKey(key.brand_id, key.number_key)}:store:${storeId}`
        : undefined;
    if (rowKey) {
      const dup = duplicate(input.row, rowKey);
      if (dup) read.errors.push(dup);
    }
    return { input, read, key, storeId, quantity, asOf, rowKey };
  });
  const ids = await resolveProducts(tx, ctx, pending);
  const writes = pending.flatMap((entry) =>
    entry.read.errors.length === 0 && entry.key && entry.storeId !== undefined && entry.quantity !== undefined
      ? [
          {
            product_id: ids.get(productKey(entry.key.brand_id, entry.key.number_key))!,
            store_id: entry.storeId,
            quantity: entry.quantity,
            as_of: entry.asOf ?? null,
          },
        ]
      : [],
  );
  const { created, updated, stale } = ctx.dryRun
    ? await tx.imports.compareStock(writes)
    : await tx.imports.upsertStock(writes);
  return pending.map((entry) => {
    if (entry.read.errors.length > 0 || !entry.key) {
      return errorResult(entry.input.row, entry.read.errors, entry.key, entry.rowKey);
    }
    const pair = `${ids.get(productKey(entry.key.brand_id, entry.key.number_key))}:${entry.storeId}`;
    const result: RowResultKind = created.has(pair) ? 'created' : updated.has(pair) ? 'updated' : 'unchanged';
    return {
      row: entry.input.row,
      result,
      brand_id: entry.key.brand_id,
      number_key: entry.key.number_key,
      row_key: entry.rowKey!,
      ...(stale.has(pair) ? { stale: true as const } : {}),
    };
  });
}

export async function upsertPrices(
  tx: Repositories,
  rows: readonly ImportRow[],
  ctx: CoreContext,
): Promise<RowResult[]> {
  checkSize(rows);
  const duplicate = duplicateCheck(ctx);
  const pending = rows.map((input) => {
    const read = new RowReader(input.values);
    const key = read.key(ctx.reference);
    const price = read.decimal('price');
    const companyId = read.lookup('company', ctx.reference.companies, 'catalogImportUnknownCompany');
    const companyPrice = read.decimal('company_price');
    const levelId = read.lookup('price_level', ctx.reference.priceLevels, 'catalogImportUnknownPriceLevel');
    const levelPrice = read.decimal('level_price');
    const given = (field: CoreField) => Boolean(input.values[field]?.trim());
    for (const [a, b] of [
      ['company', 'company_price'],
      ['price_level', 'level_price'],
    ] as const) {
      if (given(a) && !given(b)) read.errors.push({ field: b, message_key: 'catalogImportRequired' });
      if (given(b) && !given(a)) read.errors.push({ field: a, message_key: 'catalogImportRequired' });
    }
    if (
      !given('price') &&
      !given('company') &&
      !given('company_price') &&
      !given('price_level') &&
      !given('level_price')
    ) {
      read.errors.push({ field: 'price', message_key: 'catalogImportNothingToSet' });
    }
    // One currency per company (no exchange rates): a company price in its currency, the rest in the account's.
    if (given('currency'))
      read.currency(
        companyId !== undefined
          ? (ctx.reference.companyCurrencies.get(companyId) ?? ctx.reference.currency)
          : ctx.reference.currency,
      );
    const rowKey = key
      ? `${productKey(key.brand_id, key.number_key)}:company:${companyId ?? ''}:level:${levelId ?? ''}`
      : undefined;
    if (rowKey) {
      const dup = duplicate(input.row, rowKey);
      if (dup) read.errors.push(dup);
    }
    return { input, read, key, price, companyId, companyPrice, levelId, levelPrice, rowKey };
  });
  const ids = await resolveProducts(tx, ctx, pending);
  const ok = pending.filter((entry) => entry.read.errors.length === 0 && entry.key);
  const idOf = (entry: (typeof pending)[number]) =>
    ids.get(productKey(entry.key!.brand_id, entry.key!.number_key))!;
  // One list price per product per call: the last row that sets it wins (rows differ by company).
  const listPrices = new Map<number, string>();
  for (const entry of ok) if (entry.price !== undefined) listPrices.set(idOf(entry), entry.price);
  const listRows = [...listPrices].map(([product_id, price]) => ({ product_id, price }));
  const listChanged = ctx.dryRun
    ? await tx.imports.compareListPrices(listRows)
    : await tx.imports.updateListPrices(listRows);
  const company = await (ctx.dryRun ? tx.imports.compareCompanyPrices : tx.imports.upsertCompanyPrices)(
    ok.flatMap((entry) =>
      entry.companyId !== undefined && entry.companyPrice !== undefined
        ? [{ product_id: idOf(entry), company_id: entry.companyId, price: entry.companyPrice }]
        : [],
    ),
  );
  const levelRows = ok.flatMap((entry) =>
    entry.levelId !== undefined && entry.levelPrice !== undefined
      ? [{ product_id: idOf(entry), price_level_id: entry.levelId, price: entry.levelPrice }]
      : [],
  );
  const level =
    levelRows.length === 0
      ? { created: new Set<string>(), updated: new Set<string>(), before: new Map<string, string>() }
      : await tx.imports.upsertLevelPrices(levelRows, Boolean(ctx.dryRun));
  return pending.map((entry) => {
    if (entry.read.errors.length > 0 || !entry.key) {
      return errorResult(entry.input.row, entry.read.errors, entry.key, entry.rowKey);
    }
    const productId = idOf(entry);
    const pair = `${productId}:${entry.companyId}`;
    const levelPair = `${productId}:${entry.levelId}`;
    const changes: Record<string, { before: unknown; after: unknown }> = {};
    if (entry.price !== undefined && listChanged.has(productId))
      changes.price = { before: listChanged.get(productId) ?? null, after: entry.price };
    if (company.created.has(pair) || company.updated.has(pair))
      changes.company_price = { before: company.before.get(pair) ?? null, after: entry.companyPrice };
    if (level.created.has(levelPair) || level.updated.has(levelPair))
      changes.level_price = { before: level.before.get(levelPair) ?? null, after: entry.levelPrice };
    const result: RowResultKind =
      company.created.has(pair) || level.created.has(levelPair)
        ? 'created'
        : Object.keys(changes).length > 0
          ? 'updated'
          : 'unchanged';
    return {
      row: entry.input.row,
      result,
      brand_id: entry.key.brand_id,
      number_key: entry.key.number_key,
      row_key: entry.rowKey!,
      ...(Object.keys(changes).length > 0 ? { changes } : {}),
    };
  });
}

/** Deactivates products by brand + number (a delta feed's deletes); unknown ones are row errors. */
export async function deactivateProducts(
  tx: Repositories,
  rows: readonly ImportRow[],
  ctx: CoreContext,
): Promise<RowResult[]> {
  checkSize(rows);
  const duplicate = duplicateCheck(ctx);
  const pending = rows.map((input) => {
    const read = new RowReader(input.values);
    const key = read.key(ctx.reference);
    const rowKey = key ? productKey(key.brand_id, key.number_key) : undefined;
    if (rowKey) {
      const dup = duplicate(input.row, rowKey);
      if (dup) read.errors.push(dup);
    }
    return { input, read, key, rowKey };
  });
  await resolveProducts(tx, ctx, pending);
  const ok = pending.flatMap((entry) => (entry.read.errors.length === 0 && entry.key ? [entry.key] : []));
  const deactivated = ctx.dryRun ? new Set<string>() : await tx.imports.deactivateProducts(ctx.accountId, ok);
  return pending.map((entry) =>
    entry.read.errors.length > 0 || !entry.key
      ? errorResult(entry.input.row, entry.read.errors, entry.key, entry.rowKey)
      : {
          row: entry.input.row,
          result: deactivated.has(entry.rowKey!) ? 'updated' : 'unchanged',
          brand_id: entry.key.brand_id,
          number_key: entry.key.number_key,
          row_key: entry.rowKey!,
        },
  );
}

/** A reference row (brand, part type, store, vehicle) by its key, with its columns' values. */
export interface ReferenceInput {
  row: number;
  /** Lower-cased key, as SQL's `lower()` of the key columns (vehicle parts joined by U+001F). */
  key: string;
  values: Record<string, unknown>;
}

/** Reference data by key: a repeated key in one call is an error naming the first row. */
export async function upsertReference(
  tx: Repositories,
  kind: ReferenceKind,
  rows: readonly ReferenceInput[],
  ctx: Pick<CoreContext, 'accountId'>,
): Promise<RowResult[]> {
  checkSize(rows);
  const first = new Map<string, number>();
  const results: RowResult[] = [];
  const writes: Array<Record<string, unknown>> = [];
  for (const input of rows) {
    const earlier = first.get(input.key);
    if (earlier !== undefined) {
      results.push({
        row: input.row,
        result: 'error',
        errors: [{ field: 'key', message_key: 'catalogImportDuplicateKey', params: { row: earlier } }],
        row_key: input.key,
      });
      continue;
    }
    first.set(input.key, input.row);
    results.push({ row: input.row, result: 'unchanged', row_key: input.key });
    writes.push({ key: input.key, ...input.values });
  }
  const { created, updated } = await tx.imports.upsertReference(ctx.accountId, kind, writes);
  for (const result of results) {
    if (result.result === 'error') continue;
    if (created.has(result.row_key!)) result.result = 'created';
    else if (updated.has(result.row_key!)) result.result = 'updated';
  }
  return results;
}

export const UPSERTS: Record<
  ImportKind,
  (tx: Repositories, rows: readonly ImportRow[], ctx: CoreContext) => Promise<RowResult[]>
> = {
  products: upsertProducts,
  stock: upsertStock,
  prices: upsertPrices,
};
