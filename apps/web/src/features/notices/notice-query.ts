import type { NoticeListRequest } from '@partsportal/contract/notices';
import { parsePage, setIf, textParam, writePage, type PageState } from '@shared/records/list-query';

/** The notice list's filters (`/notice/index?q=…&unread=1`). */
export interface NoticeFilters extends PageState {
  keyword: string;
  unreadOnly: boolean;
}

export function parseNoticeQuery(params: URLSearchParams): NoticeFilters {
  return {
    keyword: textParam(params, 'q', 100),
    unreadOnly: params.get('unread') === '1',
    ...parsePage(params),
  };
}

export function toNoticeQuery(filters: NoticeFilters): URLSearchParams {
  const params = new URLSearchParams();
  setIf(params, 'q', filters.keyword);
  setIf(params, 'unread', filters.unreadOnly);
  writePage(params, filters);
  return params;
}

export function toNoticeRequest(filters: NoticeFilters): NoticeListRequest {
  return {
    page: filters.page,
    pageSize: filters.pageSize,
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    unreadOnly: filters.unreadOnly,
  };
}
