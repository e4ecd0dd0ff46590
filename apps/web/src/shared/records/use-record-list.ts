import { useMemo } from 'react';
import { useAsyncData, type AsyncData } from '../hooks/use-async-data';
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
  list: AsyncData<RecordPage<T>>;
  sorts: readonly S[];
}

export interface RecordList<F extends RecordFields, S extends string, A> {
  filters: RecordFilters<F, S>;
  /** Applies a filter change: back to page 1 unless the patch says otherwise; the URL is the state. */
  update(patch: Partial<RecordFilters<F, S>>): void;
  list: AsyncData<A>;
  data: A | undefined;
  sorts: readonly S[];
  /** Spread into a column: antd's sorter plus the sort order the URL holds. */
  sortable(column: S): { sorter: true; sortOrder: 'ascend' | 'descend' | null };
  /** One page of the current filter, for the export. */
  loadPage(page: number, pageSize: number): Promise<A>;
}

/**
 * A record list page's state: filters from the (kept-alive) tab's URL, the list loaded for
 * them, and an update that writes the next filters back to the URL.
 */
export function useRecordList<F extends RecordFields, S extends string, R, A>(
  path: string,
  query: RecordQuery<F, S, R>,
  load: (request: ReturnType<RecordQuery<F, S, R>['toRequest']>) => Promise<A>,
): RecordList<F, S, A> {
  const [params, setParams] = useRouteSearchParams(path);
  const filters = useMemo(() => query.parse(params), [params, query]);
  const list = useAsyncData(`${path}?${query.toQuery(filters).toString()}`, () =>
    load(query.toRequest(filters)),
  );
  return {
    filters,
    update: (patch) => setParams(query.toQuery({ ...filters, page: 1, ...patch })),
    list,
    data: list.data,
    sorts: query.sorts,
    sortable: (column) => ({ sorter: true, sortOrder: sortOrderOf(filters, column) }),
    loadPage: (page, pageSize) => load(query.toRequest(filters, page, pageSize)),
  };
}
