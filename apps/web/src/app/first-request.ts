import { request } from '@shared/api/client';
import { startEarlyRequest } from '@shared/api/early-requests';
import { HOME_PATH } from './route-table';

export interface FirstRequest {
  /** The request's path with its path parameters filled in (`/Web/GetCartList/0`). */
  path: string;
  body: object;
  /**
   * The address queries (without `?`) for which the page sends exactly this body; any other
   * query (a search, a page, a filter) decides a different body, and nothing starts early.
   * Absent: the page's body does not depend on the query.
   */
  queries?: readonly string[];
}

/**
 * The first data request of a page whose body the URL alone decides, by path (lower case). Only
 * paths, not the contract's endpoint objects: those would pull zod into the entry chunk. A test
 * (first-request.test.ts) keeps each entry equal to the contract's path and the body the page
 * asks for on these addresses (issue 18: the dashboard, then the catalogue's first page, the
 * cart and the order list, the pages opened most on a phone).
 */
export const FIRST_REQUESTS: Readonly<Record<string, FirstRequest>> = {
  '/dashboard': { path: '/Web/GetDashboard', body: {} },
  '/product/index': {
    path: '/Web/GetProductList',
    body: { keyword: '', page: 1, pageSize: 20, sort: 'relevance', order: 'asc' },
    queries: [''],
  },
  '/cart/index': { path: '/Web/GetCartList/0', body: {}, queries: [''] },
  // `type=all` is the menu's marker (order-query.ts); it is not part of the request.
  '/order/index': { path: '/Web/GetOrderList', body: { page: 1, pageSize: 20 }, queries: ['', 'type=all'] },
};

/** The page's first request for an address, if it is one of FIRST_REQUESTS's. */
export function firstRequestFor(pathname: string, search = ''): FirstRequest | undefined {
  const first = FIRST_REQUESTS[(pathname === '/' ? HOME_PATH : pathname).replace(/\/+$/, '').toLowerCase()];
  return first && (!first.queries || first.queries.includes(search.replace(/^\?/, ''))) ? first : undefined;
}

/** Starts the page's first request (early-requests.ts); the page's query takes it. */
export function startFirstRequest(pathname: string, search = ''): void {
  const first = firstRequestFor(pathname, search);
  if (first) startEarlyRequest(first.path, first.body, () => request(first.path, first.body));
}
