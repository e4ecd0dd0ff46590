import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  fromVehiclePath,
  parseCatalogQuery,
  toCatalogQuery,
  toProductListRequest,
  vehiclePath,
  type CatalogFilters,
} from './catalog-query';

const full: CatalogFilters = {
  keyword: '04465 33450',
  brandIds: [1, 6],
  partTypeIds: [3],
  make: 'Toyota',
  model: 'Corolla (E170)',
  year: 2015,
  vehicleId: 4,
  isNew: true,
  inStock: true,
  sort: 'price',
  order: 'desc',
  page: 3,
  pageSize: 50,
};

describe('catalogue query string', () => {
  it('round-trips every filter through the URL', () => {
    const query = toCatalogQuery(full).toString();
    expect(parseCatalogQuery(new URLSearchParams(query))).toEqual(full);
  });

  it('writes nothing for the defaults and reads an empty query as the defaults', () => {
    expect(toCatalogQuery(DEFAULT_FILTERS).toString()).toBe('');
    expect(parseCatalogQuery(new URLSearchParams())).toEqual(DEFAULT_FILTERS);
  });

  it('keeps spaces, hyphens and slashes of the keyword', () => {
    const query = toCatalogQuery({ ...DEFAULT_FILTERS, keyword: '1K0 698/151-B' }).toString();
    expect(parseCatalogQuery(new URLSearchParams(query)).keyword).toBe('1K0 698/151-B');
  });

  it('ignores malformed values of a hand-edited link', () => {
    const parsed = parseCatalogQuery(
      new URLSearchParams('brand=1,x,-2,1,3&sort=drop&order=up&page=-4&size=100000&year=abc&new=yes'),
    );
    expect(parsed.brandIds).toEqual([1, 3]);
    expect(parsed.sort).toBe('relevance');
    expect(parsed.order).toBe('asc');
    expect(parsed.page).toBe(1);
    expect(parsed.pageSize).toBe(200);
    expect(parsed.isNew).toBe(false);
  });

  it('drops vehicle levels whose parent level is missing', () => {
    const parsed = parseCatalogQuery(new URLSearchParams('model=Corolla&year=2015&vehicle=4'));
    expect(vehiclePath(parsed)).toEqual([]);
    const partial = parseCatalogQuery(new URLSearchParams('make=Toyota&year=2015'));
    expect(vehiclePath(partial)).toEqual(['Toyota']);
  });
});

describe('server request and cascader path', () => {
  it('builds the GetProductList body with only the filters in use', () => {
    expect(toProductListRequest({ ...DEFAULT_FILTERS, keyword: '  MD-370 ' })).toEqual({
      keyword: 'MD-370',
      page: 1,
      pageSize: 20,
      sort: 'relevance',
      order: 'asc',
    });
    expect(toProductListRequest(full)).toMatchObject({
      brandIds: [1, 6],
      partTypeIds: [3],
      vehicle: { make: 'Toyota', model: 'Corolla (E170)', year: 2015, vehicleId: 4 },
      isNew: true,
      inStock: true,
    });
  });

  it('maps the cascader path to filters and back', () => {
    expect(vehiclePath(full)).toEqual(['Toyota', 'Corolla (E170)', 2015, 4]);
    expect(fromVehiclePath(['Toyota', 'Corolla (E170)'])).toEqual({
      make: 'Toyota',
      model: 'Corolla (E170)',
      year: undefined,
      vehicleId: undefined,
    });
    expect(fromVehiclePath(undefined).make).toBeUndefined();
  });
});
