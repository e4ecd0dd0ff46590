import { orderDeskEndpoints } from '@partsportal/contract/order-desk';
import type { FastifyInstance } from 'fastify';
import type { RequestContext } from '../../platform/auth-context';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { requireStaff } from '../../platform/request-context';
import { staffActor } from '../staff/staff.service';
import type { DeskActor, OrderDeskService } from './order-desk.service';

/** The signed-in staff member as the order desk's actor (audit: login and address). */
const actor = (ctx: RequestContext): DeskActor => {
  const staff = requireStaff(ctx);
  return { accountId: staff.accountId, audit: staffActor(staff, ctx.ip) };
};

export function registerOrderDeskRoutes(app: FastifyInstance, desk: OrderDeskService) {
  const e = orderDeskEndpoints;
  registerEndpoint(app, e.queue, ({ body, ctx }) => desk.queue(actor(ctx), body));
  registerEndpoint(app, e.detail, ({ body, ctx }) => desk.detail(actor(ctx), body.id, ctx.language));
  registerEndpoint(app, e.confirm, ({ body, ctx }) => desk.confirm(actor(ctx), body.id, body.remark));
  registerEndpoint(app, e.reject, ({ body, ctx }) => desk.reject(actor(ctx), body.id, body.reason));
  registerEndpoint(app, e.cancel, ({ body, ctx }) => desk.cancel(actor(ctx), body.id, body.reason));
  registerEndpoint(app, e.hold, ({ body, ctx }) => desk.hold(actor(ctx), body.id, body.reason));
  registerEndpoint(app, e.release, ({ body, ctx }) => desk.release(actor(ctx), body.id));
  registerEndpoint(app, e.updateLine, ({ body, ctx }) => desk.updateLine(actor(ctx), body, ctx.language));
  registerEndpoint(app, e.removeLine, ({ body, ctx }) => desk.removeLine(actor(ctx), body, ctx.language));
  registerEndpoint(app, e.addLine, ({ body, ctx }) => desk.addLine(actor(ctx), body, ctx.language));
  registerEndpoint(app, e.findParts, ({ body, ctx }) =>
    desk.findParts(actor(ctx), body.id, body.keyword, ctx.language),
  );
  registerEndpoint(app, e.shipOptions, ({ ctx }) => desk.shipOptions(actor(ctx), ctx.language));
  registerEndpoint(app, e.ship, ({ body, ctx }) =>
    desk.ship(
      actor(ctx),
      body.id,
      {
        storeId: body.store_id,
        carrierId: body.carrier_id,
        carrierName: body.logistics_name,
        waybill: body.logistics_no,
        date: body.date === undefined ? undefined : new Date(body.date * 1000),
        lines: body.lines.map((line) => ({ lineId: line.line_id, qty: line.qty })),
      },
      ctx.language,
    ),
  );
}
