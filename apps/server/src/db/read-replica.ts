import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { DatabaseTimeouts } from '../config';
import type { Db } from './client';

/**
 * Reads that may be a moment stale on a streaming replica (DATABASE_REPLICA_URL, decision 027).
 *
 * The rule, in one line: a read goes to the replica only when the replica is healthy (its replay
 * was at most `maxLagMs` behind the primary at the last check) **and** it has replayed past the
 * caller's fence — the primary's WAL position written right after the caller's last write request
 * (`replica_fences`, shared by every process through PostgreSQL). Anything else, and any error
 * the replica gives, reads the primary. A read is never answered from a replica that might not
 * hold the caller's own write; others' writes show after at most the lag bound.
 */

/** What the request in progress has done, kept for the queries it runs (platform/read-routing.ts). */
export interface RoutingScope {
  /** `company:<id>` for a buyer, `staff:<id>` for the back office; undefined for anonymous calls. */
  writer: string | undefined;
  /** Set by the primary's connections when the request sends a statement that may write. */
  wrote: boolean;
  /** The writer's fence, read from the primary once per request (lazily, only if a read may go to the replica). */
  fence?: Promise<bigint>;
}

export const routingScope = new AsyncLocalStorage<RoutingScope>();

/**
 * Statements that cannot change data. Anything else (INSERT, UPDATE, DELETE, WITH … a
 * data-modifying CTE, a function call through SELECT is the one blind spot: none of the request
 * paths write that way) marks the request as having written. A false "wrote" only costs a fence.
 */
const READ_ONLY_STATEMENT =
  /^\s*(select|show|begin|commit|rollback|savepoint|release|set|reset|explain|start transaction)\b/i;

/** Called by the primary pool's connections for every statement (client.ts). */
export function noteStatement(text: unknown): void {
  const scope = routingScope.getStore();
  if (!scope || scope.wrote) return;
  if (typeof text !== 'string' || !READ_ONLY_STATEMENT.test(text)) scope.wrote = true;
}

/** `16/B374D848` → a number that orders like the position. */
export function parseLsn(lsn: string | null | undefined): bigint | undefined {
  if (!lsn) return undefined;
  const match = /^([0-9A-F]+)\/([0-9A-F]+)$/i.exec(lsn.trim());
  if (!match) return undefined;
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

/** Why a read went where it went (the `db_read_routing_total` metric's labels). */
export type RoutingReason = 'replica' | 'own-write' | 'fence' | 'lagging' | 'down' | 'error';

export type ReplicaState = 'starting' | 'healthy' | 'lagging' | 'down';

export interface ReplicaStats {
  state: ReplicaState;
  /** Upper bound on how far the replica's data is behind the primary, at the last check (ms). */
  lagMs: number;
  /** Reads per target and reason since start. */
  reads: Map<string, number>;
  /** State changes to lagging or down since start. */
  fallbacks: Map<ReplicaState, number>;
}

export interface ReplicaRouter extends EventEmitter<{
  /** Every change of state, with the reason (the app logs it). */
  state: [{ state: ReplicaState; previous: ReplicaState; lagMs: number; error?: string }];
  /** A replica read failed and was answered by the primary. */
  readFailed: [{ error: string }];
}> {
  /** The executor for reads that may be stale: replica or primary, per statement. */
  readDb: Db;
  stats: ReplicaStats;
  /**
   * After a request that wrote: the writer's fence becomes the primary's current WAL position
   * (which is past the request's commits). Awaited before the answer leaves the process.
   */
  recordWrite(writer: string): Promise<void>;
  /** One health check now (tests; the timer runs them every `checkMs`). */
  check(): Promise<void>;
  close(): Promise<void>;
}

export interface ReplicaOptions {
  primaryPool: pg.Pool;
  url: string;
  poolSize: number;
  maxLagMs: number;
  checkMs: number;
  timeouts: DatabaseTimeouts;
  clientOptions: pg.ClientConfig;
  /** Tests: a pool-shaped stand-in for the replica (otherwise one is opened on `url`). */
  replicaPool?: Pick<pg.Pool, 'query' | 'end'>;
}

/**
 * What a pg error or connection failure from the replica means for routing: a standby that
 * cancelled a statement for a WAL conflict (40001) or is starting up is still a replica; a lost
 * connection means it may be gone until the next check says otherwise.
 */
const connectionLost = (error: unknown) => {
  const code = (error as { code?: string }).code ?? '';
  // Not a SQLSTATE (ECONNREFUSED, ETIMEDOUT, a pool's timeout without a code): the connection failed.
  if (!/^[0-9A-Z]{5}$/.test(code)) return true;
  return code.startsWith('08') || code.startsWith('57P') || code === '53300';
};

/**
 * The executor's pool: the shape drizzle's node-postgres session expects (`query`, and `connect`
 * for a transaction, which always runs on the primary). The class name contains "Pool", which is
 * how drizzle recognises a pool (its transaction checks out a client instead of sending BEGIN on
 * the pool).
 */
class ReadRoutingPool {
  constructor(
    private readonly primary: pg.Pool,
    private readonly route: (args: unknown[]) => Promise<unknown>,
  ) {}

  query(...args: unknown[]): Promise<unknown> {
    return this.route(args);
  }

  connect(): Promise<pg.PoolClient> {
    return this.primary.connect();
  }
}

function openReplicaPool(options: ReplicaOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize,
    ...options.clientOptions,
    // A replica that does not answer is left at once for the primary: never wait long for it.
    connectionTimeoutMillis: Math.min(options.timeouts.connectMs || 1_000, 1_000),
  });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * Where a read that may be stale runs: the replica only when it is healthy, the request has not
 * written, and the replica has replayed past the caller's fence. Pure; the router's rule.
 */
export function readTarget(input: {
  state: ReplicaState;
  wrote: boolean;
  fence: bigint;
  replayed: bigint;
}): RoutingReason {
  if (input.state === 'down' || input.state === 'starting') return 'down';
  if (input.state === 'lagging') return 'lagging';
  if (input.wrote) return 'own-write';
  if (input.fence > input.replayed) return 'fence';
  return 'replica';
}

export function openReadReplica(options: ReplicaOptions): ReplicaRouter {
  const { primaryPool, maxLagMs, checkMs } = options;
  const replicaPool = options.replicaPool ?? openReplicaPool(options);

  const emitter = new EventEmitter() as ReplicaRouter;
  const stats: ReplicaStats = {
    state: 'starting',
    lagMs: Number.POSITIVE_INFINITY,
    reads: new Map(),
    fallbacks: new Map(),
  };
  /** The replica's replay position at the last check: a lower bound of what it holds now. */
  let replayed = 0n;
  /** Primary positions with the time they were read, oldest first (the lag's evidence). */
  const marks: Array<{ at: number; lsn: bigint }> = [];
  /** When the newest mark the replica has replayed past was taken: its data is at least that fresh. */
  let freshAt: number | undefined;

  const count = (target: 'replica' | 'primary', reason: RoutingReason) => {
    const key = `${target}:${reason}`;
    stats.reads.set(key, (stats.reads.get(key) ?? 0) + 1);
  };

  function setState(state: ReplicaState, error?: string) {
    const previous = stats.state;
    if (state === previous) return;
    stats.state = state;
    if (state === 'lagging' || state === 'down')
      stats.fallbacks.set(state, (stats.fallbacks.get(state) ?? 0) + 1);
    emitter.emit('state', { state, previous, lagMs: stats.lagMs, ...(error ? { error } : {}) });
  }

  async function check() {
    const at = Date.now();
    let primaryLsn: bigint | undefined;
    try {
      const row = (await primaryPool.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'))
        .rows[0];
      primaryLsn = parseLsn(row?.lsn);
    } catch {
      // The primary's own trouble shows in its requests and /readyz; the replica keeps its state.
      return;
    }
    if (primaryLsn !== undefined) marks.push({ at, lsn: primaryLsn });
    try {
      const row = (
        await replicaPool.query<{ replayed: string | null; standby: boolean }>(
          'select pg_last_wal_replay_lsn()::text as replayed, pg_is_in_recovery() as standby',
        )
      ).rows[0];
      const position = parseLsn(row?.replayed);
      if (!row?.standby || position === undefined) {
        // Promoted or never a standby: its data may have left the primary's history.
        stats.lagMs = Number.POSITIVE_INFINITY;
        setState('down', 'DATABASE_REPLICA_URL is not a standby in recovery (promoted?)');
        return;
      }
      if (position > replayed) replayed = position;
      // Everything the primary had committed when a mark was taken is on the replica once it has
      // replayed past that mark: its data is at most (now − the newest such mark) behind.
      while (marks.length > 0 && marks[0]!.lsn <= replayed) freshAt = marks.shift()!.at;
      stats.lagMs = freshAt === undefined ? Number.POSITIVE_INFINITY : Date.now() - freshAt;
      // Bounded memory while the replica is far behind: the oldest mark is the one that counts.
      if (marks.length > 1_000) marks.splice(1, marks.length - 1_000);
      setState(stats.lagMs <= maxLagMs ? 'healthy' : 'lagging');
    } catch (error) {
      stats.lagMs = Number.POSITIVE_INFINITY;
      setState('down', error instanceof Error ? error.message : String(error));
    }
  }

  let checking: Promise<void> | undefined;
  const timer = setInterval(() => {
    checking ??= check().finally(() => (checking = undefined));
  }, checkMs);
  timer.unref();
  void check();

  async function fenceOf(writer: string): Promise<bigint> {
    const row = (
      await primaryPool.query<{ lsn: string }>({
        name: 'pp_replica_fence',
        text: 'select lsn::text as lsn from replica_fences where writer = $1',
        values: [writer],
      })
    ).rows[0];
    return parseLsn(row?.lsn) ?? 0n;
  }

  /** Where this statement should run, and why (the fence is read only when it matters). */
  async function choose(scope: RoutingScope | undefined): Promise<RoutingReason> {
    const early = readTarget({ state: stats.state, wrote: scope?.wrote ?? false, fence: 0n, replayed });
    if (early !== 'replica' || !scope?.writer) return early;
    scope.fence ??= fenceOf(scope.writer);
    return readTarget({ state: stats.state, wrote: scope.wrote, fence: await scope.fence, replayed });
  }

  async function route(args: unknown[]): Promise<unknown> {
    const scope = routingScope.getStore();
    const reason = await choose(scope);
    const onPrimary = () =>
      (primaryPool.query as (...a: unknown[]) => Promise<unknown>).apply(primaryPool, args);
    if (reason !== 'replica') {
      count('primary', reason);
      return onPrimary();
    }
    try {
      const answer = await (replicaPool.query as (...a: unknown[]) => Promise<unknown>).apply(
        replicaPool,
        args,
      );
      count('replica', 'replica');
      return answer;
    } catch (error) {
      // Never the caller's problem: the primary answers, and a lost replica leaves the rotation
      // until a check finds it again.
      const message = error instanceof Error ? error.message : String(error);
      emitter.emit('readFailed', { error: message });
      if (connectionLost(error)) setState('down', message);
      count('primary', 'error');
      return onPrimary();
    }
  }

  const readDb: Db = drizzlePg(new ReadRoutingPool(primaryPool, route) as unknown as pg.Pool);

  return Object.assign(emitter, {
    readDb,
    stats,
    check,
    async recordWrite(writer: string) {
      await primaryPool.query({
        name: 'pp_replica_fence_set',
        text:
          'insert into replica_fences (writer, lsn, updated_at) values ($1, pg_current_wal_lsn(), now()) ' +
          'on conflict (writer) do update set lsn = greatest(replica_fences.lsn, excluded.lsn), updated_at = now()',
        values: [writer],
      });
    },
    async close() {
      clearInterval(timer);
      await checking;
      await replicaPool.end();
    },
  });
}
