import { apiKeyEndpoints } from '@partsportal/contract/api-keys';
import type { ApiScope } from '@partsportal/contract/integration';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { notFound } from '../../platform/errors';
import { requireStaff } from '../../platform/request-context';
import { staffActor } from '../staff/staff.service';
import type { ApiKeysService } from './api-keys.service';

const DAY_MS = 86_400_000;

/** The owner's API keys screen (issue 13 item 1): the same service as `npm run admin -- api-key`. */
export function registerApiKeysRoutes(app: FastifyInstance, apiKeys: ApiKeysService, now: () => Date) {
  registerEndpoint(app, apiKeyEndpoints.list, ({ ctx }) => apiKeys.listForStaff(requireStaff(ctx).accountId));
  registerEndpoint(app, apiKeyEndpoints.create, async ({ body, ctx }) => {
    const staff = requireStaff(ctx);
    const created = await apiKeys.create(
      {
        accountId: staff.accountId,
        name: body.name,
        scopes: body.scopes as ApiScope[],
        expiresAt: body.expires_days ? new Date(now().getTime() + body.expires_days * DAY_MS) : null,
        ...(body.rate_limit_per_minute ? { rateLimitPerMinute: body.rate_limit_per_minute } : {}),
      },
      staffActor(staff, ctx.ip),
    );
    return { id: created.id, prefix: created.prefix, key: created.key };
  });
  registerEndpoint(app, apiKeyEndpoints.revoke, async ({ body, ctx }) => {
    const staff = requireStaff(ctx);
    const revoked = await apiKeys.revoke(staff.accountId, { id: body.id }, staffActor(staff, ctx.ip));
    if (!revoked) throw notFound();
    return null;
  });
}
