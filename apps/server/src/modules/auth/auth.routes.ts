import { authEndpoints } from '@partsportal/contract/auth';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { requireAuth } from '../../platform/request-context';
import type { AuthService } from './auth.service';

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService) {
  registerEndpoint(app, authEndpoints.login, ({ body, ctx }) => auth.login(body, ctx.ip, ctx.language));
  registerEndpoint(app, authEndpoints.logout, async ({ ctx }) => {
    await auth.logout(requireAuth(ctx));
    return null;
  });
  registerEndpoint(app, authEndpoints.getUserInfo, ({ ctx }) => auth.userInfo(requireAuth(ctx)));
  registerEndpoint(app, authEndpoints.changePassword, ({ body, ctx }) =>
    auth.changePassword(requireAuth(ctx), body, ctx.language, ctx.ip),
  );
  registerEndpoint(app, authEndpoints.startTwoFactor, ({ ctx }) => auth.startTwoFactor(requireAuth(ctx)));
  registerEndpoint(app, authEndpoints.confirmTwoFactor, ({ body, ctx }) =>
    auth.confirmTwoFactor(requireAuth(ctx), body),
  );
  registerEndpoint(app, authEndpoints.disableTwoFactor, ({ body, ctx }) =>
    auth.disableTwoFactor(requireAuth(ctx), body, ctx.ip),
  );
}
