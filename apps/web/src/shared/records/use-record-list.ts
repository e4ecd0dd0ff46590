import { useMemo } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Endpoint } from '@partsportal/contract/endpoint';
import { callEndpoint } from '../api/client';
import { useEndpointQuery } from '../api/server-state';
import { useRouteSearchParams } from '../hooks/use-route-search-params';
import { sortOrderOf, type PageState, type SortState } from './list-query';
import type { RecordFields, RecordFilters, RecordQuery } from './record-query';

/** A list answer: the rows of one page and the count over the whole filter (plus list extras). */
export interface RecordPage<T> {
  list: T[];
  total: number;
}

/** What the shared table and filter parts need of a list (methods: each list narrows the sort). */
export interface RecordListState<T, S extends string = string> {
  filters: PageState & SortState<S>;
  update(patch: Partial<PageState & SortState<S>>): void;
  list: UseQueryResult<RecordPage<T>>;
  sorts: readonly S[];
}

export interface RecordList<F extends RecordFields, S extends string, A> {
  filters: RecordFilters<F, S>;
  /** Applies a filter change: back to page 1 unless the patch says otherwise; the URL is the state. */
  update(patch: Partial<RecordFilters<F, S>>): void;
  list: UseQueryResult<A>;
  data: A | undefined;
  sorts: readonly S[];
  /** Spread into a column: antd's sorter plus the sort order the URL holds. */
  sortable(column: S): { sorter: true; sortOrder: 'ascend' | 'descend' | null };
  /** One page of the current filter, for the export. */
  loadPage(page: number, pageSize: number): Promise<A>;
}

type RequestOf<F extends RecordFields, S extends string, R> = ReturnType<RecordQuery<F, S, R>['toRequest']>;

/**
 * A record list page's state: filters from the (kept-alive) tab's URL, the list loaded for
 * them, and an update that writes the next filters back to the URL.
 */
export function useRecordList<F extends RecordFields, S extends string, R, E extends Endpoint>(
  path: string,
  query: RecordQuery<F, S, R>,
  // The list's request must be the endpoint's body (checked here, as the call sites once did).
  endpoint: RequestOf<F, S, R> extends z.input<E['body']> ? E : never,
): RecordList<F, S, z.output<E['data']>> {
  const [params, setParams] = useRouteSearchParams(path);
  const filters = useMemo(() => query.parse(params), [params, query]);
  const list = useEndpointQuery(endpoint, query.toRequest(filters) as z.input<E['body']>);
  return {
    filters,
    update: (patch) => setParams(query.toQuery({ ...filters, page: 1, ...patch })),
    list,
    data: list.data,
    sorts: query.sorts,
    sortable: (column) => ({ sorter: true, sortOrder: sortOrderOf(filters, column) }),
    loadPage: (page, pageSize) =>
      callEndpoint(endpoint, query.toRequest(filters, page, pageSize) as z.input<E['body']>),
  };
}
