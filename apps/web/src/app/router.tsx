import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { useSessionStore } from '@shared/stores/session-store';
import { PageSpinner } from '@shared/ui/page-spinner';
import { RouteGuard } from './route-guard';
import { HOME_PATH, LEAF_ROUTES, type AppRoute } from './route-table';

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

// A navigation inside the app (a menu tap) starts the new page's first request beside its chunks
// (layout/next-page.ts). The router tells its subscribers before React renders the navigation,
// a transition that waits for the page's chunk. The module is the signed-in layout's (loaded
// with it); imported here, not statically, and only once the user is known: on /login its
// imports (TanStack Query, the tags) would load and evaluate for nothing.
let lastLocation = router.state.location.key;
router.subscribe(({ location }) => {
  if (location.key === lastLocation) return;
  lastLocation = location.key;
  if (!useSessionStore.getState().userInfo) return;
  import('./layout/next-page').then(({ startNavigationRequest }) => startNavigationRequest(location), ignore);
});
