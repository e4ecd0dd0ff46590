import { freightEndpoints } from '@partsportal/contract/freight';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { requireAuth } from '../../platform/request-context';
import type { FreightService } from './freight.service';

export function registerFreightRoutes(app: FastifyInstance, freight: FreightService) {
  registerEndpoint(app, freightEndpoints.commonPost, ({ body, ctx }) =>
    freight.commonPost(requireAuth(ctx), body, ctx.language),
  );
}
