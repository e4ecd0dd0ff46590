import { MENU_CODES, type MenuCode } from '@partsportal/contract/endpoint';

/**
 * The buyer's page each menu code opens (spec §6), named by the buyer side's own route titles
 * (locales `route.*`), so staff tick the names the buyer will see in the sidebar.
 */
export const MENU_TITLE_KEYS: Record<MenuCode, string> = {
  [MENU_CODES.catalog]: 'route.catalog',
  [MENU_CODES.orderSearch]: 'route.orderSearch',
  [MENU_CODES.deliveryRecord]: 'route.deliveryRecord',
  [MENU_CODES.financeAccount]: 'route.financeAccount',
  [MENU_CODES.paymentDays]: 'route.paymentDays',
  [MENU_CODES.cart]: 'route.cart',
  [MENU_CODES.notice]: 'route.notice',
  [MENU_CODES.orderDetailSearch]: 'route.orderDetailSearch',
  [MENU_CODES.salesSearch]: 'route.salesSearch',
  [MENU_CODES.salesDetailSearch]: 'route.salesDetailSearch',
  [MENU_CODES.stockCatalog]: 'route.stockCatalog',
  [MENU_CODES.purchaseSearch]: 'route.purchaseSearch',
  [MENU_CODES.purchaseDetailSearch]: 'route.purchaseDetailSearch',
  [MENU_CODES.freight]: 'route.freight',
};

export const menuTitleKey = (code: string): string => MENU_TITLE_KEYS[code as MenuCode] ?? code;
