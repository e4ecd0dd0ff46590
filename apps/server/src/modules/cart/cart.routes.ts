import multipart from '@fastify/multipart';
import {
  cartEndpoints,
  IMPORT_BILL_PATH,
  IMPORT_FILE_FIELD,
  IMPORT_TEMPLATE_PATH,
  MAX_IMPORT_BYTES,
} from '@partsportal/contract/cart';
import { ResultCode } from '@partsportal/contract/codes';
import { MENU_CODES } from '@partsportal/contract/endpoint';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { readFormUpload } from '../../platform/form-upload';
import { translate } from '../../platform/messages';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { requireAuth } from '../../platform/request-context';
import type { CartService } from './cart.service';
import type { Upload } from './import-bill.service';

/**
 * The one file of an ImportBill request; size errors become 40013 with a clear message. Like a
 * JSON body, the form refuses fields it does not know (`company_id`, `price` …), before or after
 * the file, instead of silently ignoring them.
 */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  const { file } = await readFormUpload(request, {
    fields: [],
    fileField: IMPORT_FILE_FIELD,
    maxBytes: MAX_IMPORT_BYTES,
  });
  return file;
}

/** JSON of 1,000,000 pasted characters: up to 3 bytes each in UTF-8, plus escapes of tabs. */
const MATCH_BODY_LIMIT = 4 * 1024 * 1024;

export function registerCartRoutes(app: FastifyInstance, cart: CartService) {
  app.addHook('onRoute', (route) => {
    if (route.url.endsWith(cartEndpoints.matchPartNumbers.path)) route.bodyLimit = MATCH_BODY_LIMIT;
  });
  registerEndpoint(app, cartEndpoints.addCart, ({ body, ctx }) => cart.addCart(requireAuth(ctx), body));
  registerEndpoint(app, cartEndpoints.batchAddCart, ({ body, ctx }) =>
    cart.batchAddCart(requireAuth(ctx), body),
  );
  registerEndpoint(app, cartEndpoints.getCartList, ({ params, ctx }) =>
    cart.cartList(requireAuth(ctx), params.n, ctx.language),
  );
  registerEndpoint(app, cartEndpoints.getCartListAll, ({ ctx }) =>
    cart.cartList(requireAuth(ctx), 0, ctx.language),
  );
  registerEndpoint(app, cartEndpoints.updateCart, ({ body, ctx }) =>
    cart.updateCart(requireAuth(ctx), body, ctx.language),
  );
  registerEndpoint(app, cartEndpoints.removeCart, ({ body, ctx }) => cart.removeCart(requireAuth(ctx), body));
  registerEndpoint(app, cartEndpoints.clearCart, ({ ctx }) => cart.clearCart(requireAuth(ctx)));
  registerEndpoint(app, cartEndpoints.getCartCpidAndStoreIds, ({ ctx }) => cart.cartKeys(requireAuth(ctx)));
  registerEndpoint(app, cartEndpoints.getCartListByCpidAndStoreIds, ({ body, ctx }) =>
    cart.linesByKeys(requireAuth(ctx), body, ctx.language),
  );
  registerEndpoint(app, cartEndpoints.addProBodyByNumber, ({ body, ctx }) =>
    cart.addByNumber(requireAuth(ctx), body, ctx.language),
  );
  registerEndpoint(app, cartEndpoints.matchPartNumbers, ({ body, ctx }) =>
    cart.matchText(requireAuth(ctx), body.text, ctx.language),
  );

  // Multipart parsing exists only in this scope, for the one upload route.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 50 },
    });
    scope.post(
      IMPORT_BILL_PATH,
      {
        config: { permission: [MENU_CODES.cart] },
        schema: { summary: 'Import an xls/xlsx order list (multipart field `file`).' },
      },
      async (request) => {
        const data = await cart.importBill(
          requireAuth(request.ctx),
          await readUpload(request),
          request.ctx.language,
        );
        return { code: ResultCode.ok, msg: data.message || translate('ok', request.ctx.language), data };
      },
    );
  });
  // A link the browser opens (no Token header): the token comes as `?token=`.
  app.get(
    IMPORT_TEMPLATE_PATH,
    {
      config: { permission: [MENU_CODES.cart], tokenInQuery: true },
      schema: { hide: true, querystring: z.object({ token: z.string().max(128).optional() }) },
    },
    async (_request, reply) =>
      reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="import-template.xlsx"')
        .send(cart.importTemplate()),
  );
}
