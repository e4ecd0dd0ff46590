import { cartEndpoints } from '@partsportal/contract/cart';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { requireAuth } from '../../platform/request-context';
import type { CartService } from './cart.service';

/** JSON of 1,000,000 pasted characters: up to 3 bytes each in UTF-8, plus escapes of tabs. */
const MATCH_BODY_LIMIT = 4 * 1024 * 1024;

export function registerCartRoutes(app: FastifyInstance, cart: CartService) {
  app.addHook('onRoute', (route) => {
    if (route.url.endsWith(cartEndpoints.matchPartNumbers.path)) route.bodyLimit = MATCH_BODY_LIMIT;
  });
  registerEndpoint(app, cartEndpoints.addCart, ({ body, ctx }) => cart.addCart(requireAuth(ctx), body));
  registerEndpoint(app, cartEndpoints.batchAddCart, ({ body, ctx }) =>
    cart.batchAddCart(requireAuth(ctx), body),
  );
  registerEndpoint(app, cartEndpoints.getCartList, ({ params, ctx }) =>
    cart.cartList(requireAuth(ctx), params.n, ctx.language),
  );
  registerEndpoint(app, cartEndpoints.getCartListAll, ({ ctx }) =>
    cart.cartList(requireAuth(ctx), 0, ctx.language),
  );
  registerEndpoint(app, cartEndpoints.updateCart, ({ body, ctx }) =>
    cart.updateCart(requireAuth(ctx), body, ctx.language),
  );
  registerEndpoint(app, cartEndpoints.removeCart, ({ body, ctx }) => cart.removeCart(requireAuth(ctx), body));
  registerEndpoint(app, cartEndpoints.clearCart, ({ ctx }) => cart.clearCart(requireAuth(ctx)));
  registerEndpoint(app, cartEndpoints.getCartCpidAndStoreIds, ({ ctx }) => cart.cartKeys(requireAuth(ctx)));
  registerEndpoint(app, cartEndpoints.getCartListByCpidAndStoreIds, ({ body, ctx }) =>
    cart.linesByKeys(requireAuth(ctx), body, ctx.language),
  );
  registerEndpoint(app, cartEndpoints.addProBodyByNumber, ({ body, ctx }) =>
    cart.addByNumber(requireAuth(ctx), body, ctx.language),
  );
  registerEndpoint(app, cartEndpoints.matchPartNumbers, ({ body, ctx }) =>
    cart.matchText(requireAuth(ctx), body.text, ctx.language),
  );
}
