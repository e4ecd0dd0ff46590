import type { Repositories } from '../../repositories';
import { createBillsService } from './bills.service';
import { createDeliveriesService } from './deliveries.service';

/** The records module's services: deliveries, and one bills service per bill type. */
export function createRecordsServices(repos: Repositories) {
  return {
    deliveries: createDeliveriesService({ repos }),
    sales: createBillsService(repos.sales),
    purchases: createBillsService(repos.purchases),
  };
}

export type RecordsServices = ReturnType<typeof createRecordsServices>;
