import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { Locale } from 'antd/es/locale';
import { AppProviders } from './providers';
import { AppRouter } from './router';

/**
 * Mounts the app (main.tsx loads this module with import(): React DOM, antd's core and the route
 * table evaluate in a task of their own, not in the entry's — decision 034).
 */
export function startApp(container: HTMLElement, antdLocale: Locale): void {
  const root = createRoot(container);
  // A transition renders in slices of a few milliseconds: the first screen (drawn by the server
  // or the login form) takes taps and scrolls while React builds the page behind it.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders antdLocale={antdLocale}>
          <AppRouter />
        </AppProviders>
      </StrictMode>,
    ),
  );
}
