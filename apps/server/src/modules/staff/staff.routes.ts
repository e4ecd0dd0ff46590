import { staffEndpoints } from '@partsportal/contract/staff';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { requireStaff } from '../../platform/request-context';
import type { StaffService } from './staff.service';

export function registerStaffRoutes(app: FastifyInstance, staff: StaffService) {
  registerEndpoint(app, staffEndpoints.login, ({ body, ctx }) => staff.login(body, ctx.ip));
  registerEndpoint(app, staffEndpoints.startEnrolment, ({ ctx }) => staff.startEnrolment(requireStaff(ctx)));
  registerEndpoint(app, staffEndpoints.confirmEnrolment, ({ body, ctx }) =>
    staff.confirmEnrolment(requireStaff(ctx), body, ctx.ip),
  );
  registerEndpoint(app, staffEndpoints.verify, ({ body, ctx }) =>
    staff.verify(requireStaff(ctx), body, ctx.ip),
  );
  registerEndpoint(app, staffEndpoints.logout, ({ ctx }) => staff.logout(requireStaff(ctx)));
  registerEndpoint(app, staffEndpoints.info, ({ ctx }) => staff.info(requireStaff(ctx)));
  registerEndpoint(app, staffEndpoints.changePassword, ({ body, ctx }) =>
    staff.changePassword(requireStaff(ctx), body, ctx.ip),
  );
  registerEndpoint(app, staffEndpoints.list, ({ body, ctx }) => staff.list(requireStaff(ctx), body));
  registerEndpoint(app, staffEndpoints.create, ({ body, ctx }) =>
    staff.create(requireStaff(ctx), body, ctx.ip),
  );
  registerEndpoint(app, staffEndpoints.update, ({ body, ctx }) =>
    staff.update(requireStaff(ctx), body, ctx.ip),
  );
  registerEndpoint(app, staffEndpoints.resetPassword, ({ body, ctx }) =>
    staff.resetPassword(requireStaff(ctx), body.id, ctx.ip),
  );
  registerEndpoint(app, staffEndpoints.resetSecondFactor, ({ body, ctx }) =>
    staff.resetSecondFactor(requireStaff(ctx), body.id, ctx.ip),
  );
}
