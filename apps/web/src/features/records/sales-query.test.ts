import { describe, expect, it } from 'vitest';
import { salesLineQuery, salesQuery } from './sales-query';

describe('sales list URL ↔ filters', () => {
  it('round-trips every filter through the URL', () => {
    const text =
      'from=2026-01-01&to=2026-01-31&no=XS2026&state=audited&cargo=in_transit&lno=SF45&pn=04465&sort=amount&order=asc&page=2&size=50';
    const filters = salesQuery.parse(new URLSearchParams(text));
    expect(filters).toMatchObject({
      from: '2026-01-01',
      to: '2026-01-31',
      no: 'XS2026',
      state: 'audited',
      cargoState: 'in_transit',
      logisticsNo: 'SF45',
      partNumber: '04465',
      sort: 'amount',
      order: 'asc',
      page: 2,
      pageSize: 50,
    });
    expect(salesQuery.toQuery(filters).toString()).toBe(text);
  });

  it('drops unknown states and sorts instead of sending them', () => {
    const filters = salesQuery.parse(new URLSearchParams('state=nope&cargo=lost&sort=remark'));
    expect(filters.state).toBeUndefined();
    expect(filters.cargoState).toBeUndefined();
    expect(filters.sort).toBeUndefined();
    expect(salesQuery.toQuery(filters).toString()).toBe('');
  });

  it('builds the request with the contract field names and only set filters', () => {
    const filters = salesQuery.parse(new URLSearchParams('cargo=signed&lno=SF1&pn=04465'));
    expect(salesQuery.toRequest(filters)).toEqual({
      page: 1,
      pageSize: 20,
      cargo_state: 'signed',
      logistics_no: 'SF1',
      partNumber: '04465',
    });
    expect(salesQuery.toRequest(filters, 3, 200)).toMatchObject({ page: 3, pageSize: 200 });
  });

  it('round-trips the line search', () => {
    const text = 'pn=04465&name=pad&no=XS&sort=price&order=desc';
    expect(salesLineQuery.toQuery(salesLineQuery.parse(new URLSearchParams(text))).toString()).toBe(text);
  });
});
