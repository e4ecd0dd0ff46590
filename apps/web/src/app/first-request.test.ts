import { readFileSync } from 'node:fs';
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartEndpoints } from '@partsportal/contract/cart';
import { catalogEndpoints } from '@partsportal/contract/catalog';
import { dashboardEndpoints } from '@partsportal/contract/dashboard';
import { orderEndpoints } from '@partsportal/contract/orders';
import type { UserInfo } from '@partsportal/contract/auth';
import { fillPath } from '@shared/api/client';
import { takeEarlyRequest } from '@shared/api/early-requests';
import { pageQuery, queryClient } from '@shared/api/server-state';
import { useSessionStore } from '@shared/stores/session-store';
import { DEFAULT_FILTERS, parseCatalogQuery, toProductListRequest } from '../features/catalog/catalog-query';
import { orderListQuery } from '../features/orders/order-query';
import { bootFromServer } from './boot-from-server';
import { FIRST_REQUESTS, firstRequestFor, startFirstRequest } from './first-request';

const pageSource = (file: string) => readFileSync(new URL(`../features/${file}`, import.meta.url), 'utf8');

describe('FIRST_REQUESTS', () => {
  it("names the contract's path of the dashboard's own query", () => {
    expect(FIRST_REQUESTS['/dashboard']?.path).toBe(dashboardEndpoints.getDashboard.path);
  });

  it("is the catalogue's first page: the body the page builds from an address without a query", () => {
    expect(FIRST_REQUESTS['/product/index']?.path).toBe(catalogEndpoints.getProductList.path);
    expect(FIRST_REQUESTS['/product/index']?.body).toEqual(
      toProductListRequest(parseCatalogQuery(new URLSearchParams(''))),
    );
    expect(FIRST_REQUESTS['/product/index']?.body).toEqual(toProductListRequest(DEFAULT_FILTERS));
  });

  it("is the cart's full list, GetCartList/{n} with n = 0 as the cart page asks", () => {
    expect(pageSource('cart/cart-page.tsx')).toContain(
      'useEndpointQuery(cartEndpoints.getCartList, {}, { params: { n: 0 } })',
    );
    expect(FIRST_REQUESTS['/cart/index']).toMatchObject({
      path: fillPath(cartEndpoints.getCartList.path, { n: 0 }),
      body: {},
    });
  });

  it("is the order list's first page, with and without the menu's type=all marker", () => {
    const first = FIRST_REQUESTS['/order/index'];
    expect(first?.path).toBe(orderEndpoints.getOrderList.path);
    expect(first?.queries).toEqual(['', 'type=all']);
    for (const query of first?.queries ?? [])
      expect(first?.body).toEqual(orderListQuery.toRequest(orderListQuery.parse(new URLSearchParams(query))));
  });
});

describe('firstRequestFor', () => {
  it('starts nothing for an address whose query asks for another body', () => {
    expect(firstRequestFor('/product/index', '?keyword=abc')).toBeUndefined();
    expect(firstRequestFor('/order/index', '?type=all&page=2')).toBeUndefined();
    expect(firstRequestFor('/product/detail', '')).toBeUndefined();
    expect(firstRequestFor('/product/index', '')?.path).toBe('/Web/GetProductList');
    expect(firstRequestFor('/Order/Index/', '?type=all')?.path).toBe('/Web/GetOrderList');
    // The dashboard's body never depends on the query.
    expect(firstRequestFor('/', '?from=mail')?.path).toBe('/Web/GetDashboard');
  });
});

describe('a request started before React mounts', () => {
  let calls: string[] = [];
  beforeEach(() => {
    calls = [];
    queryClient.clear();
    useSessionStore.setState({ token: 't1', userInfo: { carts: 0 } as UserInfo });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        calls.push(String(url));
        const data = { list: [{ id: 1 }], count: 1, total_qty: 1, total_amount: '0.00', currency: 'CNY' };
        return Promise.resolve(new Response(JSON.stringify({ code: 200, msg: 'ok', data })));
      }),
    );
  });
  afterEach(() => {
    takeEarlyRequest('/Web/GetCartList/0', {});
    vi.unstubAllGlobals();
  });

  it("is the cart page's answer, its path parameter filled in: one call, not two", async () => {
    startFirstRequest('/cart/index', '');
    expect(calls).toEqual(['/api/Web/GetCartList/0']);
    const cart = new QueryObserver(
      queryClient,
      pageQuery(cartEndpoints.getCartList, {}, { params: { n: 0 }, mountedAt: Date.now() }),
    );
    const unsubscribe = cart.subscribe(() => undefined);
    await vi.waitFor(() => expect(cart.getCurrentResult().isSuccess).toBe(true));
    expect(cart.getCurrentResult().data?.list).toEqual([{ id: 1 }]);
    expect(calls).toEqual(['/api/Web/GetCartList/0']);
    unsubscribe();
  });

  it('is not started for a searched catalogue: the page asks for its own body', () => {
    startFirstRequest('/product/index', '?keyword=abc');
    expect(calls).toEqual([]);
  });

  // The dashboard and the detail come with their first answer (server page-first-answer.ts).
  it("takes the answer the page came with as the detail's query: no call at all", async () => {
    expect(pageSource('catalog/product-detail-page.tsx')).toMatch(
      /useEndpointQuery\(\s*catalogEndpoints\.getProductDetail,\s*\{\},\s*\{ params: \{ id: id \?\? 0 \}/,
    );
    const product = { id: 7, part_name: 'Brake pad set', images: ['/Product/ProductBigId/7-1'] };
    const boot = {
      config: { apiUrl: '/api', account_id: 1 },
      userInfo: {
        menus: ['1001'],
        tags: [],
        roles: ['customer'],
        name: 'Demo',
        avatar: '',
        company_name: 'Demo Co',
        carts: 0,
        show_address: false,
        product_detail_title_show_my_number: false,
        two_factor: false,
        must_change_password: false,
      },
      language: 'en',
      first: { path: fillPath(catalogEndpoints.getProductDetail.path, { id: 7 }), body: {}, data: product },
    };
    let removed = false;
    vi.stubGlobal('document', {
      getElementById: (id: string) =>
        id === 'pp-boot' ? { textContent: JSON.stringify(boot), remove: () => (removed = true) } : null,
    });
    expect(bootFromServer('/product/detail', '?id=7')?.first?.data).toEqual(product);
    expect(removed).toBe(true);
    const detail = new QueryObserver(
      queryClient,
      pageQuery(catalogEndpoints.getProductDetail, {}, { params: { id: 7 }, mountedAt: Date.now() }),
    );
    const unsubscribe = detail.subscribe(() => undefined);
    await vi.waitFor(() => expect(detail.getCurrentResult().isSuccess).toBe(true));
    expect(detail.getCurrentResult().data).toEqual(product);
    expect(calls).toEqual([]);
    unsubscribe();
  });
});
