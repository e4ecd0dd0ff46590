import { useMemo } from 'react';
import { Drawer } from 'antd';
import type { UserInfo } from '@partsportal/contract/auth';
import { useSettingsStore } from '@shared/stores/settings-store';
import { Sidebar, SIDEBAR_WIDTH } from './sidebar';

/** The sidebar in a drawer under 992 px (spec §2); its own chunk, loaded when first opened. */
export default function MobileSidebar({ userInfo, open }: { userInfo: UserInfo; open: boolean }) {
  // The menu is not redrawn when the drawer opens or closes (a tap's own render on a phone).
  const menu = useMemo(() => <Sidebar userInfo={userInfo} collapsed={false} />, [userInfo]);
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={() => useSettingsStore.getState().setMobileSidebarOpened(false)}
      size={SIDEBAR_WIDTH}
      closable={false}
      className="sidebar-drawer"
      styles={{ body: { padding: 0 } }}
    >
      {menu}
    </Drawer>
  );
}
