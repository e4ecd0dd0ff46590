import { financeEndpoints } from '@partsportal/contract/finance';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { requireAuth } from '../../platform/request-context';
import type { FinanceService } from './finance.service';

export function registerFinanceRoutes(app: FastifyInstance, finance: FinanceService) {
  registerEndpoint(app, financeEndpoints.getPaymentList, ({ body, ctx }) =>
    finance.getPaymentList(requireAuth(ctx), body, ctx.language),
  );
  registerEndpoint(app, financeEndpoints.getPaymentDetail, ({ params, ctx }) =>
    finance.getPaymentDetail(requireAuth(ctx), params.id, ctx.language),
  );
  registerEndpoint(app, financeEndpoints.getFinanceAccount, ({ body, ctx }) =>
    finance.getFinanceAccount(requireAuth(ctx), body, ctx.language),
  );
  registerEndpoint(app, financeEndpoints.getPaymentDays, ({ ctx }) =>
    finance.getPaymentDays(requireAuth(ctx)),
  );
}
