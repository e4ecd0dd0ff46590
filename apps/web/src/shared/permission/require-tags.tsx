import type { ReactNode } from 'react';
import { useSessionStore } from '../stores/session-store';
import { hasAnyTag } from './access';

/** Spec §6: does the signed-in user hold any of these element tags (admin always does)? */
export function useHasAnyTag(tags: readonly string[]): boolean {
  const userInfo = useSessionStore((s) => s.userInfo);
  return hasAnyTag(tags, userInfo);
}

/** Renders its children only for users holding any of `tags`; otherwise `fallback`. */
export function RequireTags({
  tags,
  children,
  fallback = null,
}: {
  tags: readonly string[];
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useHasAnyTag(tags) ? children : fallback;
}
