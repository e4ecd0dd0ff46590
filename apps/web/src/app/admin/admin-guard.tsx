import { useEffect, useState, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { staffEndpoints } from '@partsportal/contract/staff';
import { ApiError, callEndpoint } from '@shared/api/client';
import { useStaffSession } from '@shared/stores/staff-session';
import { PageSpinner } from '@shared/ui/page-spinner';
import { ADMIN_LOGIN_PATH } from './admin-route-table';

/**
 * The back office's guard: no staff token → /admin/login (with the page to return to); a token
 * whose second factor is pending → /admin/login, which shows that step; otherwise GetStaffInfo
 * once per token. A dead token (50008/50012/50014) is forgotten by the API client, which brings
 * the member back here and so to the login page; 40011 marks the step pending the same way.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const token = useStaffSession((s) => s.token);
  const pendingStep = useStaffSession((s) => s.pendingStep);
  const info = useStaffSession((s) => s.info);
  const [attempt, setAttempt] = useState(0);
  const [unreachable, setUnreachable] = useState(false);
  const mustLoad = Boolean(token && !pendingStep && !info);

  useEffect(() => {
    if (!mustLoad) return;
    let cancelled = false;
    callEndpoint(staffEndpoints.info, {})
      .then((answer) => {
        if (!cancelled) useStaffSession.getState().setInfo(answer);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        // Network or timeout: keep the session (its second factor was hard won) and offer a retry.
        if (error instanceof ApiError && error.code === 0) setUnreachable(true);
        else if (useStaffSession.getState().token && !useStaffSession.getState().pendingStep)
          useStaffSession.getState().reset();
      });
    return () => {
      cancelled = true;
    };
  }, [mustLoad, token, attempt]);

  if (!token || pendingStep) {
    const back = location.pathname + location.search;
    return <Navigate to={`${ADMIN_LOGIN_PATH}?redirect=${encodeURIComponent(back)}`} replace />;
  }
  if (!info && unreachable)
    return (
      <Result
        status="warning"
        title={t('errors.network')}
        extra={
          <Button
            type="primary"
            onClick={() => {
              setUnreachable(false);
              setAttempt((n) => n + 1);
            }}
          >
            {t('admin.common.retry')}
          </Button>
        }
      />
    );
  if (!info) return <PageSpinner />;
  return children;
}
