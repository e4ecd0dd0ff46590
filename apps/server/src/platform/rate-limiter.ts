/**
 * A fixed-window counter kept in memory. Good for one process; a cluster of servers would
 * move it to Redis (documented in docs/ARCHITECTURE.md).
 */
export interface RateLimiter {
  /** Count one hit for `key`; `allowed` is false once the window's limit is passed. */
  hit(key: string, now?: number): { allowed: boolean; retryAfterMs: number };
  reset(key: string): void;
}

export function createRateLimiter(options: {
  limit: number;
  windowMs: number;
  maxKeys?: number;
}): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  const maxKeys = options.maxKeys ?? 100_000;
  return {
    hit(key, now = Date.now()) {
      let window = windows.get(key);
      if (!window || now - window.start >= options.windowMs) {
        if (windows.size >= maxKeys) prune(now);
        window = { start: now, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      const allowed = window.count <= options.limit;
      return { allowed, retryAfterMs: allowed ? 0 : window.start + options.windowMs - now };
    },
    reset(key) {
      windows.delete(key);
    },
  };

  function prune(now: number) {
    for (const [key, window] of windows) if (now - window.start >= options.windowMs) windows.delete(key);
    // Still full (an attack with many keys): drop the oldest half rather than grow without bound.
    if (windows.size >= maxKeys) {
      let drop = Math.floor(windows.size / 2);
      for (const key of windows.keys()) {
        if (drop-- <= 0) break;
        windows.delete(key);
      }
    }
  }
}
