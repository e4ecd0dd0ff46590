import { create } from 'zustand';
import { RELOGIN_CODES, ResultCode } from '@partsportal/contract/codes';

export interface ErrorLogEntry {
  id: number;
  /** Unix milliseconds. */
  time: number;
  kind: 'api' | 'network' | 'script';
  message: string;
  /** Request path or page URL where it happened. */
  where: string;
  code?: number;
}

/** Spec §8: unhandled errors are kept in a list the user can open; bounded so it cannot grow forever. */
const MAX_ENTRIES = 100;
let nextId = 1;

interface ErrorLogState {
  entries: ErrorLogEntry[];
  add: (entry: Omit<ErrorLogEntry, 'id' | 'time'>) => void;
  clear: () => void;
}

export const useErrorLogStore = create<ErrorLogState>((set) => ({
  entries: [],
  add: (entry) =>
    set((state) => ({
      entries: [{ ...entry, id: nextId++, time: Date.now() }, ...state.entries].slice(0, MAX_ENTRIES),
    })),
  clear: () => set({ entries: [] }),
}));

/**
 * Spec §8 keeps *unhandled* interface errors. An answer with a 4xxxx code is the server handling
 * the call and refusing it for a reason it states (a business rule, a bad field, a missing
 * permission, a record not found, a conflict, a limit): the toast tells the buyer, nothing is
 * broken, so it is not logged (issue 17 item 9: an ordinary refusal lit a red badge). The
 * relogin codes have their own dialog. Everything else — internal and unavailable answers, codes
 * the client does not know — is logged; network failures and timeouts are logged by the client.
 */
export function isUnhandledApiCode(code: number): boolean {
  if (RELOGIN_CODES.includes(code)) return false;
  if (code >= ResultCode.refused && code < ResultCode.internal) return false;
  return true;
}

export function installGlobalErrorLog(): void {
  window.addEventListener('error', (event) => {
    useErrorLogStore
      .getState()
      .add({ kind: 'script', message: event.message || String(event.error), where: location.pathname });
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    // API failures are logged by the client already; do not count them twice.
    if (reason instanceof Error && reason.name === 'ApiError') return;
    useErrorLogStore.getState().add({
      kind: 'script',
      message: reason instanceof Error ? reason.message : String(reason),
      where: location.pathname,
    });
  });
}
