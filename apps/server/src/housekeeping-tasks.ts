import type { AuthService } from './modules/auth/auth.service';
import type { StaffService } from './modules/staff/staff.service';
import type { HousekeepingTask } from './platform/housekeeping';
import type { Repositories } from './repositories';

const DAY_MS = 86_400_000;

/** How long per-row import results and uploaded import files are kept after the import's last step. */
export const IMPORT_RESULTS_KEPT_DAYS = 30;

/**
 * What the scheduled clean-up prunes (platform/housekeeping.ts), one entry per table that grows
 * with use. A module with such a table adds its task here.
 */
export function housekeepingTasks(deps: {
  repos: Repositories;
  authService: Pick<AuthService, 'pruneExpired'>;
  staffService: Pick<StaffService, 'pruneExpired'>;
}): HousekeepingTask[] {
  return [
    // Ended buyer sessions (a day after), sign-in failures (two hours), rate-limit rows.
    { name: 'sessions', run: () => deps.authService.pruneExpired() },
    { name: 'staff-sessions', run: () => deps.staffService.pruneExpired() },
    {
      name: 'import-results',
      run: (now) =>
        deps.repos.imports.pruneOlderThan(new Date(now.getTime() - IMPORT_RESULTS_KEPT_DAYS * DAY_MS)),
    },
    // /api/v1 batches: their per-row results and idempotency keys, after their keeping time.
    { name: 'api-batches', run: async () => ({ batches: await deps.repos.apiBatches.pruneExpired() }) },
  ];
}
