import type { ComponentType } from 'react';
import { MENU_CODES, type MenuCode } from '@partsportal/contract/endpoint';

/** Icons are named, not imported, so this table (used by the guard on /login) stays icon-free. */
export type IconName =
  | 'dashboard'
  | 'catalog'
  | 'stock'
  | 'freight'
  | 'order'
  | 'sales'
  | 'purchase'
  | 'finance'
  | 'cart'
  | 'notice'
  | 'user'
  | 'file';

export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * One entry of the single route table: the router, the guard, the sidebar, the top menu,
 * the breadcrumb and the tag views are all derived from it.
 */
export interface AppRoute {
  /** Absolute path (leaf) or path prefix (group). Matching is case-insensitive. */
  path: string;
  titleKey: string;
  icon?: IconName;
  /** Any-of permission codes (spec §2/§6); none = every signed-in user. */
  menus?: readonly MenuCode[];
  /** Pinned tab that cannot be closed. */
  affix?: boolean;
  /** Not kept alive when its tab is in the background. */
  noCache?: boolean;
  /** Reachable by link but not listed in the menus (detail pages, steps of a flow). */
  hidden?: boolean;
  /** Listed only when the user's `show_address` switch is on (spec §6). */
  needsShowAddress?: boolean;
  /** Query the menus add when they link here (spec §2 top menu: `?type=all`). */
  menuQuery?: string;
  /** Not in the top menu (the sidebar shows it). */
  sidebarOnly?: boolean;
  /** Lazy page; every leaf has one (groups have none). */
  page?: PageLoader;
  children?: AppRoute[];
}

const C = MENU_CODES;

/** Spec §2, in menu order. */
export const ROUTE_TABLE: AppRoute[] = [
  {
    path: '/dashboard',
    titleKey: 'route.dashboard',
    icon: 'dashboard',
    affix: true,
    noCache: true,
    page: () => import('../features/dashboard/dashboard-page'),
  },
  {
    path: '/product/index',
    titleKey: 'route.catalog',
    icon: 'catalog',
    menus: [C.catalog],
    page: () => import('../features/catalog/catalog-page'),
  },
  {
    path: '/product/detail',
    titleKey: 'route.productDetail',
    menus: [C.catalog],
    hidden: true,
    page: () => import('../features/catalog/product-detail-page'),
  },
  {
    path: '/stockProduct/index',
    titleKey: 'route.stockCatalog',
    icon: 'stock',
    menus: [C.stockCatalog],
    page: () => import('../features/stock/stock-page'),
  },
  {
    path: '/proCFreight/index',
    titleKey: 'route.freight',
    icon: 'freight',
    menus: [C.freight],
    page: () => import('../features/freight/freight-page'),
  },
  {
    path: '/proCFreight/ProCFreightDetail',
    titleKey: 'route.freightDetail',
    menus: [C.freight],
    hidden: true,
    page: () => import('../features/freight/freight-detail-page'),
  },
  {
    path: '/order',
    titleKey: 'route.orderGroup',
    icon: 'order',
    children: [
      {
        path: '/order/index',
        titleKey: 'route.orderSearch',
        menus: [C.orderSearch],
        menuQuery: 'type=all',
        page: () => import('../features/orders/order-list-page'),
      },
      {
        path: '/order/detail',
        titleKey: 'route.orderDetail',
        menus: [C.orderSearch],
        hidden: true,
        page: () => import('../features/orders/order-detail-page'),
      },
      {
        path: '/order/detailSearch',
        titleKey: 'route.orderDetailSearch',
        menus: [C.orderDetailSearch],
        menuQuery: 'type=all',
        page: () => import('../features/orders/order-line-search-page'),
      },
      {
        path: '/export/index',
        titleKey: 'route.deliveryRecord',
        menus: [C.deliveryRecord],
        page: () => import('../features/records/delivery-list-page'),
      },
      {
        path: '/export/detail',
        titleKey: 'route.deliveryDetail',
        menus: [C.deliveryRecord],
        hidden: true,
        page: () => import('../features/records/delivery-detail-page'),
      },
    ],
  },
  {
    path: '/sales',
    titleKey: 'route.salesGroup',
    icon: 'sales',
    children: [
      {
        path: '/sales/index',
        titleKey: 'route.salesSearch',
        menus: [C.salesSearch],
        page: () => import('../features/records/sales-page'),
      },
      {
        path: '/sales/detail',
        titleKey: 'route.salesDetail',
        menus: [C.salesSearch],
        hidden: true,
        page: () => import('../features/records/sales-detail-page'),
      },
      {
        path: '/sales/detailSearch',
        titleKey: 'route.salesDetailSearch',
        menus: [C.salesDetailSearch],
        page: () => import('../features/records/sales-line-search-page'),
      },
    ],
  },
  {
    path: '/pur',
    titleKey: 'route.purchaseGroup',
    icon: 'purchase',
    children: [
      {
        path: '/pur/index',
        titleKey: 'route.purchaseSearch',
        menus: [C.purchaseSearch],
        page: () => import('../features/records/purchase-page'),
      },
      {
        path: '/pur/detail',
        titleKey: 'route.purchaseDetail',
        menus: [C.purchaseSearch],
        hidden: true,
        page: () => import('../features/records/purchase-detail-page'),
      },
      {
        path: '/pur/detailSearch',
        titleKey: 'route.purchaseDetailSearch',
        menus: [C.purchaseDetailSearch],
        menuQuery: 'type=all',
        page: () => import('../features/records/purchase-line-search-page'),
      },
    ],
  },
  {
    // Spec §2: the finance menu shows if 1004 or 1005 is held; /Payment itself needs no code.
    path: '/finance',
    titleKey: 'route.financeGroup',
    icon: 'finance',
    menus: [C.financeAccount, C.paymentDays],
    children: [
      // The top menu links /payment/index: the router matches paths case-insensitively.
      {
        path: '/Payment/index',
        titleKey: 'route.payment',
        page: () => import('../features/finance/payment-page'),
      },
      {
        path: '/Payment/detail',
        titleKey: 'route.paymentDetail',
        hidden: true,
        page: () => import('../features/finance/payment-detail-page'),
      },
      {
        path: '/finance/account',
        titleKey: 'route.financeAccount',
        menus: [C.financeAccount],
        sidebarOnly: true,
        page: () => import('../features/finance/account-page'),
      },
      {
        path: '/finance/paymentdays',
        titleKey: 'route.paymentDays',
        menus: [C.paymentDays],
        sidebarOnly: true,
        page: () => import('../features/finance/payment-days-page'),
      },
    ],
  },
  {
    path: '/cart/index',
    titleKey: 'route.cart',
    icon: 'cart',
    menus: [C.cart],
    page: () => import('../features/cart/cart-page'),
  },
  {
    // Saved part lists (issue 17 #15): reached from the cart, so the top menu keeps its room.
    path: '/cart/lists',
    titleKey: 'route.savedLists',
    menus: [C.cart],
    hidden: true,
    page: () => import('../features/saved-lists/saved-lists-page'),
  },
  {
    path: '/cart/submit',
    titleKey: 'route.cartSubmit',
    menus: [C.cart],
    hidden: true,
    page: () => import('../features/checkout/submit-page'),
  },
  {
    path: '/cart/submitConfirm',
    titleKey: 'route.cartSubmitConfirm',
    menus: [C.cart],
    hidden: true,
    noCache: true,
    page: () => import('../features/checkout/confirm-page'),
  },
  {
    path: '/cart/pay',
    titleKey: 'route.cartPay',
    menus: [C.cart],
    hidden: true,
    noCache: true,
    page: () => import('../features/checkout/pay-page'),
  },
  {
    path: '/cart/paySuccess',
    titleKey: 'route.cartPaySuccess',
    hidden: true,
    noCache: true,
    page: () => import('../features/checkout/pay-success-page'),
  },
  {
    path: '/notice/index',
    titleKey: 'route.notice',
    icon: 'notice',
    menus: [C.notice],
    page: () => import('../features/notices/notice-page'),
  },
  {
    path: '/notice/detail',
    titleKey: 'route.noticeDetail',
    menus: [C.notice],
    hidden: true,
    page: () => import('../features/notices/notice-detail-page'),
  },
  {
    path: '/personalCenter',
    titleKey: 'route.personalCenter',
    icon: 'user',
    children: [
      {
        path: '/personalCenter/index',
        titleKey: 'route.pendingOrders',
        // The route needs no code in the spec, but its data does (contract PENDING_ORDER_CODES,
        // written out here so the /login chunk stays free of the orders contract's zod schemas):
        // a catalogue-only user would meet a refused call on an empty page.
        menus: [C.cart, C.orderSearch],
        page: () => import('../features/personal-center/pending-orders-page'),
      },
      {
        path: '/personalCenter/address',
        titleKey: 'route.address',
        needsShowAddress: true,
        page: () => import('../features/personal-center/personal-center-page'),
      },
    ],
  },
  {
    path: '/help/index',
    titleKey: 'route.help',
    icon: 'file',
    hidden: true,
    page: () => import('../features/help/help-page'),
  },
];

export const HOME_PATH = '/dashboard';

/**
 * Every leaf route. A group's codes only decide whether the group shows in the menus (spec §2:
 * finance shows with 1004 or 1005, while /Payment itself needs no code); access to a page is
 * decided by the page's own codes.
 */
export function flattenRoutes(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((route) => (route.children ? flattenRoutes(route.children) : [route]));
}

export const LEAF_ROUTES = flattenRoutes(ROUTE_TABLE);

/** Case-insensitive, like the router (`/payment/index` in the top menu finds `/Payment/index`). */
export function findRoute(pathname: string): AppRoute | undefined {
  const wanted = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return LEAF_ROUTES.find((route) => route.path.toLowerCase() === wanted);
}
