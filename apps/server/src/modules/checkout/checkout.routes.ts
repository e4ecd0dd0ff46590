import { checkoutEndpoints } from '@partsportal/contract/checkout';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { requireAuth } from '../../platform/request-context';
import type { CheckoutService } from './checkout.service';

export function registerCheckoutRoutes(app: FastifyInstance, checkout: CheckoutService) {
  registerEndpoint(app, checkoutEndpoints.submitCart, ({ body, ctx }) =>
    checkout.submitCart(requireAuth(ctx), body, ctx.language),
  );
  registerEndpoint(app, checkoutEndpoints.saveSubmits, ({ body, ctx }) =>
    checkout.saveSubmits(requireAuth(ctx), body, ctx.headers, ctx.language),
  );
}
