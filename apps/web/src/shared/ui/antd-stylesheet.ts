import { useSyncExternalStore } from 'react';
import antdCssUrl from 'antd/dist/antd.css?url';

let loaded = false;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/**
 * antd's static stylesheet (~850 kB, ~94 KB gzip) as a non-blocking <link>: as an imported
 * stylesheet it blocked the first paint of the boot splash (Lighthouse: ~450 ms on mobile).
 * Start-up waits for it before the first render of a signed-in page, so no unstyled antd
 * shows; the login page does not wait (see useAntdStylesheetLoaded).
 */
export function loadAntdStylesheet(): Promise<void> {
  loading ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = antdCssUrl;
    const done = (ok: boolean) => {
      loaded = ok;
      for (const listener of listeners) listener();
      resolve();
    };
    // A failed stylesheet must not keep the app from starting: antd keeps its run-time styles.
    link.onload = () => done(true);
    link.onerror = () => done(false);
    // Before the shell's own stylesheet, so the shell's rules win at equal specificity.
    document.head.prepend(link);
  });
  return loading;
}

/**
 * True once antd.css is in the page: only then may antd skip its run-time styles
 * (theme.zeroRuntime). The login page renders before that with antd's run-time styles for its
 * few components, because the whole stylesheet on a slow line cost it ~0.6 s of LCP; the
 * stylesheet loads after the login page's first paint, and components mounted after it use it.
 */
export function useAntdStylesheetLoaded(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loaded,
  );
}
