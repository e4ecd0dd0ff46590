import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import zh from '../../locales/zh.json';
import {
  DEFAULT_FILTERS,
  fromVehiclePath,
  parseCatalogQuery,
  reachablePage,
  toCatalogQuery,
  toProductListRequest,
  totalLabel,
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

describe('capped totals', () => {
  const translator = async (lng: string, resources: object) => {
    const instance = i18next.createInstance();
    await instance.init({ lng, resources: { [lng]: { translation: resources } } });
    return (key: string, options: { count: number }) => instance.t(key, options);
  };

  it('shows a lower-bound total as "200+" in every language, an exact one as is', async () => {
    const [tEn, tZh, tEs] = await Promise.all([
      translator('en', en),
      translator('zh', zh),
      translator('es', es),
    ]);
    expect(totalLabel(tEn, 200, true)).toBe('Results: 200+');
    expect(totalLabel(tEn, 200, false)).toBe('Results: 200');
    expect(totalLabel(tEn, 37, undefined)).toBe('Results: 37');
    expect(totalLabel(tZh, 200, true)).toBe('共 200+ 条');
    expect(totalLabel(tEs, 200, true)).toBe('Resultados: 200+');
    for (const t of [tEn, tZh, tEs]) {
      const hint = t('catalog.narrowHint', { count: 200 });
      expect(hint).toContain('200');
      expect(hint).not.toContain('catalog.');
    }
  });

  it('sends a page past the results to the last page with rows, and leaves others alone', () => {
    expect(reachablePage(11, 20, 200)).toBe(10);
    expect(reachablePage(500, 20, 200)).toBe(10);
    expect(reachablePage(30, 50, 201)).toBe(5);
    expect(reachablePage(10, 20, 200)).toBeUndefined();
    expect(reachablePage(1, 20, 200)).toBeUndefined();
    // Nothing matched: the empty table with its "no results" text is the honest answer.
    expect(reachablePage(3, 20, 0)).toBeUndefined();
  });
});
