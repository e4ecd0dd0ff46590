import { orderEndpoints } from '@partsportal/contract/orders';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { requireAuth } from '../../platform/request-context';
import type { OrdersService } from './orders.service';

export function registerOrdersRoutes(app: FastifyInstance, orders: OrdersService) {
  registerEndpoint(app, orderEndpoints.getPendingOrders, ({ body, ctx }) =>
    orders.getPendingOrders(requireAuth(ctx), body, ctx.language),
  );
  registerEndpoint(app, orderEndpoints.reSubmitCartForWeb, ({ params, ctx }) =>
    orders.reSubmitCartForWeb(requireAuth(ctx), params.id),
  );
  registerEndpoint(app, orderEndpoints.cancelOrder, ({ params, ctx }) =>
    orders.cancelOrder(requireAuth(ctx), params.id),
  );
  registerEndpoint(app, orderEndpoints.getOrderList, ({ body, ctx }) =>
    orders.getOrderList(requireAuth(ctx), body),
  );
  registerEndpoint(app, orderEndpoints.getOrderDetail, ({ params, ctx }) =>
    orders.getOrderDetail(requireAuth(ctx), params.id, ctx.language),
  );
  registerEndpoint(app, orderEndpoints.updateOrderLine, ({ body, ctx }) =>
    orders.updateOrderLine(requireAuth(ctx), body, ctx.language),
  );
  registerEndpoint(app, orderEndpoints.deleteOrderLine, ({ body, ctx }) =>
    orders.deleteOrderLine(requireAuth(ctx), body, ctx.language),
  );
  registerEndpoint(app, orderEndpoints.buyAgain, ({ params, ctx }) =>
    orders.buyAgain(requireAuth(ctx), params.id),
  );
  registerEndpoint(app, orderEndpoints.getOrderLineList, ({ body, ctx }) =>
    orders.getOrderLineList(requireAuth(ctx), body, ctx.language),
  );
}
