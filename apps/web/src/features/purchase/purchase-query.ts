import {
  PURCHASE_LINE_SORTS,
  PURCHASE_SORTS,
  PURCHASE_STATES,
  type PurchaseLineListRequest,
  type PurchaseLineSort,
  type PurchaseListRequest,
  type PurchaseSort,
  type PurchaseState,
} from '@partsportal/contract/records';
import {
  dayParam,
  dayRangeToSeconds,
  enumParam,
  parsePage,
  parseSort,
  setIf,
  textParam,
  writePage,
  writeSort,
  type PageState,
  type SortState,
} from '@shared/records/list-query';

/** The purchase list's filters, kept in the URL query. */
export interface PurchaseFilters extends PageState, SortState<PurchaseSort> {
  from?: string;
  to?: string;
  no: string;
  state?: PurchaseState;
  partNumber: string;
}

export function parsePurchaseQuery(params: URLSearchParams): PurchaseFilters {
  const from = dayParam(params, 'from');
  const to = dayParam(params, 'to');
  const state = enumParam(params, 'state', PURCHASE_STATES);
  return {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    no: textParam(params, 'no'),
    ...(state ? { state } : {}),
    partNumber: textParam(params, 'pn'),
    ...parseSort(params, PURCHASE_SORTS),
    ...parsePage(params),
  };
}

export function toPurchaseQuery(filters: PurchaseFilters): URLSearchParams {
  const params = new URLSearchParams();
  setIf(params, 'from', filters.from);
  setIf(params, 'to', filters.to);
  setIf(params, 'no', filters.no);
  setIf(params, 'state', filters.state);
  setIf(params, 'pn', filters.partNumber);
  writeSort(params, filters);
  writePage(params, filters);
  return params;
}

export function toPurchaseRequest(filters: PurchaseFilters): PurchaseListRequest {
  return {
    page: filters.page,
    pageSize: filters.pageSize,
    ...dayRangeToSeconds(filters.from, filters.to),
    ...(filters.no ? { no: filters.no } : {}),
    ...(filters.state ? { state: filters.state } : {}),
    ...(filters.partNumber ? { partNumber: filters.partNumber } : {}),
    ...(filters.sort ? { sort: filters.sort, order: filters.order ?? 'desc' } : {}),
  };
}

/** The line search (`/pur/detailSearch?type=all`); `type` is the menu's marker and is kept. */
export interface PurchaseLineFilters extends PageState, SortState<PurchaseLineSort> {
  type?: string;
  from?: string;
  to?: string;
  partNumber: string;
  name: string;
  no: string;
}

export function parsePurchaseLineQuery(params: URLSearchParams): PurchaseLineFilters {
  const from = dayParam(params, 'from');
  const to = dayParam(params, 'to');
  const type = enumParam(params, 'type', ['all'] as const);
  return {
    ...(type ? { type } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    partNumber: textParam(params, 'pn'),
    name: textParam(params, 'name'),
    no: textParam(params, 'no'),
    ...parseSort(params, PURCHASE_LINE_SORTS),
    ...parsePage(params),
  };
}

export function toPurchaseLineQuery(filters: PurchaseLineFilters): URLSearchParams {
  const params = new URLSearchParams();
  setIf(params, 'type', filters.type);
  setIf(params, 'from', filters.from);
  setIf(params, 'to', filters.to);
  setIf(params, 'pn', filters.partNumber);
  setIf(params, 'name', filters.name);
  setIf(params, 'no', filters.no);
  writeSort(params, filters);
  writePage(params, filters);
  return params;
}

export function toPurchaseLineRequest(filters: PurchaseLineFilters): PurchaseLineListRequest {
  return {
    page: filters.page,
    pageSize: filters.pageSize,
    ...dayRangeToSeconds(filters.from, filters.to),
    ...(filters.partNumber ? { partNumber: filters.partNumber } : {}),
    ...(filters.name ? { name: filters.name } : {}),
    ...(filters.no ? { no: filters.no } : {}),
    ...(filters.sort ? { sort: filters.sort, order: filters.order ?? 'desc' } : {}),
  };
}
