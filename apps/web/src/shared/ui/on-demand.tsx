import { useEffect, useState, type ReactNode } from 'react';
import { t } from '../i18n/i18n';
import { toastError } from './feedback';

type Render<P> = (props: P) => ReactNode;

/**
 * A component whose code loads on first use (a dialog, the phone's drawer, the picture preview).
 * Render it only once `useOnDemand` says it is ready; until then it draws nothing.
 */
export interface OnDemand<P> {
  (props: P): ReactNode;
  /** Whether its code is in; every later user renders it at once. */
  readonly isLoaded: () => boolean;
  /** One request at a time; a failed one is forgotten, so the next call asks again. */
  readonly load: () => Promise<void>;
}

export function onDemand<P extends object>(loader: () => Promise<{ default: Render<P> }>): OnDemand<P> {
  let loaded: Render<P> | undefined;
  let pending: Promise<void> | undefined;
  const Part = (props: P) => {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : null;
  };
  return Object.assign(Part, {
    isLoaded: () => loaded !== undefined,
    load: () => {
      pending ??= loader().then(
        (module) => {
          loaded = module.default;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  });
}

/** How long a part that must stay wanted (a forced password change) waits before asking again. */
export const RETRY_MS = 5000;

/**
 * Whether `part` can be rendered; its code is asked for when `wanted` first turns true.
 *
 * Not React.lazy: a failed lazy() sends the whole page to the route's error page and never tries
 * again — a phone that lost its connection for a moment lost the page it was on. Here a load that
 * fails toasts the network error in the user's language and calls `onFailed` (the opener closes
 * again, so the next tap asks again); a part the caller keeps wanted asks again after RETRY_MS.
 */
export function useOnDemand<P>(part: OnDemand<P>, wanted: boolean, onFailed: () => void): boolean {
  const [, setVersion] = useState(0);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || part.isLoaded()) return;
    let current = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    part.load().then(
      () => {
        if (current) setVersion((version) => version + 1);
      },
      () => {
        if (!current) return;
        toastError(t('errors.network'), 'on-demand');
        onFailed();
        retry = setTimeout(() => setAttempt((value) => value + 1), RETRY_MS);
      },
    );
    return () => {
      current = false;
      clearTimeout(retry);
    };
    // onFailed is read when the load settles; a new closure each render must not reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [part, wanted, attempt]);
  return part.isLoaded();
}

/**
 * `useOnDemand` for a dialog or drawer that stays mounted once shown, so its closing animation
 * plays: whether to render it (from the first time it is open with its code in).
 */
export function useOnDemandShown<P>(part: OnDemand<P>, open: boolean, onFailed: () => void): boolean {
  const ready = useOnDemand(part, open, onFailed);
  const [shown, setShown] = useState(false);
  if (open && ready && !shown) setShown(true);
  return shown;
}

/**
 * Asks for `part` once the page has drawn, silently if that fails (a `useOnDemand` that wants it
 * asks again and says why): for what the first screen shows a stand-in of or keeps behind a tab.
 * Whether its code is in; the caller renders again when it comes.
 */
export function useOnDemandInBackground<P>(part: OnDemand<P>): boolean {
  const [, setArrived] = useState(false);
  useEffect(() => {
    if (part.isLoaded()) return;
    let live = true;
    // A task of its own after this render: the first screen does not wait for the part's code.
    const timer = setTimeout(() => {
      part.load().then(
        () => live && setArrived(true),
        () => undefined,
      );
    });
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [part]);
  return part.isLoaded();
}
