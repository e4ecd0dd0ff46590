import type { ImportField, ImportKind, RowResultKind } from '@partsportal/contract/imports';
import { normalizePartNumber } from '@partsportal/contract/part-number';
import type { MessageKey } from '../../platform/messages';
import type { Repositories } from '../../repositories';
import { productKey, type ProductWrite, type ReferenceRows } from './imports.repository';

/**
 * The import core (issue 14 item 3, shared with issue 13's batch upserts): validation of rows of
 * field → text and their set-based upsert, ≤ 1,000 rows a call, each row answered
 * created | updated | unchanged | error. It takes the repositories bound to the caller's
 * transaction and commits nothing itself: a file import records its checkpoint in the same
 * transaction, a dry run rolls the transaction back, an API request commits it.
 */

export const MAX_ROWS_PER_CALL = 1_000;

/** A row as read from a file (or an API body): field → text; a missing field was not given. */
export interface ImportRow {
  /** Row number as the file shows it (header = 1). */
  row: number;
  values: Partial<Record<ImportField, string>>;
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
}

const fold = (text: string) => text.normalize('NFKC').trim().toLowerCase();

/** Reference data by folded name; built once per import or API request. */
export interface Reference {
  brands: Map<string, number>;
  partTypes: Map<string, number>;
  stores: Map<string, number>;
  companies: Map<string, number>;
}

export function buildReference(rows: ReferenceRows): Reference {
  const partTypes = new Map<string, number>();
  for (const type of rows.partTypes) {
    for (const name of [type.code, type.name_zh, type.name_en, type.name_es])
      partTypes.set(fold(name), type.id);
  }
  const companies = new Map<string, number>();
  // A company is named by its short name (the code staff use) or its full name.
  for (const company of rows.companies) {
    companies.set(fold(company.name), company.id);
    companies.set(fold(company.sort_name), company.id);
  }
  return {
    brands: new Map(rows.brands.map((brand) => [fold(brand.name), brand.id])),
    partTypes,
    stores: new Map(rows.stores.map((store) => [fold(store.name), store.id])),
    companies,
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

  text(field: ImportField, options: { required?: boolean; max?: number } = {}): string | undefined {
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

  decimal(field: ImportField, options: { required?: boolean } = {}): string | undefined {
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
    field: ImportField,
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

  flag(field: ImportField): boolean | undefined {
    const raw = this.text(field);
    if (raw === undefined) return undefined;
    const value = fold(raw);
    if (['1', 'true', 'yes', 'y', 'x', '是', 'sí', 'si'].includes(value)) return true;
    if (['0', 'false', 'no', 'n', '否'].includes(value)) return false;
    this.fail(field, 'catalogImportBadFlag', { value: raw.slice(0, 40) });
    return undefined;
  }

  lookup(
    field: ImportField,
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
    const numbers: NonNullable<ProductWrite['numbers']> = [];
    const seen = new Set<string>();
    for (const part of raw.split(/[;\n；]/)) {
      const item = part.trim();
      if (!item) continue;
      const match = /^([^:：]{1,60})[:：](.{1,100})$/.exec(item);
      const number = match?.[2]!.trim() ?? '';
      const numberKey = normalizePartNumber(number);
      if (!match || !numberKey) {
        this.fail('cross_numbers', 'catalogImportBadCross', { value: item.slice(0, 60) });
        continue;
      }
      const prefix = match[1]!.trim();
      const oe = /^oe(\s+|$)/i.exec(prefix);
      const entry = oe
        ? { kind: 'oe', brand_name: prefix.slice(oe[0].length).trim() || 'OE', number, number_key: numberKey }
        : { kind: 'brand', brand_name: prefix, number, number_key: numberKey };
      const id = `${entry.kind}\u0000${entry.brand_name}\u0000${entry.number}`;
      if (!seen.has(id)) numbers.push(entry);
      seen.add(id);
    }
    if (numbers.length > MAX_CROSS_NUMBERS) {
      this.fail('cross_numbers', 'catalogImportTooLong', { max: MAX_CROSS_NUMBERS });
    }
    return numbers;
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
    // An empty cell (or no such column) leaves the product's cross numbers as they are.
    const numbers = input.values.cross_numbers?.trim() ? read.crossNumbers() : null;
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
    writes.push({
      index: results.length - 1,
      write: {
        ...key,
        part_type_id: partTypeId ?? null,
        name_zh: names.name_zh ?? null,
        name_en: names.name_en ?? null,
        name_es: names.name_es ?? null,
        unit: unit ?? null,
        weight: weight ?? null,
        buy_qty: buyQty ?? null,
        price: price ?? null,
        is_new: isNew ?? null,
        numbers,
      },
    });
  }
  if (writes.length === 0) return results;
  const batch = writes.map((entry) => entry.write);
  const { created, updated } = ctx.dryRun
    ? await tx.imports.compareProducts(ctx.accountId, batch)
    : await tx.imports.upsertProducts(ctx.accountId, batch);
  const renumbered = ctx.dryRun
    ? new Set<string>()
    : await tx.imports.syncProductNumbers(ctx.accountId, batch);
  for (const { index, write } of writes) {
    const id = productKey(write.brand_id, write.number_key);
    const result = results[index]!;
    if (created.has(id)) result.result = 'created';
    else if (updated.has(id) || renumbered.has(id)) result.result = 'updated';
  }
  return results;
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
    // In a stock file the key is brand + number + store: one product appears once per store.
    const rowKey =
      key && storeId !== undefined
        ? `${productKey(key.brand_id, key.number_key)}:store:${storeId}`
        : undefined;
    if (rowKey) {
      const dup = duplicate(input.row, rowKey);
      if (dup) read.errors.push(dup);
    }
    return { input, read, key, storeId, quantity, rowKey };
  });
  const ids = await resolveProducts(tx, ctx, pending);
  const writes = pending.flatMap((entry) =>
    entry.read.errors.length === 0 && entry.key && entry.storeId !== undefined && entry.quantity !== undefined
      ? [
          {
            product_id: ids.get(productKey(entry.key.brand_id, entry.key.number_key))!,
            store_id: entry.storeId,
            quantity: entry.quantity,
          },
        ]
      : [],
  );
  const { created, updated } = ctx.dryRun
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
    const companyGiven = Boolean(input.values.company?.trim());
    const companyPriceGiven = Boolean(input.values.company_price?.trim());
    if (companyGiven && !companyPriceGiven)
      read.errors.push({ field: 'company_price', message_key: 'catalogImportRequired' });
    if (companyPriceGiven && !companyGiven)
      read.errors.push({ field: 'company', message_key: 'catalogImportRequired' });
    if (!input.values.price?.trim() && !companyGiven && !companyPriceGiven) {
      read.errors.push({ field: 'price', message_key: 'catalogImportNothingToSet' });
    }
    const rowKey = key ? `${productKey(key.brand_id, key.number_key)}:company:${companyId ?? ''}` : undefined;
    if (rowKey) {
      const dup = duplicate(input.row, rowKey);
      if (dup) read.errors.push(dup);
    }
    return { input, read, key, price, companyId, companyPrice, rowKey };
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
  return pending.map((entry) => {
    if (entry.read.errors.length > 0 || !entry.key) {
      return errorResult(entry.input.row, entry.read.errors, entry.key, entry.rowKey);
    }
    const productId = idOf(entry);
    const pair = `${productId}:${entry.companyId}`;
    const result: RowResultKind = company.created.has(pair)
      ? 'created'
      : company.updated.has(pair) || (entry.price !== undefined && listChanged.has(productId))
        ? 'updated'
        : 'unchanged';
    return {
      row: entry.input.row,
      result,
      brand_id: entry.key.brand_id,
      number_key: entry.key.number_key,
      row_key: entry.rowKey!,
    };
  });
}

export const UPSERTS: Record<
  ImportKind,
  (tx: Repositories, rows: readonly ImportRow[], ctx: CoreContext) => Promise<RowResult[]>
> = {
  products: upsertProducts,
  stock: upsertStock,
  prices: upsertPrices,
};
