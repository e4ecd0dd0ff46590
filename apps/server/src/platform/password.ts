import os from 'node:os';
import { ResultCode } from '@partsportal/contract/codes';
import argon2 from 'argon2';
import { AppError } from './errors';
import { createSemaphore, QueueFullError, type Semaphore } from './semaphore';

/**
 * Hashes computed at once. The argon2 addon hashes on libuv's thread pool (4 threads), so 20
 * clients signing in kept 4 hashes of ~100 ms CPU each running; on 2 cores that left the event
 * loop and PostgreSQL a third of the CPU and tripled the search p95 (docs/PERFORMANCE.md). One
 * core always stays free for serving; sign-ins wait their turn instead.
 */
export const HASH_CONCURRENCY = Math.max(1, os.availableParallelism() - 1);
/**
 * Waiting hashes per running one. At ~100 ms a hash that is ~3 s of waiting; a longer queue would
 * only make every sign-in slower until clients time out, so the next one is told to retry.
 */
export const HASH_QUEUE_PER_SLOT = 32;

export interface PasswordHasher {
  /** argon2id with the brief's parameters (m = 19 MiB, t = 2, p = 1). */
  hash(password: string, memoryKiB?: number): Promise<string>;
  /** False for a wrong password or a malformed stored hash; throws 40029 when too many wait. */
  verify(hash: string, password: string): Promise<boolean>;
  /**
   * A throw-away hash to verify against when the user does not exist, so "unknown user" costs
   * the same work (and time) as "wrong password" and timing does not reveal which user ids exist.
   */
  dummyHash(memoryKiB: number): Promise<string>;
}

export function createPasswordHasher(
  slots: Semaphore = createSemaphore({
    permits: HASH_CONCURRENCY,
    maxQueued: HASH_CONCURRENCY * HASH_QUEUE_PER_SLOT,
  }),
): PasswordHasher {
  async function limited<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await slots.run(work);
    } catch (error) {
      if (error instanceof QueueFullError) throw new AppError(ResultCode.rateLimited, 'serverBusy');
      throw error;
    }
  }

  const hash = (password: string, memoryKiB = 19_456) =>
    limited(() =>
      argon2.hash(password, { type: argon2.argon2id, memoryCost: memoryKiB, timeCost: 2, parallelism: 1 }),
    );

  let dummy: Promise<string> | undefined;
  return {
    hash,
    verify: (stored, password) =>
      limited(async () => {
        try {
          return await argon2.verify(stored, password);
        } catch {
          // A malformed stored hash is a failed sign-in, not a crash.
          return false;
        }
      }),
    dummyHash(memoryKiB) {
      if (!dummy) {
        const made = hash('not-a-real-password', memoryKiB);
        // A busy refusal must not stay cached: the next unknown user computes it again.
        made.catch(() => {
          if (dummy === made) dummy = undefined;
        });
        dummy = made;
      }
      return dummy;
    },
  };
}

/** The process's hasher: every sign-in, password change, seed and fixture shares its slots. */
export const passwordHasher = createPasswordHasher();
export const hashPassword = passwordHasher.hash;
export const verifyPassword = passwordHasher.verify;
export const dummyPasswordHash = passwordHasher.dummyHash;
