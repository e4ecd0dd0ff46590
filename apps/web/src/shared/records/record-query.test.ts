import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { dayField, defineRecordQuery, enumField, enumListField, textField } from './record-query';

const STATES = ['draft', 'audited', 'closed'] as const;

const query = defineRecordQuery({
  fields: {
    type: enumField('type', ['all'] as const),
    from: dayField('from'),
    to: dayField('to'),
    no: textField('no', 8),
    state: enumField('state', STATES),
    states: enumListField('states', STATES),
  },
  sorts: ['amount', 'no'] as const,
  request: (filters) => ({ no: filters.no, state: filters.state, states: filters.states }),
});

const parse = (text: string) => query.parse(new URLSearchParams(text));

describe('defineRecordQuery', () => {
  it('writes the URL in the order the fields are declared, then sort and page', () => {
    const text =
      'type=all&from=2026-01-01&to=2026-01-31&no=A1&state=closed&states=draft%2Caudited&sort=no&order=asc&page=2&size=50';
    expect(query.toQuery(parse(text)).toString()).toBe(text);
  });

  it('reads the plain URL as defaults and writes them back as nothing', () => {
    const filters = parse('');
    expect(filters).toEqual({ page: 1, pageSize: 20, no: '', states: [] });
    expect(query.toQuery(filters).toString()).toBe('');
  });

  it('drops what a shared link may carry but the server would refuse', () => {
    const filters = parse(
      'type=some&from=2026-02-30&no=%20%20ABCDEFGHIJ&state=hacked&states=closed,x,draft&sort=password&page=0&size=999',
    );
    expect(filters.type).toBeUndefined();
    expect(filters.from).toBeUndefined();
    expect(filters.no).toBe('ABCDEFGH');
    expect(filters.state).toBeUndefined();
    // Declared order, whatever the link's order.
    expect(filters.states).toEqual(['draft', 'closed']);
    expect(filters.sort).toBeUndefined();
    expect(filters).toMatchObject({ page: 1, pageSize: 200 });
  });

  it('sends only the filters that are set, the inclusive day range and the sort (desc by default)', () => {
    expect(query.toRequest(parse('no=A1&sort=amount'))).toEqual({
      page: 1,
      pageSize: 20,
      no: 'A1',
      sort: 'amount',
      order: 'desc',
    });
    const request = query.toRequest(parse('from=2026-01-01&to=2026-01-01&states=audited&page=3'), 7, 200);
    expect(request).toEqual({
      page: 7,
      pageSize: 200,
      dateFrom: dayjs('2026-01-01').startOf('day').unix(),
      dateTo: dayjs('2026-01-01').endOf('day').unix(),
      states: ['audited'],
    });
    expect(request).not.toHaveProperty('type');
  });
});
