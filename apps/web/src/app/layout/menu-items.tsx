import type { ReactNode } from 'react';
import { Badge } from 'antd';
import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import type { UserInfo } from '@partsportal/contract/auth';
import { filterRoutes } from '@shared/permission/access';
import { ROUTE_TABLE, type AppRoute } from '../route-table';
import { ROUTE_ICONS } from './route-icon';

type MenuItem = Required<MenuProps>['items'][number];

/** Where a menu entry leads: its path plus the query the spec gives it (`?type=all`). */
export const menuTarget = (route: AppRoute) =>
  route.menuQuery ? `${route.path}?${route.menuQuery}` : route.path;

/** The entries a user may see (spec §6), minus hidden pages; `top` leaves out sidebar-only ones. */
export function visibleRoutes(userInfo: UserInfo, top: boolean): AppRoute[] {
  const prune = (routes: AppRoute[]): AppRoute[] =>
    routes
      .filter((r) => !r.hidden && !(top && r.sidebarOnly))
      .map((r) => (r.children ? { ...r, children: prune(r.children) } : r))
      .filter((r) => !r.children || r.children.length > 0);
  return prune(filterRoutes(ROUTE_TABLE, userInfo));
}

/** antd Menu items; keys are route paths, so the selected key is the current route's path. */
export function toMenuItems(routes: AppRoute[], t: TFunction, carts: number, withIcons: boolean): MenuItem[] {
  return routes.map((route): MenuItem => {
    let label: ReactNode = t(route.titleKey);
    if (route.icon === 'cart') {
      label = (
        <span className="menu-cart">
          {label}
          <Badge
            count={carts}
            size="small"
            offset={[6, -2]}
            className="cart-badge"
            title={t('nav.cartCount', { count: carts })}
          />
        </span>
      );
    }
    const icon = withIcons && route.icon ? ROUTE_ICONS[route.icon] : undefined;
    if (route.children) {
      return { key: route.path, label, icon, children: toMenuItems(route.children, t, carts, false) };
    }
    return { key: route.path, label, icon };
  });
}
