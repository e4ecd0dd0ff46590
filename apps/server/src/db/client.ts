import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { REPO_ROOT, type DatabaseTimeouts, type ReplicaConfig } from '../config';
import { noteStatement, openReadReplica, type ReplicaRouter } from './read-replica';

/**
 * The one executor every repository takes: the database itself or a transaction (drizzle's
 * transaction is a PgDatabase too), on PGlite and PostgreSQL alike — so a repository never knows
 * whether it runs inside a transaction, and `src/repositories.ts` binds the same factories to both.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/**
 * The rows of a raw statement's result. drizzle types `execute` on the generic executor as
 * unknown; both drivers answer `{ rows }`, so this is the one place that says so.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const dialect = new PgDialect();

/**
 * Rows of a raw query, for the few statements drizzle's builder cannot express (decision 009).
 * `prepared`: on PostgreSQL a named statement, parsed once per connection and after five runs
 * planned once (generic plan) — for hot paths whose planning costs as much as running them, and
 * only for statements whose best plan does not depend on the parameter values. PGlite ignores
 * the name. Runs on whatever `db` is: the pool, or the connection of a transaction.
 */
export async function queryRows<T>(db: Db, query: SQL, options?: { prepared?: boolean }): Promise<T[]> {
  if (!options?.prepared) return rowsOf<T>(await db.execute(query));
  const compiled = dialect.sqlToQuery(query);
  // The name stands for the text, so one name never meets two different statements.
  const name = `pp_${createHash('sha1').update(compiled.sql).digest('base64url').slice(0, 24)}`;
  return rowsOf<T>(await db._.session.prepareQuery(compiled, undefined, name, false).execute());
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * For reads that may be a moment stale (decision 027): with DATABASE_REPLICA_URL, an executor
   * that sends each statement to the replica or the primary (db/read-replica.ts); else `db` itself.
   */
  readDb: Db;
  /** The replica's router, when one is configured (its state, metrics, fences). */
  replica?: ReplicaRouter;
  /**
   * Run `work` in one transaction. On PGlite the files are synced after COMMIT, because
   * PGlite's own transaction() returns before syncing (PGlite issue #1065) and a kill -9
   * right after an acknowledged order must not lose it.
   */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /** `queryRows` on `db`: for seeds, scripts and tests (repositories take a `Db`). */
  rows<T>(query: SQL, options?: { prepared?: boolean }): Promise<T[]>;
  /**
   * A statement as text with `$n` values, for a library that brings its own SQL (the job queue,
   * platform/jobs.ts). Without values the text may hold several statements (its schema
   * install): PGlite's exec, a simple query on PostgreSQL. On PGlite it waits for a running
   * `transaction` like every other query (one connection, one statement at a time).
   */
  executeSql(text: string, values?: readonly unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

/** pg_advisory_lock key held while migrating (any constant; "pp" and 16 in ASCII). */
const MIGRATION_LOCK = 0x7070_0016;

export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'apps', 'server', 'src', 'db', 'migrations');

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite folder, or `memory://` for a throw-away database. */
  dataDir: string;
  /** Connections in the PostgreSQL pool (the server passes Config.databasePoolSize, DB_POOL_SIZE). Absent → 10. */
  poolSize?: number;
  /** PostgreSQL: bounds on waiting for the server (the server passes Config.databaseTimeouts). Absent → none. */
  timeouts?: DatabaseTimeouts;
  /**
   * PGlite only: start from this dump of a data folder (PGlite's dumpDataDir) instead of an empty
   * cluster; the migrations then run as usual (nothing left to apply when the dump is migrated).
   * The tests' databases start from one migrated dump (test/test-database.ts).
   */
  pgliteDump?: Blob;
  /** PostgreSQL only: a streaming replica for reads that may be stale (Config.replica). */
  replica?: ReplicaConfig | undefined;
}

const UNBOUNDED: DatabaseTimeouts = {
  connectMs: 0,
  statementMs: 0,
  queryMs: 0,
  idleInTransactionMs: 0,
  keepAliveMs: 0,
};

/**
 * For migrations and seeds: one index build or bulk insert may rightly run for minutes, and a
 * seed computes rows between statements, so only connecting stays bounded (and keepalive on).
 */
export const maintenanceTimeouts = (timeouts: DatabaseTimeouts): DatabaseTimeouts => ({
  ...timeouts,
  statementMs: 0,
  queryMs: 0,
  idleInTransactionMs: 0,
});

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl)
    return openPostgres(
      options.databaseUrl,
      options.poolSize ?? 10,
      options.timeouts ?? UNBOUNDED,
      options.replica,
    );
  // config.ts refuses DATABASE_REPLICA_URL without DATABASE_URL; this guards other callers.
  if (options.replica)
    throw new Error('DATABASE_REPLICA_URL needs DATABASE_URL (PostgreSQL): PGlite has no replicas');
  return openPglite(options.dataDir, options.pgliteDump);
}

async function openPglite(dataDir: string, dump?: Blob): Promise<Database> {
  if (dataDir !== 'memory://') fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir, {
    extensions: { pg_trgm },
    relaxedDurability: false,
    ...(dump ? { loadDataDir: dump } : {}),
  });
  const db: Db = drizzlePglite(client);
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
  return {
    kind: 'pglite',
    db,
    readDb: db,
    async transaction(work) {
      const result = await db.transaction((tx) => work(tx));
      await client.syncToFs();
      return result;
    },
    rows: (query, options) => queryRows(db, query, options),
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values as unknown[]);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    async close() {
      await client.close();
    },
  };
}

/**
 * A migrated, empty PGlite data folder as a dump for `pgliteDump` (uncompressed tar): the tests
 * start each file's database from one, since starting PGlite and applying every migration is the
 * costliest part of a small route test file.
 */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** The timeouts as pg's client options; pg sends statement and idle-in-transaction at start-up. */
export function pgTimeoutOptions(timeouts: DatabaseTimeouts): pg.ClientConfig {
  return {
    connectionTimeoutMillis: timeouts.connectMs,
    ...(timeouts.statementMs > 0 ? { statement_timeout: timeouts.statementMs } : {}),
    ...(timeouts.queryMs > 0 ? { query_timeout: timeouts.queryMs } : {}),
    ...(timeouts.idleInTransactionMs > 0
      ? { idle_in_transaction_session_timeout: timeouts.idleInTransactionMs }
      : {}),
    keepAlive: timeouts.keepAliveMs > 0,
    keepAliveInitialDelayMillis: timeouts.keepAliveMs,
  };
}

const QUERY_READ_TIMEOUT = 'Query read timeout';

/** The SQL of pg's query(text, …) or query({ text, … }). */
const statementText = (first: unknown): unknown =>
  typeof first === 'string' ? first : (first as { text?: unknown } | undefined)?.text;

/**
 * pg's query_timeout rejects the caller's promise but leaves the query active on its connection:
 * the next query on that client (a transaction's ROLLBACK) queues behind an answer that may never
 * come, and the client goes back to the pool still stuck. A connection that stayed silent that
 * long is not trusted again: it is destroyed, its queued queries fail at once, and the pool
 * replaces it (found by reliability/hang.postgres-only.test.ts).
 */
class DroppingClient extends pg.Client {
  /** Set at once (the socket's close event comes later): the pool must not hand it out again. */
  dropped = false;
  /** Held by `Database.transaction` (its statements mark the request as a writer, decision 027). */
  checkedOut = false;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pass-through of pg's many query() overloads
  override query(...args: any[]): any {
    // Only a client a transaction checked out is called from its caller's async context; the
    // pool's own calls (pool.query) may run in another request's and are noted in `pool.query`.
    if (this.checkedOut) noteStatement(statementText(args[0]));
    const query = super.query as (...a: unknown[]) => unknown;
    const last: unknown = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        this.dropAfterTimeout(error);
        (last as (error: unknown, result: unknown) => void)(error, result);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    // A side branch only: the caller still receives (and handles) the rejection.
    if (result instanceof Promise) result.catch((error: unknown) => this.dropAfterTimeout(error));
    return result;
  }

  private dropAfterTimeout(error: unknown) {
    if (error instanceof Error && error.message === QUERY_READ_TIMEOUT) {
      this.dropped = true;
      this.connection.stream.destroy();
    }
  }
}

async function openPostgres(
  url: string,
  poolSize: number,
  timeouts: DatabaseTimeouts,
  replicaConfig: ReplicaConfig | undefined,
): Promise<Database> {
  // Migrations on their own connection without the request bounds (an index build on a big
  // table may take minutes), before the pool serves anything.
  const migrator = new pg.Client({
    connectionString: url,
    ...pgTimeoutOptions(maintenanceTimeouts(timeouts)),
  });
  migrator.on('error', () => undefined);
  await migrator.connect();
  try {
    // Processes of a cluster start together: without a lock each one saw the same pending
    // migrations and all but the first failed on "already exists". The later ones wait and then
    // find nothing to do; ending the connection releases the lock.
    await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(migrator), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await migrator.end();
  }

  // numeric (1700) and bigint (20) stay strings: no binary float touches money.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    ...pgTimeoutOptions(timeouts),
    Client: DroppingClient,
  });
  // Statements sent on the pool (outside transactions) tell a request that it wrote (decision
  // 027): noted here, in the caller's async context, before pg-pool queues them.
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    noteStatement(statementText(args[0]));
    return poolQuery(...args);
  }) as typeof pool.query;
  pool.on('error', () => {
    // An idle client lost its connection (server restart); the pool replaces it on next use.
  });
  pool.on('connect', (client) => {
    // A checked-out client whose backend dies between two queries (pg_terminate_backend, a
    // server restart mid-transaction) emits 'error' with no listener of the pool's attached,
    // which would crash the process. Its pending and next queries fail instead, the request
    // answers with an error, and the pool drops the client when it is released.
    client.on('error', () => undefined);
  });
  const db: Db = drizzlePg(pool);
  const replica = replicaConfig
    ? openReadReplica({
        primaryPool: pool,
        url: replicaConfig.url,
        poolSize: replicaConfig.poolSize,
        maxLagMs: replicaConfig.maxLagMs,
        checkMs: replicaConfig.checkMs,
        timeouts,
        clientOptions: pgTimeoutOptions(timeouts),
      })
    : undefined;
  return {
    kind: 'postgres',
    db,
    readDb: replica?.readDb ?? db,
    ...(replica ? { replica } : {}),
    async transaction(work) {
      // Checked out here, not by drizzle: drizzle's pool transaction sends BEGIN before its
      // try/finally, so a BEGIN that fails (timed out, backend gone) never released the client
      // and each such failure cost the pool a connection for good (found by the hang check).
      const client = await pool.connect();
      if (client instanceof DroppingClient) client.checkedOut = true;
      try {
        return await drizzlePg(client).transaction((tx) => work(tx));
      } finally {
        if (client instanceof DroppingClient) client.checkedOut = false;
        // A dropped client may not know yet that its socket is gone: say so, and the pool removes it.
        client.release(client instanceof DroppingClient && client.dropped);
      }
    },
    rows: (query, options) => queryRows(db, query, options),
    async executeSql(text, values) {
      const result = await pool.query(text, values && values.length > 0 ? (values as unknown[]) : undefined);
      // A multi-statement text answers one result per statement; the last one is the answer.
      const last = Array.isArray(result) ? (result.at(-1) as pg.QueryResult | undefined) : result;
      return { rows: last?.rows ?? [] };
    },
    async close() {
      await replica?.close();
      await pool.end();
    },
  };
}
