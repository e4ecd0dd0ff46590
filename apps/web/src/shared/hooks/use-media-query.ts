import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, right on the first render (no flash of the other layout). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Under antd's `sm` breakpoint (576 px): tables become cards. */
export const PHONE_QUERY = '(max-width: 575.98px)';
