import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ApiError } from '@shared/api/client';
import { t } from '@shared/i18n/i18n';
import { fetchUserInfo, useSessionStore } from '@shared/stores/session-store';
import { toastError } from '@shared/ui/feedback';
import { PageSpinner } from '@shared/ui/page-spinner';
import { checkUserInfo, decideNavigation, PAGE_REQUEST_EVENT } from './guard-decision';
import { findRoute } from './route-table';

/** Applies decideNavigation (spec §4) on every navigation. */
export function RouteGuard() {
  const location = useLocation();
  const token = useSessionStore((s) => s.token);
  const userInfo = useSessionStore((s) => s.userInfo);
  const action = decideNavigation({
    token,
    userInfo,
    pathname: location.pathname,
    fullPath: location.pathname + location.search,
  });
  const mustLoad = action.type === 'load-user-info';
  // Spec §4: after a failed user-info load, go to / and only then forget the token, so that /
  // (not the page that failed) is what the login page will return to.
  const failed = useSessionStore((s) => s.failedVerification);
  const atHome = location.pathname === '/';

  useEffect(() => {
    if (failed && atHome) useSessionStore.getState().resetLocal();
  }, [failed, atHome]);

  // A sign-in's page (the home page unless ?redirect= said another) asks for its first answer
  // beside the user info and its chunks (first-request.ts), not after them. Only a page every
  // user may open: for the others the user info must first say this user may (a refused call
  // would show an error). Through main.tsx (an event): importing first-request.ts here, even
  // with import(), made the bundler split the API client's modules out of the entry chunk (+5
  // files, +2 KB on /login).
  const { pathname, search } = location;
  useEffect(() => {
    if (mustLoad && token && !findRoute(pathname)?.menus?.length)
      window.dispatchEvent(new CustomEvent(PAGE_REQUEST_EVENT, { detail: { pathname, search } }));
  }, [mustLoad, token, pathname, search]);

  useEffect(() => {
    if (!mustLoad || !token) return;
    let cancelled = false;
    const fail = (text: string) => {
      if (cancelled) return;
      toastError(text);
      useSessionStore.setState({ failedVerification: true });
    };
    fetchUserInfo({ silent: true, relogin: false })
      .then((info) => {
        if (cancelled) return;
        const problem = checkUserInfo(info);
        if (problem) fail(t(problem));
        else useSessionStore.getState().setUserInfo(info);
      })
      .catch((error: unknown) => {
        fail(
          error instanceof ApiError && error.code !== 0
            ? error.message || t('errors.verificationFailed')
            : t('errors.verificationFailed'),
        );
      });
    return () => {
      cancelled = true;
    };
  }, [mustLoad, token]);

  if (failed) return atHome ? <PageSpinner /> : <Navigate to="/" replace />;
  if (action.type === 'redirect') return <Navigate to={action.to} replace />;
  if (mustLoad) return <PageSpinner />;
  return <Outlet />;
}
