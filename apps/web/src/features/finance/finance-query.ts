import {
  PAYMENT_SORTS,
  type FinanceAccountRequest,
  type PaymentListRequest,
  type PaymentSort,
} from '@partsportal/contract/finance';
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

/** The payment history's filters (`/Payment/index?from=…&no=…`). */
export interface PaymentFilters extends PageState, SortState<PaymentSort> {
  from?: string;
  to?: string;
  no: string;
}

export function parsePaymentQuery(params: URLSearchParams): PaymentFilters {
  const from = dayParam(params, 'from');
  const to = dayParam(params, 'to');
  return {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    no: textParam(params, 'no', 64),
    ...parseSort(params, PAYMENT_SORTS),
    ...parsePage(params),
  };
}

export function toPaymentQuery(filters: PaymentFilters): URLSearchParams {
  const params = new URLSearchParams();
  setIf(params, 'from', filters.from);
  setIf(params, 'to', filters.to);
  setIf(params, 'no', filters.no);
  writeSort(params, filters);
  writePage(params, filters);
  return params;
}

export function toPaymentRequest(
  filters: PaymentFilters,
  page = filters.page,
  pageSize = filters.pageSize,
): PaymentListRequest {
  return {
    page,
    pageSize,
    ...dayRangeToSeconds(filters.from, filters.to),
    ...(filters.no ? { no: filters.no } : {}),
    ...(filters.sort ? { sort: filters.sort, order: filters.order ?? 'desc' } : {}),
  };
}

/** The statement's range and page (`/finance/account?from=…&to=…`). */
export interface StatementFilters extends PageState {
  from?: string;
  to?: string;
}

export function parseStatementQuery(params: URLSearchParams): StatementFilters {
  const from = dayParam(params, 'from');
  const to = dayParam(params, 'to');
  return { ...(from ? { from } : {}), ...(to ? { to } : {}), ...parsePage(params) };
}

export function toStatementQuery(filters: StatementFilters): URLSearchParams {
  const params = new URLSearchParams();
  setIf(params, 'from', filters.from);
  setIf(params, 'to', filters.to);
  writePage(params, filters);
  return params;
}

export function toStatementRequest(filters: StatementFilters): FinanceAccountRequest {
  return { page: filters.page, pageSize: filters.pageSize, ...dayRangeToSeconds(filters.from, filters.to) };
}
