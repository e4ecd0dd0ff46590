import { PRODUCT_SORTS, type ProductListRequest } from '@partsportal/contract/catalog';

export type ProductSort = (typeof PRODUCT_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

/** Everything that decides what the catalogue shows; it lives in the URL query. */
export interface CatalogFilters {
  keyword: string;
  brandIds: number[];
  partTypeIds: number[];
  make?: string;
  model?: string;
  year?: number;
  vehicleId?: number;
  isNew: boolean;
  inStock: boolean;
  sort: ProductSort;
  order: SortOrder;
  page: number;
  pageSize: number;
}

export const PAGE_SIZES = [20, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** The server caps pages at 200 rows; asking for more would only be cut. */
export const MAX_PAGE_SIZE = 200;

export const DEFAULT_FILTERS: CatalogFilters = {
  keyword: '',
  brandIds: [],
  partTypeIds: [],
  isNew: false,
  inStock: false,
  sort: 'relevance',
  order: 'asc',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

/**
 * The total line: "200+" when the server says its total is a lower bound (a broad search ranks
 * a capped set of candidates; every page within `total` has rows, more parts may match).
 */
export function totalLabel(
  t: (key: string, options: { count: number }) => string,
  total: number,
  lowerBound: boolean | undefined,
): string {
  return t(lowerBound ? 'catalog.totalAtLeast' : 'catalog.total', { count: total });
}

/**
 * A page past the results (an old link, a narrowed search) shows nothing; the page to show
 * instead is the last one with rows. Undefined when the page is fine or nothing matched.
 */
export function reachablePage(page: number, pageSize: number, total: number): number | undefined {
  const last = Math.ceil(total / pageSize);
  return total > 0 && page > last ? last : undefined;
}

const MAX_IDS = 100;
const MAX_KEYWORD = 200;

function positiveInt(raw: string | null, max = 2_147_483_647): number | undefined {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return undefined;
  const value = Number(raw);
  return value >= 1 && value <= max ? value : undefined;
}

/** A shared link may carry anything: unknown or malformed values fall back to the defaults. */
function idList(raw: string | null): number[] {
  if (!raw) return [];
  const ids = raw
    .split(',')
    .map((part) => positiveInt(part.trim()))
    .filter((id): id is number => id !== undefined);
  return [...new Set(ids)].slice(0, MAX_IDS);
}

function text(raw: string | null, max = 100): string | undefined {
  const value = raw?.trim();
  return value ? value.slice(0, max) : undefined;
}

export function parseCatalogQuery(params: URLSearchParams): CatalogFilters {
  const sort = params.get('sort');
  const year = positiveInt(params.get('year'));
  const make = text(params.get('make'));
  const model = make ? text(params.get('model')) : undefined;
  return {
    keyword: (params.get('q') ?? '').slice(0, MAX_KEYWORD),
    brandIds: idList(params.get('brand')),
    partTypeIds: idList(params.get('type')),
    ...(make ? { make } : {}),
    ...(model ? { model } : {}),
    ...(model && year && year >= 1900 && year <= 2100 ? { year } : {}),
    ...(model && year ? withVehicle(positiveInt(params.get('vehicle'))) : {}),
    isNew: params.get('new') === '1',
    inStock: params.get('stock') === '1',
    sort: PRODUCT_SORTS.includes(sort as ProductSort) ? (sort as ProductSort) : 'relevance',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: positiveInt(params.get('page'), 100_000) ?? 1,
    pageSize: Math.min(positiveInt(params.get('size')) ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
}

function withVehicle(vehicleId: number | undefined): { vehicleId?: number } {
  return vehicleId ? { vehicleId } : {};
}

/** Only what differs from the defaults, so a plain catalogue link stays `/product/index`. */
export function toCatalogQuery(filters: CatalogFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.keyword) params.set('q', filters.keyword);
  if (filters.brandIds.length) params.set('brand', filters.brandIds.join(','));
  if (filters.partTypeIds.length) params.set('type', filters.partTypeIds.join(','));
  if (filters.make) params.set('make', filters.make);
  if (filters.model) params.set('model', filters.model);
  if (filters.year) params.set('year', String(filters.year));
  if (filters.vehicleId) params.set('vehicle', String(filters.vehicleId));
  if (filters.isNew) params.set('new', '1');
  if (filters.inStock) params.set('stock', '1');
  if (filters.sort !== 'relevance') params.set('sort', filters.sort);
  if (filters.order !== 'asc') params.set('order', filters.order);
  if (filters.page !== 1) params.set('page', String(filters.page));
  if (filters.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(filters.pageSize));
  return params;
}

export function toProductListRequest(filters: CatalogFilters): ProductListRequest {
  const vehicle = filters.make
    ? {
        make: filters.make,
        ...(filters.model ? { model: filters.model } : {}),
        ...(filters.year ? { year: filters.year } : {}),
        ...(filters.vehicleId ? { vehicleId: filters.vehicleId } : {}),
      }
    : undefined;
  return {
    keyword: filters.keyword.trim(),
    page: filters.page,
    pageSize: filters.pageSize,
    sort: filters.sort,
    order: filters.order,
    ...(filters.brandIds.length ? { brandIds: filters.brandIds } : {}),
    ...(filters.partTypeIds.length ? { partTypeIds: filters.partTypeIds } : {}),
    ...(vehicle ? { vehicle } : {}),
    ...(filters.isNew ? { isNew: true } : {}),
    ...(filters.inStock ? { inStock: true } : {}),
  };
}

/** The cascader's value path: make → model → year → vehicle id (engine). */
export function vehiclePath(filters: CatalogFilters): (string | number)[] {
  return [filters.make, filters.model, filters.year, filters.vehicleId].filter(
    (part): part is string | number => part !== undefined,
  );
}

export function fromVehiclePath(path: readonly (string | number)[] | undefined): Partial<CatalogFilters> {
  const [make, model, year, vehicleId] = path ?? [];
  return {
    make: typeof make === 'string' ? make : undefined,
    model: typeof model === 'string' ? model : undefined,
    year: typeof year === 'number' ? year : undefined,
    vehicleId: typeof vehicleId === 'number' ? vehicleId : undefined,
  };
}
