import { cartEndpoints, type AddCartRequest } from '@partsportal/contract/cart';
import { useSessionStore } from '../stores/session-store';
import { callEndpoint } from './client';

/** The answer carries the new cart count: the badge follows without re-reading user info. */
export function showCartCount(carts: number): void {
  const { userInfo, setUserInfo } = useSessionStore.getState();
  if (userInfo) setUserInfo({ ...userInfo, carts });
}

export async function addToCart(items: AddCartRequest[]): Promise<number> {
  const first = items[0];
  const { carts } =
    items.length === 1 && first
      ? await callEndpoint(cartEndpoints.addCart, first)
      : await callEndpoint(cartEndpoints.batchAddCart, { items });
  showCartCount(carts);
  return carts;
}
