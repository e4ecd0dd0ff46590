import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useNavigate } from '@shared/hooks/use-navigate';

/**
 * The query string of a page that lives in a kept-alive tab. While another tab is active the
 * router's location belongs to that page, so this hook keeps returning the last query seen on
 * `path`: a hidden page never re-renders with a stranger's filters. Its setter does nothing while
 * the user is on another page; the page's effects apply a pending change when it is shown again.
 */
export function useRouteSearchParams(
  path: string,
): [URLSearchParams, (next: URLSearchParams, options?: { replace?: boolean }) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const active = location.pathname.toLowerCase() === path.toLowerCase();
  const [lastSearch, setLastSearch] = useState(location.search);
  // Adjusting state while rendering (React's documented pattern), only while this tab is shown.
  if (active && lastSearch !== location.search) setLastSearch(location.search);
  const search = active ? location.search : lastSearch;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: URLSearchParams, options?: { replace?: boolean }) => {
      // A page's own timers (search as you type) can fire after the user clicked away but before
      // the next page took over: React keeps this page on screen while the next one's chunk loads,
      // so it still renders as active. Navigating then pulled the user back here. The browser's
      // address is already the next page's (the router pushed it), so it decides.
      if (window.location.pathname.toLowerCase() !== path.toLowerCase()) return;
      const query = next.toString();
      void navigate({ pathname: path, search: query ? `?${query}` : '' }, { replace: options?.replace });
    },
    [navigate, path],
  );
  return [params, setParams];
}
