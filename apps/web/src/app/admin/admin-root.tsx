import { lazy, use, useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { queryClient } from '@shared/api/server-state';
import { loadAdminTexts } from '@shared/i18n/admin-texts';
import { loadDayjsLocale } from '@shared/i18n/antd-locale';
import { useSettingsStore } from '@shared/stores/settings-store';
import { useStaffSession } from '@shared/stores/staff-session';
import AdminLoginPage from '../../features/staff-auth/admin-login-page';
import { AdminGuard } from './admin-guard';
import { AdminLayout } from './admin-layout';
import { ADMIN_HOME_PATH, ADMIN_ROUTES, findAdminRoute, type AdminRoute } from './admin-route-table';
import './admin.css';

// Another member signing in (or out) must never see the previous member's answers.
useStaffSession.subscribe((state, previous) => {
  if (state.token !== previous.token) queryClient.clear();
});

/** Built once when the chunk loads (lazy() must not run during render), as the buyer's router does. */
const pages = new Map(
  ADMIN_ROUTES.map((route): [AdminRoute, ReactNode] => {
    const Page = lazy(route.page);
    return [route, <Page key={route.path} />];
  }),
);

const texts = loadAdminTexts(useSettingsStore.getState().language);

/**
 * Everything under /admin (issue 14): the buyer's router hands `/admin/*` to this lazy chunk,
 * so the back office's table, guard, layout and pages stay out of the buyer's bundle.
 */
export default function AdminRoot() {
  use(texts);
  const language = useSettingsStore((s) => s.language);
  useEffect(() => {
    void loadDayjsLocale(language);
  }, [language]);

  const { pathname } = useLocation();
  const route = findAdminRoute(pathname);
  const page = route && pages.get(route);

  // Matched by hand from the admin table, a flat list of pages (chosen when react-router's
  // <Routes> would have added ~3 KB to what /login loads; app/router.tsx uses it since decision 037).
  let content;
  if (/^\/admin\/login\/?$/i.test(pathname)) content = <AdminLoginPage />;
  else if (!route || !page) content = <Navigate to={ADMIN_HOME_PATH} replace />;
  else
    content = (
      <AdminGuard>
        <AdminLayout route={route}>{page}</AdminLayout>
      </AdminGuard>
    );
  return <QueryClientProvider client={queryClient}>{content}</QueryClientProvider>;
}
