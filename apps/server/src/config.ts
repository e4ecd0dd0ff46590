import { randomBytes, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The only reader of process.env (house style). Everything else receives a Config.
 */
export interface Config {
  host: string;
  port: number;
  /** Where the embedded PGlite database lives when no DATABASE_URL is given. `memory://` keeps it in RAM. */
  dataDir: string;
  /** A PostgreSQL server URL; when set, PGlite is not used. */
  databaseUrl: string | undefined;
  /**
   * DATABASE_REPLICA_URL: a streaming replica of DATABASE_URL (PostgreSQL only) for reads that may
   * be a moment stale — catalogue, record lists, reports (decision 027). A caller's reads after its
   * own write stay on the primary; a lagging or lost replica falls back to the primary.
   */
  replica: ReplicaConfig | undefined;
  /** Seed deterministic demo data when the database is empty. */
  demoData: boolean;
  demoParts: number;
  demoSeed: number;
  /** false: the demo seed writes companies, users and the catalogue only, no history. */
  demoHistory: boolean;
  logLevel: string;
  /** Product attachments (datasheets …) served by /Product/DownloadFile; nothing outside it is reachable. */
  productFilesDir: string;
  /** Built web client served with SPA fallback; absent folder → API only. */
  webDir: string;
  apiPrefix: string;
  accountId: number;
  /** A session ends after this many minutes without a call … */
  tokenIdleMinutes: number;
  /** … and in any case this many hours after sign-in. */
  tokenMaxHours: number;
  /** Failed logins allowed per account (wholesaler) and user id per hour (brief §5: ≤ 100). */
  loginFailuresPerHour: number;
  /** Login attempts allowed per client IP per minute, counted across every server process. */
  loginAttemptsPerIpPerMinute: number;
  /**
   * More than one server process serves this database (behind a proxy). Then what must agree
   * between them comes from configuration, never from a process's own random start-up.
   */
  cluster: boolean;
  /** Redis for shared counters (the per-address sign-in limit); unset → they live in the database. */
  redisUrl: string | undefined;
  /** Put before every key written to Redis, so several installations can share one server. */
  redisKeyPrefix: string;
  /** Cost of argon2id; tests lower it to keep suites fast, never production. */
  passwordHashMemoryKiB: number;
  bodyLimitBytes: number;
  /** The integrators' API (/api/v1): 1,000 products with names and numbers exceed the buyers' limit. */
  apiBodyLimitBytes: number;
  trustProxy: boolean;
  /** Serve Prometheus metrics at /metrics (platform/metrics.ts): loopback only, or with METRICS_TOKEN. */
  metrics: boolean;
  /** Bearer token that lets a scraper on another machine read /metrics; unset → loopback callers only. */
  metricsToken: string | undefined;
  /** Origins allowed to call the API from a browser; same-origin always works. */
  corsOrigins: string[];
  /**
   * HMAC-SHA256 key the sandbox payment provider signs its callbacks with. Unset → a random key
   * per process: callbacks still verify (the sandbox lives in the same process), and nobody can
   * forge one from a key in a file. Required with `cluster` (see clusterProblems).
   */
  sandboxPaymentSecret: string;
  /** The built-in sandbox payment provider (demo). Turn it off where real money is taken. */
  paymentSandbox: boolean;
  /** Alipay (open platform, RSA2); undefined → not offered at checkout. Keys are secrets: never log this. */
  alipay: AlipayConfig | undefined;
  /** WeChat Pay API v3; undefined → not offered at checkout. Keys are secrets: never log this. */
  wechatPay: WechatPayConfig | undefined;
  /** A provider call that has not answered within this long is abandoned (PAYMENT_PROVIDER_TIMEOUT_MS). */
  paymentProviderTimeoutMs: number;
  /** Reconciliation asks the provider about requests still pending after this many minutes (PAYMENT_RECONCILE_AFTER_MINUTES). */
  paymentReconcileAfterMinutes: number;
  /** How often reconciliation runs (PAYMENT_RECONCILE_SECONDS; once per slot across processes). */
  paymentReconcileSeconds: number;
  /**
   * ChangePassword asks for the current password (ASVS 6.2.3; decision 007). `false` also takes
   * the spec's two-field call (password, confirm_passwrod) of old clients; a call that sends
   * the current password is checked either way.
   */
  passwordChangeNeedsCurrent: boolean;
  /** Start a spreadsheet-import worker ahead of the next upload (off in tests: one per app). */
  importWorkerWarm: boolean;
  /** How long the PostgreSQL pool waits for a database that does not answer (PGlite ignores them). */
  databaseTimeouts: DatabaseTimeouts;
  /** Connections in this process's PostgreSQL pool (DB_POOL_SIZE; PGlite has one). */
  databasePoolSize: number;
  /**
   * JOBS: `inline` runs the job queue's handlers (platform/jobs.ts) inside this server process;
   * `send-only` (PostgreSQL only) only enqueues: a worker process (`npm run worker`, worker.ts)
   * runs them; `off` starts no queue (sending a job then fails). Decision 010.
   */
  jobs: 'inline' | 'send-only' | 'off';
  /** How often an idle worker asks for a job (JOBS_POLL_SECONDS, at least 0.5). */
  jobsPollSeconds: number;
  /** How often the queue's maintenance (expiring jobs of dead processes) runs (JOBS_MAINTENANCE_SECONDS). */
  jobsMaintenanceSeconds: number;
  /** How often expired sessions, old import results and the like are pruned (HOUSEKEEPING_SECONDS). */
  housekeepingSeconds: number;
  /**
   * A file-import job slice active longer than this is taken as lost (its process died) and
   * retried from the import's checkpoint (IMPORT_JOB_EXPIRE_SECONDS).
   */
  /**
   * After each committed batch of a file import, the job rests this many times the batch's own
   * time (IMPORT_COMMIT_YIELD): the buyers' searches get the cores back meanwhile (issue 14's
   * "search p95 during the commit ≤ 2× alone" on 2 cores). 0 = no rest (the default: at 100k rows
   * a rest of 1 doubled the commit for a 14 % better search p95; docs/PERFORMANCE.md).
   */
  importCommitYield: number;
  importJobExpireSeconds: number;
  /** Webhook delivery attempts after the first (WEBHOOK_RETRY_LIMIT); with the delay below, ~24 h of back-off. */
  webhookRetryLimit: number;
  /** First retry delay of a webhook delivery, doubled each retry (WEBHOOK_RETRY_DELAY_SECONDS). */
  webhookRetryDelaySeconds: number;
  /** A receiver that has not answered within this long counts as a failed attempt (WEBHOOK_TIMEOUT_MS). */
  webhookTimeoutMs: number;
  /** How often the dispatcher looks for new outbox events (WEBHOOK_DISPATCH_MS). */
  webhookDispatchMs: number;
  /** Deliveries in flight at once per worker process (WEBHOOK_CONCURRENCY). */
  webhookConcurrency: number;
  /** Largest back-office import file (IMPORT_MAX_BYTES); the buyers' cart upload keeps its 5 MB. */
  importMaxBytes: number;
}

/** The read replica's settings (DATABASE_REPLICA_*; decision 027). */
export interface ReplicaConfig {
  url: string;
  /** Connections in this process's replica pool (DATABASE_REPLICA_POOL_SIZE; default DB_POOL_SIZE). */
  poolSize: number;
  /** Reads leave the replica while its replay is further behind than this (REPLICA_MAX_LAG_MS). */
  maxLagMs: number;
  /** How often the replica's replay position is compared with the primary's (REPLICA_CHECK_MS). */
  checkMs: number;
}

function replicaPoolSize(env: NodeJS.ProcessEnv): number {
  const value = env.DATABASE_REPLICA_POOL_SIZE;
  if (value === undefined || value.trim() === '') return loadDatabasePoolSize(env);
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1)
    throw new Error(
      `DATABASE_REPLICA_POOL_SIZE must be a whole number of connections, 1 or more, got "${value}"`,
    );
  return parsed;
}

/** DATABASE_REPLICA_URL and its settings; exported for its tests. */
export function loadReplicaConfig(env: NodeJS.ProcessEnv): ReplicaConfig | undefined {
  const url = env.DATABASE_REPLICA_URL?.trim();
  if (!url) return undefined;
  if (!env.DATABASE_URL) {
    throw new Error(
      'DATABASE_REPLICA_URL needs DATABASE_URL (PostgreSQL): the embedded PGlite database has no replicas — ' +
        'unset DATABASE_REPLICA_URL, or set DATABASE_URL to the primary PostgreSQL server',
    );
  }
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new Error('DATABASE_REPLICA_URL must be a postgres:// URL of a streaming replica of DATABASE_URL');
  if (url === env.DATABASE_URL.trim())
    throw new Error('DATABASE_REPLICA_URL is the same as DATABASE_URL: point it at the replica, or unset it');
  const maxLagMs = int(env.REPLICA_MAX_LAG_MS, 2_000);
  const checkMs = int(env.REPLICA_CHECK_MS, 250);
  if (maxLagMs < 100)
    throw new Error(`REPLICA_MAX_LAG_MS must be 100 or more (milliseconds), got "${env.REPLICA_MAX_LAG_MS}"`);
  if (checkMs < 50 || checkMs >= maxLagMs)
    throw new Error(
      `REPLICA_CHECK_MS must be 50 or more and below REPLICA_MAX_LAG_MS (${maxLagMs}), got "${env.REPLICA_CHECK_MS}"`,
    );
  return {
    url,
    poolSize: replicaPoolSize(env),
    maxLagMs,
    checkMs,
  };
}

/** Alipay open platform, app with public-key mode (RSA2). */
export interface AlipayConfig {
  appId: string;
  /** The app's private key, PEM (ALIPAY_PRIVATE_KEY_FILE). */
  privateKey: string;
  /** Alipay's public key, PEM (ALIPAY_PUBLIC_KEY_FILE): verifies responses and notifications. */
  alipayPublicKey: string;
  /** The merchant's partner id (2088…); when set, a notification for another seller is refused. */
  sellerId: string | undefined;
  /** ALIPAY_GATEWAY: https://openapi.alipay.com/gateway.do, or a simulator's. */
  gateway: string;
  /** Where Alipay posts its asynchronous notifications (ALIPAY_NOTIFY_URL). */
  notifyUrl: string;
}

/** WeChat Pay API v3, Native pay. */
export interface WechatPayConfig {
  mchid: string;
  appid: string;
  /** Serial number of the merchant API certificate (WECHATPAY_MERCHANT_SERIAL). */
  merchantSerial: string;
  /** Merchant API private key, PEM (WECHATPAY_PRIVATE_KEY_FILE). */
  privateKey: string;
  /** APIv3 key, 32 bytes (WECHATPAY_APIV3_KEY): decrypts notification resources. */
  apiV3Key: string;
  /**
   * What verifies WeChat Pay's signatures, by the `Wechatpay-Serial` it names: the platform
   * certificate's serial (WECHATPAY_PLATFORM_CERT_FILE) and/or a WeChat Pay public key id
   * `PUB_KEY_ID_…` (WECHATPAY_PUBLIC_KEY_FILE + WECHATPAY_PUBLIC_KEY_ID; newer merchants).
   */
  verifiers: Record<string, string>;
  /** WECHATPAY_BASE_URL: https://api.mch.weixin.qq.com/, or a simulator's. */
  baseUrl: string;
  notifyUrl: string;
}

/**
 * Bounds on waiting for PostgreSQL, so a server that accepts TCP but never answers (a network
 * partition, a stuck host, a full backlog) costs a request seconds, not forever. 0 turns one off.
 */
export interface DatabaseTimeouts {
  /** Opening a connection, and waiting for a free one in the pool (pg's connectionTimeoutMillis). */
  connectMs: number;
  /** Server side: PostgreSQL cancels a statement of a request that runs longer (statement_timeout). */
  statementMs: number;
  /**
   * Client side: no answer to a query for this long → the connection is dropped. Longer than the
   * statement timeout, so a merely slow query is cancelled by the server (connection kept) first;
   * this one catches the server that says nothing at all.
   */
  queryMs: number;
  /** Server side: a session idle inside an open transaction is ended (idle_in_transaction_session_timeout). */
  idleInTransactionMs: number;
  /** TCP keepalive probes start after the connection was silent this long (0 = no keepalive). */
  keepAliveMs: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** Repository root, whether running from src/ (tsx) or dist/ (built). */
export const REPO_ROOT = path.resolve(here, '..', '..', '..');

const int = (value: string | undefined, fallback: number): number => {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed)) throw new Error(`Expected an integer, got "${value}"`);
  return parsed;
};

const nonNegative = (name: string, value: string | undefined, fallback: number): number => {
  const parsed = int(value, fallback);
  if (parsed < 0) throw new Error(`${name} must be 0 or more (milliseconds), got "${value}"`);
  return parsed;
};

/** DB_POOL_SIZE, a whole number of connections of at least 1; exported for its tests. */
export function loadDatabasePoolSize(env: NodeJS.ProcessEnv): number {
  const value = env.DB_POOL_SIZE;
  if (value === undefined || value.trim() === '') return 10;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) {
    throw new Error(`DB_POOL_SIZE must be a whole number of connections, 1 or more, got "${value}"`);
  }
  return parsed;
}

/** DB_* settings; exported for its tests. */
export function loadDatabaseTimeouts(env: NodeJS.ProcessEnv): DatabaseTimeouts {
  const statementMs = nonNegative('DB_STATEMENT_TIMEOUT_MS', env.DB_STATEMENT_TIMEOUT_MS, 10_000);
  const timeouts: DatabaseTimeouts = {
    connectMs: nonNegative('DB_CONNECT_TIMEOUT_MS', env.DB_CONNECT_TIMEOUT_MS, 5_000),
    statementMs,
    // Default: the statement timeout plus room for the server's cancel to travel back.
    queryMs: nonNegative(
      'DB_QUERY_TIMEOUT_MS',
      env.DB_QUERY_TIMEOUT_MS,
      statementMs > 0 ? statementMs + 5_000 : 0,
    ),
    idleInTransactionMs: nonNegative(
      'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS',
      env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      10_000,
    ),
    keepAliveMs: nonNegative('DB_KEEPALIVE_MS', env.DB_KEEPALIVE_MS, 10_000),
  };
  // A client that gives up first would drop healthy-but-slow connections the server was about to
  // cancel cleanly, and report a slow query as a lost database.
  if (timeouts.queryMs > 0 && timeouts.statementMs > 0 && timeouts.queryMs <= timeouts.statementMs) {
    throw new Error(
      `DB_QUERY_TIMEOUT_MS (${timeouts.queryMs}) must be longer than DB_STATEMENT_TIMEOUT_MS (${timeouts.statementMs})`,
    );
  }
  return timeouts;
}

const bool = (value: string | undefined, fallback: boolean): boolean => {
  if (value === undefined || value.trim() === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
};

/** Shortest SANDBOX_PAYMENT_SECRET a cluster accepts (a guessable short key would let anyone sign callbacks). */
export const MIN_SHARED_SECRET_LENGTH = 32;

/**
 * Why this configuration cannot run as one of several processes (empty when it can, or when it
 * is not a cluster). Each line names the variable to set; start-up stops on the first run.
 */
export function clusterProblems(env: NodeJS.ProcessEnv): string[] {
  if (!bool(env.CLUSTER, false)) return [];
  const problems: string[] = [];
  if (!env.DATABASE_URL) {
    problems.push('CLUSTER=true needs DATABASE_URL: the embedded PGlite database belongs to one process');
  }
  const secret = env.SANDBOX_PAYMENT_SECRET ?? '';
  if (bool(env.PAYMENT_SANDBOX, true) && secret.length < MIN_SHARED_SECRET_LENGTH) {
    problems.push(
      `CLUSTER=true needs SANDBOX_PAYMENT_SECRET (at least ${MIN_SHARED_SECRET_LENGTH} characters, the same in every process): ` +
        'a random key per process would make one process refuse the callbacks another signed ' +
        '(or set PAYMENT_SANDBOX=false)',
    );
  }
  return problems;
}

const readPem = (name: string, file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`${name}: cannot read "${file}" (${(error as NodeJS.ErrnoException).code ?? 'error'})`, {
      cause: error,
    });
  }
};

/** Every listed variable set, or none; a half-configured provider stops start-up with their names. */
function providerVariables<K extends string>(
  env: NodeJS.ProcessEnv,
  provider: string,
  required: readonly K[],
): Record<K, string> | undefined {
  const missing = required.filter((name) => !env[name]?.trim());
  if (missing.length === required.length) return undefined;
  if (missing.length > 0) throw new Error(`${provider} is partly configured: set ${missing.join(', ')}`);
  return Object.fromEntries(required.map((name) => [name, env[name]!.trim()])) as Record<K, string>;
}

/** ALIPAY_*; exported for its tests. */
export function loadAlipayConfig(env: NodeJS.ProcessEnv): AlipayConfig | undefined {
  const v = providerVariables(env, 'Alipay', [
    'ALIPAY_APP_ID',
    'ALIPAY_PRIVATE_KEY_FILE',
    'ALIPAY_PUBLIC_KEY_FILE',
    'ALIPAY_NOTIFY_URL',
  ] as const);
  if (!v) return undefined;
  return {
    appId: v.ALIPAY_APP_ID,
    privateKey: readPem('ALIPAY_PRIVATE_KEY_FILE', v.ALIPAY_PRIVATE_KEY_FILE),
    alipayPublicKey: readPem('ALIPAY_PUBLIC_KEY_FILE', v.ALIPAY_PUBLIC_KEY_FILE),
    sellerId: env.ALIPAY_SELLER_ID?.trim() || undefined,
    gateway: env.ALIPAY_GATEWAY?.trim() || 'https://openapi.alipay.com/gateway.do',
    notifyUrl: v.ALIPAY_NOTIFY_URL,
  };
}

/** WECHATPAY_*; exported for its tests. */
export function loadWechatPayConfig(env: NodeJS.ProcessEnv): WechatPayConfig | undefined {
  const v = providerVariables(env, 'WeChat Pay', [
    'WECHATPAY_MCHID',
    'WECHATPAY_APPID',
    'WECHATPAY_MERCHANT_SERIAL',
    'WECHATPAY_PRIVATE_KEY_FILE',
    'WECHATPAY_APIV3_KEY',
    'WECHATPAY_NOTIFY_URL',
  ] as const);
  if (!v) return undefined;
  if (Buffer.byteLength(v.WECHATPAY_APIV3_KEY) !== 32) {
    throw new Error('WECHATPAY_APIV3_KEY must be the 32-character APIv3 key');
  }
  const verifiers: Record<string, string> = {};
  const certFile = env.WECHATPAY_PLATFORM_CERT_FILE?.trim();
  if (certFile) {
    // The serial WeChat Pay names in Wechatpay-Serial is the certificate's, in upper-case hex.
    const cert = new X509Certificate(readPem('WECHATPAY_PLATFORM_CERT_FILE', certFile));
    verifiers[cert.serialNumber.toUpperCase()] = cert.publicKey
      .export({ type: 'spki', format: 'pem' })
      .toString();
  }
  const publicKeyFile = env.WECHATPAY_PUBLIC_KEY_FILE?.trim();
  const publicKeyId = env.WECHATPAY_PUBLIC_KEY_ID?.trim();
  if (publicKeyFile || publicKeyId) {
    if (!publicKeyFile || !publicKeyId) {
      throw new Error(
        'WeChat Pay public key mode needs both WECHATPAY_PUBLIC_KEY_FILE and WECHATPAY_PUBLIC_KEY_ID',
      );
    }
    verifiers[publicKeyId] = readPem('WECHATPAY_PUBLIC_KEY_FILE', publicKeyFile);
  }
  if (Object.keys(verifiers).length === 0) {
    throw new Error(
      'WeChat Pay needs WECHATPAY_PLATFORM_CERT_FILE or WECHATPAY_PUBLIC_KEY_FILE + WECHATPAY_PUBLIC_KEY_ID to verify its signatures',
    );
  }
  return {
    mchid: v.WECHATPAY_MCHID,
    appid: v.WECHATPAY_APPID,
    merchantSerial: v.WECHATPAY_MERCHANT_SERIAL.toUpperCase(),
    privateKey: readPem('WECHATPAY_PRIVATE_KEY_FILE', v.WECHATPAY_PRIVATE_KEY_FILE),
    apiV3Key: v.WECHATPAY_APIV3_KEY,
    verifiers,
    baseUrl: env.WECHATPAY_BASE_URL?.trim() || 'https://api.mch.weixin.qq.com/',
    notifyUrl: v.WECHATPAY_NOTIFY_URL,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems = clusterProblems(env);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return {
    host: env.HOST ?? '0.0.0.0',
    port: int(env.PORT, 8080),
    dataDir: env.DATA_DIR ?? path.join(REPO_ROOT, 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    replica: loadReplicaConfig(env),
    demoData: bool(env.DEMO_DATA, true),
    demoParts: int(env.DEMO_PARTS, 20_000),
    demoSeed: int(env.DEMO_SEED, 20261121),
    demoHistory: bool(env.DEMO_HISTORY, true),
    logLevel: env.LOG_LEVEL ?? 'info',
    webDir: env.WEB_DIR ?? path.join(REPO_ROOT, 'apps', 'web', 'dist'),
    productFilesDir: env.PRODUCT_FILES_DIR ?? path.join(REPO_ROOT, 'data', 'product-files'),
    apiPrefix: env.API_PREFIX ?? '/api',
    accountId: int(env.ACCOUNT_ID, 1),
    tokenIdleMinutes: int(env.TOKEN_IDLE_MINUTES, 120),
    tokenMaxHours: int(env.TOKEN_MAX_HOURS, 72),
    loginFailuresPerHour: int(env.LOGIN_FAILURES_PER_HOUR, 100),
    loginAttemptsPerIpPerMinute: int(env.LOGIN_ATTEMPTS_PER_IP_PER_MINUTE, 30),
    cluster: bool(env.CLUSTER, false),
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? 'partsportal:',
    passwordHashMemoryKiB: int(env.PASSWORD_HASH_MEMORY_KIB, 19_456),
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 1_048_576),
    apiBodyLimitBytes: int(env.API_BODY_LIMIT_BYTES, 16 * 1_048_576),
    trustProxy: bool(env.TRUST_PROXY, false),
    metrics: bool(env.METRICS, false),
    metricsToken: env.METRICS_TOKEN || undefined,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    sandboxPaymentSecret: env.SANDBOX_PAYMENT_SECRET || randomBytes(32).toString('hex'),
    paymentSandbox: bool(env.PAYMENT_SANDBOX, true),
    alipay: loadAlipayConfig(env),
    wechatPay: loadWechatPayConfig(env),
    paymentProviderTimeoutMs: int(env.PAYMENT_PROVIDER_TIMEOUT_MS, 10_000),
    paymentReconcileAfterMinutes: int(env.PAYMENT_RECONCILE_AFTER_MINUTES, 30),
    paymentReconcileSeconds: int(env.PAYMENT_RECONCILE_SECONDS, 120),
    passwordChangeNeedsCurrent: bool(env.PASSWORD_CHANGE_NEEDS_CURRENT, true),
    importWorkerWarm: bool(env.IMPORT_WORKER_WARM, true),
    databaseTimeouts: loadDatabaseTimeouts(env),
    databasePoolSize: loadDatabasePoolSize(env),
    jobs: loadJobsMode(env.JOBS, env.DATABASE_URL),
    jobsPollSeconds: Math.max(0.5, Number(env.JOBS_POLL_SECONDS || 1)),
    jobsMaintenanceSeconds: int(env.JOBS_MAINTENANCE_SECONDS, 30),
    housekeepingSeconds: int(env.HOUSEKEEPING_SECONDS, 900),
    importCommitYield: Math.max(0, Number(env.IMPORT_COMMIT_YIELD ?? 0) || 0),
    importJobExpireSeconds: int(env.IMPORT_JOB_EXPIRE_SECONDS, 120),
    importMaxBytes: int(env.IMPORT_MAX_BYTES, 200 * 1024 * 1024),
    // 15 s × (2^12 − 1) ≈ 17 h at the least; the random factor of each wait (1–2×) makes ~26 h on average.
    webhookRetryLimit: int(env.WEBHOOK_RETRY_LIMIT, 12),
    webhookRetryDelaySeconds: int(env.WEBHOOK_RETRY_DELAY_SECONDS, 15),
    webhookTimeoutMs: int(env.WEBHOOK_TIMEOUT_MS, 10_000),
    webhookDispatchMs: Math.max(50, int(env.WEBHOOK_DISPATCH_MS, 200)),
    webhookConcurrency: Math.max(1, int(env.WEBHOOK_CONCURRENCY, 8)),
  };
}

function loadJobsMode(value: string | undefined, databaseUrl: string | undefined): Config['jobs'] {
  const mode = (value ?? '').trim().toLowerCase() || 'inline';
  if (mode !== 'inline' && mode !== 'send-only' && mode !== 'off')
    throw new Error(`JOBS must be inline, send-only or off, got "${value}"`);
  // Nothing could run the jobs: a PGlite folder opens in one process, so no worker process.
  if (mode === 'send-only' && !databaseUrl)
    throw new Error(
      'JOBS=send-only needs DATABASE_URL (PostgreSQL): the embedded PGlite database opens in one process only, ' +
        'so no separate worker could run the jobs — leave JOBS=inline',
    );
  return mode;
}

/** Settings for tests: in-memory database, no demo data, cheap hashing. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    dataDir: 'memory://',
    demoData: false,
    logLevel: 'silent',
    passwordHashMemoryKiB: 1024,
    importWorkerWarm: false,
    // A test that needs the job queue turns it on (`jobs: 'inline'`); the others skip its start-up.
    jobs: 'off',
    // Imports in tests commit without resting (the rest is for buyers sharing the cores).
    importCommitYield: 0,
    ...overrides,
  };
}

/** The PostgreSQL server the test suites use when set (CI sets it). */
export const testDatabaseUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;
/** CI turns skips of required suites into failures. */
export const isCi = (): boolean => bool(process.env.CI, false);
/** Which database the server test suites run on: the `server-postgres` vitest project sets TEST_DB. */
export const testDatabaseKind = (): 'pglite' | 'postgres' =>
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
