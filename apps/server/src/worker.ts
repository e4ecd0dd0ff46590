import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { housekeepingTasks } from './housekeeping-tasks';
import { createJobServices, startJobWorkers } from './job-workers';
import { startHousekeeping } from './platform/housekeeping';
import { openJobQueue, type JobLogger } from './platform/jobs';
import { createPaymentService } from './modules/payment/payment.service';
import { createSandboxProvider } from './modules/payment/providers/sandbox-provider';
import { createRealProviders, startPaymentReconciliation } from './payment-reconciliation';
import { createDataAccess } from './repositories';

/**
 * `npm run worker`: the job queue's handlers (imports, webhook dispatch and delivery, payment
 * reconciliation) in a
 * process of their own, without HTTP (issue 13 item 6). For PostgreSQL, next to servers started
 * with JOBS=send-only; any number of workers may run (each job is fetched by one). A PGlite data
 * folder opens in one process only, so there the server runs its jobs itself (JOBS=inline).
 */
const LEVELS = ['debug', 'info', 'warn', 'error'];

/** JSON lines like the server's (pino's shape: level, time, msg); no HTTP, so no Fastify logger. */
function jsonLogger(level: string): JobLogger {
  const least = level === 'silent' ? Infinity : Math.max(0, LEVELS.indexOf(level));
  const line = (name: string, object: object, msg: string) => {
    if (LEVELS.indexOf(name) < least) return;
    const fields = Object.fromEntries(
      Object.entries(object).map(([key, value]) =>
        value instanceof Error ? [key, { type: value.name, message: value.message }] : [key, value],
      ),
    );
    process.stdout.write(`${JSON.stringify({ level: name, time: Date.now(), ...fields, msg })}\n`);
  };
  return {
    info: (object, msg) => line('info', object, msg),
    warn: (object, msg) => line('warn', object, msg),
    error: (object, msg) => line('error', object, msg),
  };
}

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(
      'npm run worker needs DATABASE_URL (PostgreSQL): the embedded PGlite database opens in one process only, ' +
        'and the server already runs its jobs itself (JOBS=inline). Start only the server.',
    );
    process.exit(2);
  }
  // A signal before the job handlers start ends the worker at once (it may be waiting for an
  // unreachable database); once they may run jobs, one that comes while the rest starts is kept
  // and honoured when there is something to stop: the default action would end it mid-job.
  const started: { jobs?: boolean; shutdown?: (signal: string) => Promise<void> } = {};
  let signalled: string | undefined;
  const onSignal = (signal: string) => {
    if (started.shutdown) void started.shutdown(signal);
    else if (started.jobs) signalled ??= signal;
    else process.exit(0);
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));

  const logger = jsonLogger(config.logLevel);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    timeouts: config.databaseTimeouts,
  });
  // The worker always runs handlers, whatever JOBS says for the servers.
  const jobs = await openJobQueue({ database, config: { ...config, jobs: 'inline' }, logger });
  const services = createJobServices({ ...createDataAccess(database), jobs, config, logger });
  started.jobs = true;
  const stopWorkers = await startJobWorkers(services);
  // The scheduled clean-up: servers started with JOBS=send-only send its job; it runs here.
  const housekeeping = await startHousekeeping({
    tasks: housekeepingTasks({ repos: createDataAccess(database).repos }),
    jobs,
    runsJobs: true,
    intervalSeconds: config.housekeepingSeconds,
    logger,
    now: () => new Date(),
  });
  // Payment reconciliation (decision 022): the servers (JOBS=send-only) send its keyed job per
  // slot; it runs here, once per slot across every worker and server.
  const payment = createPaymentService({
    ...createDataAccess(database),
    providers: createRealProviders(config),
    reconcileAfterMinutes: config.paymentReconcileAfterMinutes,
    logger,
    sandbox: createSandboxProvider({ secret: config.sandboxPaymentSecret }),
    apiPrefix: config.apiPrefix,
    sandboxEnabled: config.paymentSandbox,
    // The worker serves no sandbox pages, so it never confirms a sandbox payment.
    deliverSandboxCallback: () => Promise.reject(new Error('the worker delivers no sandbox callbacks')),
  });
  const reconciliation = await startPaymentReconciliation({
    payment,
    config,
    jobs,
    runsJobs: true,
    logger,
    now: () => new Date(),
  });
  logger.info({ database: database.kind }, 'job worker started');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'job worker: finishing running jobs');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      housekeeping.stop();
      reconciliation?.stop();
      await stopWorkers();
      await jobs.stop();
      await database.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'job worker: shutdown failed');
      process.exit(1);
    }
  };
  started.shutdown = shutdown;
  if (signalled) void shutdown(signalled);
}

main().catch((error: unknown) => {
  console.error('PartsPortal worker failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
