import { purchasesDeskEndpoints } from '@partsportal/contract/purchases-desk';
import type { FastifyInstance } from 'fastify';
import type { RequestContext } from '../../platform/auth-context';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { requireStaff } from '../../platform/request-context';
import { staffActor } from '../staff/staff.service';
import type { PurchaseActor, PurchasesDeskService } from './purchases-desk.service';

/** The signed-in staff member as the purchaser (audit: login and address). */
const actor = (ctx: RequestContext): PurchaseActor => {
  const staff = requireStaff(ctx);
  return { accountId: staff.accountId, name: staff.name, audit: staffActor(staff, ctx.ip) };
};

export function registerPurchasesDeskRoutes(app: FastifyInstance, desk: PurchasesDeskService) {
  const e = purchasesDeskEndpoints;
  registerEndpoint(app, e.list, ({ body, ctx }) => desk.list(actor(ctx), body));
  registerEndpoint(app, e.detail, ({ body, ctx }) => desk.detail(actor(ctx), body.id, ctx.language));
  registerEndpoint(app, e.options, ({ ctx }) => desk.options(actor(ctx), ctx.language));
  registerEndpoint(app, e.findParts, ({ body, ctx }) =>
    desk.findParts(actor(ctx), body.keyword, ctx.language),
  );
  registerEndpoint(app, e.create, ({ body, ctx }) => desk.create(actor(ctx), body));
  registerEndpoint(app, e.update, ({ body, ctx }) => desk.update(actor(ctx), body));
  registerEndpoint(app, e.order, ({ body, ctx }) => desk.order(actor(ctx), body.id));
  registerEndpoint(app, e.receive, ({ body, ctx }) => desk.receive(actor(ctx), body, ctx.language));
  registerEndpoint(app, e.cancel, ({ body, ctx }) => desk.cancel(actor(ctx), body.id, body.reason));
}
