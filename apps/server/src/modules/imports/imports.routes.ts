import multipart from '@fastify/multipart';
import { LANGUAGES, ResultCode, type Language } from '@partsportal/contract/codes';
import {
  IMPORT_PLACEHOLDER_PERMISSION,
  IMPORT_REPORT_PATH,
  IMPORT_TEMPLATE_DOWNLOAD_PATH,
  IMPORT_UPLOAD_FILE_FIELD,
  IMPORT_UPLOAD_PATH,
  importEndpoints,
  importKindSchema,
} from '@partsportal/contract/imports';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { RequestContext } from '../../platform/auth-context';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { AppError } from '../../platform/errors';
import { translate } from '../../platform/messages';
import type { ImportActor, ImportsService } from './imports.service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// TODO(staff): owner, catalogue — the routes are 'public' until the lead gives them the staff
// permission (contract IMPORT_PLACEHOLDER_PERMISSION → { staff: ['catalogue'] }); the staff
// session is then always there and the anonymous branch goes.
const actorOf = (ctx: RequestContext, config: Pick<Config, 'accountId'>): ImportActor =>
  ctx.staff
    ? {
        accountId: ctx.staff.accountId,
        who: ctx.staff.login,
        audit: { kind: 'staff', id: ctx.staff.staffId, name: ctx.staff.login, ip: ctx.ip },
      }
    : {
        accountId: config.accountId,
        who: 'anonymous',
        audit: { kind: 'system', id: null, name: 'anonymous (no staff permission yet)', ip: ctx.ip },
      };

export function registerImportsRoutes(
  app: FastifyInstance,
  imports: ImportsService,
  config: Pick<Config, 'accountId' | 'importMaxBytes'>,
) {
  const actor = (ctx: RequestContext) => actorOf(ctx, config);
  registerEndpoint(app, importEndpoints.suggestMapping, ({ body, ctx }) =>
    imports.suggestMapping(actor(ctx), body.kind, body.headers),
  );
  registerEndpoint(app, importEndpoints.dryRun, ({ body, ctx }) => imports.dryRun(actor(ctx), body));
  registerEndpoint(app, importEndpoints.commit, ({ body, ctx }) =>
    imports.commit(actor(ctx), body.import_id),
  );
  registerEndpoint(app, importEndpoints.status, ({ body, ctx }) =>
    imports.status(actor(ctx), body.import_id),
  );
  registerEndpoint(app, importEndpoints.list, ({ ctx }) => imports.list(actor(ctx)));
  registerEndpoint(app, importEndpoints.rows, ({ body, ctx }) =>
    imports.rows(actor(ctx), body, ctx.language),
  );

  // The back office's own upload: multipart only in this scope, up to IMPORT_MAX_BYTES, streamed
  // into the database chunk by chunk (the buyers' 5 MB cart upload is another scope).
  void app.register(async (scope) => {
    await scope.register(multipart, {
      // One byte over, so the service's own count refuses the file with its clear message.
      limits: {
        fileSize: config.importMaxBytes + 1,
        files: 1,
        fields: 2,
        fieldSize: 1024,
        parts: 3,
        headerPairs: 50,
      },
    });
    scope.post(
      IMPORT_UPLOAD_PATH,
      {
        config: { permission: IMPORT_PLACEHOLDER_PERMISSION },
        schema: {
          summary:
            'Upload a CSV or xlsx import file (multipart field `file`, `?kind=products|stock|prices`).',
          querystring: z.object({ kind: importKindSchema }),
        },
      },
      async (request) => {
        const { kind } = request.query as { kind: z.infer<typeof importKindSchema> };
        let answer: Awaited<ReturnType<ImportsService['uploadFile']>> | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file' && part.fieldname === IMPORT_UPLOAD_FILE_FIELD && !answer) {
              answer = await imports.uploadFile(actor(request.ctx), part.file, {
                filename: part.filename,
                kind,
              });
            } else if (part.type === 'file') part.file.resume();
          }
        } catch (error) {
          if (error instanceof AppError) throw error;
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new AppError(ResultCode.payloadTooLarge, 'catalogImportFileTooLarge', {
              max: Math.round(config.importMaxBytes / 1024 / 1024),
            });
          }
          // Not multipart, truncated, or over the part limits: there is no usable file. Anything
          // else (the database) is a server error, not the caller's file.
          if (String((error as { code?: string }).code ?? '').startsWith('FST_')) {
            throw new AppError(ResultCode.validation, 'catalogImportNotAFile');
          }
          throw error;
        }
        if (!answer) throw new AppError(ResultCode.validation, 'catalogImportNotAFile');
        return { code: ResultCode.ok, msg: translate('ok', request.ctx.language), data: answer };
      },
    );
  });

  // Links the browser opens (no Token header): the token may come as `?token=`.
  app.get(
    IMPORT_TEMPLATE_DOWNLOAD_PATH,
    {
      config: { permission: IMPORT_PLACEHOLDER_PERMISSION, tokenInQuery: true },
      schema: {
        hide: true,
        querystring: z.object({
          kind: importKindSchema,
          lang: z.enum(LANGUAGES).optional(),
          token: z.string().max(128).optional(),
        }),
      },
    },
    async (request, reply) => {
      const query = request.query as { kind: z.infer<typeof importKindSchema>; lang?: Language };
      const language = query.lang ?? request.ctx.language;
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${query.kind}-template-${language}.xlsx"`)
        .send(imports.template(query.kind, language));
    },
  );
  app.get(
    `${IMPORT_REPORT_PATH}/:id`,
    {
      config: { permission: IMPORT_PLACEHOLDER_PERMISSION, tokenInQuery: true },
      schema: {
        hide: true,
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        querystring: z.object({ lang: z.enum(LANGUAGES).optional(), token: z.string().max(128).optional() }),
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const language = (request.query as { lang?: Language }).lang ?? request.ctx.language;
      const report = await imports.report(actor(request.ctx), id, language);
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="import-${id}-report.xlsx"`)
        .send(report);
    },
  );
}
