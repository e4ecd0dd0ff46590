import { useDeferredValue, useState } from 'react';
import {
  keepPreviousData,
  QueryClient,
  queryOptions,
  useQuery,
  type Query,
  type QueryKey,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type { Endpoint } from '@partsportal/contract/endpoint';
import { takeEarlyRequest } from './early-requests';
import { useSessionStore } from '../stores/session-store';
import { callEndpoint, fillPath, type PathParams, type RequestOptions } from './client';

/**
 * Server state of the signed-in app (docs/web.md "Server state"): every read is a TanStack
 * query keyed by its endpoint, every write invalidates the reads it changes. The API client
 * (client.ts) stays the one place for the envelope, toasts, the relogin dialog and the timeout.
 */

/** A prefetched answer (hover) counts as fresh for a page that mounts this soon after it. */
export const PREFETCH_FRESH_MS = 5000;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The client has toasted the failure already; a silent second try would toast again.
      retry: false,
      // Spec behaviour: a page reads when it opens, on Enter and after the user's own writes,
      // not when the window regains focus or the network comes back.
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      // Answers of background tabs stay this long, so a tab shown again finds its data.
      gcTime: 30 * 60 * 1000,
    },
    mutations: { retry: false },
  },
});

// Another sign-in (or a logout) must never see the previous user's answers.
useSessionStore.subscribe((state, previous) => {
  if (state.token !== previous.token) queryClient.clear();
});

type Body<E extends Endpoint> = z.input<E['body']>;
type Data<E extends Endpoint> = z.output<E['data']>;

/**
 * The key of an endpoint's answer: its path (as the contract writes it, `{id}` unfilled) first,
 * so `[path]` matches every body and id of that endpoint; then the body; then the path params.
 */
export function endpointKey<E extends Endpoint>(endpoint: E, body?: Body<E>, params?: PathParams): QueryKey {
  return params ? [endpoint.path, body ?? {}, params] : [endpoint.path, body ?? {}];
}

/** Query options of one call: for useQuery, prefetchQuery and fetchQuery alike. */
export function endpointQuery<E extends Endpoint>(
  endpoint: E,
  body?: Body<E>,
  params?: PathParams,
  options: Pick<RequestOptions, 'silent' | 'relogin'> = {},
) {
  return queryOptions({
    queryKey: endpointKey(endpoint, body, params),
    // The signal lets TanStack Query cancel an answer nobody waits for any more (a search
    // replaced by the next keystroke) instead of letting it occupy the connection.
    queryFn: ({ signal }): Promise<Data<E>> =>
      (takeEarlyRequest(fillPath(endpoint.path, params), body) as Promise<Data<E>> | undefined) ??
      callEndpoint(endpoint, body, { ...options, signal, ...(params ? { params } : {}) }),
  });
}

/**
 * Reads an endpoint for a page, with the behaviour pages had before TanStack Query:
 * - a page that mounts (a new tab, the tab's "refresh", a page that is not kept alive) asks the
 *   server and shows a skeleton, never an answer cached before it mounted — except one
 *   prefetched (hover) less than PREFETCH_FRESH_MS before;
 * - a kept-alive tab shown again does not ask again, unless a write invalidated its answer;
 * - a new body (filters, page) asks again; the previous answer stays visible meanwhile
 *   (`isPlaceholderData`); `isFetching` is the page's spinner; `refetch()` is Enter's "fresh figures";
 * - `enabled: false` = not (yet) asked.
 */
export function useEndpointQuery<E extends Endpoint>(
  endpoint: E,
  body?: Body<E>,
  options: { params?: PathParams; enabled?: boolean } = {},
): UseQueryResult<Data<E>> {
  const [mountedAt] = useState(Date.now);
  const result = useQuery(pageQuery(endpoint, body, { ...options, mountedAt }));
  const shown = isShownSince(result, mountedAt) ? result.data : undefined;
  // An answer arrives through useSyncExternalStore, whose renders React does in one piece: a
  // table of rows was one 50–70 ms task on a fast machine (×4 on a phone). A page's first
  // answer renders first with its skeleton (still fetching), then in a render React may
  // interrupt for the user's taps (decision 034). A later answer (the user's search, filter or
  // page, the previous rows on screen) renders at once: the user is waiting for it.
  const deferred = useDeferredValue(shown);
  const data = deferred === undefined ? undefined : shown;
  if (data === result.data) return result;
  return { ...result, data, isFetching: result.isFetching || data !== shown } as UseQueryResult<Data<E>>;
}

/** useEndpointQuery's options for a page mounted at `mountedAt` (a function of its own for the tests). */
export function pageQuery<E extends Endpoint>(
  endpoint: E,
  body: Body<E> | undefined,
  options: { params?: PathParams; enabled?: boolean; mountedAt: number },
) {
  const since = options.mountedAt - PREFETCH_FRESH_MS;
  return {
    ...endpointQuery(endpoint, body, options.params),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
    // Runs when the page mounts and when its kept-alive tab is shown again (React's <Activity>
    // re-subscribes); a new body is fetched because answers are stale at once (staleTime 0).
    refetchOnMount: (query: Pick<Query, 'state'>) =>
      query.state.isInvalidated || query.state.dataUpdatedAt < since,
  };
}

/** The answer may show on the page: asked for since it mounted (or prefetched just before), or the previous body's. */
export function isShownSince(
  result: Pick<UseQueryResult, 'isPlaceholderData' | 'dataUpdatedAt'>,
  mountedAt: number,
): boolean {
  return result.isPlaceholderData || result.dataUpdatedAt >= mountedAt - PREFETCH_FRESH_MS;
}

/** Starts loading an answer a page is about to ask for (a row link or menu entry hovered). */
export function prefetchEndpoint<E extends Endpoint>(endpoint: E, body?: Body<E>, params?: PathParams): void {
  // Nobody asked for it yet: a refusal (an ended session, a network blip) is not shown — the
  // page that asks for the answer later gets and shows it.
  void queryClient.prefetchQuery({
    ...endpointQuery(endpoint, body, params, { silent: true, relogin: false }),
    staleTime: PREFETCH_FRESH_MS,
  });
}

/** Every cached answer of these endpoints (any body, any id) is stale: shown pages refetch now, the rest when shown. */
export function invalidateEndpoints(...endpoints: Endpoint[]): Promise<void> {
  return Promise.all(
    endpoints.map((endpoint) => queryClient.invalidateQueries({ queryKey: [endpoint.path] })),
  ).then(() => undefined);
}

/** A write that answers with the new state of a read: that read shows it without asking again. */
export function setEndpointData<E extends Endpoint>(
  endpoint: E,
  body: Body<E> | undefined,
  params: PathParams | undefined,
  data: Data<E>,
): void {
  queryClient.setQueryData(endpointKey(endpoint, body, params), data);
}

/** Drops the cached answers of these endpoints: the next page shows a skeleton, never the old answer. */
export function forgetEndpoints(...endpoints: Endpoint[]): void {
  for (const endpoint of endpoints) queryClient.removeQueries({ queryKey: [endpoint.path] });
}

/**
 * A write: calls the endpoint, then invalidates what it changes — also when it failed, so the
 * page shows what the server has. Errors are toasted by the API client and rethrown.
 */
export async function mutateEndpoint<E extends Endpoint>(
  endpoint: E,
  body: Body<E>,
  options: { params?: PathParams; headers?: Record<string, string>; invalidates: readonly Endpoint[] },
): Promise<Data<E>> {
  try {
    return await callEndpoint(endpoint, body, { params: options.params, headers: options.headers });
  } finally {
    void invalidateEndpoints(...options.invalidates);
  }
}
