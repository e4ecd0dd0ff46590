import { catalogEndpoints } from '@partsportal/contract/catalog';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { requireAuth } from '../../platform/request-context';
import type { ReportsService } from '../reports/reports.service';
import type { CatalogFiles } from './catalog-files';
import type { CatalogService } from './catalog.service';

export function registerCatalogRoutes(
  app: FastifyInstance,
  catalog: CatalogService,
  files: CatalogFiles,
  demand?: Pick<ReportsService, 'recordSearchMiss'>,
) {
  registerEndpoint(app, catalogEndpoints.getProductList, async ({ body, ctx }) => {
    const auth = requireAuth(ctx);
    const answer = await catalog.productList(auth, body, ctx.language);
    // The demand report (issue 15 item 6): a plain search on page 1 that found nothing (or only
    // "did you mean" guesses) is recorded. One insert, only on a miss; a hit costs nothing.
    if (
      demand &&
      body.page === 1 &&
      body.keyword.trim() &&
      !body.brandIds?.length &&
      !body.partTypeIds?.length &&
      !body.vehicle &&
      body.isNew === undefined &&
      body.inStock === undefined &&
      answer.list.every((row) => row.match.kind === 'similar')
    ) {
      await demand.recordSearchMiss(auth, body.keyword);
    }
    return answer;
  });
  // Reference lists the client asks for on every catalogue visit: an unchanged one is a 304.
  registerEndpoint(
    app,
    catalogEndpoints.getCatalogFilters,
    ({ ctx }) => catalog.filters(requireAuth(ctx), ctx.language),
    { etag: true },
  );
  registerEndpoint(
    app,
    catalogEndpoints.getVehicleTree,
    ({ body, ctx }) => catalog.vehicleTree(requireAuth(ctx), body),
    { etag: true },
  );
  registerEndpoint(app, catalogEndpoints.getProductDetail, ({ params, ctx }) =>
    catalog.productDetail(requireAuth(ctx), params.id, ctx.language),
  );
  registerEndpoint(app, catalogEndpoints.getStockProductList, ({ body, ctx }) =>
    catalog.stockProductList(requireAuth(ctx), body, ctx.language),
  );

  // Links an <img> or <a> opens: GET with `?token=` (they cannot send the Token header).
  const linkConfig = { permission: 'signed-in' as const, tokenInQuery: true };
  // A picture id is the product id, optionally with the picture number: `123` or `123-2`.
  const pictureParams = z.strictObject({ id: z.string().regex(/^\d{1,9}(-\d{1,2})?$/) });
  const downloadQuery = z.object({
    path: z.string().max(300).optional(),
    token: z.string().max(128).optional(),
  });

  app.get<{ Params: { id: string } }>(
    '/Product/ProductPic/:id',
    { config: linkConfig, schema: { hide: true, params: pictureParams } },
    async (request, reply) => {
      const picture = await files.picture(requireAuth(request.ctx), request.params.id, 'thumb');
      if (!picture) return reply.status(404).type('text/plain').send('Not found');
      return reply.type(picture.type).header('cache-control', 'private, max-age=86400').send(picture.body);
    },
  );
  app.get<{ Params: { id: string } }>(
    '/Product/ProductBigId/:id',
    { config: linkConfig, schema: { hide: true, params: pictureParams } },
    async (request, reply) => {
      const picture = await files.picture(requireAuth(request.ctx), request.params.id, 'big');
      if (!picture) return reply.status(404).type('text/plain').send('Not found');
      return reply.type(picture.type).header('cache-control', 'private, max-age=86400').send(picture.body);
    },
  );
  app.get<{ Querystring: { path?: string } }>(
    '/Product/DownloadFile',
    { config: linkConfig, schema: { hide: true, querystring: downloadQuery } },
    async (request, reply) => {
      const file = await files.attachment(requireAuth(request.ctx), request.query.path);
      if (!file) return reply.status(404).type('text/plain').send('Not found');
      return reply
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .send(file.data);
    },
  );
}
