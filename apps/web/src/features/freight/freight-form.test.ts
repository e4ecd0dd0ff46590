import { describe, expect, it } from 'vitest';
import { byPrice, detailQuery, parseDetailQuery, parseItems, validateFreightForm } from './freight-form';

describe('validateFreightForm', () => {
  it('asks for the sending country first, even when everything is empty', () => {
    expect(validateFreightForm({ items: [], fromAreaId: null, toAreaPath: [] })?.messageKey).toBe(
      'freight.fromRequired',
    );
  });
  it('then for the receiving area', () => {
    expect(validateFreightForm({ items: [], fromAreaId: 2, toAreaPath: [] })?.messageKey).toBe(
      'freight.toRequired',
    );
  });
  it('then for products, and passes a full form', () => {
    expect(validateFreightForm({ items: [], fromAreaId: 2, toAreaPath: [111] })?.field).toBe('items');
    expect(
      validateFreightForm({ items: [{ id: 1, qty: 2 }], fromAreaId: 2, toAreaPath: [111, 113] }),
    ).toBeNull();
  });
});

describe('freight links', () => {
  it('reads ?ids= from the catalogue (quantity 1) and id:qty pairs', () => {
    expect(parseItems('5,7:3,x,5:2,0:1')).toEqual([
      { id: 5, qty: 2 },
      { id: 7, qty: 3 },
    ]);
  });
  it('round-trips the detail page query', () => {
    const query = detailQuery(
      { items: [{ id: 1, qty: 2 }], fromAreaId: 2, toAreaId: 113 },
      { carrier: 'DHL Express', mode: 'air' },
    );
    expect(parseDetailQuery(new URLSearchParams(query))).toEqual({
      items: [{ id: 1, qty: 2 }],
      fromAreaId: 2,
      toAreaId: 113,
      carrier: 'DHL Express',
      mode: 'air',
    });
    expect(parseDetailQuery(new URLSearchParams('items=1&from=0&to=3&carrier=x'))).toBeNull();
  });
  it('sorts views by price as numbers', () => {
    expect(
      byPrice([{ price: '851.00' }, { price: '99.50' }, { price: '800.00' }]).map((v) => v.price),
    ).toEqual(['99.50', '800.00', '851.00']);
  });
});
