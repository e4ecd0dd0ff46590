import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import secureJsonParse from 'secure-json-parse';
import { ResultCode } from '@partsportal/contract/codes';
import type { Permission } from '@partsportal/contract/endpoint';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerAddressesRoutes } from './modules/addresses/addresses.routes';
import { createAddressesService } from './modules/addresses/addresses.service';
import { createAreasRepository } from './modules/areas/areas.repository';
import { registerAreasRoutes } from './modules/areas/areas.routes';
import { createAreasService } from './modules/areas/areas.service';
import { createAuthRepository } from './modules/auth/auth.repository';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createCatalogFiles } from './modules/catalog/catalog-files';
import { createCatalogRepository } from './modules/catalog/catalog.repository';
import { registerCatalogRoutes } from './modules/catalog/catalog.routes';
import { createCatalogService } from './modules/catalog/catalog.service';
import { registerCartRoutes } from './modules/cart/cart.routes';
import { createCartService } from './modules/cart/cart.service';
import { registerCheckoutRoutes } from './modules/checkout/checkout.routes';
import { createCheckoutService } from './modules/checkout/checkout.service';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { registerFinanceRoutes } from './modules/finance/finance.routes';
import { createFinanceService } from './modules/finance/finance.service';
import { createFreightRepository } from './modules/freight/freight.repository';
import { registerFreightRoutes } from './modules/freight/freight.routes';
import { createFreightService } from './modules/freight/freight.service';
import { registerNoticesRoutes } from './modules/notices/notices.routes';
import { createNoticesService } from './modules/notices/notices.service';
import { registerOrdersRoutes } from './modules/orders/orders.routes';
import { createOrdersService } from './modules/orders/orders.service';
import { registerPaymentRoutes, sandboxCallbackEndpoint } from './modules/payment/payment.routes';
import { createPaymentService } from './modules/payment/payment.service';
import { createSandboxProvider } from './modules/payment/providers/sandbox-provider';
import { createDeliveriesService } from './modules/records/deliveries.service';
import { createPurchasesService } from './modules/records/purchases.service';
import { registerRecordsRoutes } from './modules/records/records.routes';
import { createSalesService } from './modules/records/sales.service';
import { loadHomeBranding, registerSystemRoutes } from './modules/system/system.routes';
import { installErrorHandler } from './platform/error-handler';
import { parseLanguage } from './platform/language';
import { cookieLanguage, createLoginPageCache } from './platform/login-first-screen';
import { translate } from './platform/messages';
import { loggerOptions } from './platform/logging';
import { installRequestContext } from './platform/request-context';
import { computeSecurityHeaders } from './platform/security-headers';

export interface RouteEntry {
  method: string;
  url: string;
  permission: Permission | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, for the permission-declaration test and the access walk. */
    routeTable: RouteEntry[];
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** Clock for tests of expiry; defaults to the real time. */
  now?: () => Date;
  /** Where JSON log lines go (tests read them); defaults to stdout. */
  logStream?: NodeJS.WritableStream;
}

/**
 * URLs served without a permission declaration. Anything else without one is refused
 * (see request-context.ts); a test walks every route against this list.
 */
export const PUBLIC_URLS = ['/healthz', '/readyz', '/static/config.json', '/api/docs', '/*', '/'] as const;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routeTable.push({ method, url: route.url, permission: route.config?.permission });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    // An empty body counts as "no body" (clients POST calls without payload that way).
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    try {
      done(
        null,
        secureJsonParse.parse(body as string, undefined, {
          protoAction: 'error',
          constructorAction: 'error',
        }),
      );
    } catch (error) {
      done(Object.assign(error as Error, { statusCode: 400 }), undefined);
    }
  });
  // Security headers and the request id in one synchronous hook: @fastify/helmet rebuilt the
  // helmet middleware on every request and the id was an async onSend hook (the /healthz floor).
  const securityHeaders = await computeSecurityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of securityHeaders) raw.setHeader(name, value);
    raw.setHeader('x-request-id', request.id);
    done();
  });
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    allowedHeaders: ['Content-Type', 'Token', 'Lng', 'Idempotency-Key'],
    methods: ['GET', 'POST'],
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'PartsPortal API', version: '1.0.0', description: 'Generated from packages/contract.' },
      servers: [{ url: config.apiPrefix }],
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Token' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  const authService = createAuthService({
    repo: createAuthRepository(database.db),
    config,
    ...(deps.now ? { now: deps.now } : {}),
  });
  installRequestContext(app, {
    authenticate: (token) => authService.authenticate(token),
    isPublicUrl: (url) => (PUBLIC_URLS as readonly string[]).includes(url),
  });
  installErrorHandler(app);

  await app.register(
    async (api) => {
      registerAuthRoutes(api, authService);
      registerAreasRoutes(api, createAreasService({ repo: createAreasRepository(database.db) }));
      registerFreightRoutes(api, createFreightService({ repo: createFreightRepository(database.db) }));
      const cart = createCartService({ database, warmImportWorker: config.importWorkerWarm });
      app.addHook('onClose', async () => cart.close());
      registerCartRoutes(api, cart);
      registerAddressesRoutes(api, createAddressesService({ database }));
      registerCheckoutRoutes(
        api,
        createCheckoutService({ database, ...(deps.now ? { now: deps.now } : {}) }),
      );
      registerOrdersRoutes(api, createOrdersService({ database, cart: createCartService({ database }) }));
      registerRecordsRoutes(api, {
        deliveries: createDeliveriesService({ database }),
        sales: createSalesService({ database }),
        purchases: createPurchasesService({ database }),
      });
      registerPaymentRoutes(
        api,
        createPaymentService({
          database,
          sandbox: createSandboxProvider({
            secret: config.sandboxPaymentSecret,
            ...(deps.now ? { now: deps.now } : {}),
          }),
          apiPrefix: config.apiPrefix,
          sandboxEnabled: config.paymentSandbox,
          // Through the whole HTTP stack, as a provider's notification would arrive.
          deliverSandboxCallback: async (body) =>
            (
              await app.inject({
                method: 'POST',
                url: `${config.apiPrefix}${sandboxCallbackEndpoint.path}`,
                payload: body,
              })
            ).json(),
          ...(deps.now ? { now: deps.now } : {}),
        }),
      );
      registerFinanceRoutes(api, createFinanceService({ database, ...(deps.now ? { now: deps.now } : {}) }));
      registerNoticesRoutes(api, createNoticesService({ database }));
      registerDashboardRoutes(
        api,
        createDashboardService({ database, ...(deps.now ? { now: deps.now } : {}) }),
      );
      registerCatalogRoutes(
        api,
        createCatalogService({
          repo: createCatalogRepository(database),
          ...(deps.now ? { now: deps.now } : {}),
        }),
        createCatalogFiles({ database, productFilesDir: config.productFilesDir }),
      );
    },
    { prefix: config.apiPrefix },
  );
  registerSystemRoutes(app, { config, database });

  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  const indexHtml = path.join(config.webDir, 'index.html');
  if (fs.existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      wildcard: true,
      index: ['index.html'],
      // The web build writes .br/.gz beside each text file (apps/web/build/build-plugins.ts):
      // compressed once at build time, never per request.
      preCompressed: true,
      // Hashed file names under /assets never change; the page itself must always be revalidated.
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  const loginPage = createLoginPageCache(indexHtml);
  /** /login with its first screen in the page (platform/login-first-screen.ts), if it has a title. */
  async function loginWithFirstScreen(cookieHeader: string | undefined) {
    const language = cookieLanguage(cookieHeader);
    try {
      const account = await loadHomeBranding(database, config.accountId);
      const title = account?.homeTitle?.[language];
      return title ? loginPage(language, title, account?.homeLogo || '/logo.svg') : undefined;
    } catch {
      return undefined; // the plain page: the client shows its own errors
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === config.apiPrefix || request.url.startsWith(`${config.apiPrefix}/`);
    // HEAD is what link checkers and uptime probes send; it must see what GET would.
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    const pathname = request.url.split('?')[0] ?? '';
    if (isRead && !isApi && fs.existsSync(indexHtml) && !path.extname(pathname)) {
      const page =
        pathname.toLowerCase() === '/login' ? await loginWithFirstScreen(request.headers.cookie) : undefined;
      if (page) {
        const accept = String(request.headers['accept-encoding'] ?? '');
        const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined;
        reply
          .header('cache-control', 'no-cache')
          .header('vary', 'accept-encoding')
          .type('text/html; charset=utf-8');
        if (encoding) reply.header('content-encoding', encoding);
        return reply.send(encoding ? page[encoding] : page.plain);
      }
      // Client-side routes (/order/index …) get the app; the router shows its own 404 page.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    if (isRead && !isApi) return reply.status(404).type('text/plain').send('Not found');
    const msg = translate('unknownCall', parseLanguage(request.headers.lng));
    return reply.status(200).send({ code: ResultCode.notFound, msg, data: null });
  });

  const pruneTimer = setInterval(() => void authService.pruneExpired().catch(() => undefined), 15 * 60_000);
  pruneTimer.unref();
  app.addHook('onClose', async () => clearInterval(pruneTimer));
  return app;
}
