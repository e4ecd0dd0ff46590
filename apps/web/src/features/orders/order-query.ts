import {
  ORDER_LINE_SORTS,
  ORDER_LIST_SORTS,
  ORDER_STATES,
  type OrderLineListRequest,
  type OrderListRequest,
  type OrderState,
} from '@partsportal/contract/orders';
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

export type OrderListSort = (typeof ORDER_LIST_SORTS)[number];
export type OrderLineSort = (typeof ORDER_LINE_SORTS)[number];

/** Everything that decides what /order/index shows; it lives in the URL query. */
export interface OrderListFilters extends PageState, SortState<OrderListSort> {
  from?: string;
  to?: string;
  no: string;
  states: OrderState[];
  partNumber: string;
  fromSystem: string;
}

/** States arrive as one comma-separated parameter; unknown ones in a shared link are dropped. */
function stateList(raw: string | null): OrderState[] {
  if (!raw) return [];
  const wanted = new Set(raw.split(','));
  return ORDER_STATES.filter((state) => wanted.has(state));
}

/** `type=all` is the menu's marker (spec §2); it is kept so the tab and the menu agree. */
function writeType(params: URLSearchParams, type: string | undefined): void {
  if (type === 'all') params.set('type', 'all');
}

export function parseOrderListQuery(params: URLSearchParams): OrderListFilters {
  return {
    ...parsePage(params),
    ...parseSort(params, ORDER_LIST_SORTS),
    from: dayParam(params, 'from'),
    to: dayParam(params, 'to'),
    no: textParam(params, 'no', 40),
    states: stateList(params.get('state')),
    partNumber: textParam(params, 'part', 60),
    fromSystem: textParam(params, 'channel', 40),
  };
}

export function toOrderListQuery(filters: OrderListFilters, type?: string): URLSearchParams {
  const params = new URLSearchParams();
  writeType(params, type);
  setIf(params, 'from', filters.from);
  setIf(params, 'to', filters.to);
  setIf(params, 'no', filters.no);
  if (filters.states.length > 0) params.set('state', filters.states.join(','));
  setIf(params, 'part', filters.partNumber);
  setIf(params, 'channel', filters.fromSystem);
  writeSort(params, filters);
  writePage(params, filters);
  return params;
}

export function toOrderListRequest(
  filters: OrderListFilters,
  page = filters.page,
  pageSize = filters.pageSize,
): OrderListRequest {
  return {
    page,
    pageSize,
    ...dayRangeToSeconds(filters.from, filters.to),
    ...(filters.no ? { no: filters.no } : {}),
    ...(filters.states.length > 0 ? { states: filters.states } : {}),
    ...(filters.partNumber ? { partNumber: filters.partNumber } : {}),
    ...(filters.fromSystem ? { fromSystem: filters.fromSystem } : {}),
    ...(filters.sort ? { sort: filters.sort, order: filters.order ?? 'desc' } : {}),
  };
}

/** /order/detailSearch: lines across orders. */
export interface OrderLineFilters extends PageState, SortState<OrderLineSort> {
  from?: string;
  to?: string;
  no: string;
  partNumber: string;
  name: string;
}

export function parseOrderLineQuery(params: URLSearchParams): OrderLineFilters {
  return {
    ...parsePage(params),
    ...parseSort(params, ORDER_LINE_SORTS),
    from: dayParam(params, 'from'),
    to: dayParam(params, 'to'),
    no: textParam(params, 'no', 40),
    partNumber: textParam(params, 'part', 60),
    name: textParam(params, 'name', 60),
  };
}

export function toOrderLineQuery(filters: OrderLineFilters, type?: string): URLSearchParams {
  const params = new URLSearchParams();
  writeType(params, type);
  setIf(params, 'from', filters.from);
  setIf(params, 'to', filters.to);
  setIf(params, 'no', filters.no);
  setIf(params, 'part', filters.partNumber);
  setIf(params, 'name', filters.name);
  writeSort(params, filters);
  writePage(params, filters);
  return params;
}

export function toOrderLineRequest(
  filters: OrderLineFilters,
  page = filters.page,
  pageSize = filters.pageSize,
): OrderLineListRequest {
  return {
    page,
    pageSize,
    ...dayRangeToSeconds(filters.from, filters.to),
    ...(filters.no ? { no: filters.no } : {}),
    ...(filters.partNumber ? { partNumber: filters.partNumber } : {}),
    ...(filters.name ? { name: filters.name } : {}),
    ...(filters.sort ? { sort: filters.sort, order: filters.order ?? 'desc' } : {}),
  };
}

/**
 * Delivery rate as the order list shows it: export_rate is a percent string with 2 decimals
 * ("37.50"); the Progress bar needs a number in 0–100 and the text keeps at most 2 decimals.
 */
export function deliveryPercent(rate: string): number {
  const value = Number(rate);
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.round(value * 100) / 100));
}

export function formatDeliveryRate(rate: string, locale: string): string {
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(deliveryPercent(rate))} %`;
}

/** Tag colours of the order states (antd preset colours). */
export const ORDER_STATE_COLORS: Readonly<Record<OrderState, string>> = {
  pending_payment: 'gold',
  submitted: 'blue',
  confirmed: 'cyan',
  partially_delivered: 'purple',
  delivered: 'green',
  cancelled: 'default',
};
