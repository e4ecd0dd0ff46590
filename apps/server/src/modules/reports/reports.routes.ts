import { LANGUAGES, ResultCode, type Language } from '@partsportal/contract/codes';
import {
  DEMAND_REPORT_EXPORT_PATH,
  DEMAND_REPORT_STAFF,
  SALES_REPORT_EXPORT_PATH,
  SALES_REPORT_STAFF,
  demandReportRequestSchema,
  reportsEndpoints,
  salesReportRequestSchema,
} from '@partsportal/contract/reports';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { describeFields } from '../../platform/error-handler';
import { AppError } from '../../platform/errors';
import { requireStaff } from '../../platform/request-context';
import type { ReportsService } from './reports.service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `1,2,3` → [1, 2, 3] (the exports take the report's filters as query parameters). */
const idList = z
  .string()
  .max(1200)
  .regex(/^\d{1,10}(,\d{1,10})*$/)
  .transform((text) => text.split(',').map(Number))
  .optional();

const salesExportQuery = z.object({
  month_from: z.string(),
  month_to: z.string(),
  group_by: z.string().max(60).optional(),
  company_ids: idList,
  brand_ids: idList,
  part_type_ids: idList,
  lang: z.enum(LANGUAGES).optional(),
});

const demandExportQuery = z.object({
  dateFrom: z.coerce.number().int().nonnegative().optional(),
  dateTo: z.coerce.number().int().nonnegative().optional(),
  source: z.string().optional(),
  company_id: z.coerce.number().int().positive().optional(),
  keyword: z.string().max(64).optional(),
  lang: z.enum(LANGUAGES).optional(),
});

/** A query that fails the JSON call's schema answers 40000 with the fields, as the JSON call would. */
function parseOrRefuse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((issue) => issue.path.join('.') || 'query');
  throw new AppError(ResultCode.validation, 'validation', { fields: describeFields(fields) });
}

export function registerReportsRoutes(app: FastifyInstance, reports: ReportsService) {
  registerEndpoint(app, reportsEndpoints.dashboard, ({ ctx }) =>
    reports.dashboard(requireStaff(ctx), ctx.language),
  );
  registerEndpoint(app, reportsEndpoints.sales, ({ body, ctx }) =>
    reports.salesReport(requireStaff(ctx), body, ctx.language),
  );
  registerEndpoint(app, reportsEndpoints.options, ({ ctx }) =>
    reports.options(requireStaff(ctx), ctx.language),
  );
  registerEndpoint(app, reportsEndpoints.demand, ({ body, ctx }) =>
    reports.demandReport(requireStaff(ctx), body),
  );

  // Downloads (the page fetches them with its Token header and saves the blob), with the same
  // filters as the JSON calls, checked by the same schemas.
  app.get(
    SALES_REPORT_EXPORT_PATH,
    { config: { permission: SALES_REPORT_STAFF }, schema: { hide: true, querystring: salesExportQuery } },
    async (request, reply) => {
      const query = request.query as z.output<typeof salesExportQuery>;
      const body = parseOrRefuse(salesReportRequestSchema, {
        month_from: query.month_from,
        month_to: query.month_to,
        ...(query.group_by ? { group_by: query.group_by.split(',') } : {}),
        ...(query.company_ids ? { company_ids: query.company_ids } : {}),
        ...(query.brand_ids ? { brand_ids: query.brand_ids } : {}),
        ...(query.part_type_ids ? { part_type_ids: query.part_type_ids } : {}),
      });
      const language: Language = query.lang ?? request.ctx.language;
      return reply
        .type(XLSX_TYPE)
        .header(
          'content-disposition',
          `attachment; filename="sales-${body.month_from}-${body.month_to}.xlsx"`,
        )
        .send(await reports.salesExport(requireStaff(request.ctx), body, language));
    },
  );
  app.get(
    DEMAND_REPORT_EXPORT_PATH,
    { config: { permission: DEMAND_REPORT_STAFF }, schema: { hide: true, querystring: demandExportQuery } },
    async (request, reply) => {
      const query = request.query as z.output<typeof demandExportQuery>;
      const { lang, ...filters } = query;
      const body = parseOrRefuse(
        demandReportRequestSchema,
        Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)),
      );
      const language: Language = lang ?? request.ctx.language;
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', 'attachment; filename="demand.xlsx"')
        .send(await reports.demandExport(requireStaff(request.ctx), body, language));
    },
  );
}
