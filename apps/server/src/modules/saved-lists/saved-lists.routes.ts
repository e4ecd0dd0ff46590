import { savedListEndpoints as e } from '@partsportal/contract/saved-lists';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { requireAuth } from '../../platform/request-context';
import type { SavedListsService } from './saved-lists.service';

export function registerSavedListsRoutes(app: FastifyInstance, lists: SavedListsService) {
  registerEndpoint(app, e.getSavedLists, ({ ctx }) => lists.lists(requireAuth(ctx)));
  registerEndpoint(app, e.getSavedList, ({ params, ctx }) =>
    lists.detail(requireAuth(ctx), params.id, ctx.language),
  );
  registerEndpoint(app, e.saveCartAsList, ({ body, ctx }) => lists.saveCart(requireAuth(ctx), body));
  registerEndpoint(app, e.renameSavedList, ({ body, ctx }) => lists.rename(requireAuth(ctx), body));
  registerEndpoint(app, e.deleteSavedList, ({ body, ctx }) => lists.remove(requireAuth(ctx), body.id));
  registerEndpoint(app, e.addSavedListToCart, ({ params, ctx }) =>
    lists.addToCart(requireAuth(ctx), params.id),
  );
}
