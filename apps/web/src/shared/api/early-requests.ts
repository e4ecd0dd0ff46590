/**
 * A page's first data request, started before the page's chunks are in (issue 18 item 1): by
 * start-up on a page the server drew, by the sign-in for the home page, by a menu tap for the page
 * it opens. The page's query takes the running request instead of starting its own
 * (server-state.ts endpointQuery); one taker only.
 */
const running = new Map<string, { request: Promise<unknown>; startedAt: number }>();

/**
 * Older than this, a request nobody took is not taken any more (the page asks anew): a page that
 * was kept from mounting (a refused route, a tab that did not need it) must not be handed an old
 * answer minutes later.
 */
export const EARLY_REQUEST_MS = 15_000;

/** Another sign-in or a logout (session-store.ts): nothing started before is handed over. */
export function clearEarlyRequests(): void {
  running.clear();
}

const keyOf = (path: string, body: unknown) => `${path}\n${JSON.stringify(body ?? {})}`;

/** Starts the request, unless the same one is running and not yet taken (a redirect's second navigation). */
export function startEarlyRequest(path: string, body: unknown, start: () => Promise<unknown>): void {
  const key = keyOf(path, body);
  const already = running.get(key);
  if (already && Date.now() - already.startedAt < EARLY_REQUEST_MS) return;
  const request = start();
  // Whoever takes it sees the failure; until then it must not count as unhandled.
  request.catch(() => undefined);
  running.set(key, { request, startedAt: Date.now() });
}

export function takeEarlyRequest(path: string, body: unknown): Promise<unknown> | undefined {
  const key = keyOf(path, body);
  const started = running.get(key);
  running.delete(key);
  return started && Date.now() - started.startedAt < EARLY_REQUEST_MS ? started.request : undefined;
}
