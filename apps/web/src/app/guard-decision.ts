import type { UserInfo } from '@partsportal/contract/auth';
import { hasAnyCode, isAdmin } from '@shared/permission/access';
import { findRoute } from './route-table';

/** Paths reachable without a token (spec §4). */
export const WHITE_LIST = ['/login', '/auth-redirect'] as const;

export const LOGIN_PATH = '/login';
/** The guard asks start-up (main.tsx) to start a signed-in page's first request: `{ pathname, search }`. */
export const PAGE_REQUEST_EVENT = 'pp:page-request';
/** The router tells the signed-in layout (layout/next-page.ts) of a navigation: `{ pathname, search }`. */
export const NAVIGATED_EVENT = 'pp:navigated';
export const NO_PERMISSION_PATH = '/401?noGoBack=true';

export type GuardAction =
  | { type: 'allow' }
  | { type: 'redirect'; to: string }
  /** Fetch user info, build the routes, then decide again ("re-enter"). */
  | { type: 'load-user-info' };

export interface GuardInput {
  token: string | null;
  userInfo: UserInfo | null;
  pathname: string;
  /** pathname + search, what `redirect` carries back after login. */
  fullPath: string;
}

/** Spec §4, as a pure function of token, user info and path. */
export function decideNavigation({ token, userInfo, pathname, fullPath }: GuardInput): GuardAction {
  if (!token) {
    if ((WHITE_LIST as readonly string[]).includes(pathname)) return { type: 'allow' };
    return { type: 'redirect', to: `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}` };
  }
  // Spec §4 "Token and path /login: continues" (the page may sign in as someone else).
  if (pathname === LOGIN_PATH) return { type: 'allow' };
  if (!userInfo) return { type: 'load-user-info' };
  const route = findRoute(pathname);
  if (route && !hasAnyCode(route.menus, userInfo.menus, isAdmin(userInfo))) {
    return { type: 'redirect', to: NO_PERMISSION_PATH };
  }
  return { type: 'allow' };
}

export type UserInfoProblem = 'errors.verificationFailed' | 'errors.menusNonNull';

/**
 * Spec §6/§8: missing user info → "Verification failed, please login again."; menus missing
 * or empty → "menus must be a non-null array". Admin may hold no codes and still pass.
 */
export function checkUserInfo(data: unknown): UserInfoProblem | null {
  if (typeof data !== 'object' || data === null) return 'errors.verificationFailed';
  const { menus, roles } = data as { menus?: unknown; roles?: unknown };
  if (!Array.isArray(menus)) return 'errors.menusNonNull';
  const admin =
    Array.isArray(roles) && isAdmin({ roles: roles.filter((r): r is string => typeof r === 'string') });
  if (menus.length === 0 && !admin) return 'errors.menusNonNull';
  return null;
}
