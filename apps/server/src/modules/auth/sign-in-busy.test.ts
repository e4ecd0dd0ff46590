// Sign-ins share a bounded number of hash slots (platform/password.ts): when too many already
// wait, the next one is told to retry at once (40029) — without counting as a failed sign-in and
// with the same answer for known and unknown users.
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import type { Database } from '../../db/client';
import { loginFailures } from '../../db/schema/accounts';
import { AppError } from '../../platform/errors';
import { translate } from '../../platform/messages';
import { createPasswordHasher } from '../../platform/password';
import { openRateLimitStore } from '../../platform/rate-limiter';
import { createSemaphore } from '../../platform/semaphore';
import { createAccount, createCompany, createUser } from '../../../test/fixtures';
import { createTestDatabase } from '../../../test/test-database';
import { createDataAccess } from '../../repositories';
import { createAuthService } from './auth.service';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await createAccount(database, 1);
  const company = await createCompany(database, 1, 'Rapid Auto Repair');
  await createUser(database, { accountId: 1, companyId: company.id, userId: 'demo', password: 'demo1234' });
});
afterAll(async () => drop?.());

function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { done, open };
}

/**
 * Waits for `condition`, bounded by time, not by a count of 2 ms sleeps (500 of them were ~1 s):
 * the sign-in reaches the hash slots only after its user and rate-limit queries, which on a busy
 * CI machine with both server projects running can take longer than that.
 */
async function until(condition: () => boolean) {
  const deadline = Date.now() + 20_000;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 2));
  expect(condition()).toBe(true);
}

const failureCount = async () => (await database.db.select({ n: count() }).from(loginFailures))[0]!.n;

/** What the login answered: the token, or the refusal's code and message key. */
const outcome = (promise: Promise<string>) =>
  promise.then(
    (token) => ({ token }),
    (error: unknown) => {
      if (!(error instanceof AppError)) throw error;
      return { code: error.code, key: error.messageKey };
    },
  );

describe('sign-in when the hash slots are taken', () => {
  it('queues within the limit, refuses beyond it with 40029 "busy", and counts no failure', async () => {
    const slots = createSemaphore({ permits: 1, maxQueued: 1 });
    // Slot taken and queue full before the service exists: its warm-up of the dummy hash fails too.
    const held = gate();
    const holder = slots.run(() => held.done);
    const queuedFiller = slots.run(async () => undefined);
    const auth = createAuthService({
      ...createDataAccess(database),
      config: testConfig({ loginAttemptsPerIpPerMinute: 1000 }),
      passwords: createPasswordHasher(slots),
      rateLimits: await openRateLimitStore({ db: database.db }),
    });
    const body = (user_id: string, password: string) => ({
      user_id,
      password,
      account_id: 1,
      from: 'web' as const,
    });
    const failuresBefore = await failureCount();

    const wrong = await outcome(auth.login(body('demo', 'not-the-password'), '10.0.0.1', 'en'));
    const unknown = await outcome(auth.login(body('nobody-here', 'whatever1'), '10.0.0.2', 'en'));
    expect(wrong).toEqual({ code: 40029, key: 'serverBusy' });
    expect(unknown).toEqual(wrong);
    expect(await failureCount()).toBe(failuresBefore);

    held.open();
    await Promise.all([holder, queuedFiller]);
    // Slots free again: a waiting sign-in gets its turn, and the refused warm-up was not cached.
    const blocker = gate();
    const blocking = slots.run(() => blocker.done);
    const waiting = outcome(auth.login(body('demo', 'demo1234'), '10.0.0.3', 'en'));
    await until(() => slots.queued === 1);
    blocker.open();
    await blocking;
    expect(await waiting).toEqual({ token: expect.any(String) });
    expect(await outcome(auth.login(body('nobody-here', 'whatever1'), '10.0.0.2', 'en'))).toEqual({
      code: 40000,
      key: 'loginFailed',
    });
    expect(await failureCount()).toBe(failuresBefore + 1);
    expect(slots.running).toBe(0);
  });

  it('says so in zh, en and es', () => {
    const texts = (['zh', 'en', 'es'] as const).map((language) => translate('serverBusy', language));
    expect(new Set(texts).size).toBe(3);
    for (const text of texts) expect(text).not.toMatch(/[{}]/);
    expect(texts[1]).toMatch(/try again/i);
  });
});
