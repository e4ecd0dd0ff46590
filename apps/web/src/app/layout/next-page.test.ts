import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MENU_CODES } from '@partsportal/contract/endpoint';
import type { UserInfo } from '@partsportal/contract/auth';
import { clearEarlyRequests, takeEarlyRequest } from '@shared/api/early-requests';
import { useSessionStore } from '@shared/stores/session-store';
import type { NextFileSet } from '@shared/ui/prefetch-next';
import { NEXT_FILE_SETS, NEXT_FILES_META } from '../../../build/build-plugins';
import { findRoute } from '../route-table';
import { startNavigationRequest } from './next-page';
import { useTagsStore } from './tags-store';

const buyer = (menus: string[]) => ({ menus, roles: ['customer'], carts: 0 }) as unknown as UserInfo;

describe('a menu tap starts the new page’s first request', () => {
  let calls: string[] = [];
  beforeEach(() => {
    calls = [];
    useTagsStore.getState().reset();
    useSessionStore.setState({ token: 't1', userInfo: buyer([MENU_CODES.catalog]) });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        calls.push(String(url));
        return Promise.resolve(new Response(JSON.stringify({ code: 200, msg: 'ok', data: { list: [] } })));
      }),
    );
  });
  afterEach(() => {
    clearEarlyRequests();
    vi.unstubAllGlobals();
  });

  it('for a page the user may open and that is not kept alive: the page takes that request', async () => {
    startNavigationRequest({ pathname: '/product/index', search: '' });
    expect(calls).toEqual(['/api/Web/GetProductList']);
    const body = { keyword: '', page: 1, pageSize: 20, sort: 'relevance', order: 'asc' };
    await expect(takeEarlyRequest('/Web/GetProductList', body)).resolves.toEqual({ list: [] });
  });

  it('not for a page without the menu code (the refusal would be toasted), nor a searched one', () => {
    startNavigationRequest({ pathname: '/cart/index', search: '' });
    startNavigationRequest({ pathname: '/product/index', search: '?keyword=abc' });
    expect(calls).toEqual([]);
  });

  it('not for a page kept alive in an open tab (shown again, it asks nothing); the home page always', () => {
    useTagsStore.getState().visit('/product/index', '?keyword=abc');
    startNavigationRequest({ pathname: '/product/index', search: '' });
    expect(calls).toEqual([]);
    // The dashboard's tab is always open (affix) but the page is not kept alive (noCache).
    startNavigationRequest({ pathname: '/dashboard', search: '' });
    expect(calls).toEqual(['/api/Web/GetDashboard']);
  });

  it('not before the user info says what the user may open', () => {
    useSessionStore.setState({ userInfo: null });
    startNavigationRequest({ pathname: '/dashboard', search: '' });
    expect(calls).toEqual([]);
  });
});

describe('the sets of files prefetched for the next pages', () => {
  it("name the route table's own page modules, so a moved page cannot leave a stale list", () => {
    for (const [set, sources] of Object.entries(NEXT_FILE_SETS)) {
      if (set.startsWith('@')) continue;
      const module = sources[0]?.replace(/^src\//, '').replace(/\.tsx$/, '');
      expect(String(findRoute(set)?.page)).toContain(module);
    }
  });

  it("are the client's set names, read from the meta tag the build writes", () => {
    const sets: Record<NextFileSet, true> = {
      '@layout': true,
      '@drawer': true,
      '/dashboard': true,
      '/product/index': true,
      '/cart/index': true,
    };
    expect(Object.keys(NEXT_FILE_SETS).sort()).toEqual(Object.keys(sets).sort());
    const client = readFileSync(new URL('../../shared/ui/prefetch-next.ts', import.meta.url), 'utf8');
    expect(client).toContain(`const LIST_META = '${NEXT_FILES_META}';`);
  });
});
