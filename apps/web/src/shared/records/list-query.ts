/**
 * URL ↔ filter helpers shared by the record lists (sales, purchases, payments, notices …):
 * each list describes its filters once and gets parse/serialize for the query string, so a
 * tab, a reload or a shared link shows the same view. Malformed values fall back to defaults
 * instead of reaching the server (which would answer 40001 for them).
 */
import dayjs from 'dayjs';

export const RECORD_PAGE_SIZES = [20, 50, 100, 200] as const;
export const DEFAULT_RECORD_PAGE_SIZE = 20;
/** The server's page-size cap (contract MAX_PAGE_SIZE); exports page through with it. */
export const MAX_RECORD_PAGE_SIZE = 200;

export function positiveInt(raw: string | null, max = 2_147_483_647): number | undefined {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return undefined;
  const value = Number(raw);
  return value >= 1 && value <= max ? value : undefined;
}

/** A text filter from the URL: trimmed and cut to the server's limit. */
export function textParam(params: URLSearchParams, name: string, max = 60): string {
  return (params.get(name) ?? '').trim().slice(0, max);
}

/** One of `allowed`, or undefined (an unknown state in a shared link is ignored). */
export function enumParam<T extends string>(
  params: URLSearchParams,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const raw = params.get(name);
  return raw !== null && (allowed as readonly string[]).includes(raw) ? (raw as T) : undefined;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day `YYYY-MM-DD` that really exists, or undefined. */
export function dayParam(params: URLSearchParams, name: string): string | undefined {
  const raw = params.get(name);
  if (raw === null || !DAY.test(raw)) return undefined;
  const parsed = dayjs(raw, 'YYYY-MM-DD');
  return parsed.isValid() && parsed.format('YYYY-MM-DD') === raw ? raw : undefined;
}

/**
 * The date range of a request in 10-digit seconds, both ends inclusive: the start of the first
 * day and the last second of the last day, in the user's time zone (the API's rule).
 */
export function dayRangeToSeconds(from?: string, to?: string): { dateFrom?: number; dateTo?: number } {
  return {
    ...(from ? { dateFrom: dayjs(from).startOf('day').unix() } : {}),
    ...(to ? { dateTo: dayjs(to).endOf('day').unix() } : {}),
  };
}

export interface PageState {
  page: number;
  pageSize: number;
}

export function parsePage(params: URLSearchParams): PageState {
  const size = positiveInt(params.get('size')) ?? DEFAULT_RECORD_PAGE_SIZE;
  return {
    page: positiveInt(params.get('page'), 1_000_000) ?? 1,
    pageSize: Math.min(size, MAX_RECORD_PAGE_SIZE),
  };
}

/** Writes only what differs from the defaults, so the plain list has a plain URL. */
export function writePage(params: URLSearchParams, state: PageState): void {
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_RECORD_PAGE_SIZE) params.set('size', String(state.pageSize));
}

export interface SortState<S extends string> {
  sort?: S;
  order?: 'asc' | 'desc';
}

/** Sorting from the URL, limited to the list's allow-listed columns. */
export function parseSort<S extends string>(params: URLSearchParams, allowed: readonly S[]): SortState<S> {
  const sort = enumParam(params, 'sort', allowed);
  const order = enumParam(params, 'order', ['asc', 'desc'] as const);
  return { ...(sort ? { sort } : {}), ...(sort && order ? { order } : {}) };
}

export function writeSort<S extends string>(params: URLSearchParams, state: SortState<S>): void {
  if (!state.sort) return;
  params.set('sort', state.sort);
  if (state.order) params.set('order', state.order);
}

/** Sets `name` only when the value is non-empty. */
export function setIf(
  params: URLSearchParams,
  name: string,
  value: string | number | undefined | boolean,
): void {
  if (value === undefined || value === '' || value === false) return;
  params.set(name, value === true ? '1' : String(value));
}

/** Table sorter → sort state; antd sends `undefined` order when the user clears the sort. */
export function sortFromTable<S extends string>(
  field: unknown,
  order: 'ascend' | 'descend' | null | undefined,
  allowed: readonly S[],
): SortState<S> {
  if (!order || typeof field !== 'string' || !(allowed as readonly string[]).includes(field)) return {};
  return { sort: field as S, order: order === 'ascend' ? 'asc' : 'desc' };
}

/** Sort state → antd column `sortOrder` for one column. */
export function sortOrderOf<S extends string>(state: SortState<S>, column: S): 'ascend' | 'descend' | null {
  if (state.sort !== column) return null;
  return state.order === 'asc' ? 'ascend' : 'descend';
}
