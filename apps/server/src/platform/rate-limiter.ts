import { lt } from 'drizzle-orm';
import { Redis } from 'ioredis';
import {
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema/accounts';

/**
 * Fixed-window counters shared by every server process: in PostgreSQL (or PGlite) by default,
 * in Redis when REDIS_URL is set. rate-limiter-flexible does the counting in both stores with
 * one atomic statement per hit (an upsert, or a Lua script), so two processes never both see
 * "one left" (issue 16; docs/decisions/008-shared-state-across-processes.md).
 */
export interface RateLimiter {
  /** Count one hit for `key`; `allowed` is false once the window's limit is passed. */
  hit(key: string): Promise<{ allowed: boolean; retryAfterMs: number }>;
}

export interface RateLimitStore {
  kind: 'database' | 'redis';
  limiter(options: { name: string; limit: number; windowMs: number }): RateLimiter;
  /** Deletes counters whose window ended over an hour ago (the database store; Redis expires its own). */
  prune(): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimitStoreOptions {
  db: Db;
  redisUrl?: string | undefined;
  redisKeyPrefix?: string;
  /** Told when Redis fails a hit and this process counts alone for a while. */
  onRedisError?: (error: unknown) => void;
}

/**
 * Opens the store. With Redis, waits for the first connection so a wrong REDIS_URL stops the
 * start-up with a clear error instead of surfacing at the first sign-in.
 */
export async function openRateLimitStore(options: RateLimitStoreOptions): Promise<RateLimitStore> {
  if (!options.redisUrl) return databaseStore(options.db);
  const redis = new Redis(options.redisUrl, {
    lazyConnect: true,
    // Never queue a sign-in behind a reconnect: while Redis is away a hit fails at once and the
    // process's own counter answers (redisStore).
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 5_000,
  });
  redis.on('error', () => undefined); // reported through onRedisError per failed hit
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `REDIS_URL: cannot connect to Redis (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  return redisStore(redis, options.redisKeyPrefix ?? '', options.onRedisError);
}

function databaseStore(db: Db): RateLimitStore {
  return {
    kind: 'database',
    limiter: ({ name, limit, windowMs }) =>
      forLimiter(
        new RateLimiterDrizzle({
          storeClient: db,
          schema: rateLimits,
          keyPrefix: name,
          points: limit,
          duration: windowMs / 1000,
          // Pruned by the auth module's timer with the sessions, not by a timer per limiter that
          // would outlive the app (and its database) in tests.
          clearExpiredByTimeout: false,
        }),
      ),
    async prune() {
      // The limiter's clock is the real one (rate-limiter-flexible), whatever a test's service uses.
      await db.delete(rateLimits).where(lt(rateLimits.expire, new Date(Date.now() - 3_600_000)));
    },
    async close() {},
  };
}

function redisStore(redis: Redis, prefix: string, onError?: (error: unknown) => void): RateLimitStore {
  return {
    kind: 'redis',
    limiter: ({ name, limit, windowMs }) => {
      const duration = windowMs / 1000;
      const shared = new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${prefix}${name}`,
        points: limit,
        duration,
        // Not connected: fail at once instead of queueing the sign-in behind a reconnect.
        rejectIfRedisNotReady: true,
      });
      // Redis down: each process limits on its own for a while (the limit per process, not
      // across them) rather than refusing or admitting every sign-in.
      const fallback = new RateLimiterMemory({ keyPrefix: name, points: limit, duration });
      return {
        hit: (key) =>
          consume(shared, key).catch((error: unknown) => {
            onError?.(error);
            return consume(fallback, key);
          }),
      };
    },
    async prune() {},
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** One hit; a refusal (RateLimiterRes) is an answer, anything else a failure of the store. */
async function consume(limiter: RateLimiterAbstract, key: string) {
  try {
    await limiter.consume(key);
    return { allowed: true, retryAfterMs: 0 };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return { allowed: false, retryAfterMs: rejection.msBeforeNext };
    throw rejection;
  }
}

const forLimiter = (limiter: RateLimiterAbstract): RateLimiter => ({ hit: (key) => consume(limiter, key) });
