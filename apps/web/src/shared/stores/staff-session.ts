import { create } from 'zustand';
import type { StaffRole } from '@partsportal/contract/endpoint';
import { registerStaffAuth } from '../api/client';

/**
 * The back office's session (issue 14): its own token, kept apart from the buyer's cookie, so a
 * staff member who is also signed in as a buyer in the same browser keeps both, and neither
 * token is ever sent on the other kind of call (shared/api/client.ts picks by the `/Admin/` path).
 * localStorage, not a cookie: no request carries it by itself.
 */
export const STAFF_TOKEN_KEY = 'pp_staff_token';
const STEP_KEY = 'pp_staff_step';

/** What the password answered: enrol a TOTP first, or enter a code. */
export type SecondFactorStep = 'enrol' | 'verify';

export interface StaffInfo {
  id: number;
  login: string;
  name: string;
  role: StaffRole;
  must_change_password: boolean;
}

interface StaffSessionState {
  token: string | null;
  /** Set between the password and the second factor; the guard keeps the member on /admin/login. */
  pendingStep: SecondFactorStep | null;
  /** null until GetStaffInfo answered for this token. */
  info: StaffInfo | null;
  /** The password step is done: a token that opens only the second-factor calls. */
  startPending: (token: string, step: SecondFactorStep) => void;
  /** The second factor is done: the token opens the member's calls. */
  completeSecondFactor: () => void;
  setInfo: (info: StaffInfo) => void;
  /** Forget the session locally (sign-out, a dead token). */
  reset: () => void;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode without storage: the session lives in memory until the page reloads.
  }
}

const storedStep = read(STEP_KEY);

export const useStaffSession = create<StaffSessionState>((set) => ({
  token: read(STAFF_TOKEN_KEY),
  pendingStep: storedStep === 'enrol' || storedStep === 'verify' ? storedStep : null,
  info: null,
  startPending: (token, step) => {
    write(STAFF_TOKEN_KEY, token);
    write(STEP_KEY, step);
    set({ token, pendingStep: step, info: null });
  },
  completeSecondFactor: () => {
    write(STEP_KEY, null);
    set({ pendingStep: null });
  },
  setInfo: (info) => set({ info }),
  reset: () => {
    write(STAFF_TOKEN_KEY, null);
    write(STEP_KEY, null);
    set({ token: null, pendingStep: null, info: null });
  },
}));

registerStaffAuth({
  token: () => useStaffSession.getState().token,
  signedOut: () => useStaffSession.getState().reset(),
  secondFactorNeeded: () => {
    const state = useStaffSession.getState();
    // Only a session whose step was lost gets here (the guard never opens a page while a step is
    // pending); a member who still has to enrol is told so by the server on the verify step.
    if (state.token && !state.pendingStep) {
      write(STEP_KEY, 'verify');
      useStaffSession.setState({ pendingStep: 'verify', info: null });
    }
  },
});
