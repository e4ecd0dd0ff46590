import { describe, expect, it } from 'vitest';
import {
  clusterProblems,
  loadConfig,
  loadDatabasePoolSize,
  loadDatabaseTimeouts,
  loadReplicaConfig,
} from './config';
import { maintenanceTimeouts, pgTimeoutOptions } from './db/client';

describe('database timeouts (DB_*)', () => {
  it('default to bounded waits: connect 5 s, statement 10 s, query 15 s, idle in transaction 10 s, keepalive 10 s', () => {
    expect(loadConfig({}).databaseTimeouts).toEqual({
      connectMs: 5_000,
      statementMs: 10_000,
      queryMs: 15_000,
      idleInTransactionMs: 10_000,
      keepAliveMs: 10_000,
    });
  });

  it('read each variable; the query timeout follows the statement timeout unless set', () => {
    expect(
      loadDatabaseTimeouts({
        DB_CONNECT_TIMEOUT_MS: '1000',
        DB_STATEMENT_TIMEOUT_MS: '2000',
        DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '3000',
        DB_KEEPALIVE_MS: '4000',
      }),
    ).toEqual({
      connectMs: 1000,
      statementMs: 2000,
      queryMs: 7000,
      idleInTransactionMs: 3000,
      keepAliveMs: 4000,
    });
    expect(
      loadDatabaseTimeouts({ DB_STATEMENT_TIMEOUT_MS: '2000', DB_QUERY_TIMEOUT_MS: '2500' }).queryMs,
    ).toBe(2500);
    // Blank counts as unset, as for every other variable.
    expect(loadDatabaseTimeouts({ DB_CONNECT_TIMEOUT_MS: ' ' }).connectMs).toBe(5_000);
  });

  it('0 turns one off; without a statement timeout the query timeout is off unless set', () => {
    expect(loadDatabaseTimeouts({ DB_STATEMENT_TIMEOUT_MS: '0' })).toMatchObject({
      statementMs: 0,
      queryMs: 0,
    });
    expect(loadDatabaseTimeouts({ DB_STATEMENT_TIMEOUT_MS: '0', DB_QUERY_TIMEOUT_MS: '3000' })).toMatchObject(
      {
        statementMs: 0,
        queryMs: 3000,
      },
    );
    expect(loadDatabaseTimeouts({ DB_KEEPALIVE_MS: '0', DB_CONNECT_TIMEOUT_MS: '0' })).toMatchObject({
      keepAliveMs: 0,
      connectMs: 0,
    });
  });

  it('refuse values that are not whole non-negative milliseconds, naming the variable', () => {
    expect(() => loadDatabaseTimeouts({ DB_CONNECT_TIMEOUT_MS: '5s' })).toThrow(
      'Expected an integer, got "5s"',
    );
    expect(() => loadDatabaseTimeouts({ DB_STATEMENT_TIMEOUT_MS: '1.5' })).toThrow('Expected an integer');
    expect(() => loadDatabaseTimeouts({ DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '-1' })).toThrow(
      'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS must be 0 or more (milliseconds), got "-1"',
    );
    expect(() => loadConfig({ DB_KEEPALIVE_MS: '-5' })).toThrow('DB_KEEPALIVE_MS must be 0 or more');
  });

  it('refuse a query timeout that would fire before the server cancels the statement', () => {
    expect(() =>
      loadDatabaseTimeouts({ DB_STATEMENT_TIMEOUT_MS: '5000', DB_QUERY_TIMEOUT_MS: '5000' }),
    ).toThrow('DB_QUERY_TIMEOUT_MS (5000) must be longer than DB_STATEMENT_TIMEOUT_MS (5000)');
    expect(() => loadDatabaseTimeouts({ DB_QUERY_TIMEOUT_MS: '3000' })).toThrow(
      'must be longer than DB_STATEMENT_TIMEOUT_MS (10000)',
    );
  });

  it('become pg options: statement and idle-in-transaction sent to the server, off ones left out', () => {
    const timeouts = loadDatabaseTimeouts({});
    expect(pgTimeoutOptions(timeouts)).toEqual({
      connectionTimeoutMillis: 5_000,
      statement_timeout: 10_000,
      query_timeout: 15_000,
      idle_in_transaction_session_timeout: 10_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // Migrations and seeds: only connecting stays bounded.
    expect(pgTimeoutOptions(maintenanceTimeouts(timeouts))).toEqual({
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    expect(pgTimeoutOptions(loadDatabaseTimeouts({ DB_KEEPALIVE_MS: '0' }))).toMatchObject({
      keepAlive: false,
    });
  });
});

describe('PostgreSQL pool size (DB_POOL_SIZE)', () => {
  it('defaults to 10 connections per process; blank counts as unset', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadDatabasePoolSize({ DB_POOL_SIZE: ' ' })).toBe(10);
  });

  it('reads a whole number of connections, 1 or more', () => {
    expect(loadConfig({ DB_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
    expect(loadDatabasePoolSize({ DB_POOL_SIZE: '1' })).toBe(1);
  });

  it('refuses 0, negative, fractional and non-numeric sizes at start-up, naming the variable', () => {
    for (const value of ['0', '-3', '2.5', 'ten', '10 connections']) {
      expect(() => loadConfig({ DB_POOL_SIZE: value })).toThrow(
        `DB_POOL_SIZE must be a whole number of connections, 1 or more, got "${value}"`,
      );
    }
  });
});

describe('running several processes (CLUSTER)', () => {
  const secret = 'k'.repeat(32);
  const cluster = { CLUSTER: 'true', DATABASE_URL: 'postgres://db/pp', SANDBOX_PAYMENT_SECRET: secret };

  it('is off by default: one process, a random sandbox key, no Redis', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ cluster: false, redisUrl: undefined, redisKeyPrefix: 'partsportal:' });
    expect(config.sandboxPaymentSecret).toHaveLength(64);
    expect(loadConfig({}).sandboxPaymentSecret).not.toBe(config.sandboxPaymentSecret);
  });

  it('starts with a database server and a sandbox key of at least 32 characters', () => {
    expect(loadConfig(cluster)).toMatchObject({ cluster: true, sandboxPaymentSecret: secret });
    expect(loadConfig({ ...cluster, REDIS_URL: 'redis://r:6379', REDIS_KEY_PREFIX: 'shop1:' })).toMatchObject(
      {
        redisUrl: 'redis://r:6379',
        redisKeyPrefix: 'shop1:',
      },
    );
  });

  it('refuses to start without the key, naming the variable and why', () => {
    expect(() => loadConfig({ ...cluster, SANDBOX_PAYMENT_SECRET: '' })).toThrow(
      /^CLUSTER=true needs SANDBOX_PAYMENT_SECRET \(at least 32 characters, the same in every process\)/,
    );
    expect(() => loadConfig({ ...cluster, SANDBOX_PAYMENT_SECRET: 'short' })).toThrow(
      /SANDBOX_PAYMENT_SECRET/,
    );
    // Without the sandbox provider there is nothing to sign.
    expect(loadConfig({ ...cluster, SANDBOX_PAYMENT_SECRET: '', PAYMENT_SANDBOX: 'false' }).cluster).toBe(
      true,
    );
  });

  it('refuses the embedded database, which one process owns', () => {
    expect(() => loadConfig({ ...cluster, DATABASE_URL: '' })).toThrow(/^CLUSTER=true needs DATABASE_URL/);
    expect(clusterProblems({ CLUSTER: 'yes' })).toHaveLength(2);
    expect(clusterProblems({ CLUSTER: 'false' })).toEqual([]);
  });
});

describe('jobs (JOBS)', () => {
  it('runs jobs inline by default; send-only and off are the other modes', () => {
    expect(loadConfig({}).jobs).toBe('inline');
    expect(loadConfig({ JOBS: 'off' }).jobs).toBe('off');
    expect(loadConfig({ JOBS: 'send-only', DATABASE_URL: 'postgres://db/pp' }).jobs).toBe('send-only');
    expect(() => loadConfig({ JOBS: 'later' })).toThrow(/JOBS must be inline, send-only or off/);
  });

  it('refuses send-only on PGlite: no worker process could open its data folder', () => {
    expect(() => loadConfig({ JOBS: 'send-only' })).toThrow(/JOBS=send-only needs DATABASE_URL/);
  });

  it('retries a webhook for about a day: 12 retries from 15 s, doubled', () => {
    const config = loadConfig({});
    expect([config.webhookRetryLimit, config.webhookRetryDelaySeconds, config.webhookTimeoutMs]).toEqual([
      12, 15, 10_000,
    ]);
    // pg-boss waits delay × 2^n × (1 + random) before retry n + 1: between 17 h and 34 h in all.
    const least = config.webhookRetryDelaySeconds * (2 ** config.webhookRetryLimit - 1);
    expect(least / 3600).toBeGreaterThan(16);
    expect((2 * least) / 3600).toBeLessThan(36);
  });
});

describe('read replica (DATABASE_REPLICA_URL, decision 027)', () => {
  const primary = 'postgres://pp@127.0.0.1:5432/pp';
  const replica = 'postgres://pp@127.0.0.1:5433/pp';

  it('is off unless set', () => {
    expect(loadConfig({}).replica).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: primary }).replica).toBeUndefined();
  });

  it('on PGlite (no DATABASE_URL) stops start-up, saying why and what to do', () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URL: replica })).toThrow(
      /DATABASE_REPLICA_URL needs DATABASE_URL \(PostgreSQL\): the embedded PGlite database has no replicas/,
    );
  });

  it("reads its settings, with a pool as large as the primary's unless set", () => {
    expect(
      loadReplicaConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: replica, DB_POOL_SIZE: '7' }),
    ).toEqual({
      url: replica,
      poolSize: 7,
      maxLagMs: 2_000,
      checkMs: 250,
    });
    expect(
      loadReplicaConfig({
        DATABASE_URL: primary,
        DATABASE_REPLICA_URL: replica,
        DATABASE_REPLICA_POOL_SIZE: '4',
        REPLICA_MAX_LAG_MS: '5000',
        REPLICA_CHECK_MS: '500',
      }),
    ).toEqual({ url: replica, poolSize: 4, maxLagMs: 5_000, checkMs: 500 });
  });

  it('refuses a replica URL that is the primary, not postgres://, or bounds that cannot work', () => {
    expect(() => loadReplicaConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: primary })).toThrow(
      /same as DATABASE_URL/,
    );
    expect(() => loadReplicaConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: 'mysql://x/y' })).toThrow(
      /postgres:\/\//,
    );
    expect(() =>
      loadReplicaConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: replica, REPLICA_MAX_LAG_MS: '50' }),
    ).toThrow(/REPLICA_MAX_LAG_MS/);
    expect(() =>
      loadReplicaConfig({
        DATABASE_URL: primary,
        DATABASE_REPLICA_URL: replica,
        REPLICA_MAX_LAG_MS: '1000',
        REPLICA_CHECK_MS: '1000',
      }),
    ).toThrow(/REPLICA_CHECK_MS/);
    expect(() =>
      loadReplicaConfig({
        DATABASE_URL: primary,
        DATABASE_REPLICA_URL: replica,
        DATABASE_REPLICA_POOL_SIZE: '0',
      }),
    ).toThrow(/DATABASE_REPLICA_POOL_SIZE/);
  });
});
