import { describe, expect, it } from 'vitest';
import {
  parsePurchaseLineQuery,
  parsePurchaseQuery,
  toPurchaseLineQuery,
  toPurchaseQuery,
  toPurchaseRequest,
} from './purchase-query';

describe('purchase URL ↔ filters', () => {
  it('round-trips the list filters', () => {
    const text = 'from=2026-03-01&no=CG&state=partially_received&pn=315&sort=require_date&order=asc';
    const filters = parsePurchaseQuery(new URLSearchParams(text));
    expect(toPurchaseQuery(filters).toString()).toBe(text);
    expect(toPurchaseRequest(filters)).toMatchObject({
      no: 'CG',
      state: 'partially_received',
      partNumber: '315',
    });
  });
  it('keeps the menu marker type=all of the line search', () => {
    const filters = parsePurchaseLineQuery(new URLSearchParams('type=all&name=filter'));
    expect(toPurchaseLineQuery({ ...filters, page: 2 }).toString()).toBe('type=all&name=filter&page=2');
  });
});
