import { describe, expect, it } from 'vitest';
import { deliveryQuery } from './delivery-query';

describe('delivery list URL state', () => {
  it('round-trips and builds the request', () => {
    const filters = deliveryQuery.parse(new URLSearchParams('no=DL&to=2026-06-30&sort=total_qty&order=asc'));
    expect(deliveryQuery.parse(deliveryQuery.toQuery(filters))).toEqual(filters);
    expect(deliveryQuery.toRequest(filters)).toMatchObject({ no: 'DL', sort: 'total_qty', order: 'asc' });
    expect(deliveryQuery.toRequest(filters).dateFrom).toBeUndefined();
  });
});
