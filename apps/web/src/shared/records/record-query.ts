/**
 * A record list describes its URL filters once — fields in URL order, allow-listed sorts, the
 * request fields — and gets parse (URL → filters), toQuery (filters → URL) and toRequest
 * (filters → list request) from it. The rules that every list shares (real days only, page
 * size capped, inclusive day range in seconds, `desc` when a sort has no direction, unset
 * filters left out of the request) therefore live here once instead of in each query file.
 */
import {
  dayParam,
  dayRangeToSeconds,
  enumParam,
  parsePage,
  parseSort,
  setIf,
  textParam,
  writePage,
  writeSort,
  type PageState,
  type SortState,
} from './list-query';

/** One filter's URL parameter. Method syntax on purpose: a field list mixes value types. */
export interface FilterField<V> {
  read(params: URLSearchParams): V;
  write(params: URLSearchParams, value: V): void;
}

type DayField = FilterField<string | undefined>;

/** A calendar day `YYYY-MM-DD` (invalid days in a shared link are dropped). */
export function dayField(name: string): DayField {
  return { read: (params) => dayParam(params, name), write: (params, value) => setIf(params, name, value) };
}

/** Free text, trimmed and cut to `max` (the server's limit for that filter). */
export function textField(name: string, max = 60): FilterField<string> {
  return {
    read: (params) => textParam(params, name, max),
    write: (params, value) => setIf(params, name, value),
  };
}

/** One of `allowed` or nothing: an unknown value in a shared link is ignored. */
export function enumField<T extends string>(name: string, allowed: readonly T[]): FilterField<T | undefined> {
  return {
    read: (params) => enumParam(params, name, allowed),
    write: (params, value) => setIf(params, name, value),
  };
}

/**
 * Several of `allowed` as one comma-separated parameter, always in the order of `allowed`
 * (so the same choice gives the same URL); unknown values are dropped.
 */
export function enumListField<T extends string>(name: string, allowed: readonly T[]): FilterField<T[]> {
  return {
    read: (params) => {
      const raw = params.get(name);
      if (!raw) return [];
      const wanted = new Set(raw.split(','));
      return allowed.filter((value) => wanted.has(value));
    },
    write: (params, value) => {
      if (value.length > 0) params.set(name, value.join(','));
    },
  };
}

/** Every record list filters by a day range `from`–`to`; its place among the fields is the URL's order. */
export interface RecordFields {
  from: DayField;
  to: DayField;
  [name: string]: FilterField<unknown>;
}

export type FieldValues<F> = { [K in keyof F]: F[K] extends FilterField<infer V> ? V : never };

export type RecordFilters<F, S extends string> = FieldValues<F> & SortState<S> & PageState;

/** Drops the filters left empty ('' / undefined / []): the request carries only what was chosen. */
type SetOnly<R> = { [K in keyof R]?: Exclude<R[K], undefined> };

/** What every list request has: the page, the inclusive day range in seconds, the sort. */
export interface ListRequestBase<S extends string> {
  page: number;
  pageSize: number;
  dateFrom?: number;
  dateTo?: number;
  sort?: S;
  order?: 'asc' | 'desc';
}

export interface RecordQuery<F extends RecordFields, S extends string, R> {
  readonly sorts: readonly S[];
  parse(params: URLSearchParams): RecordFilters<F, S>;
  /** Only what differs from the defaults, so the plain list has a plain URL. */
  toQuery(filters: RecordFilters<F, S>): URLSearchParams;
  /** `page`/`pageSize` override the filter's own (the export pages through the whole filter). */
  toRequest(filters: RecordFilters<F, S>, page?: number, pageSize?: number): ListRequestBase<S> & SetOnly<R>;
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);
}

export function defineRecordQuery<F extends RecordFields, S extends string, R extends object>(definition: {
  fields: F;
  sorts: readonly S[];
  /** The list-specific request fields in the contract's names (day range, page and sort are added). */
  request: (filters: RecordFilters<F, S>) => R;
}): RecordQuery<F, S, R> {
  const { fields, sorts, request } = definition;
  const names = Object.keys(fields) as (keyof F & string)[];
  return {
    sorts,
    parse(params) {
      const values = Object.fromEntries(names.map((name) => [name, fields[name]!.read(params)]));
      return { ...(values as FieldValues<F>), ...parseSort(params, sorts), ...parsePage(params) };
    },
    toQuery(filters) {
      const params = new URLSearchParams();
      for (const name of names) fields[name]!.write(params, filters[name]);
      writeSort(params, filters);
      writePage(params, filters);
      return params;
    },
    toRequest(filters, page = filters.page, pageSize = filters.pageSize) {
      const chosen = Object.entries(request(filters)).filter(([, value]) => isSet(value));
      return {
        page,
        pageSize,
        // F constrains from/to to day fields; TypeScript cannot resolve that on a generic F.
        ...dayRangeToSeconds(filters.from as string | undefined, filters.to as string | undefined),
        ...(Object.fromEntries(chosen) as SetOnly<R>),
        ...(filters.sort ? { sort: filters.sort, order: filters.order ?? 'desc' } : {}),
      };
    },
  };
}
