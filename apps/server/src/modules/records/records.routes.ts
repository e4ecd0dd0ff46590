import { recordEndpoints } from '@partsportal/contract/records';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { requireAuth } from '../../platform/request-context';
import type { RecordsServices } from './records.service';

export function registerRecordsRoutes(app: FastifyInstance, services: RecordsServices) {
  const { deliveries, sales, purchases } = services;
  const e = recordEndpoints;
  registerEndpoint(app, e.getDeliveryList, ({ body, ctx }) =>
    deliveries.list(requireAuth(ctx), body, ctx.language),
  );
  registerEndpoint(app, e.getDeliveryDetail, ({ params, ctx }) =>
    deliveries.detail(requireAuth(ctx), params.id, ctx.language),
  );
  registerEndpoint(app, e.getSalesList, ({ body, ctx }) => sales.list(requireAuth(ctx), body, ctx.language));
  registerEndpoint(app, e.getSalesDetail, ({ params, ctx }) =>
    sales.detail(requireAuth(ctx), params.id, ctx.language),
  );
  registerEndpoint(app, e.getSalesLineList, ({ body, ctx }) =>
    sales.lineList(requireAuth(ctx), body, ctx.language),
  );
  registerEndpoint(app, e.getPurchaseList, ({ body, ctx }) =>
    purchases.list(requireAuth(ctx), body, ctx.language),
  );
  registerEndpoint(app, e.getPurchaseDetail, ({ params, ctx }) =>
    purchases.detail(requireAuth(ctx), params.id, ctx.language),
  );
  registerEndpoint(app, e.getPurchaseLineList, ({ body, ctx }) =>
    purchases.lineList(requireAuth(ctx), body, ctx.language),
  );
}
