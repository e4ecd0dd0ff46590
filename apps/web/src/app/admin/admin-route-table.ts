import type { ComponentType } from 'react';
import type { StaffRole } from '@partsportal/contract/endpoint';

/**
 * The back office's route table (issue 14), apart from the buyer's (route-table.ts): its own
 * guard (staff token, role), its own layout. The sidebar, the title and the role check are all
 * derived from it; one entry per page. Owner passes every role check, as on the server.
 */

/** Icons are named here and drawn in the layout chunk (admin-icons.tsx). */
export type AdminIconName =
  | 'home'
  | 'orders'
  | 'customers'
  | 'payments'
  | 'notices'
  | 'products'
  | 'stock'
  | 'purchases'
  | 'imports'
  | 'names'
  | 'staff'
  | 'apiKeys'
  | 'audit'
  | 'reports';

export interface AdminRoute {
  /** Absolute path under /admin. */
  path: string;
  titleKey: string;
  icon: AdminIconName;
  /** Roles that may open the page, besides the owner; match the roles of the calls it makes. */
  roles: readonly StaffRole[];
  page: () => Promise<{ default: ComponentType }>;
}

export const ADMIN_BASE = '/admin';
export const ADMIN_LOGIN_PATH = '/admin/login';
export const ADMIN_HOME_PATH = '/admin/home';

/** The back office's pages, one entry each (docs/web.md "The back office"). */
export const ADMIN_ROUTES: readonly AdminRoute[] = [
  {
    // Literal paths: the accessibility walk reads them from this file's text.
    path: '/admin/home',
    titleKey: 'admin.route.home',
    icon: 'home',
    roles: ['sales', 'catalogue'],
    page: () => import('../../features/reports/staff-home-page'),
  },
  {
    // `?order=<id>` opens one order in a drawer over the queue.
    path: '/admin/orders',
    titleKey: 'admin.route.orders',
    icon: 'orders',
    roles: ['sales'],
    page: () => import('../../features/order-desk/order-desk-page'),
  },
  {
    path: '/admin/products',
    titleKey: 'admin.route.products',
    icon: 'products',
    roles: ['catalogue'],
    page: () => import('../../features/inventory/inventory-products-page'),
  },
  {
    path: '/admin/prices',
    titleKey: 'admin.route.priceLevels',
    icon: 'stock',
    roles: ['catalogue'],
    page: () => import('../../features/inventory/price-levels-page'),
  },
  {
    // Purchases from supplier companies (issue 15 item 5); `?purchase=<id>` opens one in a drawer.
    path: '/admin/purchases',
    titleKey: 'admin.route.purchases',
    icon: 'purchases',
    roles: ['catalogue'],
    page: () => import('../../features/purchases-desk/purchases-desk-page'),
  },
  {
    // `?company=<id>` opens one company (its users and own part numbers) in the same entry.
    path: '/admin/customers',
    titleKey: 'admin.route.customers',
    icon: 'customers',
    roles: ['sales'],
    page: () => import('../../features/customers/customers-page'),
  },
  {
    path: '/admin/payments',
    titleKey: 'admin.route.payments',
    icon: 'payments',
    roles: ['sales'],
    page: () => import('../../features/payments-desk/payments-desk-page'),
  },
  {
    path: '/admin/notices',
    titleKey: 'admin.route.notices',
    icon: 'notices',
    roles: ['sales'],
    page: () => import('../../features/notices-desk/notices-desk-page'),
  },
  {
    // Sales and demand reports (issue 15 item 6); catalogue staff get the demand tab only.
    // `?tab=demand` opens the demand report.
    path: '/admin/reports',
    titleKey: 'admin.route.reports',
    icon: 'reports',
    roles: ['sales', 'catalogue'],
    page: () => import('../../features/reports/reports-page'),
  },
  {
    path: '/admin/imports',
    titleKey: 'admin.route.imports',
    icon: 'imports',
    roles: ['catalogue'],
    page: () => import('../../features/imports/imports-page'),
  },
  {
    path: '/admin/names',
    titleKey: 'admin.route.names',
    icon: 'names',
    roles: ['catalogue'],
    page: () => import('../../features/names/names-page'),
  },
  {
    path: '/admin/staff',
    titleKey: 'admin.route.staff',
    icon: 'staff',
    roles: ['owner'],
    page: () => import('../../features/staff/staff-page'),
  },
  {
    path: '/admin/api-keys',
    titleKey: 'admin.route.apiKeys',
    icon: 'apiKeys',
    roles: ['owner'],
    page: () => import('../../features/api-keys/api-keys-page'),
  },
  {
    path: '/admin/audit',
    titleKey: 'admin.route.audit',
    icon: 'audit',
    roles: ['owner'],
    page: () => import('../../features/audit/audit-page'),
  },
];

export function mayOpen(route: Pick<AdminRoute, 'roles'>, role: StaffRole): boolean {
  return role === 'owner' || route.roles.includes(role);
}

export function findAdminRoute(pathname: string): AdminRoute | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return ADMIN_ROUTES.find((route) => route.path.toLowerCase() === path);
}

export function adminRoutesFor(role: StaffRole): AdminRoute[] {
  return ADMIN_ROUTES.filter((route) => mayOpen(route, role));
}
