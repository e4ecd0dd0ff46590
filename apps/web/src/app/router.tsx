import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { PageSpinner } from '@shared/ui/page-spinner';
import { NAVIGATED_EVENT } from './guard-decision';
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

export const router = createBrowserRouter([{ element: <Outlet />, children: routes }]);

// A navigation inside the app (a menu tap) starts the new page's first request and its chunks
// at the tap. The router tells its subscribers before React renders the navigation, a transition
// that waits for the page's chunk. The request is the signed-in layout's to start
// (layout/next-page.ts listens while it is mounted; on /login nobody does): told by an event,
// synchronously — a dynamic import of next-page.ts here resolved only after the page's chunks
// had loaded (500 ms after the tap on a phone), and a static one would put the layout's modules
// into the start chunk.
let lastLocation = router.state.location.key;
router.subscribe(({ location }) => {
  if (location.key === lastLocation) return;
  lastLocation = location.key;
  const { pathname, search } = location;
  window.dispatchEvent(new CustomEvent(NAVIGATED_EVENT, { detail: { pathname, search } }));
  // The page's chunk, after the request: its lazy() asked for it only when React rendered the
  // navigation, after the tap's own work (the drawer closing) — 400 ms later on a phone. lazy()
  // then gets the same module promise; a failed load is retried and reported by it.
  findRoute(pathname)?.page?.().catch(ignore);
});
