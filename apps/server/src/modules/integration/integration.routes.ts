import { integrationOperations } from '@partsportal/contract/integration';
import type { OperationRegistration } from './integration-api';

/** Every operation of /api/v1 and the service call behind it (one line each, like the buyers' routes). */
export function integrationRoutes(): OperationRegistration[] {
  return [
    {
      operation: integrationOperations.me,
      handler: async ({ key }) => ({
        name: key.name,
        prefix: key.prefix,
        scopes: [...key.scopes],
        expires_at: key.expiresAt?.toISOString() ?? null,
        rate_limit_per_minute: key.rateLimitPerMinute,
      }),
    },
  ];
}
