import { useContext, useMemo } from 'react';
import { UNSAFE_NavigationContext, type Navigator, type To } from 'react-router';

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  /** Through the history: -1 is the browser's back. */
  (delta: number): void;
}

/** What one navigation asks of the router's navigator (the browser history). */
export function navigateWith(navigator: Pick<Navigator, 'push' | 'replace' | 'go'>): NavigateFunction {
  return (to: To | number, options?: NavigateOptions) => {
    if (typeof to === 'number') {
      navigator.go(to);
      return;
    }
    // The app's paths are absolute; react-router would resolve a relative one against the route,
    // this does not, so it refuses one rather than go somewhere else.
    const pathname = typeof to === 'string' ? to : to.pathname;
    if (pathname !== undefined && !pathname.startsWith('/'))
      throw new Error(`navigate: "${pathname}" is not an absolute path`);
    if (options?.replace) navigator.replace(to, options.state);
    else navigator.push(to, options?.state);
  };
}

/**
 * react-router's useNavigate, the same function for the component's whole life. Under the
 * declarative router (app/router.tsx, decision 037) react-router's own hook reads the location,
 * so every component calling it would re-render on every navigation — each page kept alive in a
 * hidden tab too. The navigator is the router's, so links, <Navigate> and this share one history.
 */
export function useNavigate(): NavigateFunction {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  return useMemo(() => navigateWith(navigator), [navigator]);
}
