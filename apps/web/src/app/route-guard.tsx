import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../shared/api/client';
import { t } from '../shared/i18n/i18n';
import { fetchUserInfo, useSessionStore } from '../shared/stores/session-store';
import { toastError } from '../shared/ui/feedback';
import { PageSpinner } from '../shared/ui/page-spinner';
import { checkUserInfo, decideNavigation } from './guard-decision';

/** Applies decideNavigation (spec §4) on every navigation. */
export function RouteGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const token = useSessionStore((s) => s.token);
  const userInfo = useSessionStore((s) => s.userInfo);
  const action = decideNavigation({
    token,
    userInfo,
    pathname: location.pathname,
    fullPath: location.pathname + location.search,
  });
  const mustLoad = action.type === 'load-user-info';

  useEffect(() => {
    if (!mustLoad || !token) return;
    let cancelled = false;
    const fail = (text: string) => {
      if (cancelled) return;
      useSessionStore.getState().resetLocal();
      toastError(text);
      void navigate('/', { replace: true });
    };
    fetchUserInfo({ silent: true, relogin: false })
      .then((info) => {
        if (cancelled) return;
        const problem = checkUserInfo(info);
        if (problem) fail(t(problem));
        else useSessionStore.getState().setUserInfo(info);
      })
      .catch((error: unknown) => {
        fail(error instanceof ApiError && error.code !== 0 ? error.message || t('errors.verificationFailed') : t('errors.verificationFailed'));
      });
    return () => {
      cancelled = true;
    };
  }, [mustLoad, token, navigate]);

  if (action.type === 'redirect') return <Navigate to={action.to} replace />;
  if (mustLoad) return <PageSpinner />;
  return <Outlet />;
}
