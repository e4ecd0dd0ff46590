import { MENU_CODES } from '@partsportal/contract/endpoint';
import {
  FINANCE_STATEMENT_PDF_PATH,
  financeEndpoints,
  financeStatementPdfQuerySchema,
} from '@partsportal/contract/finance';
import type { z } from 'zod';
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
  // A download link (issue 17 item 16): the token in the query like the other links, the
  // language in `lng` (a link sends no Lng header).
  app.get<{ Querystring: z.output<typeof financeStatementPdfQuerySchema> }>(
    FINANCE_STATEMENT_PDF_PATH,
    {
      config: { permission: [MENU_CODES.financeAccount], tokenInQuery: true },
      schema: { hide: true, querystring: financeStatementPdfQuerySchema },
    },
    async (request, reply) => {
      const { dateFrom, dateTo, lng } = request.query;
      const language = lng ?? request.ctx.language;
      const pdf = await finance.statementPdf(
        requireAuth(request.ctx),
        {
          ...(dateFrom !== undefined ? { from: dateFrom } : {}),
          ...(dateTo !== undefined ? { to: dateTo } : {}),
        },
        language,
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="statement-${day}.pdf"`)
        .send(pdf);
    },
  );
}
