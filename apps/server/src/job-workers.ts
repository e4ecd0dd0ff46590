import type { Config } from './config';
import { createImportsService } from './modules/imports/imports.service';
import { createWebhooksService } from './modules/webhooks/webhooks.service';
import type { JobLogger, JobQueue } from './platform/jobs';
import type { DataAccess } from './repositories';
import type { TableStatistics } from './modules/imports/table-statistics';

/**
 * The services that own queued jobs, built once per process: the server uses them for its
 * routes too, the worker process (worker.ts) only for their handlers. Which process runs the
 * handlers is JOBS (config.ts): the same code either way.
 */
export function createJobServices(
  deps: DataAccess & { jobs: JobQueue; config: Config; logger: JobLogger; statistics?: TableStatistics },
) {
  return {
    imports: createImportsService(deps),
    webhooks: createWebhooksService(deps),
  };
}

export type JobServices = ReturnType<typeof createJobServices>;

/** Starts every job handler in this process (and the webhook dispatcher); the returned function stops them. */
export async function startJobWorkers(services: JobServices): Promise<() => Promise<void>> {
  await services.imports.startWorkers();
  await services.webhooks.startWorkers();
  return () => services.webhooks.stop();
}
