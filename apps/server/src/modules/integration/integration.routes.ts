import { integrationOperations, type orderChangesQuerySchema } from '@partsportal/contract/integration';
import type { z } from 'zod';
import type { DataAccess } from '../../repositories';
import { batchRoutes } from './batch.routes';
import { createBatchUpsertsService } from './batch-upserts.service';
import { createOrderFeedService } from './order-feed.service';
import type { PaymentsDeskService } from '../payments-desk/payments-desk.service';
import { handle, type OperationRegistration } from './integration-api';
import { createPaymentsIn } from './payments-in';
import { createRefundsApi } from './refunds-api';
import type { RefundsService } from '../payments-desk/refunds.service';
import { supersessionRoutes } from '../supersessions/supersessions.routes';
import type { TableStatistics } from '../imports/table-statistics';

/** Every operation of /api/v1 and the service call behind it (one line each, like the buyers' routes). */
export function integrationRoutes(
  deps: DataAccess & {
    paymentsDesk: PaymentsDeskService;
    refunds: RefundsService;
    hashPassword: (password: string) => Promise<string>;
    now?: () => Date;
    statistics?: TableStatistics;
  },
): OperationRegistration[] {
  const feed = createOrderFeedService(deps);
  const paymentsIn = createPaymentsIn(deps);
  const batches = createBatchUpsertsService(deps);
  const refundsApi = createRefundsApi(deps.refunds);
  return [
    handle(integrationOperations.me, async ({ key }) => ({
      name: key.name,
      prefix: key.prefix,
      scopes: [...key.scopes],
      expires_at: key.expiresAt?.toISOString() ?? null,
      rate_limit_per_minute: key.rateLimitPerMinute,
    })),
    handle(integrationOperations.orderChanges, ({ key, query }) =>
      feed.changes(key.accountId, query as z.output<typeof orderChangesQuerySchema>),
    ),
    handle(integrationOperations.recordPayment, ({ key, body, language, request }) =>
      paymentsIn({ key, body, language, ip: request.ip }),
    ),
    handle(integrationOperations.refundPayment, ({ key, body, language, request }) =>
      refundsApi({ key, body, language, request }),
    ),
    ...batchRoutes(batches),
    ...supersessionRoutes(batches),
  ];
}
