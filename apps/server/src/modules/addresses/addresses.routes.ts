import { addressEndpoints, deleteAddressQuerySchema } from '@partsportal/contract/addresses';
import { emptyBodySchema } from '@partsportal/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { translate } from '../../platform/messages';
import { requireAuth } from '../../platform/request-context';
import type { AddressesService } from './addresses.service';

export function registerAddressesRoutes(app: FastifyInstance, addresses: AddressesService) {
  registerEndpoint(app, addressEndpoints.getAddress, ({ ctx }) =>
    addresses.getAddress(requireAuth(ctx), ctx.language),
  );
  registerEndpoint(app, addressEndpoints.addAddress, ({ body, ctx }) =>
    addresses.addAddress(requireAuth(ctx), body, ctx.language),
  );
  registerEndpoint(app, addressEndpoints.updateAddress, ({ body, ctx }) =>
    addresses.updateAddress(requireAuth(ctx), body, ctx.language),
  );
  registerEndpoint(app, addressEndpoints.setDefaultAddress, ({ params, ctx }) =>
    addresses.setDefaultAddress(requireAuth(ctx), params.id, ctx.language),
  );

  // `/Web/DeleteAddress?id={id}`: the spec puts the id in the query string, which the endpoint
  // descriptors do not model, so this one route is declared by hand with the same envelope.
  const endpoint = addressEndpoints.deleteAddress;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    config: { permission: endpoint.permission },
    schema: {
      summary: endpoint.summary,
      querystring: deleteAddressQuerySchema,
      body: emptyBodySchema,
      response: { 200: z.object({ code: z.number(), msg: z.string(), data: endpoint.data.nullable() }) },
    },
    handler: async (request) => ({
      code: 200,
      msg: translate('ok', request.ctx.language),
      data: await addresses.deleteAddress(requireAuth(request.ctx), request.query.id),
    }),
  });
}
