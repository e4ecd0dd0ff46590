import { describe, expect, it } from 'vitest';
import { purchaseLineQuery, purchaseQuery } from './purchase-query';

describe('purchase URL ↔ filters', () => {
  it('round-trips the list filters', () => {
    const text = 'from=2026-03-01&no=CG&state=partially_received&pn=315&sort=require_date&order=asc';
    const filters = purchaseQuery.parse(new URLSearchParams(text));
    expect(purchaseQuery.toQuery(filters).toString()).toBe(text);
    expect(purchaseQuery.toRequest(filters)).toMatchObject({
      no: 'CG',
      state: 'partially_received',
      partNumber: '315',
    });
  });
  it('keeps the menu marker type=all of the line search', () => {
    const filters = purchaseLineQuery.parse(new URLSearchParams('type=all&name=filter'));
    expect(purchaseLineQuery.toQuery({ ...filters, page: 2 }).toString()).toBe('type=all&name=filter&page=2');
  });
});
