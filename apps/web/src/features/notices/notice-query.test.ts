import { describe, expect, it } from 'vitest';
import { parseNoticeQuery, toNoticeQuery, toNoticeRequest } from './notice-query';

describe('notice list URL ↔ filters', () => {
  it('round-trips keyword and unread-only', () => {
    const filters = parseNoticeQuery(new URLSearchParams('q=Bosch&unread=1'));
    expect(filters).toMatchObject({ keyword: 'Bosch', unreadOnly: true, page: 1 });
    expect(toNoticeQuery(filters).toString()).toBe('q=Bosch&unread=1');
    expect(toNoticeRequest(filters)).toEqual({ page: 1, pageSize: 20, keyword: 'Bosch', unreadOnly: true });
  });
  it('treats anything but unread=1 as all notices', () => {
    expect(parseNoticeQuery(new URLSearchParams('unread=yes')).unreadOnly).toBe(false);
    expect(toNoticeQuery(parseNoticeQuery(new URLSearchParams(''))).toString()).toBe('');
  });
});
