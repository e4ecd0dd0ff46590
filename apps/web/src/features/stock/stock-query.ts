import type { z } from 'zod';
import type { stockProductListRequestSchema } from '@partsportal/contract/catalog';

export type StockListRequest = z.input<typeof stockProductListRequestSchema>;

/** What the inventory list shows; kept in the URL query like the catalogue's filters. */
export interface StockFilters {
  keyword: string;
  storeId?: number;
  brandId?: number;
  inStock: boolean;
  page: number;
  pageSize: number;
}

export const STOCK_PAGE_SIZES = [20, 50, 100, 200] as const;
const DEFAULT_PAGE_SIZE = 20;
/** Server cap; the export pages through with it. */
export const EXPORT_PAGE_SIZE = 200;

export const DEFAULT_STOCK_FILTERS: StockFilters = {
  keyword: '',
  inStock: false,
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

function positiveInt(raw: string | null, max = 2_147_483_647): number | undefined {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return undefined;
  const value = Number(raw);
  return value >= 1 && value <= max ? value : undefined;
}

export function parseStockQuery(params: URLSearchParams): StockFilters {
  const storeId = positiveInt(params.get('store'));
  const brandId = positiveInt(params.get('brand'));
  return {
    keyword: (params.get('q') ?? '').slice(0, 200),
    ...(storeId ? { storeId } : {}),
    ...(brandId ? { brandId } : {}),
    inStock: params.get('stock') === '1',
    page: positiveInt(params.get('page'), 100_000) ?? 1,
    pageSize: Math.min(positiveInt(params.get('size')) ?? DEFAULT_PAGE_SIZE, EXPORT_PAGE_SIZE),
  };
}

export function toStockQuery(filters: StockFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.keyword) params.set('q', filters.keyword);
  if (filters.storeId) params.set('store', String(filters.storeId));
  if (filters.brandId) params.set('brand', String(filters.brandId));
  if (filters.inStock) params.set('stock', '1');
  if (filters.page !== 1) params.set('page', String(filters.page));
  if (filters.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(filters.pageSize));
  return params;
}

export function toStockRequest(
  filters: StockFilters,
  page = filters.page,
  pageSize = filters.pageSize,
): StockListRequest {
  return {
    keyword: filters.keyword.trim(),
    page,
    pageSize,
    ...(filters.storeId ? { storeId: filters.storeId } : {}),
    ...(filters.brandId ? { brandId: filters.brandId } : {}),
    ...(filters.inStock ? { inStock: true } : {}),
  };
}
