import { describe, expect, it } from 'vitest';
import type { CatalogRow, ProductList } from '@partsportal/contract/catalog';
import { narrowToTyped } from './typed-prefix';

const row = (id: number, number: string, more: Partial<CatalogRow> = {}) =>
  ({ id, number, my_number: '', contrastNumber: [], ...more }) as CatalogRow;

const answer = (list: CatalogRow[]): ProductList =>
  ({
    list,
    total: 200,
    page: 1,
    pageSize: 20,
    total_is_lower_bound: true,
    replacements: [],
  }) as unknown as ProductList;

describe('narrowToTyped', () => {
  // The answer for "0986 4", ranked by the server (sales first).
  const forPrefix = answer([
    row(1, '0986 494 1234'),
    row(2, '0986-494-123'),
    row(3, '0986 450 001'),
    row(4, 'BP-77', { my_number: '0986494-OWN' }),
    row(5, 'X-1', { contrastNumber: [{ kind: 'oe', brand: 'Toyota', number: '0986.4941' }] }),
  ]);

  it('keeps the rows whose number, own number or cross number starts with the typed text, the exact one first', () => {
    const narrowed = narrowToTyped(forPrefix, '0986494123');
    expect(narrowed?.list.map((r) => r.id)).toEqual([2, 1]);
    expect(narrowToTyped(forPrefix, '0986 494')?.list.map((r) => r.id)).toEqual([1, 2, 4, 5]);
  });

  it('says how each row matches the whole typed text, not the beginning it was found by', () => {
    const prefixMatch = { match: { kind: 'prefix' as const, value: '' } };
    const found = answer([
      row(1, '0986 494 123', prefixMatch),
      row(2, 'X-1', {
        ...prefixMatch,
        contrastNumber: [{ kind: 'oe', brand: 'Toyota', number: '0986-494-123' }],
      }),
      row(3, '0986 494 1234', prefixMatch),
    ]);
    expect(narrowToTyped(found, '0986494123')?.list.map((r) => r.match)).toEqual([
      { kind: 'number', value: '0986 494 123' },
      { kind: 'oe', value: 'Toyota 0986-494-123' },
      { kind: 'prefix', value: '0986 494 1234' },
    ]);
  });

  it('counts only the rows shown, as a lower bound, until the whole answer comes', () => {
    expect(narrowToTyped(forPrefix, '0986494123')).toMatchObject({ total: 2, total_is_lower_bound: true });
  });

  it('gives nothing for a text shorter than a prefix search or one no row starts with', () => {
    expect(narrowToTyped(forPrefix, '09')).toBeUndefined();
    expect(narrowToTyped(forPrefix, '0986 9')).toBeUndefined();
    expect(narrowToTyped(forPrefix, 'brake pad')).toBeUndefined();
  });
});
