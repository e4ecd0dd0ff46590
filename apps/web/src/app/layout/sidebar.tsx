import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useNavigate } from '@shared/hooks/use-navigate';
import type { UserInfo } from '@partsportal/contract/auth';
import { getStaticConfig } from '@shared/api/static-config';
import { useSettingsStore } from '@shared/stores/settings-store';
import { findRoute, LEAF_ROUTES } from '../route-table';
import { menuTarget, toMenuItems, visibleRoutes } from './menu-items';

/** Open sidebar width on desktop, and the phone's drawer width. */
export const SIDEBAR_WIDTH = 210;

export function Sidebar({ userInfo, collapsed }: { userInfo: UserInfo; collapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const language = useSettingsStore((s) => s.language);
  const config = getStaticConfig();
  const appTitle = config.homeTitle?.[language] || t('app.title');
  const selected = findRoute(location.pathname)?.path;
  const groupOf = selected?.split('/')[1];
  return (
    <nav className="sidebar" aria-label={t('nav.sidebar')}>
      <div className="sidebar-logo">
        <img src={config.homeLogo || '/logo.svg'} alt="" width={28} height={28} />
        {!collapsed && <span title={appTitle}>{appTitle}</span>}
      </div>
      <Menu
        mode="inline"
        theme="dark"
        inlineCollapsed={collapsed}
        selectedKeys={selected ? [selected] : []}
        defaultOpenKeys={groupOf ? [`/${groupOf}`] : []}
        items={toMenuItems(visibleRoutes(userInfo, false), t, userInfo.carts, true)}
        onClick={({ key }) => {
          const route = LEAF_ROUTES.find((r) => r.path === key);
          if (route) void navigate(menuTarget(route));
          if (useSettingsStore.getState().isMobile) useSettingsStore.getState().setMobileSidebarOpened(false);
        }}
      />
    </nav>
  );
}
