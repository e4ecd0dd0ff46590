import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataAccess, type DataAccess } from '../../repositories';
import { createAccount } from '../../../test/fixtures';
import { createTestDatabase } from '../../../test/test-database';

/**
 * The order feed's promise (issue 13 item 4): a reader that follows the cursor never skips an
 * event, even when transactions commit in another order than they took their ids. Writers hold
 * their transaction open a random while after appending; a reader polls all the time. Without the
 * outbox's commit-order lock, a late commit of a lower id slips behind the reader's cursor.
 */
let world: Awaited<ReturnType<typeof createTestDatabase>>;
let data: DataAccess;

beforeAll(async () => {
  world = await createTestDatabase('postgres');
  await createAccount(world.database, 1);
  data = createDataAccess(world.database);
});
afterAll(async () => world?.drop());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('outbox ids in commit order', () => {
  it('a polling reader sees every event exactly once, in order, while writers commit late', async () => {
    const writers = 60;
    const written: string[] = [];
    let writing = true;
    const seen: Array<{ id: number; entityId: string }> = [];
    const reader = (async () => {
      let cursor = 0;
      while (writing || seen.length < writers) {
        const page = await data.repos.outbox.after(1, cursor, 50);
        for (const event of page) {
          seen.push({ id: event.id, entityId: event.entityId });
          cursor = event.id;
        }
        if (page.length === 0) await pause(2);
        if (!writing && page.length === 0 && seen.length < writers) {
          // One last look: everything has committed by now.
          const rest = await data.repos.outbox.after(1, cursor, 500);
          for (const event of rest) seen.push({ id: event.id, entityId: event.entityId });
          break;
        }
      }
    })();
    await Promise.all(
      Array.from({ length: writers }, async (_, n) => {
        await pause(Math.random() * 40);
        await data.transaction(async (tx) => {
          await tx.outbox.append({
            accountId: 1,
            type: 'order.submitted',
            entity: 'order',
            entityId: n,
            payload: {},
          });
          // The transaction stays open a while after taking its id: a late commit.
          await pause(Math.random() * 15);
        });
        written.push(String(n));
      }),
    );
    writing = false;
    await reader;
    const ids = seen.map((event) => event.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    expect(seen.map((event) => event.entityId).sort()).toEqual([...written].sort());
  }, 60_000);
});
