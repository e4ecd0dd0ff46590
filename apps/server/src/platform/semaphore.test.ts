import { describe, expect, it } from 'vitest';
import { createSemaphore, QueueFullError } from './semaphore';

/** A task that runs until the test lets it finish, recording when it started. */
function gate() {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { done, open, fail };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createSemaphore', () => {
  it('never runs more than `permits` tasks at once, and runs them all', async () => {
    const semaphore = createSemaphore({ permits: 2, maxQueued: 10 });
    let running = 0;
    let most = 0;
    const results = await Promise.all(
      Array.from({ length: 9 }, (_, index) =>
        semaphore.run(async () => {
          running++;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 1 + (index % 3)));
          running--;
          return index * 10;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80]);
    expect(semaphore.running).toBe(0);
    expect(semaphore.queued).toBe(0);
  });

  it('starts waiting tasks in arrival order; a newcomer waits behind them', async () => {
    const semaphore = createSemaphore({ permits: 1, maxQueued: 10 });
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof gate>>();
    const enqueue = (name: string) => {
      const g = gate();
      gates.set(name, g);
      return semaphore.run(async () => {
        started.push(name);
        await g.done;
      });
    };
    const all = [enqueue('a'), enqueue('b'), enqueue('c'), enqueue('d')];
    await settle();
    expect(started).toEqual(['a']);
    expect(semaphore.queued).toBe(3);

    // Arrives right after the first task ends (its promise's callbacks run after the release).
    const late = all[0]!.then(() => enqueue('e'));
    gates.get('a')!.open();
    await all[0];
    await settle();
    expect(started).toEqual(['a', 'b']);
    for (const name of ['b', 'c', 'd']) {
      gates.get(name)!.open();
      await settle();
    }
    await settle();
    gates.get('e')!.open();
    await Promise.all([...all, late]);
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('refuses at once beyond `maxQueued` waiting tasks, and accepts again when the queue shrinks', async () => {
    const semaphore = createSemaphore({ permits: 1, maxQueued: 2 });
    const first = gate();
    const running = semaphore.run(() => first.done);
    const waiting = [semaphore.run(async () => 'second'), semaphore.run(async () => 'third')];
    expect(semaphore.queued).toBe(2);

    let ran = false;
    await expect(
      semaphore.run(async () => {
        ran = true;
      }),
    ).rejects.toBeInstanceOf(QueueFullError);
    expect(ran).toBe(false);
    expect(semaphore.queued).toBe(2);

    first.open();
    await running;
    expect(await Promise.all(waiting)).toEqual(['second', 'third']);
    expect(await semaphore.run(async () => 'later')).toBe('later');
  });

  it('frees the permit when a task fails, synchronously or not, and passes the error on', async () => {
    const semaphore = createSemaphore({ permits: 1, maxQueued: 5 });
    const failing = gate();
    const first = semaphore.run(() => failing.done);
    const sync = semaphore.run((): Promise<never> => {
      throw new Error('thrown before any promise');
    });
    const after = semaphore.run(async () => 'ran');
    failing.fail(new Error('rejected'));
    await expect(first).rejects.toThrow('rejected');
    await expect(sync).rejects.toThrow('thrown before any promise');
    expect(await after).toBe('ran');
    expect(semaphore.running).toBe(0);
  });

  it('rejects a configuration that could never run anything', () => {
    expect(() => createSemaphore({ permits: 0, maxQueued: 1 })).toThrow(RangeError);
    expect(() => createSemaphore({ permits: 1.5, maxQueued: 1 })).toThrow(RangeError);
    expect(() => createSemaphore({ permits: 1, maxQueued: -1 })).toThrow(RangeError);
  });
});
