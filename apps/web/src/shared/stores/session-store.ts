import { create } from 'zustand';
import type { UserInfo } from '@partsportal/contract/auth';
import type { RequestOptions } from '../api/client';
import { clearEarlyRequests } from '../api/early-requests';
import { COOKIE, getCookie, removeCookie, setCookie } from '../cookies';

interface SessionState {
  token: string | null;
  /** null until GetUserInfo has answered for the current token (spec §4 "no menus loaded"). */
  userInfo: UserInfo | null;
  /** User info could not be verified; the guard goes to / and then calls resetLocal (spec §4). */
  failedVerification: boolean;
  setToken: (token: string) => void;
  setUserInfo: (userInfo: UserInfo) => void;
  /** Spec §4 "log out locally": token and menus gone, no server call. */
  resetLocal: () => void;
}

export const useSessionStore = create<SessionState>((set) => ({
  token: getCookie(COOKIE.token) ?? null,
  userInfo: null,
  failedVerification: false,
  setToken: (token) => {
    // A session cookie: closing the browser ends the session on this machine.
    setCookie(COOKIE.token, token);
    clearEarlyRequests();
    set({ token });
  },
  setUserInfo: (userInfo) => set({ userInfo }),
  resetLocal: () => {
    removeCookie(COOKIE.token);
    clearEarlyRequests();
    set({ token: null, userInfo: null, failedVerification: false });
  },
}));

/* The server calls below import the contract lazily: see shared/api/auth-api.ts. */

export async function fetchUserInfo(options?: RequestOptions): Promise<UserInfo> {
  const { getUserInfo } = await import('../api/auth-api');
  return getUserInfo(options);
}

/** Spec §4: logout clears token and menus; the caller then goes to /login. */
export async function logout(): Promise<void> {
  try {
    const { logout: serverLogout } = await import('../api/auth-api');
    await serverLogout();
  } catch {
    // The local logout below is what matters; a dead token is fine to forget.
  }
  useSessionStore.getState().resetLocal();
}
