/**
 * A page's first data request, started by start-up before React mounts (issue 18 item 1): on a
 * page the server drew, the session and config are known at once, so the dashboard's figures
 * need not wait for the layout and page chunks. The page's query takes the running request
 * instead of starting its own (server-state.ts endpointQuery); one taker only.
 */
const running = new Map<string, Promise<unknown>>();

const keyOf = (path: string, body: unknown) => `${path}\n${JSON.stringify(body ?? {})}`;

export function startEarlyRequest(path: string, body: unknown, start: () => Promise<unknown>): void {
  const request = start();
  // Whoever takes it sees the failure; until then it must not count as unhandled.
  request.catch(() => undefined);
  running.set(keyOf(path, body), request);
}

export function takeEarlyRequest(path: string, body: unknown): Promise<unknown> | undefined {
  const key = keyOf(path, body);
  const request = running.get(key);
  running.delete(key);
  return request;
}
