import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import {
  dayParam,
  dayRangeToSeconds,
  enumParam,
  parsePage,
  parseSort,
  sortFromTable,
  sortOrderOf,
  writePage,
} from './list-query';

const q = (text: string) => new URLSearchParams(text);

describe('record list URL helpers', () => {
  it('accepts only real calendar days', () => {
    expect(dayParam(q('from=2026-02-28'), 'from')).toBe('2026-02-28');
    expect(dayParam(q('from=2026-02-30'), 'from')).toBeUndefined();
    expect(dayParam(q('from=yesterday'), 'from')).toBeUndefined();
    expect(dayParam(q(''), 'from')).toBeUndefined();
  });

  it('turns a day range into inclusive seconds in the local zone', () => {
    const range = dayRangeToSeconds('2026-01-01', '2026-01-31');
    expect(range.dateFrom).toBe(dayjs('2026-01-01').startOf('day').unix());
    expect(range.dateTo).toBe(dayjs('2026-01-31').endOf('day').unix());
    expect(range.dateTo! - range.dateFrom!).toBe(31 * 86_400 - 1);
    expect(dayRangeToSeconds()).toEqual({});
  });

  it('keeps only allowed enum values and sorts', () => {
    expect(enumParam(q('state=audited'), 'state', ['draft', 'audited'])).toBe('audited');
    expect(enumParam(q('state=hacked'), 'state', ['draft', 'audited'])).toBeUndefined();
    expect(parseSort(q('sort=amount&order=asc'), ['amount', 'no'])).toEqual({ sort: 'amount', order: 'asc' });
    expect(parseSort(q('sort=password&order=asc'), ['amount'])).toEqual({});
    expect(parseSort(q('sort=amount&order=sideways'), ['amount'])).toEqual({ sort: 'amount' });
  });

  it('caps the page size at the server limit and defaults bad pages', () => {
    expect(parsePage(q('page=3&size=50'))).toEqual({ page: 3, pageSize: 50 });
    expect(parsePage(q('page=0&size=99999'))).toEqual({ page: 1, pageSize: 200 });
    expect(parsePage(q('page=-1&size=abc'))).toEqual({ page: 1, pageSize: 20 });
    const params = new URLSearchParams();
    writePage(params, { page: 1, pageSize: 20 });
    expect(params.toString()).toBe('');
  });

  it('maps the table sorter both ways, ignoring columns that are not allow-listed', () => {
    expect(sortFromTable('amount', 'ascend', ['amount'])).toEqual({ sort: 'amount', order: 'asc' });
    expect(sortFromTable('amount', null, ['amount'])).toEqual({});
    expect(sortFromTable('remark', 'descend', ['amount'])).toEqual({});
    expect(sortOrderOf({ sort: 'amount', order: 'desc' }, 'amount')).toBe('descend');
    expect(sortOrderOf({ sort: 'amount', order: 'desc' }, 'no')).toBeNull();
  });
});
