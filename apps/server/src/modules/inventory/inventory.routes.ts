import multipart from '@fastify/multipart';
import { ResultCode } from '@partsportal/contract/codes';
import {
  CATALOGUE,
  inventoryEndpoints,
  MAX_ATTACHMENT_BYTES,
  MAX_PICTURE_BYTES,
  STAFF_ATTACHMENT_PATH,
  STAFF_PICTURE_PATH,
  UPLOAD_ATTACHMENT_PATH,
  UPLOAD_FIELD,
  UPLOAD_PICTURE_PATH,
} from '@partsportal/contract/inventory';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { describeFields } from '../../platform/error-handler';
import { AppError } from '../../platform/errors';
import { registerEndpoint, toFastifyPath } from '../../platform/endpoint-routes';
import { translate } from '../../platform/messages';
import { requireStaff } from '../../platform/request-context';
import type { CatalogFiles } from '../catalog/catalog-files';
import type { InventoryService, Upload } from './inventory.service';

/**
 * The one file of an upload; over `maxBytes` → 40013, anything but one `file` part → 40001
 * (like the buyers' ImportBill, the form refuses fields it does not know).
 */
async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  const noFile = () => new AppError(ResultCode.validation, 'inventoryNoFile');
  let upload: Upload | undefined;
  const unknown: string[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'file' && part.fieldname === UPLOAD_FIELD && !upload) {
        upload = { filename: part.filename, buffer: await part.toBuffer() };
      } else {
        unknown.push(part.fieldname);
        if (part.type === 'file') part.file.resume();
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(ResultCode.payloadTooLarge, 'inventoryFileTooLarge', { max: maxBytes / 1048576 });
    }
    throw noFile();
  }
  if (!upload) throw noFile();
  if (unknown.length > 0) {
    throw new AppError(ResultCode.validation, 'unknownFields', { fields: describeFields(unknown) });
  }
  return upload;
}

const productParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const attachmentQuery = z.strictObject({ path: z.string().min(1).max(300) });
const pictureParams = productParams.extend({ index: z.coerce.number().int().min(1).max(99) });

export function registerInventoryRoutes(
  app: FastifyInstance,
  inventory: InventoryService,
  files: CatalogFiles,
) {
  registerEndpoint(app, inventoryEndpoints.search, ({ body, ctx }) =>
    inventory.search(requireStaff(ctx), body, ctx.language),
  );
  registerEndpoint(app, inventoryEndpoints.options, ({ ctx }) =>
    inventory.options(requireStaff(ctx), ctx.language),
  );
  registerEndpoint(app, inventoryEndpoints.product, ({ body, ctx }) =>
    inventory.product(requireStaff(ctx), body.id),
  );
  registerEndpoint(app, inventoryEndpoints.update, ({ body, ctx }) =>
    inventory.update(requireStaff(ctx), body, ctx.ip),
  );
  registerEndpoint(app, inventoryEndpoints.setActive, ({ body, ctx }) =>
    inventory.setActive(requireStaff(ctx), body.id, body.active, ctx.ip),
  );
  registerEndpoint(app, inventoryEndpoints.addNumber, ({ body, ctx }) =>
    inventory.addNumber(requireStaff(ctx), body, ctx.ip),
  );
  registerEndpoint(app, inventoryEndpoints.removeNumber, ({ body, ctx }) =>
    inventory.removeNumber(requireStaff(ctx), body.product_id, body.number_id, ctx.ip),
  );
  registerEndpoint(app, inventoryEndpoints.removePicture, ({ body, ctx }) =>
    inventory.removePicture(requireStaff(ctx), body.product_id, body.index, ctx.ip),
  );
  registerEndpoint(app, inventoryEndpoints.removeAttachment, ({ body, ctx }) =>
    inventory.removeAttachment(requireStaff(ctx), body.product_id, body.path, ctx.ip),
  );
  registerEndpoint(app, inventoryEndpoints.stock, ({ body, ctx }) =>
    inventory.stock(requireStaff(ctx), body.id),
  );
  registerEndpoint(app, inventoryEndpoints.setStock, ({ body, ctx }) =>
    inventory.setStock(requireStaff(ctx), body, ctx.ip),
  );
  registerEndpoint(app, inventoryEndpoints.priceLevels, ({ ctx }) =>
    inventory.priceLevels(requireStaff(ctx)),
  );
  registerEndpoint(app, inventoryEndpoints.createPriceLevel, ({ body, ctx }) =>
    inventory.createPriceLevel(requireStaff(ctx), body, ctx.ip),
  );
  registerEndpoint(app, inventoryEndpoints.updatePriceLevel, ({ body, ctx }) =>
    inventory.updatePriceLevel(requireStaff(ctx), body, ctx.ip),
  );
  registerEndpoint(app, inventoryEndpoints.companyPrices, ({ body, ctx }) =>
    inventory.companyPrices(requireStaff(ctx), body, ctx.language),
  );
  registerEndpoint(app, inventoryEndpoints.setCompanyPrice, ({ body, ctx }) =>
    inventory.setCompanyPrice(requireStaff(ctx), body, ctx.ip),
  );
  registerEndpoint(app, inventoryEndpoints.removeCompanyPrice, ({ body, ctx }) =>
    inventory.removeCompanyPrice(requireStaff(ctx), body.id, ctx.ip),
  );
  registerEndpoint(app, inventoryEndpoints.findCompanies, ({ body, ctx }) =>
    inventory.findCompanies(requireStaff(ctx), body.keyword),
  );

  // A picture as the staff page shows it: the Token header (a staff token never goes in a URL),
  // so the page fetches it and shows a blob.
  app.get<{ Params: { id: number; index: number } }>(
    toFastifyPath(STAFF_PICTURE_PATH),
    { config: { permission: CATALOGUE }, schema: { hide: true, params: pictureParams } },
    async (request, reply) => {
      const staff = requireStaff(request.ctx);
      const picture = await files.pictureOf(staff.accountId, request.params.id, request.params.index, 'big');
      if (!picture) return reply.status(404).type('text/plain').send('Not found');
      return reply.type(picture.type).header('cache-control', 'private, no-cache').send(picture.body);
    },
  );

  // An attachment as the staff page downloads it (Token header, like the picture above).
  app.get<{ Params: { id: number }; Querystring: { path: string } }>(
    toFastifyPath(STAFF_ATTACHMENT_PATH),
    {
      config: { permission: CATALOGUE },
      schema: { hide: true, params: productParams, querystring: attachmentQuery },
    },
    async (request, reply) => {
      const staff = requireStaff(request.ctx);
      const file = await files.attachmentOf(staff.accountId, request.query.path);
      // Only a file this product lists (another product's path is not found here either).
      const listed = await inventory.listsAttachment(staff, request.params.id, request.query.path);
      if (!file || !listed) return reply.status(404).type('text/plain').send('Not found');
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-cache')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .send(file.data);
    },
  );

  // Multipart parsing exists only in this scope, for the two upload routes.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: MAX_ATTACHMENT_BYTES,
        files: 1,
        fields: 2,
        fieldSize: 1024,
        parts: 3,
        headerPairs: 50,
      },
    });
    const uploads = [
      {
        path: UPLOAD_PICTURE_PATH,
        max: MAX_PICTURE_BYTES,
        store: (...args: Parameters<InventoryService['uploadPicture']>) => inventory.uploadPicture(...args),
        what: 'picture',
      },
      {
        path: UPLOAD_ATTACHMENT_PATH,
        max: MAX_ATTACHMENT_BYTES,
        store: (...args: Parameters<InventoryService['uploadAttachment']>) =>
          inventory.uploadAttachment(...args),
        what: 'PDF',
      },
    ] as const;
    for (const upload of uploads) {
      scope.post<{ Params: { id: number } }>(
        toFastifyPath(upload.path),
        {
          config: { permission: CATALOGUE },
          schema: {
            summary: `Upload one ${upload.what} of a product (multipart field \`${UPLOAD_FIELD}\`).`,
            params: productParams,
          },
        },
        async (request) => {
          const staff = requireStaff(request.ctx);
          const file = await readUpload(request, upload.max);
          const data = await upload.store(staff, request.params.id, file, request.ctx.ip);
          return { code: ResultCode.ok, msg: translate('ok', request.ctx.language), data };
        },
      );
    }
  });
}
