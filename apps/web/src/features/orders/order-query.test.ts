import { describe, expect, it } from 'vitest';
import { orderLineQuery, orderListQuery } from './order-query';

describe('order list URL state', () => {
  it('reads the plain menu link as the defaults and writes it back unchanged', () => {
    const filters = orderListQuery.parse(new URLSearchParams('type=all'));
    expect(filters).toMatchObject({
      page: 1,
      pageSize: 20,
      no: '',
      states: [],
      partNumber: '',
      fromSystem: '',
    });
    expect(filters.sort).toBeUndefined();
    expect(filters.type).toBe('all');
    expect(orderListQuery.toQuery(filters).toString()).toBe('type=all');
  });

  it('round-trips every filter, the page and the sort', () => {
    const query =
      'type=all&from=2026-01-01&to=2026-03-31&no=SO2026&state=submitted%2Cdelivered&part=0986+494&channel=web&sort=amount&order=asc&page=3&size=50';
    const filters = orderListQuery.parse(new URLSearchParams(query));
    expect(filters).toMatchObject({
      from: '2026-01-01',
      to: '2026-03-31',
      no: 'SO2026',
      states: ['submitted', 'delivered'],
      partNumber: '0986 494',
      fromSystem: 'web',
      sort: 'amount',
      order: 'asc',
      page: 3,
      pageSize: 50,
    });
    expect(orderListQuery.parse(orderListQuery.toQuery(filters))).toEqual(filters);
    expect(orderListQuery.toQuery(filters).toString()).toBe(query);
  });

  it('drops what a shared link may carry but the server would refuse', () => {
    const filters = orderListQuery.parse(
      new URLSearchParams('state=shipped,delivered,<x>&from=2026-02-30&sort=password&page=-1&size=5000'),
    );
    expect(filters.states).toEqual(['delivered']);
    expect(filters.from).toBeUndefined();
    expect(filters.sort).toBeUndefined();
    expect(filters.page).toBe(1);
    expect(filters.pageSize).toBe(200);
  });

  it('keeps the state order of the contract, whatever the link says', () => {
    expect(orderListQuery.parse(new URLSearchParams('state=cancelled,pending_payment')).states).toEqual([
      'pending_payment',
      'cancelled',
    ]);
  });

  it('builds the request: inclusive day range in seconds, only the filters set', () => {
    const filters = orderListQuery.parse(
      new URLSearchParams('from=2026-01-01&to=2026-01-01&state=confirmed'),
    );
    const request = orderListQuery.toRequest(filters);
    expect(request).toEqual({
      page: 1,
      pageSize: 20,
      dateFrom: expect.any(Number) as number,
      dateTo: expect.any(Number) as number,
      states: ['confirmed'],
    });
    expect((request.dateTo ?? 0) - (request.dateFrom ?? 0)).toBe(86_399);
    expect(orderListQuery.toRequest(filters, 4, 200)).toMatchObject({ page: 4, pageSize: 200 });
  });

  it('sends a sort with its direction (desc when the link has none)', () => {
    const filters = orderListQuery.parse(new URLSearchParams('sort=no'));
    expect(orderListQuery.toRequest(filters)).toMatchObject({ sort: 'no', order: 'desc' });
  });
});

describe('order line search URL state', () => {
  it('round-trips part number, name, dates and order no', () => {
    const filters = orderLineQuery.parse(
      new URLSearchParams('type=all&part=BP-1001&name=pad&from=2026-05-01&no=SO1&sort=qty&order=asc&page=2'),
    );
    expect(orderLineQuery.parse(orderLineQuery.toQuery(filters))).toEqual(filters);
    expect(orderLineQuery.toQuery(filters).get('type')).toBe('all');
    expect(orderLineQuery.toRequest(filters)).toMatchObject({
      partNumber: 'BP-1001',
      name: 'pad',
      no: 'SO1',
      sort: 'qty',
      order: 'asc',
      page: 2,
    });
  });

  it('leaves type out when the page was opened without it', () => {
    expect(orderLineQuery.toQuery(orderLineQuery.parse(new URLSearchParams('part=x'))).toString()).toBe(
      'part=x',
    );
  });
});
