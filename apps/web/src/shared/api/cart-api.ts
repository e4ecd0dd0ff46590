import { cartEndpoints, type AddCartRequest } from '@partsportal/contract/cart';
import { dashboardEndpoints } from '@partsportal/contract/dashboard';
import type { Endpoint } from '@partsportal/contract/endpoint';
import { orderEndpoints } from '@partsportal/contract/orders';
import { useSessionStore } from '../stores/session-store';
import { invalidateEndpoints, mutateEndpoint } from './server-state';

/** Reads that show the cart (its lines; the dashboard's cart card): stale after every cart write. */
export const CART_READS: readonly Endpoint[] = [cartEndpoints.getCartList, dashboardEndpoints.getDashboard];

/** Reads that show orders: stale after an order is placed, paid, cancelled, resubmitted or edited. */
export const ORDER_READS: readonly Endpoint[] = [
  orderEndpoints.getOrderList,
  orderEndpoints.getOrderLineList,
  orderEndpoints.getOrderDetail,
  orderEndpoints.getPendingOrders,
  dashboardEndpoints.getDashboard,
];

/** The answer carries the new cart count: the badge follows without re-reading user info. */
export function showCartCount(carts: number): void {
  const { userInfo, setUserInfo } = useSessionStore.getState();
  if (userInfo && userInfo.carts !== carts) setUserInfo({ ...userInfo, carts });
}

/**
 * After a write that changed the cart (its answer's `carts` is the new count): the badge shows
 * it and every cached cart read is refetched (the cart page at once if it is shown, else when
 * its tab is shown again).
 */
export function cartChanged(carts: number): void {
  showCartCount(carts);
  void invalidateEndpoints(...CART_READS);
}

export async function addToCart(items: AddCartRequest[]): Promise<number> {
  const first = items[0];
  const { carts } =
    items.length === 1 && first
      ? await mutateEndpoint(cartEndpoints.addCart, first, { invalidates: CART_READS })
      : await mutateEndpoint(cartEndpoints.batchAddCart, { items }, { invalidates: CART_READS });
  showCartCount(carts);
  return carts;
}
