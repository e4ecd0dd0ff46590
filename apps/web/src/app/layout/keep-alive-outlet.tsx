import { Activity, Suspense, useEffect, useState, type ReactElement } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { PageSpinner } from '@shared/ui/page-spinner';
import { PageErrorBoundary } from '../page-error-boundary';
import { findRoute } from '../route-table';
import { useTagsStore } from './tags-store';

/**
 * Keep-alive for tag views (issue 3 §5): every open, cacheable tab stays mounted inside a
 * hidden <Activity>, so its state (filters, form input) survives tab switches; its effects
 * are paused while hidden. noCache routes are rendered only while active. A refresh bumps
 * the tab's version, which changes the key and remounts the page.
 */
export function KeepAliveOutlet({ onPageShown }: { onPageShown?: () => void }) {
  const location = useLocation();
  const outlet = useOutlet();
  const views = useTagsStore((s) => s.views);
  const versions = useTagsStore((s) => s.versions);
  const route = findRoute(location.pathname);
  const activeKey = route?.path;
  const cacheable = route !== undefined && !route.noCache && outlet !== null;
  const [cache, setCache] = useState<ReadonlyMap<string, ReactElement>>(new Map());

  // Adjusting state while rendering (React's documented pattern): add the new page, drop closed tabs.
  const openKeys = new Set(views.map((v) => v.key));
  const stale = [...cache.keys()].filter((key) => !openKeys.has(key) && key !== activeKey);
  if ((cacheable && activeKey && !cache.has(activeKey)) || stale.length > 0) {
    const next = new Map(cache);
    for (const key of stale) next.delete(key);
    if (cacheable && activeKey && !next.has(activeKey)) next.set(activeKey, outlet);
    setCache(next);
  }

  // Spec §2: navigation resets scroll to top; a kept-alive tab gets its own scroll back.
  const [scrolls] = useState(() => new Map<string, number>());
  useEffect(() => {
    const key = activeKey;
    window.scrollTo(0, (key && cacheable && scrolls.get(key)) || 0);
    return () => {
      if (key) scrolls.set(key, window.scrollY);
    };
  }, [activeKey, cacheable, scrolls]);

  return (
    <>
      {[...cache.entries()].map(([key, element]) => (
        <Activity key={`${key}#${versions[key] ?? 0}`} mode={key === activeKey ? 'visible' : 'hidden'}>
          {/* A page that cannot be drawn fails alone: the menu and the other tabs stay; the tab's
              refresh (a new key above) tries again. */}
          <PageErrorBoundary resetKey={key}>
            <Suspense fallback={<PageSpinner />}>
              {key === activeKey && outlet ? outlet : element}
              {key === activeKey && <PageShown onShown={onPageShown} />}
            </Suspense>
          </PageErrorBoundary>
        </Activity>
      ))}
      {!cacheable && (
        <PageErrorBoundary
          key={`${activeKey ?? location.pathname}#${(activeKey && versions[activeKey]) ?? 0}`}
          resetKey={activeKey ?? location.pathname}
        >
          <Suspense fallback={<PageSpinner />}>
            {outlet}
            <PageShown onShown={onPageShown} />
          </Suspense>
        </PageErrorBoundary>
      )}
    </>
  );
}

/**
 * Rendered after the page inside its Suspense: its effect runs once the page's chunk has loaded
 * and the page is on screen (a suspended page commits nothing of the boundary).
 */
function PageShown({ onShown }: { onShown?: () => void }) {
  useEffect(() => onShown?.(), [onShown]);
  return null;
}
