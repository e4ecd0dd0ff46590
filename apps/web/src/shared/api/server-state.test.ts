import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import type { UserInfo } from '@partsportal/contract/auth';
import { cartEndpoints } from '@partsportal/contract/cart';
import { dashboardEndpoints } from '@partsportal/contract/dashboard';
import { noticeEndpoints } from '@partsportal/contract/notices';
import { orderEndpoints } from '@partsportal/contract/orders';
import { useErrorLogStore } from '../stores/error-log-store';
import { useSessionStore } from '../stores/session-store';
import { addToCart, cartChanged } from './cart-api';
import { ApiError } from './client';
import {
  endpointKey,
  invalidateEndpoints,
  isShownSince,
  mutateEndpoint,
  pageQuery,
  PREFETCH_FRESH_MS,
  queryClient,
} from './server-state';

// The real QueryClient and the real API client (envelope, errors); only the network is fake:
// a server that keeps a cart and answers the contract's paths with the {code,msg,data} envelope.
let calls: { path: string; body: unknown }[] = [];
let cartLines: number[] = [];
let nextCode = 200;
/** Paths answered with a refusal (code 50014) while reads still succeed. */
let refused = new Set<string>();

const CART_LIST = '/api/Web/GetCartList/0';

function cartAnswer() {
  return {
    list: cartLines.map((id) => ({ id })),
    count: cartLines.length,
    total_qty: cartLines.length,
    total_amount: '0.00',
    currency: 'CNY',
  };
}

/** Signals of the requests that were still waiting when `slowNotices` held the notices answer. */
let slowNotices = false;
const heldSignals: AbortSignal[] = [];

async function fakeFetch(url: string | URL | Request, init?: RequestInit): Promise<Response> {
  const path = String(url);
  if (slowNotices && path === '/api/Web/GetNoticeList' && init?.signal) {
    const signal = init.signal;
    heldSignals.push(signal);
    // Like fetch: rejects with the signal's reason when it is aborted, else never answers.
    return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
  }
  const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
  calls.push({ path, body });
  const answer = (code: number, data: unknown) =>
    new Response(JSON.stringify({ code, msg: code === 200 ? 'ok' : 'refused', data }), { status: 200 });
  if (nextCode !== 200) return answer(nextCode, null);
  if (refused.has(path)) return answer(50014, null);
  if (path === CART_LIST) return answer(200, cartAnswer());
  if (path === '/api/Web/AddCart') {
    cartLines.push(cartLines.length + 1);
    return answer(200, { carts: cartLines.length });
  }
  if (path === '/api/Web/GetNoticeList') return answer(200, { list: [], total: 0, unread: 0 });
  return answer(404, null);
}

const cartReads = () => calls.filter((c) => c.path === CART_LIST).length;

function observeCart(mountedAt = Date.now()) {
  return new QueryObserver(
    queryClient,
    pageQuery(cartEndpoints.getCartList, {}, { params: { n: 0 }, mountedAt }),
  );
}

beforeEach(() => {
  calls = [];
  cartLines = [];
  nextCode = 200;
  refused = new Set();
  slowNotices = false;
  heldSignals.length = 0;
  useErrorLogStore.setState({ entries: [] });
  queryClient.clear();
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  useSessionStore.setState({ token: 't1', userInfo: { carts: 0 } as UserInfo });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('query keys', () => {
  it('start with the endpoint path, then the body, then the path params', () => {
    expect(endpointKey(noticeEndpoints.getNoticeList, { page: 2 })).toEqual([
      '/Web/GetNoticeList',
      { page: 2 },
    ]);
    expect(endpointKey(orderEndpoints.getOrderDetail, {}, { id: 7 })).toEqual([
      '/Web/GetOrderDetail/{id}',
      {},
      { id: 7 },
    ]);
  });
});

describe('a cart write invalidates the cart reads', () => {
  it('refetches the shown cart and moves the badge after AddCart', async () => {
    const cart = observeCart();
    const seen: number[] = [];
    const unsubscribe = cart.subscribe((result) => {
      if (result.data && !result.isFetching) seen.push(result.data.count);
    });
    await vi.waitFor(() => expect(seen).toEqual([0]));

    await addToCart([{ cpid: 1, qty: 1 }]);

    await vi.waitFor(() => expect(seen).toEqual([0, 1]));
    expect(cartReads()).toBe(2);
    expect(useSessionStore.getState().userInfo?.carts).toBe(1);
    unsubscribe();
  });

  it('leaves a hidden cart (no observer) alone until it is shown again, then refetches once', async () => {
    const cart = observeCart();
    let unsubscribe = cart.subscribe(() => undefined);
    await vi.waitFor(() => expect(cart.getCurrentResult().data?.count).toBe(0));
    unsubscribe(); // the kept-alive tab is hidden

    cartLines.push(1);
    cartChanged(1);
    await Promise.resolve();
    expect(cartReads()).toBe(1);
    expect(
      queryClient.getQueryState(endpointKey(cartEndpoints.getCartList, {}, { n: 0 }))?.isInvalidated,
    ).toBe(true);
    expect(queryClient.getQueryState(endpointKey(dashboardEndpoints.getDashboard, {}))).toBeUndefined();

    unsubscribe = cart.subscribe(() => undefined); // shown again
    await vi.waitFor(() => expect(cart.getCurrentResult().data?.count).toBe(1));
    expect(cartReads()).toBe(2);
    unsubscribe();
  });

  it('invalidates also when the write failed, so the page shows what the server has', async () => {
    const cart = observeCart();
    const unsubscribe = cart.subscribe(() => undefined);
    await vi.waitFor(() => expect(cart.getCurrentResult().isSuccess).toBe(true));
    refused.add('/api/Web/RemoveCart');
    await expect(
      mutateEndpoint(cartEndpoints.removeCart, { ids: [1] }, { invalidates: [cartEndpoints.getCartList] }),
    ).rejects.toEqual(new ApiError('refused', 50014));
    await vi.waitFor(() => expect(cartReads()).toBe(2));
    unsubscribe();
  });
});

describe('page reads keep the behaviour of the old fetch hook', () => {
  it('a kept-alive tab shown again does not ask again', async () => {
    const cart = observeCart();
    let unsubscribe = cart.subscribe(() => undefined);
    await vi.waitFor(() => expect(cart.getCurrentResult().isSuccess).toBe(true));
    unsubscribe();
    unsubscribe = cart.subscribe(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cartReads()).toBe(1);
    unsubscribe();
  });

  it('a page mounted later asks again and hides the answer cached before it mounted', async () => {
    const first = observeCart();
    const unsubscribeFirst = first.subscribe(() => undefined);
    await vi.waitFor(() => expect(first.getCurrentResult().isSuccess).toBe(true));
    unsubscribeFirst();

    const later = observeCart(Date.now() + PREFETCH_FRESH_MS + 1000);
    const unsubscribe = later.subscribe(() => undefined);
    const result = later.getCurrentResult();
    expect(result.isFetching).toBe(true);
    expect(isShownSince(result, Date.now() + PREFETCH_FRESH_MS + 1000)).toBe(false);
    await vi.waitFor(() => expect(cartReads()).toBe(2));
    unsubscribe();
  });

  it('an answer prefetched just before the page mounted is used as is', async () => {
    await queryClient.prefetchQuery(
      pageQuery(cartEndpoints.getCartList, {}, { params: { n: 0 }, mountedAt: 0 }),
    );
    const cart = observeCart(Date.now() + 500);
    const unsubscribe = cart.subscribe(() => undefined);
    expect(cart.getCurrentResult().isFetching).toBe(false);
    expect(isShownSince(cart.getCurrentResult(), Date.now() + 500)).toBe(true);
    expect(cartReads()).toBe(1);
    unsubscribe();
  });

  it('an error answer is an ApiError, tried once (the client toasted it)', async () => {
    nextCode = 50008;
    const cart = observeCart();
    const unsubscribe = cart.subscribe(() => undefined);
    await vi.waitFor(() => expect(cart.getCurrentResult().isError).toBe(true));
    expect(cart.getCurrentResult().error).toEqual(new ApiError('refused', 50008));
    expect(cartReads()).toBe(1);
    unsubscribe();
  });

  it("another sign-in never sees the previous user's answers", async () => {
    await queryClient.fetchQuery(pageQuery(noticeEndpoints.getNoticeList, {}, { mountedAt: 0 }));
    expect(queryClient.getQueryCache().getAll()).toHaveLength(1);
    useSessionStore.setState({ token: 't2' });
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('invalidation matches every body of an endpoint', async () => {
    await queryClient.fetchQuery(pageQuery(noticeEndpoints.getNoticeList, { page: 1 }, { mountedAt: 0 }));
    await queryClient.fetchQuery(pageQuery(noticeEndpoints.getNoticeList, { page: 2 }, { mountedAt: 0 }));
    await invalidateEndpoints(noticeEndpoints.getNoticeList);
    const states = queryClient.getQueryCache().findAll({ queryKey: ['/Web/GetNoticeList'] });
    expect(states.map((q) => q.state.isInvalidated)).toEqual([true, true]);
  });

  it('an answer nobody waits for any more is cancelled, without a toast or an error-log line', async () => {
    slowNotices = true;
    const notices = new QueryObserver(
      queryClient,
      pageQuery(noticeEndpoints.getNoticeList, { page: 1 }, { mountedAt: Date.now() }),
    );
    const unsubscribe = notices.subscribe(() => undefined);
    await vi.waitFor(() => expect(heldSignals).toHaveLength(1));
    expect(heldSignals[0]!.aborted).toBe(false);
    // The search box moved on: the last observer of the old body leaves.
    unsubscribe();
    await vi.waitFor(() => expect(heldSignals[0]!.aborted).toBe(true));
    expect(useErrorLogStore.getState().entries).toEqual([]);
  });
});
