import { useSessionStore } from '../stores/session-store';
import { hasAnyCode, isAdmin } from './access';

/** Element-level check against the menu codes (e.g. the add-to-cart button needs 1006). */
export function useHasAnyCode(codes: readonly string[]): boolean {
  const userInfo = useSessionStore((s) => s.userInfo);
  if (!userInfo) return false;
  return hasAnyCode(codes, userInfo.menus, isAdmin(userInfo));
}
