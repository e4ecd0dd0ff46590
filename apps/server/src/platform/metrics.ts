import { timingSafeEqual } from 'node:crypto';
import { ResultCode } from '@partsportal/contract/codes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { SystemRepository } from '../modules/system/system.repository';
import type { Config } from '../config';
import type { Database } from '../db/client';

/** Where Prometheus scrapes each process (not under the API prefix, never through the proxy). */
export const METRICS_PATH = '/metrics';

/** Seconds; from a health check (~1 ms) to a slow import or report (10 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * `/metrics` in Prometheus's text format (prom-client), when METRICS=true: request count and
 * latency per route pattern (`/api/Web/GetCartList/:n`, never the raw URL: one series per route,
 * not per id), API answers per envelope result code, the PostgreSQL pool's connections, and the
 * process's own metrics (CPU, memory,
 * event-loop lag, GC). One registry per app: each process answers for itself, so Prometheus
 * scrapes every process's port directly (docs/DEPLOYMENT.md).
 *
 * Who may read it: with METRICS_TOKEN, whoever sends `Authorization: Bearer <token>`; without
 * one, only a caller on this machine that came straight to the process — a request that passed
 * a proxy carries X-Forwarded-For (the proxy on this machine connects from loopback too). Anyone
 * else gets a plain 404, as if there were no such page. The proxy's configuration refuses the
 * path as well.
 */
export function installMetrics(
  app: FastifyInstance,
  deps: { config: Config; database: Database; system: SystemRepository },
): void {
  const { config, database, system } = deps;
  if (!config.metrics) return;

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to response per route pattern (its _count is the request count)',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    latency.observe(
      {
        method: request.method,
        // No route matched (a 404, the SPA fallback of an unknown path): one label for them all.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  // API answers are HTTP 200 with the outcome in the envelope's `code` (40029 rate-limited, 50000
  // internal, 50003 database unavailable …): counted per route from the serialized answer's start.
  const answers = new Counter({
    name: 'api_answers_total',
    help: 'API answers per route pattern and envelope result code (HTTP is 200 for all of them)',
    labelNames: ['route', 'code'] as const,
    registers: [registry],
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (typeof payload === 'string') {
      const code = ENVELOPE_CODE.exec(payload)?.[1];
      if (code !== undefined)
        answers.inc({
          route: request.routeOptions.url ?? 'unmatched',
          code: KNOWN_CODES.has(Number(code)) ? code : 'other',
        });
    }
    done(null, payload);
  });

  // drizzle's node-postgres handle keeps the pg.Pool it was made on; PGlite has no pool.
  const pool =
    database.kind === 'postgres' ? (database.db as unknown as { $client?: pg.Pool }).$client : undefined;
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections of this process: open, idle, in use, and callers waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new Gauge({
      name: 'db_pool_max_connections',
      help: 'Largest number of connections the PostgreSQL pool of this process opens',
      registers: [registry],
      collect() {
        this.set(pool.options.max ?? 10);
      },
    });
  }

  // The read replica (decision 027): where reads that may be stale went, and the replica's state.
  const replica = database.replica;
  if (replica) {
    new Counter({
      name: 'db_read_routing_total',
      help:
        'Reads that may be stale, by where they ran (replica or primary) and why: replica; own-write, fence ' +
        '(the caller wrote and the replica has not replayed it yet); lagging, down (the replica was left); error (a replica read failed, the primary answered)',
      labelNames: ['target', 'reason'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [key, value] of replica.stats.reads) {
          const [target, reason] = key.split(':') as [string, string];
          this.inc({ target, reason }, value);
        }
      },
    });
    new Counter({
      name: 'db_replica_fallbacks_total',
      help: 'Times the replica left the rotation: lagging (beyond REPLICA_MAX_LAG_MS) or down (unreachable, not a standby)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const state of ['lagging', 'down'] as const)
          this.inc({ state }, replica.stats.fallbacks.get(state) ?? 0);
      },
    });
    new Gauge({
      name: 'db_replica_lag_seconds',
      help: 'How far the replica may be behind the primary at the last check (+Inf while unreachable)',
      registers: [registry],
      collect() {
        this.set(replica.stats.lagMs / 1000);
      },
    });
    new Gauge({
      name: 'db_replica_up',
      help: '1 while the replica serves reads (healthy), 0 while they go to the primary',
      registers: [registry],
      collect() {
        this.set(replica.stats.state === 'healthy' ? 1 : 0);
      },
    });
  }

  // Background work (issue 16 item 4): read at scrape time from the shared database, so every
  // process reports the same queue — alert on one process's series, not on their sum.
  new Gauge({
    name: 'job_queue_jobs',
    help: 'Jobs in the shared queue per queue and state (created, retry, active, completed, failed …)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await system.jobCounts()) this.set({ queue: row.queue, state: row.state }, row.jobs);
    },
  });
  new Gauge({
    name: 'import_rows',
    help: 'File imports being checked or committed: rows done and rows in the file, per import',
    labelNames: ['import_id', 'kind', 'state', 'of'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await system.importsInProgress()) {
        const labels = { import_id: String(row.id), kind: row.kind, state: row.state };
        this.set({ ...labels, of: 'done' }, row.done);
        this.set({ ...labels, of: 'total' }, row.total);
      }
    },
  });

  app.get(
    METRICS_PATH,
    // Its own check below instead of a user's token; outside the API.
    { schema: { hide: true }, config: { permission: 'public' } },
    async (request, reply) => {
      if (!mayRead(request, config.metricsToken)) {
        return reply.status(404).type('text/plain').send('Not found');
      }
      return reply
        .header('cache-control', 'no-store')
        .type(registry.contentType)
        .send(await registry.metrics());
    },
  );
}

/** The envelope as the serializer writes it: `code` first. */
const ENVELOPE_CODE = /^\{"code":(\d{3,5}),/;
/** Label values stay a fixed, small set whatever a handler answers. */
const KNOWN_CODES = new Set<number>(Object.values(ResultCode));

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The socket's own peer, never X-Forwarded-For (TRUST_PROXY would let a caller write it). */
function mayRead(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(String(request.headers.authorization ?? ''));
    const expected = Buffer.from(`Bearer ${token}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  const direct = !request.headers['x-forwarded-for'] && !request.headers.forwarded;
  return direct && LOOPBACK.has(request.socket.remoteAddress ?? '');
}
