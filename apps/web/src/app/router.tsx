import { lazy, startTransition, Suspense, useLayoutEffect, useState, type ReactNode } from 'react';
import {
  Navigate,
  Router,
  UNSAFE_createBrowserHistory,
  useLocation,
  useRoutes,
  type Location,
  type NavigationType,
  type RouteObject,
} from 'react-router';
import { PageSpinner } from '@shared/ui/page-spinner';
import { NAVIGATED_EVENT } from './guard-decision';
import { PageErrorBoundary } from './page-error-boundary';
import { RouteGuard } from './route-guard';
import { findRoute, HOME_PATH, LEAF_ROUTES, type AppRoute } from './route-table';

// Everything below is split into its own chunk: /login downloads only the login page.
const LoginPage = lazy(() => import('../features/auth/login-page'));
const AuthRedirectPage = lazy(() => import('../features/auth/auth-redirect-page'));
const NoPermissionPage = lazy(() => import('../features/errors/no-permission-page'));
const NotFoundPage = lazy(() => import('../features/errors/not-found-page'));
const AppLayout = lazy(() => import('./layout/app-layout'));
// The back office (issue 14): its own route table, guard and layout, all in the admin chunks.
const AdminRoot = lazy(() => import('./admin/admin-root'));

const ignore = () => undefined;

/** Built once per route at start-up (lazy() must not run during render). */
function pageElement(route: AppRoute) {
  // route-table.test.ts: every leaf has its page; a leaf without one would be a dead link.
  if (!route.page) return <NotFoundPage />;
  const Page = lazy(route.page);
  return <Page />;
}

const suspended = (node: ReactNode) => <Suspense fallback={<PageSpinner />}>{node}</Suspense>;

const routes: RouteObject[] = [
  // Outside the buyer's guard: a staff session is not a buyer's session.
  { path: '/admin/*', element: suspended(<AdminRoot />) },
  {
    element: <RouteGuard />,
    children: [
      { path: '/login', element: suspended(<LoginPage />) },
      { path: '/auth-redirect', element: suspended(<AuthRedirectPage />) },
      { path: '/401', element: suspended(<NoPermissionPage />) },
      { path: '/error/401', element: suspended(<NoPermissionPage />) },
      { path: '/404', element: suspended(<NotFoundPage />) },
      { path: '/error/404', element: suspended(<NotFoundPage />) },
      {
        path: '/',
        element: suspended(<AppLayout />),
        children: [
          { index: true, element: <Navigate to={HOME_PATH} replace /> },
          ...LEAF_ROUTES.map((route) => ({
            path: route.path,
            // The layout's keep-alive renders this inside its own Suspense per tab.
            element: pageElement(route),
            handle: route,
          })),
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

// The declarative router on the browser's history (decision 037): react-router's data router
// (createBrowserRouter) is 16 KB gzip more in the shell every page loads, for loaders, actions and
// fetchers this app does not use — its pages ask for their data themselves (route-preload.ts).
const history = UNSAFE_createBrowserHistory({ v5Compat: true });
type HistoryState = { action: NavigationType; location: Location };
let current: HistoryState = { action: history.action, location: history.location };
let show: ((state: HistoryState) => void) | undefined;

// A navigation inside the app (a menu tap) starts the new page's first request and its chunks
// at the tap: the history tells this listener before React renders the navigation, a transition
// that waits for the page's chunk (the old page stays on screen meanwhile). The request is the
// signed-in layout's to start (layout/next-page.ts listens while it is mounted; on /login nobody
// does): told by an event, synchronously — a dynamic import of next-page.ts here resolved only
// after the page's chunks had loaded (500 ms after the tap on a phone), and a static one would
// put the layout's modules into the start chunk. Listening from the start, not from a mounted
// component, no navigation is missed (a redirect in the first render's effects).
history.listen(({ action, location }) => {
  current = { action, location };
  const { pathname, search } = location;
  window.dispatchEvent(new CustomEvent(NAVIGATED_EVENT, { detail: { pathname, search } }));
  // The page's chunk, after the request: its lazy() asked for it only when React rendered the
  // navigation, after the tap's own work (the drawer closing) — 400 ms later on a phone. lazy()
  // then gets the same module promise; a failed load shows the page's notice (page-error-boundary.tsx).
  findRoute(pathname)?.page?.().catch(ignore);
  if (show) startTransition(() => show?.(current));
});

/** The app's routes on the browser's history. */
export function AppRouter() {
  const [state, setState] = useState(current);
  useLayoutEffect(() => {
    show = setState;
    // A navigation between the first render and this effect (the same state: React bails out).
    startTransition(() => setState(current));
    return () => {
      show = undefined;
    };
  }, []);
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      <AppRoutes />
    </Router>
  );
}

function AppRoutes() {
  const location = useLocation();
  // Outside every page's own boundary (keep-alive-outlet.tsx): the layout itself, /login, the
  // back office.
  return <PageErrorBoundary resetKey={location.pathname}>{useRoutes(routes)}</PageErrorBoundary>;
}
