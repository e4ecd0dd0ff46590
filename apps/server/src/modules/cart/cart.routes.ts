import { cartEndpoints } from '@partsportal/contract/cart';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { requireAuth } from '../../platform/request-context';
import type { CartService } from './cart.service';

export function registerCartRoutes(app: FastifyInstance, cart: CartService) {
  registerEndpoint(app, cartEndpoints.addCart, ({ body, ctx }) => cart.addCart(requireAuth(ctx), body));
  registerEndpoint(app, cartEndpoints.batchAddCart, ({ body, ctx }) =>
    cart.batchAddCart(requireAuth(ctx), body),
  );
}
