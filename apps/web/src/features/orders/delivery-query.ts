import { DELIVERY_SORTS, type DeliveryListRequest, type DeliverySort } from '@partsportal/contract/records';
import {
  dayParam,
  dayRangeToSeconds,
  parsePage,
  parseSort,
  setIf,
  textParam,
  writePage,
  writeSort,
  type PageState,
  type SortState,
} from '@shared/records/list-query';

/** /export/index filters, kept in the URL query. */
export interface DeliveryFilters extends PageState, SortState<DeliverySort> {
  from?: string;
  to?: string;
  no: string;
}

export function parseDeliveryQuery(params: URLSearchParams): DeliveryFilters {
  return {
    ...parsePage(params),
    ...parseSort(params, DELIVERY_SORTS),
    from: dayParam(params, 'from'),
    to: dayParam(params, 'to'),
    no: textParam(params, 'no'),
  };
}

export function toDeliveryQuery(filters: DeliveryFilters): URLSearchParams {
  const params = new URLSearchParams();
  setIf(params, 'from', filters.from);
  setIf(params, 'to', filters.to);
  setIf(params, 'no', filters.no);
  writeSort(params, filters);
  writePage(params, filters);
  return params;
}

export function toDeliveryRequest(
  filters: DeliveryFilters,
  page = filters.page,
  pageSize = filters.pageSize,
): DeliveryListRequest {
  return {
    page,
    pageSize,
    ...dayRangeToSeconds(filters.from, filters.to),
    ...(filters.no ? { no: filters.no } : {}),
    ...(filters.sort ? { sort: filters.sort, order: filters.order ?? 'desc' } : {}),
  };
}
