import type { Location } from 'react-router';
import { queryClient } from '@shared/api/server-state';
import { hasAnyCode, isAdmin } from '@shared/permission/access';
import { useSessionStore } from '@shared/stores/session-store';
import { useSettingsStore } from '@shared/stores/settings-store';
import { prefetchNext, type NextFileSet } from '@shared/ui/prefetch-next';
import { NAVIGATED_EVENT, PAGE_REQUEST_EVENT } from '../guard-decision';
import { findRoute } from '../route-table';
import { useTagsStore } from './tags-store';

/** The pages of the ordering path, in the order a buyer opens them from anywhere. */
const ORDERING_PATH = ['/product/index', '/cart/index', '/dashboard'] as const;

function mayOpen(path: string): boolean {
  const user = useSessionStore.getState().userInfo;
  const route = findRoute(path);
  return !!user && !!route && hasAnyCode(route.menus ?? [], user.menus, isAdmin(user));
}

/**
 * A page is on screen: once its answers are in, the files of the pages a buyer opens next are
 * prefetched (shared/ui/prefetch-next.ts) — the phone's drawer first, then the ordering path's
 * pages the user may open.
 */
export function prefetchNextPages(): void {
  const run = () => {
    const sets: NextFileSet[] = useSettingsStore.getState().isMobile ? ['@drawer'] : [];
    const pages = ORDERING_PATH.filter(mayOpen);
    prefetchNext([...sets, ...pages], () => importAhead(pages));
  };
  if (queryClient.isFetching() === 0) return run();
  const stop = queryClient.getQueryCache().subscribe(() => {
    if (queryClient.isFetching() > 0) return;
    stop();
    run();
  });
}

/**
 * A navigation inside the app (a menu tap) starts the new page's first request at once, beside
 * its chunks, as start-up does for the first page (first-request.ts, through main.tsx): the
 * answer no longer waits for the page's JavaScript to arrive and render. Not for a page kept
 * alive in an open tab (it asks nothing when shown again) nor for one the user may not open (the
 * request would be refused with a toast).
 */
export function startNavigationRequest(location: Pick<Location, 'pathname' | 'search'>): void {
  const route = findRoute(location.pathname);
  if (!route || !mayOpen(location.pathname)) return;
  if (!route.noCache && useTagsStore.getState().views.some((view) => view.key === route.path)) return;
  // Started by main.tsx (first-request.ts): imported here, the bundler split the API client's
  // modules out of the entry chunk (+5 files on /login).
  const { pathname, search } = location;
  window.dispatchEvent(new CustomEvent(PAGE_REQUEST_EVENT, { detail: { pathname, search } }));
}

/** While the signed-in layout is mounted: each navigation the router reports (router.tsx) starts its page's request. */
export function listenForNavigations(): () => void {
  const onNavigated = (event: Event) =>
    startNavigationRequest((event as CustomEvent<Pick<Location, 'pathname' | 'search'>>).detail);
  window.addEventListener(NAVIGATED_EVENT, onNavigated);
  return () => window.removeEventListener(NAVIGATED_EVENT, onNavigated);
}

/**
 * Once their files are in the cache, the ordering path's pages are imported, one per idle
 * moment: a later tap then neither adds the page's ~40 module preloads (Vite's preload helper,
 * ~110 ms inside the tap's task at CPU 4×) nor compiles and runs its modules; it renders. A page
 * already imported costs nothing (the import is cached).
 */
function importAhead(paths: readonly string[], shown = window.location.pathname): void {
  const [path, ...rest] = paths;
  const page = path === undefined ? undefined : findRoute(path)?.page;
  if (!page) return;
  const later = (run: () => void) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(run, { timeout: 5000 })
      : setTimeout(run, 200);
  later(() => {
    // Not once the user went on: the idle moments are then the new page's loading gaps.
    if (window.location.pathname !== shown) return;
    void page()
      .catch(() => undefined)
      .then(() => importAhead(rest, shown));
  });
}
