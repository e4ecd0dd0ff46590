import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { DownOutlined, LockOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Drawer, Dropdown, Layout, Menu, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useNavigate } from '@shared/hooks/use-navigate';
import { staffEndpoints } from '@partsportal/contract/staff';
import { callEndpoint } from '@shared/api/client';
import { getStaticConfig } from '@shared/api/static-config';
import { useMediaQuery } from '@shared/hooks/use-media-query';
import { useSettingsStore } from '@shared/stores/settings-store';
import { useStaffSession, type StaffInfo } from '@shared/stores/staff-session';
import { onDemand, useOnDemand } from '@shared/ui/on-demand';
import { keepScrollableTablesFocusable } from '@shared/ui/scrollable-regions';
import { PageSpinner } from '@shared/ui/page-spinner';
import { LanguageControl } from '../layout/settings-controls';
import { ADMIN_ICONS } from './admin-icons';
import {
  ADMIN_LOGIN_PATH,
  adminRoutesFor,
  findAdminRoute,
  mayOpen,
  type AdminRoute,
} from './admin-route-table';

const StaffPasswordDialog = onDemand(() => import('../../features/staff-auth/staff-password-dialog'));

const SIDER_WIDTH = 208;
/** The same switch point as the buyer's layout. */
const NARROW_QUERY = '(max-width: 991.98px)';

/** Ends the session on the server (best effort) and here. */
export async function staffSignOut(): Promise<void> {
  try {
    await callEndpoint(staffEndpoints.logout, {}, { silent: true });
  } catch {
    // A dead token is fine to forget.
  }
  useStaffSession.getState().reset();
}

function SideMenu({ info, onPick }: { info: StaffInfo; onPick: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const selected = findAdminRoute(location.pathname)?.path;
  return (
    <Menu
      mode="inline"
      theme="dark"
      selectedKeys={selected ? [selected] : []}
      items={adminRoutesFor(info.role).map((route) => ({
        key: route.path,
        icon: ADMIN_ICONS[route.icon],
        label: t(route.titleKey),
      }))}
      onClick={({ key }) => {
        void navigate(key);
        onPick();
      }}
    />
  );
}

/** The back office's frame: role-filtered sidebar (a drawer when narrow), header, content. */
export function AdminLayout({ route, children }: { route: AdminRoute; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useStaffSession((s) => s.info);
  const language = useSettingsStore((s) => s.language);
  const narrow = useMediaQuery(NARROW_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const appTitle = getStaticConfig().homeTitle?.[language] || t('app.title');
  // GetStaffInfo says the password is temporary: the dialog opens and cannot be dismissed.
  const forcePassword = info?.must_change_password ?? false;
  // Its code cannot come: the menu's choice closes again; a forced change asks again by itself.
  const passwordReady = useOnDemand(StaffPasswordDialog, passwordOpen || forcePassword, () =>
    setPasswordOpen(false),
  );

  useEffect(() => keepScrollableTablesFocusable(document.body), []);
  useEffect(() => {
    document.title = `${t(route.titleKey)} - ${t('admin.title')} - ${appTitle}`;
  }, [route, t, appTitle]);

  if (!info) return <PageSpinner />;

  async function signOut() {
    await staffSignOut();
    void navigate(ADMIN_LOGIN_PATH, { replace: true });
  }

  const brand = (
    <div className="sidebar-logo">
      <img src={getStaticConfig().homeLogo || '/logo.svg'} alt="" width={28} height={28} />
      <span>{t('admin.title')}</span>
    </div>
  );

  return (
    <Layout className="admin-layout">
      {narrow ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDER_WIDTH}
          closable={false}
          className="sidebar-drawer"
          styles={{ body: { padding: 0 } }}
        >
          <nav className="sidebar" aria-label={t('nav.sidebar')}>
            {brand}
            <SideMenu info={info} onPick={() => setDrawerOpen(false)} />
          </nav>
        </Drawer>
      ) : (
        <Layout.Sider className="app-sider" width={SIDER_WIDTH}>
          <nav className="sidebar" aria-label={t('nav.sidebar')}>
            {brand}
            <SideMenu info={info} onPick={() => undefined} />
          </nav>
        </Layout.Sider>
      )}
      <Layout className="admin-main">
        <header className="navbar admin-header">
          {narrow && (
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label={t('nav.toggleSidebar')}
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            />
          )}
          <h1 className="admin-header-title">{t(route.titleKey)}</h1>
          <div className="navbar-tools">
            <LanguageControl />
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'password', icon: <LockOutlined />, label: t('password.title') },
                  { type: 'divider' },
                  { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout') },
                ],
                onClick: ({ key }) => {
                  if (key === 'password') setPasswordOpen(true);
                  if (key === 'logout') void signOut();
                },
              }}
            >
              <Button type="text" className="admin-user">
                <UserOutlined />
                <span className="admin-user-name">{info.name}</span>
                <span className="admin-user-role">{t(`admin.role.${info.role}`)}</span>
                <DownOutlined />
              </Button>
            </Dropdown>
          </div>
        </header>
        <Layout.Content className="admin-content">
          {!mayOpen(route, info.role) ? (
            <Result status="403" title="403" subTitle={t('admin.forbidden')} />
          ) : (
            <Suspense fallback={<PageSpinner />}>{children}</Suspense>
          )}
        </Layout.Content>
      </Layout>
      {(passwordOpen || forcePassword) && passwordReady && (
        <StaffPasswordDialog open forced={forcePassword} onClose={() => setPasswordOpen(false)} />
      )}
    </Layout>
  );
}
