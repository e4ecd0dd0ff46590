import {
  CARGO_STATES,
  SALES_LINE_SORTS,
  SALES_SORTS,
  SALES_STATES,
  type CargoState,
  type SalesLineListRequest,
  type SalesLineSort,
  type SalesListRequest,
  type SalesSort,
  type SalesState,
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

/** The sales list's filters, kept in the URL query (`/sales/index?from=…&cargo=shipped`). */
export interface SalesFilters extends PageState, SortState<SalesSort> {
  from?: string;
  to?: string;
  no: string;
  state?: SalesState;
  cargoState?: CargoState;
  logisticsNo: string;
  partNumber: string;
}

export function parseSalesQuery(params: URLSearchParams): SalesFilters {
  const from = dayParam(params, 'from');
  const to = dayParam(params, 'to');
  const state = enumParam(params, 'state', SALES_STATES);
  const cargoState = enumParam(params, 'cargo', CARGO_STATES);
  return {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    no: textParam(params, 'no'),
    ...(state ? { state } : {}),
    ...(cargoState ? { cargoState } : {}),
    logisticsNo: textParam(params, 'lno'),
    partNumber: textParam(params, 'pn'),
    ...parseSort(params, SALES_SORTS),
    ...parsePage(params),
  };
}

export function toSalesQuery(filters: SalesFilters): URLSearchParams {
  const params = new URLSearchParams();
  setIf(params, 'from', filters.from);
  setIf(params, 'to', filters.to);
  setIf(params, 'no', filters.no);
  setIf(params, 'state', filters.state);
  setIf(params, 'cargo', filters.cargoState);
  setIf(params, 'lno', filters.logisticsNo);
  setIf(params, 'pn', filters.partNumber);
  writeSort(params, filters);
  writePage(params, filters);
  return params;
}

export function toSalesRequest(
  filters: SalesFilters,
  page = filters.page,
  pageSize = filters.pageSize,
): SalesListRequest {
  return {
    page,
    pageSize,
    ...dayRangeToSeconds(filters.from, filters.to),
    ...(filters.no ? { no: filters.no } : {}),
    ...(filters.state ? { state: filters.state } : {}),
    ...(filters.cargoState ? { cargo_state: filters.cargoState } : {}),
    ...(filters.logisticsNo ? { logistics_no: filters.logisticsNo } : {}),
    ...(filters.partNumber ? { partNumber: filters.partNumber } : {}),
    ...(filters.sort ? { sort: filters.sort, order: filters.order ?? 'desc' } : {}),
  };
}

/** The line search (`/sales/detailSearch`). */
export interface SalesLineFilters extends PageState, SortState<SalesLineSort> {
  from?: string;
  to?: string;
  partNumber: string;
  name: string;
  no: string;
}

export function parseSalesLineQuery(params: URLSearchParams): SalesLineFilters {
  const from = dayParam(params, 'from');
  const to = dayParam(params, 'to');
  return {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    partNumber: textParam(params, 'pn'),
    name: textParam(params, 'name'),
    no: textParam(params, 'no'),
    ...parseSort(params, SALES_LINE_SORTS),
    ...parsePage(params),
  };
}

export function toSalesLineQuery(filters: SalesLineFilters): URLSearchParams {
  const params = new URLSearchParams();
  setIf(params, 'from', filters.from);
  setIf(params, 'to', filters.to);
  setIf(params, 'pn', filters.partNumber);
  setIf(params, 'name', filters.name);
  setIf(params, 'no', filters.no);
  writeSort(params, filters);
  writePage(params, filters);
  return params;
}

export function toSalesLineRequest(filters: SalesLineFilters): SalesLineListRequest {
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
