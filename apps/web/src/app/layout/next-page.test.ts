import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MENU_CODES } from '@partsportal/contract/endpoint';
import type { UserInfo } from '@partsportal/contract/auth';
import { useSessionStore } from '@shared/stores/session-store';
import { NEXT_FILES_LIST_META, type NextFileSet } from '@shared/ui/prefetch-next';
import { NEXT_FILE_SETS, NEXT_FILES_META } from '../../../build/build-plugins';
import { NAVIGATED_EVENT, PAGE_REQUEST_EVENT } from '../guard-decision';
import { findRoute } from '../route-table';
import { listenForNavigations, startNavigationRequest } from './next-page';
import { useTagsStore } from './tags-store';

const buyer = (menus: string[]) => ({ menus, roles: ['customer'], carts: 0 }) as unknown as UserInfo;

describe('a menu tap starts the new page’s first request', () => {
  let asked: { pathname: string; search: string }[] = [];
  beforeEach(() => {
    asked = [];
    useTagsStore.getState().reset();
    useSessionStore.setState({ token: 't1', userInfo: buyer([MENU_CODES.catalog]) });
    // main.tsx listens and starts first-request.ts's request for the address.
    const target = new EventTarget();
    target.addEventListener(PAGE_REQUEST_EVENT, (event) =>
      asked.push((event as CustomEvent<{ pathname: string; search: string }>).detail),
    );
    vi.stubGlobal('window', target);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('for a page the user may open and that is not kept alive', () => {
    startNavigationRequest({ pathname: '/product/index', search: '' });
    expect(asked).toEqual([{ pathname: '/product/index', search: '' }]);
  });

  it('not for a page without the menu code (the refusal would be toasted)', () => {
    startNavigationRequest({ pathname: '/cart/index', search: '' });
    expect(asked).toEqual([]);
  });

  it('not for a page kept alive in an open tab (shown again, it asks nothing); the home page always', () => {
    useTagsStore.getState().visit('/product/index', '?keyword=abc');
    startNavigationRequest({ pathname: '/product/index', search: '' });
    expect(asked).toEqual([]);
    // The dashboard's tab is always open (affix) but the page is not kept alive (noCache).
    startNavigationRequest({ pathname: '/dashboard', search: '' });
    expect(asked).toEqual([{ pathname: '/dashboard', search: '' }]);
  });

  it('when the router reports a navigation, at once, while the signed-in layout listens', () => {
    const navigated = (pathname: string) =>
      window.dispatchEvent(new CustomEvent(NAVIGATED_EVENT, { detail: { pathname, search: '?q=1' } }));
    const stop = listenForNavigations();
    navigated('/product/index');
    // Synchronously: in the tap's own task, before the page's chunks are asked for.
    expect(asked).toEqual([{ pathname: '/product/index', search: '?q=1' }]);
    stop();
    navigated('/dashboard');
    expect(asked).toHaveLength(1);
  });

  it('not before the user info says what the user may open', () => {
    useSessionStore.setState({ userInfo: null });
    startNavigationRequest({ pathname: '/dashboard', search: '' });
    expect(asked).toEqual([]);
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
    expect(NEXT_FILES_LIST_META).toBe(NEXT_FILES_META);
  });
});
