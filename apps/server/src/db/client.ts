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
import { REPO_ROOT } from '../config';

/** The drizzle handle every repository takes: the same API on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Run `work` in one transaction. On PGlite the files are synced after COMMIT, because
   * PGlite's own transaction() returns before syncing (PGlite issue #1065) and a kill -9
   * right after an acknowledged order must not lose it.
   */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Rows of a raw query, for the few statements drizzle's builder cannot express. `prepared`:
   * on PostgreSQL a named statement, parsed once per connection and after five runs planned
   * once (generic plan) — for hot paths whose planning costs as much as running them, and only
   * for statements whose best plan does not depend on the parameter values. PGlite ignores it.
   */
  rows<T>(query: SQL, options?: { prepared?: boolean }): Promise<T[]>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'apps', 'server', 'src', 'db', 'migrations');

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite folder, or `memory://` for a throw-away database. */
  dataDir: string;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  if (dataDir !== 'memory://') fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir, {
    extensions: { pg_trgm },
    relaxedDurability: false,
  });
  const db = drizzlePglite(client) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
  return {
    kind: 'pglite',
    db,
    async transaction(work) {
      const result = await db.transaction((tx) => work(tx as unknown as Db));
      await client.syncToFs();
      return result;
    },
    async rows<T>(query: SQL) {
      const result = await db.execute(query);
      return (result as unknown as { rows: T[] }).rows;
    },
    async close() {
      await client.close();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // numeric (1700) and bigint (20) stay strings: no binary float touches money.
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
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
  const db = drizzlePg(pool) as unknown as Db;
  const dialect = new PgDialect();
  await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR });
  return {
    kind: 'postgres',
    db,
    transaction: (work) => db.transaction((tx) => work(tx as unknown as Db)),
    async rows<T>(query: SQL, options?: { prepared?: boolean }) {
      if (options?.prepared) {
        const { sql: text, params } = dialect.sqlToQuery(query);
        // The name stands for the text, so one name never meets two different statements.
        const name = `pp_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
        return (await pool.query({ name, text, values: params })).rows as T[];
      }
      const result = await db.execute(query);
      return (result as unknown as { rows: T[] }).rows;
    },
    async close() {
      await pool.end();
    },
  };
}
