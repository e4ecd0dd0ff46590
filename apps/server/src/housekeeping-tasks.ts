import { DEMAND_KEPT_MONTHS } from '@partsportal/contract/reports';
import type { HousekeepingTask } from './platform/housekeeping';
import type { RateLimitStore } from './platform/rate-limiter';
import type { Repositories } from './repositories';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How long per-row import results and uploaded import files are kept after the import's last step. */
export const IMPORT_RESULTS_KEPT_DAYS = 30;

/**
 * What the scheduled clean-up prunes (platform/housekeeping.ts), one entry per table that grows
 * with use. A module with such a table adds its task here. Only repositories (and the rate-limit
 * store), so the server and the worker process (worker.ts) run the same list.
 */
export function housekeepingTasks(deps: {
  repos: Repositories;
  rateLimits?: Pick<RateLimitStore, 'prune'>;
}): HousekeepingTask[] {
  const { repos } = deps;
  const before = (now: Date, ms: number) => new Date(now.getTime() - ms);
  return [
    // Ended buyer sessions a day after, sign-in failures after two hours (the lockout window).
    {
      name: 'sessions',
      run: async (now) => {
        await repos.auth.pruneFailures(before(now, 2 * HOUR_MS));
        await repos.auth.pruneSessions(before(now, DAY_MS));
      },
    },
    { name: 'staff-sessions', run: (now) => repos.staff.pruneSessions(before(now, DAY_MS)) },
    ...(deps.rateLimits ? [{ name: 'rate-limits', run: () => deps.rateLimits!.prune() }] : []),
    {
      name: 'import-results',
      run: (now) => repos.imports.pruneOlderThan(before(now, IMPORT_RESULTS_KEPT_DAYS * DAY_MS)),
    },
    // The demand report's misses (issue 15 item 6): 13 months, so a year compares with the last.
    {
      name: 'demand-misses',
      run: (now) => {
        const cut = new Date(now);
        cut.setUTCMonth(cut.getUTCMonth() - DEMAND_KEPT_MONTHS);
        return repos.reports.pruneMisses(cut);
      },
    },
    // /api/v1 batches: their per-row results and idempotency keys, after their keeping time.
    { name: 'api-batches', run: async () => ({ batches: await repos.apiBatches.pruneExpired() }) },
  ];
}
