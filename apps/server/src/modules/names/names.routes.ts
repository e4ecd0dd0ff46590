import multipart from '@fastify/multipart';
import { LANGUAGES, ResultCode, type Language } from '@partsportal/contract/codes';
import {
  MAX_NAMES_FILE_BYTES,
  NAMES_APPLY_FIELD,
  NAMES_EXPORT_PATH,
  NAMES_FILE_FIELD,
  NAMES_IMPORT_PATH,
  NAMES_KIND_FIELD,
  NAMES_STAFF,
  nameKindSchema,
  namesEndpoints,
  type NameKind,
} from '@partsportal/contract/names';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { AppError } from '../../platform/errors';
import { readFormUpload } from '../../platform/form-upload';
import { translate } from '../../platform/messages';
import { requireStaff } from '../../platform/request-context';
import type { NamesService } from './names.service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The names upload: `kind`, `apply`, then `file`. */
async function readNamesUpload(request: FastifyRequest) {
  const { values, file } = await readFormUpload(request, {
    fields: [NAMES_KIND_FIELD, NAMES_APPLY_FIELD],
    fileField: NAMES_FILE_FIELD,
    maxBytes: MAX_NAMES_FILE_BYTES,
  });
  const kind = nameKindSchema.safeParse(values.get(NAMES_KIND_FIELD));
  if (!kind.success) throw new AppError(ResultCode.validation, 'validation', { fields: NAMES_KIND_FIELD });
  return { kind: kind.data, apply: values.get(NAMES_APPLY_FIELD) === 'true', ...file };
}

export function registerNamesRoutes(app: FastifyInstance, names: NamesService) {
  registerEndpoint(app, namesEndpoints.setCarrierTracking, ({ body, ctx }) =>
    names.setCarrierTracking(requireStaff(ctx), body, ctx.ip),
  );
  registerEndpoint(app, namesEndpoints.list, ({ body, ctx }) =>
    names.list(requireStaff(ctx), body, ctx.language),
  );
  registerEndpoint(app, namesEndpoints.set, ({ body, ctx }) => names.set(requireStaff(ctx), body, ctx.ip));

  // A download (the page fetches it with its Token header and saves the blob).
  app.get(
    NAMES_EXPORT_PATH,
    {
      config: { permission: NAMES_STAFF },
      schema: {
        hide: true,
        querystring: z.object({
          kind: nameKindSchema,
          lang: z.enum(LANGUAGES).optional(),
        }),
      },
    },
    async (request, reply) => {
      const query = request.query as { kind: NameKind; lang?: Language };
      const language = query.lang ?? request.ctx.language;
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="names-${query.kind}.xlsx"`)
        .send(await names.exportFile(requireStaff(request.ctx), query.kind, language));
    },
  );

  // Multipart parsing exists only in this scope, for the one upload route.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: MAX_NAMES_FILE_BYTES,
        files: 1,
        fields: 2,
        fieldSize: 64,
        parts: 3,
        headerPairs: 50,
      },
    });
    scope.post(
      NAMES_IMPORT_PATH,
      {
        config: { permission: NAMES_STAFF },
        schema: {
          summary:
            'Check (preview) or apply a names file of one kind (multipart `kind`, `apply`, `file`: xlsx or csv with the export’s columns).',
        },
      },
      async (request) => {
        const upload = await readNamesUpload(request);
        const data = await names.importFile(
          requireStaff(request.ctx),
          upload,
          request.ctx.language,
          request.ctx.ip,
        );
        return { code: ResultCode.ok, msg: translate('ok', request.ctx.language), data };
      },
    );
  });
}
