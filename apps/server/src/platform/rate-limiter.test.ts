import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCi } from '../config';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema/accounts';
import { createTestDatabase } from '../../test/test-database';
import { openRateLimitStore, type RateLimitStore } from './rate-limiter';

const REDIS_URL = 'redis://127.0.0.1:6379';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => drop?.());

/** Hits `key` `n` times, one after the other; the answers' `allowed`. */
async function hits(store: RateLimitStore, name: string, key: string, n: number, limit = 3) {
  const limiter = store.limiter({ name, limit, windowMs: 60_000 });
  const answers = [];
  for (let i = 0; i < n; i++) answers.push(await limiter.hit(key));
  return answers;
}

describe('the database store', () => {
  it('allows `limit` hits per window, then says how long until the window ends', async () => {
    const store = await openRateLimitStore({ db: database.db });
    const answers = await hits(store, 'solo', 'k', 5);
    expect(answers.map((a) => a.allowed)).toEqual([true, true, true, false, false]);
    expect(answers[3]!.retryAfterMs).toBeGreaterThan(55_000);
    expect(answers[3]!.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('shares the count between stores on one database (two processes), also under concurrent hits', async () => {
    const one = await openRateLimitStore({ db: database.db });
    const two = await openRateLimitStore({ db: database.db });
    const limiters = [one, two].map((store) => store.limiter({ name: 'pair', limit: 10, windowMs: 60_000 }));
    // 30 hits at once, spread over both: exactly 10 allowed (one atomic upsert per hit).
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => limiters[i % 2]!.hit('k')));
    expect(answers.filter((a) => a.allowed)).toHaveLength(10);
  });

  it('starts a new window once the old one ended, and prunes windows over an hour old', async () => {
    const store = await openRateLimitStore({ db: database.db });
    expect((await hits(store, 'short', 'k', 3, 1)).map((a) => a.allowed)).toEqual([true, false, false]);
    // Windows that ended (set back by hand: the limiter reads the real clock).
    await database.db.update(rateLimits).set({ expire: new Date(Date.now() - 2 * 3_600_000) });
    expect((await hits(store, 'short', 'k', 1, 1)).map((a) => a.allowed)).toEqual([true]);
    await database.db.update(rateLimits).set({ expire: new Date(Date.now() - 2 * 3_600_000) });
    await store.prune();
    expect(await database.db.select().from(rateLimits)).toEqual([]);
  });
});

async function redisReachable() {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1_000 });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const haveRedis = await redisReachable();
if (!haveRedis) console.warn(`\n!!! SKIPPED Redis rate-limit tests: nothing answers at ${REDIS_URL}\n`);

describe.skipIf(!haveRedis && !isCi())('the Redis store (REDIS_URL)', () => {
  const prefix = `pp-test-${randomBytes(4).toString('hex')}:`;
  afterAll(async () => {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('shares the count between processes, under its key prefix, and writes nothing to the database', async () => {
    const one = await openRateLimitStore({ db: database.db, redisUrl: REDIS_URL, redisKeyPrefix: prefix });
    const two = await openRateLimitStore({ db: database.db, redisUrl: REDIS_URL, redisKeyPrefix: prefix });
    try {
      expect(one.kind).toBe('redis');
      const limiters = [one, two].map((store) =>
        store.limiter({ name: 'pair', limit: 10, windowMs: 60_000 }),
      );
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => limiters[i % 2]!.hit('k')));
      expect(answers.filter((a) => a.allowed)).toHaveLength(10);
      const refused = answers.find((a) => !a.allowed)!;
      expect(refused.retryAfterMs).toBeGreaterThan(55_000);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
      const redis = new Redis(REDIS_URL);
      expect(await redis.get(`${prefix}pair:k`).finally(() => redis.disconnect())).toBe('30');
      expect(await database.db.select().from(rateLimits).where(eq(rateLimits.key, 'pair:k'))).toEqual([]);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('counts in the process while Redis fails, and says so', async () => {
    const errors: unknown[] = [];
    const store = await openRateLimitStore({
      db: database.db,
      redisUrl: REDIS_URL,
      redisKeyPrefix: prefix,
      onRedisError: (error) => errors.push(error),
    });
    // Redis gone for this process: its connection closed under it.
    await store.close();
    expect((await hits(store, 'down', 'k', 4)).map((a) => a.allowed)).toEqual([true, true, true, false]);
    expect(errors.length).toBe(4);
  });
});

it('stops the start-up with a clear error when REDIS_URL does not answer', async () => {
  await expect(openRateLimitStore({ db: database.db, redisUrl: 'redis://127.0.0.1:1' })).rejects.toThrow(
    /^REDIS_URL: cannot connect to Redis/,
  );
});
