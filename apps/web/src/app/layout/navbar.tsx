import { useState } from 'react';
import {
  DownOutlined,
  FileSearchOutlined,
  LockOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SafetyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Breadcrumb, Button, Dropdown, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useNavigate } from '@shared/hooks/use-navigate';
import type { UserInfo } from '@partsportal/contract/auth';
import { logout } from '@shared/stores/session-store';
import { useErrorLogStore } from '@shared/stores/error-log-store';
import { useSettingsStore } from '@shared/stores/settings-store';
import { hasAnyCode, isAdmin } from '@shared/permission/access';
import { onDemand, useOnDemandShown } from '@shared/ui/on-demand';
import { findRoute, HOME_PATH, LEAF_ROUTES, ROUTE_TABLE } from '../route-table';
import { menuTarget, toMenuItems, visibleRoutes } from './menu-items';
import { LanguageControl, SizeControl, ThemeControl } from './settings-controls';
import { useTagsStore } from './tags-store';

// Both dialogs load on first use: the error log's Table and Pagination alone were ~85 KB
// brotli in the first load of pages that have no table (the dashboard).
const ChangePasswordDialog = onDemand(() => import('../../features/auth/change-password-dialog'));
const TwoFactorDialog = onDemand(() => import('../../features/auth/two-factor-dialog'));
const ErrorLogDialog = onDemand(async () => ({
  default: (await import('./error-log-dialog')).ErrorLogDialog,
}));

export function Navbar({ userInfo }: { userInfo: UserInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const isMobile = useSettingsStore((s) => s.isMobile);
  const sidebarOpened = useSettingsStore((s) => s.sidebarOpened);
  // A password reset by the wholesaler's staff: the dialog opens by itself (GetUserInfo's added
  // must_change_password) until the user has chosen a password of their own.
  const [passwordOpen, setPasswordOpen] = useState(userInfo.must_change_password);
  const [errorLogOpen, setErrorLogOpen] = useState(false);
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);
  // Kept mounted once shown, so the closing animation still plays. A dialog whose code cannot
  // come closes again (the next click asks again); the required password change asks by itself.
  const passwordShown = useOnDemandShown(ChangePasswordDialog, passwordOpen, () => {
    if (!userInfo.must_change_password) setPasswordOpen(false);
  });
  const twoFactorShown = useOnDemandShown(TwoFactorDialog, twoFactorOpen, () => setTwoFactorOpen(false));
  const errorLogShown = useOnDemandShown(ErrorLogDialog, errorLogOpen, () => setErrorLogOpen(false));
  const errorCount = useErrorLogStore((s) => s.entries.length);
  const route = findRoute(location.pathname);
  // The user menu's personal centre opens the pending orders when the user may see them, else
  // the address page when it is switched on; with neither there is nothing to open.
  const pendingOrders = findRoute('/personalCenter/index')?.menus ?? [];
  const personalCenter = hasAnyCode(pendingOrders, userInfo.menus, isAdmin(userInfo))
    ? '/personalCenter/index'
    : userInfo.show_address
      ? '/personalCenter/address'
      : null;
  const expanded = isMobile ? false : sidebarOpened;

  async function signOut() {
    await logout();
    useTagsStore.getState().reset();
    void navigate('/login', { replace: true });
  }

  return (
    <header className="navbar">
      <div className="navbar-row">
        <Button
          type="text"
          className="hamburger"
          icon={expanded ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          aria-label={t('nav.toggleSidebar')}
          aria-expanded={isMobile ? useSettingsStore.getState().mobileSidebarOpened : sidebarOpened}
          onClick={() => useSettingsStore.getState().toggleSidebar()}
        />
        {!isMobile && (
          <Menu
            className="top-menu"
            mode="horizontal"
            aria-label={t('nav.topMenu')}
            selectedKeys={route ? [route.path] : []}
            items={toMenuItems(visibleRoutes(userInfo, true), t, userInfo.carts, false)}
            onClick={({ key }) => {
              const target = LEAF_ROUTES.find((r) => r.path === key);
              if (target) void navigate(menuTarget(target));
            }}
          />
        )}
        <div className="navbar-tools">
          <LanguageControl />
          <SizeControl />
          <ThemeControl />
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                ...(personalCenter
                  ? [{ key: 'personal', icon: <UserOutlined />, label: t('route.personalCenter') }]
                  : []),
                { key: 'password', icon: <LockOutlined />, label: t('password.title') },
                { key: 'twoFactor', icon: <SafetyOutlined />, label: t('twoFactor.menu') },
                // Spec §8's error log: a support tool, so it sits in the user menu rather than
                // as a red badge in the header (issue 17 item 9); the count is in its label.
                {
                  key: 'errorLog',
                  icon: <FileSearchOutlined />,
                  label: errorCount > 0 ? t('errorLog.open', { count: errorCount }) : t('errorLog.title'),
                  className: 'menu-error-log',
                },
                { type: 'divider' },
                { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout') },
              ],
              onClick: ({ key }) => {
                if (key === 'personal' && personalCenter) void navigate(personalCenter);
                if (key === 'password') setPasswordOpen(true);
                if (key === 'twoFactor') setTwoFactorOpen(true);
                if (key === 'errorLog') setErrorLogOpen(true);
                if (key === 'logout') void signOut();
              },
            }}
          >
            <Button
              type="text"
              className="user-menu"
              aria-label={`${t('nav.userMenu')}: ${userInfo.name}`}
              title={userInfo.name}
            >
              <UserOutlined />
              <span className="nav-label">{userInfo.name}</span>
              <DownOutlined />
            </Button>
          </Dropdown>
        </div>
      </div>
      <div className="navbar-row navbar-sub">
        {/* On the dashboard itself a one-item trail would only repeat its tab (issue 17 item 9). */}
        {route?.path === HOME_PATH ? (
          <span className="breadcrumb" />
        ) : (
          <Breadcrumb className="breadcrumb" items={breadcrumbItems(location.pathname, t)} />
        )}
        <p className="welcome" data-testid="welcome">
          {t('nav.welcome', { company: userInfo.company_name })}
        </p>
      </div>
      {twoFactorShown && <TwoFactorDialog open={twoFactorOpen} onClose={() => setTwoFactorOpen(false)} />}
      {passwordShown && (
        <ChangePasswordDialog
          open={passwordOpen}
          required={userInfo.must_change_password}
          onClose={() => setPasswordOpen(false)}
        />
      )}
      {errorLogShown && <ErrorLogDialog open={errorLogOpen} onClose={() => setErrorLogOpen(false)} />}
    </header>
  );
}

function breadcrumbItems(pathname: string, t: (key: string) => string) {
  const route = findRoute(pathname);
  const items: { title: React.ReactNode }[] = [{ title: <Link to={HOME_PATH}>{t('route.dashboard')}</Link> }];
  if (!route || route.path === HOME_PATH) return items;
  const group = ROUTE_TABLE.find((g) => g.children?.includes(route));
  if (group) items.push({ title: t(group.titleKey) });
  items.push({ title: t(route.titleKey) });
  return items;
}
