import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerAddressesRoutes } from './modules/addresses/addresses.routes';
import { createAddressesService } from './modules/addresses/addresses.service';
import { registerAreasRoutes } from './modules/areas/areas.routes';
import { createAreasService } from './modules/areas/areas.service';
import { registerAuditRoutes } from './modules/audit/audit.routes';
import { createAuditService } from './modules/audit/audit.service';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createCatalogFiles } from './modules/catalog/catalog-files';
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
import { registerFreightRoutes } from './modules/freight/freight.routes';
import { registerImportsRoutes } from './modules/imports/imports.routes';
import { createJobServices, startJobWorkers } from './job-workers';
import { createRepositoryStatistics } from './modules/imports/table-statistics';
import { registerApiKeysRoutes } from './modules/integration/api-keys.routes';
import { createApiKeysService } from './modules/integration/api-keys.service';
import { passwordHasher } from './platform/password';
import { registerIntegrationApi } from './modules/integration/integration-api';
import { integrationRoutes } from './modules/integration/integration.routes';
import { orderActionRoutes } from './modules/integration/order-actions.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { createFreightService } from './modules/freight/freight.service';
import { registerInventoryRoutes } from './modules/inventory/inventory.routes';
import { createInventoryService } from './modules/inventory/inventory.service';
import { registerNoticesDeskRoutes } from './modules/notices/notices-desk.routes';
import { createNoticesDeskService } from './modules/notices/notices-desk.service';
import { registerSavedListsRoutes } from './modules/saved-lists/saved-lists.routes';
import { createSavedListsService } from './modules/saved-lists/saved-lists.service';
import { registerNoticesRoutes } from './modules/notices/notices.routes';
import { createNoticesService } from './modules/notices/notices.service';
import { registerOrderDeskRoutes } from './modules/order-desk/order-desk.routes';
import { createOrderDeskService } from './modules/order-desk/order-desk.service';
import { registerPurchasesDeskRoutes } from './modules/purchases-desk/purchases-desk.routes';
import { createPurchasesDeskService } from './modules/purchases-desk/purchases-desk.service';
import { registerOrdersRoutes } from './modules/orders/orders.routes';
import { createOrdersService } from './modules/orders/orders.service';
import { registerPaymentRoutes, sandboxCallbackEndpoint } from './modules/payment/payment.routes';
import { createPaymentService } from './modules/payment/payment.service';
import { createSandboxProvider } from './modules/payment/providers/sandbox-provider';
import { registerRecordsRoutes } from './modules/records/records.routes';
import { createRecordsServices } from './modules/records/records.service';
import { registerCustomersRoutes } from './modules/customers/customers.routes';
import { registerNamesRoutes } from './modules/names/names.routes';
import { createNamesService } from './modules/names/names.service';
import { registerPaymentsDeskRoutes } from './modules/payments-desk/payments-desk.routes';
import { registerReportsRoutes } from './modules/reports/reports.routes';
import { createReportsService } from './modules/reports/reports.service';
import { createPaymentsDeskService } from './modules/payments-desk/payments-desk.service';
import { createRefundsService } from './modules/payments-desk/refunds.service';
import { createCustomersService } from './modules/customers/customers.service';
import { createSpreadsheetReader } from './modules/cart/spreadsheet-reader';
import { registerStaffRoutes } from './modules/staff/staff.routes';
import { createStaffService } from './modules/staff/staff.service';
import { registerSystemRoutes } from './modules/system/system.routes';
import { installApiDocs } from './platform/api-docs';
import { installCompression } from './platform/compression';
import { installCors } from './platform/cors';
import { installErrorHandler } from './platform/error-handler';
import { startHousekeeping } from './platform/housekeeping';
import { createRealProviders, startPaymentReconciliation } from './payment-reconciliation';
import { openJobQueue } from './platform/jobs';
import { housekeepingTasks } from './housekeeping-tasks';
import { installJsonBody } from './platform/json-body';
import { installMetrics } from './platform/metrics';
import { installReadRouting } from './platform/read-routing';
import { openRateLimitStore } from './platform/rate-limiter';
import { installRequestContext } from './platform/request-context';
import { installRouteTable } from './platform/route-table';
import { installSecurityHeaders } from './platform/security-headers';
import { serverOptions } from './platform/server-options';
import { createDataAccess } from './repositories';
import { createPageFirstAnswer } from './web-hosting/page-first-answer';
import { registerWebHosting } from './web-hosting/web-hosting';

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
export const PUBLIC_URLS = [
  '/healthz',
  '/readyz',
  '/static/config.json',
  '/api/docs',
  '/*',
  '/',
  // The integrators' API's document and reference page; its operations declare API-key scopes.
  '/api/v1/openapi.json',
  '/api/v1/reference',
  '/api/v1/reference/init.js',
  '/api/v1/reference/swagger-ui.css',
  '/api/v1/reference/swagger-ui-bundle.js',
] as const;

/** PUBLIC_URLS for the lookup on every request. */
const publicUrls: ReadonlySet<string> = new Set(PUBLIC_URLS);

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify(serverOptions(config, deps.logStream));
  // Every repository, built once; services reach the database only through these two.
  const data = createDataAccess(database);
  const { repos, readRepos } = data;
  // Payments and credit (issue 15 item 3): one service for the back office and /api/v1.
  const paymentsDesk = createPaymentsDeskService({ ...data, ...(deps.now ? { now: deps.now } : {}) });
  // Operator dashboard and reports (issue 15 item 6); the catalogue's search records its misses here.
  const reports = createReportsService({ repos, readRepos, ...(deps.now ? { now: deps.now } : {}) });
  // Served by their routes and, for the drawn first screen, by the page request (decision 026).
  const dashboardService = createDashboardService({ readRepos, ...(deps.now ? { now: deps.now } : {}) });
  const catalogService = createCatalogService({ readRepos, ...(deps.now ? { now: deps.now } : {}) });

  // Platform: what every request passes through.
  installRouteTable(app);
  installMetrics(app, { config, database, system: repos.system });
  installJsonBody(app);
  await installSecurityHeaders(app);
  await installCors(app, config);
  await installApiDocs(app, config);

  // Modules: every call of the contract, under the API prefix, behind the request context.
  // Counters every server process shares (issue 16): the database's table, or Redis if set.
  const rateLimits = await openRateLimitStore({
    db: database.db,
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    onRedisError: (error) =>
      app.log.warn({ err: error }, 'Redis failed a rate-limit hit: counting in this process'),
  });
  app.addHook('onClose', async () => rateLimits.close());
  const authService = createAuthService({
    ...data,
    config,
    rateLimits,
    ...(deps.now ? { now: deps.now } : {}),
  });
  const staffService = createStaffService({
    ...data,
    config,
    rateLimits,
    ...(deps.now ? { now: deps.now } : {}),
  });
  installRequestContext(app, {
    authenticate: (token) => authService.authenticate(token),
    authenticateStaff: (token) => staffService.authenticate(token),
    isPublicUrl: (url) => publicUrls.has(url),
  });
  installErrorHandler(app);
  // The read replica (decision 027): each request's own writes keep its reads on the primary.
  installReadRouting(app, database.replica);

  // The job queue (decision 010): its handlers run in this process with JOBS=inline, in a
  // worker process (worker.ts) with JOBS=send-only; stopped before the database closes
  // (onClose hooks run before main.ts closes it).
  const jobs = await openJobQueue({ database, config, logger: app.log });
  // One planner-statistics tracker for the file import and the /api/v1 batches (same tables).
  const statistics = createRepositoryStatistics(data.repos);
  const { imports, webhooks } = createJobServices({ ...data, jobs, config, logger: app.log, statistics });
  const stopWorkers = config.jobs === 'inline' ? await startJobWorkers({ imports, webhooks }) : undefined;
  app.addHook('onClose', async () => {
    statistics.close();
    await stopWorkers?.();
    await jobs.stop();
  });
  // The order desk (issue 15): staff at /Admin/Orders and the ERP at /api/v1 share this service.
  const orderDesk = createOrderDeskService({
    ...data,
    // A cancelled order's open QR codes close at their providers after the commit (issue 19).
    closeTrades: (trades) => payment.closeTrades(trades),
    ...(deps.now ? { now: deps.now } : {}),
  });

  // Payments (decisions 004, 019): the sandbox and the configured WeChat Pay / Alipay adapters.
  const payment = createPaymentService({
    ...data,
    providers: createRealProviders(config),
    reconcileAfterMinutes: config.paymentReconcileAfterMinutes,
    logger: app.log,
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
  });

  // Refunds of online payments (decision 025): the desk and /api/v1, through the payment's adapter.
  const refunds = createRefundsService({
    ...data,
    providerFor: (name) => payment.providerNamed(name),
    logger: app.log,
    ...(deps.now ? { now: deps.now } : {}),
  });

  // API keys: authenticated by the /api/v1 plugin, managed by the owner's screen and the CLI.
  const apiKeys = createApiKeysService({ ...data, ...(deps.now ? { now: deps.now } : {}) });
  await app.register(
    async (api) => {
      // Only the API's answers: the web files come precompressed (web-hosting.ts).
      await installCompression(api);
      registerAuthRoutes(api, authService);
      const areas = createAreasService({ repos });
      registerAreasRoutes(api, areas);
      registerFreightRoutes(api, createFreightService({ repos }));
      const cart = createCartService({ ...data, warmImportWorker: config.importWorkerWarm });
      app.addHook('onClose', async () => cart.close());
      registerCartRoutes(api, cart);
      registerSavedListsRoutes(api, createSavedListsService({ ...data, cart }));
      registerAddressesRoutes(api, createAddressesService(data));
      registerCheckoutRoutes(api, createCheckoutService({ ...data, ...(deps.now ? { now: deps.now } : {}) }));
      registerOrdersRoutes(
        api,
        createOrdersService({
          ...data,
          cart: createCartService(data),
          closeTrades: (trades) => payment.closeTrades(trades),
        }),
      );
      registerRecordsRoutes(api, createRecordsServices(readRepos), repos);
      registerPaymentRoutes(api, payment);
      registerFinanceRoutes(api, createFinanceService({ readRepos, ...(deps.now ? { now: deps.now } : {}) }));
      registerNoticesRoutes(api, createNoticesService({ repos }));
      registerImportsRoutes(api, imports, config);
      registerDashboardRoutes(api, dashboardService);
      const catalogFiles = createCatalogFiles({ repos, productFilesDir: config.productFilesDir });
      registerCatalogRoutes(api, catalogService, catalogFiles, reports);
      // The back office (issue 14): staff calls under /Admin, staff tokens only.
      registerStaffRoutes(api, staffService);
      registerAuditRoutes(api, createAuditService({ repos }));
      registerApiKeysRoutes(api, apiKeys, deps.now ?? (() => new Date()));
      registerInventoryRoutes(
        api,
        createInventoryService({ ...data, productFilesDir: config.productFilesDir }),
        catalogFiles,
      );
      const customers = createCustomersService({
        ...data,
        config,
        reader: createSpreadsheetReader(),
        ...(deps.now ? { now: deps.now } : {}),
      });
      app.addHook('onClose', async () => customers.close());
      registerCustomersRoutes(api, customers);
      const names = createNamesService({
        ...data,
        reader: createSpreadsheetReader(),
        onAreasChanged: () => areas.forget(),
      });
      app.addHook('onClose', async () => names.close());
      registerNamesRoutes(api, names);
      registerPaymentsDeskRoutes(api, paymentsDesk, refunds);
      registerOrderDeskRoutes(api, orderDesk);
      registerNoticesDeskRoutes(api, createNoticesDeskService(data));
      // Purchases from suppliers (issue 15 item 5): receiving raises the stock buyers see.
      registerPurchasesDeskRoutes(
        api,
        createPurchasesDeskService({ ...data, ...(deps.now ? { now: deps.now } : {}) }),
      );
      registerReportsRoutes(api, reports);
    },
    { prefix: config.apiPrefix },
  );
  // The integrators' API (issue 13): its own keys, errors and body limit, under /api/v1.
  await registerIntegrationApi(app, {
    config,
    apiKeys,
    rateLimits,
    operations: [
      ...integrationRoutes({
        ...data,
        paymentsDesk,
        refunds,
        statistics,
        hashPassword: (password) => passwordHasher.hash(password, config.passwordHashMemoryKiB),
        ...(deps.now ? { now: deps.now } : {}),
      }),
      ...orderActionRoutes(orderDesk),
      ...webhooksRoutes(webhooks),
    ],
  });
  registerSystemRoutes(app, { repo: repos.system, databaseKind: database.kind });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  // Web hosting: the client's files and config, /login's first screen, client-side routes, 404s.
  await registerWebHosting(app, {
    config,
    branding: repos.branding,
    // The drawn first screen of signed-in pages (decision 026): the API's own session check,
    // read-only, and the same user info as /Web/GetUserInfo.
    session: {
      open: async (token) => {
        const auth = await authService.authenticate(token, { touch: false });
        return { auth, userInfo: await authService.userInfo(auth) };
      },
      firstAnswer: createPageFirstAnswer({ dashboard: dashboardService, catalog: catalogService }),
    },
  });

  const housekeeping = await startHousekeeping({
    tasks: housekeepingTasks({ repos, rateLimits }),
    ...(config.jobs === 'off' ? {} : { jobs }),
    runsJobs: config.jobs === 'inline',
    intervalSeconds: config.housekeepingSeconds,
    logger: app.log,
    now: deps.now ?? (() => new Date()),
  });
  app.addHook('onClose', async () => housekeeping.stop());
  // Payment reconciliation (decision 022): a keyed job per slot, so it runs once across processes.
  const reconciliation = await startPaymentReconciliation({
    payment,
    config,
    jobs: config.jobs === 'off' ? undefined : jobs,
    runsJobs: config.jobs === 'inline',
    logger: app.log,
    now: deps.now ?? (() => new Date()),
  });
  app.addHook('onClose', async () => reconciliation?.stop());
  return app;
}
