import { useEffect } from 'react';
import { Layout } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { UserInfo } from '@partsportal/contract/auth';
import { queryClient } from '@shared/api/server-state';
import { getStaticConfig } from '@shared/api/static-config';
import { loadDayjsLocale } from '@shared/i18n/antd-locale';
import { useSessionStore } from '@shared/stores/session-store';
import { MOBILE_BREAKPOINT, useSettingsStore } from '@shared/stores/settings-store';
import { keepScrollableTablesFocusable } from '@shared/ui/scrollable-regions';
import { onDemand, useOnDemandShown } from '@shared/ui/on-demand';
import { PageSpinner } from '@shared/ui/page-spinner';
import { findRoute } from '../route-table';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { listenForNavigations, prefetchNextPages } from './next-page';
import { Navbar } from './navbar';
import { Sidebar, SIDEBAR_WIDTH } from './sidebar';
import { TagsView } from './tags-view';
import { useTagsStore } from './tags-store';

// The phone's sidebar drawer (antd Drawer, ~10 KB gzip with its skeleton) loads when it is first
// opened: closed, it draws nothing, so no page needs it for its first screen.
const MobileSidebar = onDemand(() => import('./mobile-sidebar'));

export default function AppLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const userInfo = useSessionStore((s) => s.userInfo);
  const isMobile = useSettingsStore((s) => s.isMobile);
  const sidebarOpened = useSettingsStore((s) => s.sidebarOpened);
  const language = useSettingsStore((s) => s.language);

  useEffect(() => {
    void loadDayjsLocale(language);
  }, [language]);

  // Tables that scroll sideways take keyboard focus (axe scrollable-region-focusable), on every
  // page and in dialogs, which antd renders into document.body.
  useEffect(() => keepScrollableTablesFocusable(document.body), []);
  // A menu tap starts the new page's first request at once (next-page.ts).
  useEffect(() => listenForNavigations(), []);

  // Spec §2: under 992 px the layout switches to mobile mode and the sidebar closes.
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`);
    const apply = () => {
      if (query.matches !== useSettingsStore.getState().isMobile)
        useSettingsStore.getState().setMobile(query.matches);
    };
    apply();
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, []);

  useEffect(() => {
    useTagsStore.getState().visit(location.pathname, location.search);
    const route = findRoute(location.pathname);
    const config = getStaticConfig();
    const appTitle = config.homeTitle?.[language] || t('app.title');
    document.title = route ? `${t(route.titleKey)} - ${appTitle}` : appTitle;
  }, [location.pathname, location.search, language, t]);

  if (!userInfo) return <PageSpinner />;

  // Server state lives below the layout only: /login and the error pages never load TanStack Query.
  return (
    <QueryClientProvider client={queryClient}>
      <Layout className={`app-layout${isMobile ? ' is-mobile' : ''}`}>
        {isMobile ? (
          <MobileDrawer userInfo={userInfo} />
        ) : (
          <Layout.Sider
            className="app-sider"
            width={SIDEBAR_WIDTH}
            collapsedWidth={64}
            collapsed={!sidebarOpened}
            trigger={null}
            collapsible
          >
            <Sidebar userInfo={userInfo} collapsed={!sidebarOpened} />
          </Layout.Sider>
        )}
        <Layout className="app-main">
          <Navbar userInfo={userInfo} />
          <TagsView />
          <Layout.Content className="app-content">
            <div className="app-container">
              <KeepAliveOutlet onPageShown={prefetchNextPages} />
            </div>
          </Layout.Content>
        </Layout>
      </Layout>
    </QueryClientProvider>
  );
}

/**
 * The phone's drawer, with its own subscription to its open state: a menu tap closes it in the
 * tap's own (synchronous) render, which redrew the whole layout — navbar, tabs — when the layout
 * read the state (~250 ms of the tap under a phone's CPU).
 */
function MobileDrawer({ userInfo }: { userInfo: UserInfo }) {
  const open = useSettingsStore((s) => s.mobileSidebarOpened);
  // Kept mounted once opened, so the closing animation still plays. Its code could not come (no
  // connection): the hamburger shows it closed, a new tap asks again.
  const shown = useOnDemandShown(MobileSidebar, open, () =>
    useSettingsStore.getState().setMobileSidebarOpened(false),
  );
  if (!shown) return null;
  return <MobileSidebar userInfo={userInfo} open={open} />;
}
