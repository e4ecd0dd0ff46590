import { addressEndpoints } from '@partsportal/contract/addresses';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { requireAuth } from '../../platform/request-context';
import type { AreasService } from './areas.service';

export function registerAreasRoutes(app: FastifyInstance, areas: AreasService) {
  registerEndpoint(
    app,
    addressEndpoints.getAllAreas,
    async ({ ctx }) => {
      requireAuth(ctx);
      return areas.getAllAreas(ctx.language);
    },
    { etag: true },
  );
}
