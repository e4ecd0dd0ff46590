import { COOKIE, getCookie } from '@shared/cookies';
import { findRoute, HOME_PATH } from './route-table';

const ignore = () => undefined;

/**
 * Starts downloading the chunks the first screen will need while the static config and the
 * language packs load. Without it each lazy level waited for the one before (entry → config →
 * guard → user info → layout → page), one round trip after another; the lazy() calls later
 * get the same module promise. A failed preload is ignored: lazy() retries and reports it.
 */
/** Returns whether the first screen is a signed-in page (false: the login page or nothing). */
export function preloadFirstRoute(pathname: string): boolean {
  // The back office keeps its own session; its shell loads its chunks and texts.
  if (/^\/admin(\/|$)/i.test(pathname)) {
    import('./admin/admin-root').catch(ignore);
    return true;
  }
  const route = findRoute(pathname === '/' ? HOME_PATH : pathname);
  // Without a session every page but the error pages ends on /login.
  if (!getCookie(COOKIE.token) || pathname.toLowerCase() === '/login') {
    if (pathname.toLowerCase() === '/login' || route) import('../features/auth/login-page').catch(ignore);
    return false;
  }
  if (!route) return true;
  import('@shared/api/auth-api').catch(ignore);
  import('./layout/app-layout').catch(ignore);
  route.page?.().catch(ignore);
  return true;
}
