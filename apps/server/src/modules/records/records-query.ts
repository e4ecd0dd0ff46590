import { normalizePartNumber } from '@partsportal/contract/part-number';
import type { SortOrder } from '@partsportal/contract/records';
import { asc, desc, gte, ilike, like, lt, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Building blocks shared by the record repositories (deliveries, sales, purchases). */

/** `%` and `_` typed by the user are searched for literally, not as wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Case-insensitive "contains"; undefined (no condition) for an empty filter. */
export function containsText(column: AnyPgColumn, text: string | undefined): SQL | undefined {
  return text ? ilike(column, `%${escapeLike(text)}%`) : undefined;
}

/**
 * The normalized prefix of a part number filter ("04465 33" → "0446533"), or undefined when
 * nothing searchable is left. Normalized keys hold only [0-9A-Z], so the pattern needs no escaping
 * and a `text_pattern_ops` index on number_key serves it.
 */
export function partNumberPrefix(raw: string | undefined): string | undefined {
  const key = raw ? normalizePartNumber(raw) : '';
  return key === '' ? undefined : key;
}

export const numberKeyStartsWith = (column: AnyPgColumn, prefix: string): SQL => like(column, `${prefix}%`);

/** Both ends inclusive, in whole seconds: dateTo covers its whole second. */
export function dateRange(
  column: AnyPgColumn,
  from: number | null | undefined,
  to: number | null | undefined,
): SQL[] {
  const conditions: SQL[] = [];
  if (from !== null && from !== undefined) conditions.push(gte(column, new Date(from * 1000)));
  if (to !== null && to !== undefined) conditions.push(lt(column, new Date((to + 1) * 1000)));
  return conditions;
}

/**
 * ORDER BY the chosen column, then the id in the same direction, so pages never overlap or
 * skip rows when the sort column has ties.
 */
export function orderBy(column: AnyPgColumn, id: AnyPgColumn, order: SortOrder): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  return [direction(column), direction(id)];
}

export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;
