import { describe, expect, it } from 'vitest';
import { RELOGIN_CODES, ResultCode } from './codes';
import { MAX_PAGE_SIZE, moneySchema, pagingSchema } from './common';

describe('common contract', () => {
  it('keeps the spec relogin codes', () => {
    expect([...RELOGIN_CODES].sort()).toEqual([50008, 50012, 50014]);
  });

  it('has unique result codes', () => {
    const codes = Object.values(ResultCode);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('caps the page size and refuses negative pages', () => {
    expect(pagingSchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(pagingSchema.safeParse({ page: 1, pageSize: MAX_PAGE_SIZE + 1 }).success).toBe(false);
    expect(pagingSchema.safeParse({ page: -1, pageSize: 10 }).success).toBe(false);
    expect(pagingSchema.safeParse({ page: 1, pageSize: 10, sort: 'x' }).success).toBe(false);
  });

  it('accepts money only as decimal strings', () => {
    expect(moneySchema.safeParse('1234.50').success).toBe(true);
    expect(moneySchema.safeParse(1234.5).success).toBe(false);
    expect(moneySchema.safeParse('1e5').success).toBe(false);
  });
});
