import { describe, expect, it } from 'vitest';
import { DEFAULT_STOCK_FILTERS, parseStockQuery, toStockQuery, toStockRequest } from './stock-query';

describe('inventory list query string', () => {
  it('round-trips the filters', () => {
    const filters = { keyword: 'MD-370', storeId: 2, brandId: 7, inStock: true, page: 4, pageSize: 100 };
    expect(parseStockQuery(toStockQuery(filters))).toEqual(filters);
  });
  it('defaults to an empty query and ignores junk', () => {
    expect(toStockQuery(DEFAULT_STOCK_FILTERS).toString()).toBe('');
    expect(parseStockQuery(new URLSearchParams('store=x&brand=-1&size=abc&page=0'))).toEqual(
      DEFAULT_STOCK_FILTERS,
    );
  });
  it('builds export page requests for the same filters', () => {
    const filters = { ...DEFAULT_STOCK_FILTERS, keyword: ' oil ', storeId: 3 };
    expect(toStockRequest(filters, 5, 200)).toEqual({ keyword: 'oil', page: 5, pageSize: 200, storeId: 3 });
  });
});
