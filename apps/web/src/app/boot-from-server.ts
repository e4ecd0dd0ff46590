import { takeBootData, type BootData } from '@shared/api/boot-data';
import { startEarlyRequest } from '@shared/api/early-requests';
import { applyBootConfig } from '@shared/api/static-config';
import { useSessionStore } from '@shared/stores/session-store';
import { startFirstRequest } from './first-request';
import { checkUserInfo } from './guard-decision';

/**
 * Start-up of a page the server drew (decision 026): the config and user info from the page, and
 * the page's first request started at once. In the entry chunk: as a lazy chunk of its own it
 * made rolldown split the route table out of the entry, and /login grew by 0.4 KB gzip.
 */
export function bootFromServer(pathname: string, search = ''): BootData | undefined {
  const drawn = takeBootData();
  // The guard's own check of user info (spec §4); a failing one is loaded and refused as before.
  if (!drawn || checkUserInfo(drawn.userInfo)) return undefined;
  applyBootConfig(drawn.config);
  useSessionStore.getState().setUserInfo(drawn.userInfo);
  // The page's first answer came with the page (the dashboard, the product detail): no request.
  const first = drawn.first;
  if (first) startEarlyRequest(first.path, first.body, () => Promise.resolve(first.data));
  else startFirstRequest(pathname, search);
  return drawn;
}
