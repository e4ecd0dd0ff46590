import { dashboardEndpoints } from '@partsportal/contract/dashboard';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { requireAuth } from '../../platform/request-context';
import type { DashboardService } from './dashboard.service';

export function registerDashboardRoutes(app: FastifyInstance, dashboard: DashboardService) {
  registerEndpoint(app, dashboardEndpoints.getDashboard, ({ ctx }) =>
    dashboard.getDashboard(requireAuth(ctx), ctx.language),
  );
}
