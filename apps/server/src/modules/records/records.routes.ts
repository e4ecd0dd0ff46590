import type { Language } from '@partsportal/contract/codes';
import { MENU_CODES } from '@partsportal/contract/endpoint';
import {
  DELIVERY_NOTE_PDF_PATH,
  recordEndpoints,
  recordIdParamsSchema,
  recordPdfQuerySchema,
  SALES_BILL_PDF_PATH,
} from '@partsportal/contract/records';
import type { FastifyReply } from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../platform/auth-context';
import type { Repositories } from '../../repositories';
import { renderDeliveryNotePdf, renderSalesBillPdf } from './record-pdfs';
import { registerEndpoint, toFastifyPath } from '../../platform/endpoint-routes';
import { requireAuth } from '../../platform/request-context';
import type { RecordsServices } from './records.service';

export function registerRecordsRoutes(app: FastifyInstance, services: RecordsServices, repos: Repositories) {
  const { deliveries, sales, purchases } = services;
  const e = recordEndpoints;
  registerEndpoint(app, e.getDeliveryList, ({ body, ctx }) =>
    deliveries.list(requireAuth(ctx), body, ctx.language),
  );
  registerEndpoint(app, e.getDeliveryDetail, ({ params, ctx }) =>
    deliveries.detail(requireAuth(ctx), params.id, ctx.language),
  );
  registerEndpoint(app, e.getSalesList, ({ body, ctx }) => sales.list(requireAuth(ctx), body, ctx.language));
  registerEndpoint(app, e.getSalesDetail, ({ params, ctx }) =>
    sales.detail(requireAuth(ctx), params.id, ctx.language),
  );
  registerEndpoint(app, e.getSalesLineList, ({ body, ctx }) =>
    sales.lineList(requireAuth(ctx), body, ctx.language),
  );
  registerEndpoint(app, e.getPurchaseList, ({ body, ctx }) =>
    purchases.list(requireAuth(ctx), body, ctx.language),
  );
  registerEndpoint(app, e.getPurchaseDetail, ({ params, ctx }) =>
    purchases.detail(requireAuth(ctx), params.id, ctx.language),
  );
  registerEndpoint(app, e.getPurchaseLineList, ({ body, ctx }) =>
    purchases.lineList(requireAuth(ctx), body, ctx.language),
  );

  // The printable documents (issue 15 item 2): links, like the pictures and the statement PDF.
  const companyName = async (auth: AuthContext) =>
    (await repos.customers.findCompany(auth.accountId, auth.companyId))?.name ?? '';
  const sendPdf = (reply: FastifyReply, name: string, pdf: Buffer) =>
    reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${name.replace(/[^\w.-]/g, '_')}.pdf"`)
      .send(pdf);
  type PdfRequest = {
    Params: { id: number };
    Querystring: { lng?: Language; token?: string };
  };
  app.get<PdfRequest>(
    toFastifyPath(DELIVERY_NOTE_PDF_PATH),
    {
      config: { permission: [MENU_CODES.deliveryRecord], tokenInQuery: true },
      schema: { hide: true, params: recordIdParamsSchema, querystring: recordPdfQuerySchema },
    },
    async (request, reply) => {
      const auth = requireAuth(request.ctx);
      const language = request.query.lng ?? request.ctx.language;
      const detail = await deliveries.detail(auth, request.params.id, language);
      const poNumbers = await repos.orders.poNumbers(
        auth.companyId,
        detail.orders.map((order) => order.id),
      );
      const pdf = await renderDeliveryNotePdf({
        company: await companyName(auth),
        detail,
        language,
        poNumbers: [...poNumbers.values()],
      });
      return sendPdf(reply, detail.header.no, pdf);
    },
  );
  app.get<PdfRequest>(
    toFastifyPath(SALES_BILL_PDF_PATH),
    {
      config: { permission: [MENU_CODES.salesSearch], tokenInQuery: true },
      schema: { hide: true, params: recordIdParamsSchema, querystring: recordPdfQuerySchema },
    },
    async (request, reply) => {
      const auth = requireAuth(request.ctx);
      const language = request.query.lng ?? request.ctx.language;
      const detail = await sales.detail(auth, request.params.id, language);
      const orderId = detail.header.order_id;
      const poNumbers = await repos.orders.poNumbers(auth.companyId, orderId === null ? [] : [orderId]);
      const pdf = await renderSalesBillPdf({
        company: await companyName(auth),
        detail,
        language,
        poNumber: orderId === null ? '' : (poNumbers.get(orderId) ?? ''),
      });
      return sendPdf(reply, detail.header.no, pdf);
    },
  );
}
