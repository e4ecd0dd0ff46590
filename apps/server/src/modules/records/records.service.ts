import type { Repositories } from '../../repositories';
import { createBillsService } from './bills.service';
import { createDeliveriesService } from './deliveries.service';

/**
 * The records module's services: deliveries, and one bills service per bill type. Lists and
 * details only, so `readRepos` (reads that may be stale; the replica when configured, decision 027).
 */
export function createRecordsServices(readRepos: Repositories) {
  return {
    deliveries: createDeliveriesService({ repos: readRepos }),
    sales: createBillsService(readRepos.sales),
    purchases: createBillsService(readRepos.purchases),
  };
}

export type RecordsServices = ReturnType<typeof createRecordsServices>;
