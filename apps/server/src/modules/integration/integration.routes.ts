import { integrationOperations, type orderChangesQuerySchema } from '@partsportal/contract/integration';
import type { z } from 'zod';
import type { DataAccess } from '../../repositories';
import { batchRoutes } from './batch.routes';
import { createBatchUpsertsService } from './batch-upserts.service';
import { createOrderFeedService } from './order-feed.service';
import { handle, type OperationRegistration } from './integration-api';

/** Every operation of /api/v1 and the service call behind it (one line each, like the buyers' routes). */
export function integrationRoutes(
  deps: DataAccess & { hashPassword: (password: string) => Promise<string>; now?: () => Date },
): OperationRegistration[] {
  const feed = createOrderFeedService(deps);
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
    ...batchRoutes(createBatchUpsertsService(deps)),
  ];
}
