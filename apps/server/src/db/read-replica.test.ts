import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  noteStatement,
  openReadReplica,
  parseLsn,
  readTarget,
  routingScope,
  type ReplicaRouter,
  type RoutingScope,
} from './read-replica';

// The read replica's routing rule (decision 027) without a database: pool-shaped fakes for the
// primary and the replica answer the router's own statements and record where each read ran.
// The real streaming replica: apps/server/test/cluster/read-replica.postgres-only.test.ts.

const TIMEOUTS = { connectMs: 1000, statementMs: 0, queryMs: 0, idleInTransactionMs: 0, keepAliveMs: 0 };

interface Fake {
  lsn: string;
  fences: Map<string, string>;
  standby: boolean;
  down: boolean;
  reads: string[];
}

function fakePool(role: 'primary' | 'replica', fake: Fake) {
  return {
    query(config: string | { text: string; values?: unknown[] }, values?: unknown[]) {
      const text = typeof config === 'string' ? config : config.text;
      const params = typeof config === 'string' ? values : (config.values ?? values);
      if (role === 'replica' && fake.down) {
        return Promise.reject(
          Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5499'), { code: 'ECONNREFUSED' }),
        );
      }
      if (text.includes('pg_current_wal_lsn()::text')) return Promise.resolve({ rows: [{ lsn: fake.lsn }] });
      if (text.includes('pg_last_wal_replay_lsn')) {
        return Promise.resolve({
          rows: [{ replayed: fake.standby ? fake.lsn : null, standby: fake.standby }],
        });
      }
      if (text.includes('from replica_fences')) {
        const lsn = fake.fences.get(String(params?.[0]));
        return Promise.resolve({ rows: lsn ? [{ lsn }] : [] });
      }
      if (text.startsWith('insert into replica_fences')) {
        fake.fences.set(String(params?.[0]), fake.lsn);
        return Promise.resolve({ rows: [] });
      }
      fake.reads.push(`${role}: ${text}`);
      return Promise.resolve({ rows: [{ answer: role }], fields: [], command: 'SELECT', rowCount: 1 });
    },
    end: () => Promise.resolve(),
  };
}

let router: ReplicaRouter | undefined;
afterEach(async () => {
  await router?.close();
  router = undefined;
});

/** A router on fakes: the primary's position is `primary.lsn`, the replica's replay position `replica.lsn`. */
function setUp(options: { maxLagMs?: number } = {}) {
  const primary: Fake = { lsn: '0/1000', fences: new Map(), standby: false, down: false, reads: [] };
  const replica: Fake = { lsn: '0/1000', fences: primary.fences, standby: true, down: false, reads: [] };
  router = openReadReplica({
    primaryPool: fakePool('primary', primary) as unknown as pg.Pool,
    replicaPool: fakePool('replica', replica) as unknown as pg.Pool,
    url: 'postgres://replica.invalid/pp',
    poolSize: 2,
    maxLagMs: options.maxLagMs ?? 2_000,
    checkMs: 60_000,
    timeouts: TIMEOUTS,
    clientOptions: {},
  });
  const read = async (scope?: RoutingScope) => {
    // Awaited inside the scope, as a request's handler does (drizzle's query runs when awaited).
    const run = async () => await router!.readDb.execute('select 1 as answer');
    const result = (scope ? await routingScope.run(scope, run) : await run()) as unknown as {
      rows: Array<{ answer: string }>;
    };
    return result.rows[0]!.answer;
  };
  return { primary, replica, router, read };
}

describe('readTarget: where a read that may be stale runs', () => {
  const base = { state: 'healthy' as const, wrote: false, fence: 10n, replayed: 10n };
  it('the replica only when healthy, the request has not written and the replica is past the fence', () => {
    expect(readTarget(base)).toBe('replica');
    expect(readTarget({ ...base, fence: 11n })).toBe('fence');
    expect(readTarget({ ...base, wrote: true })).toBe('own-write');
    expect(readTarget({ ...base, state: 'lagging' })).toBe('lagging');
    expect(readTarget({ ...base, state: 'down' })).toBe('down');
    expect(readTarget({ ...base, state: 'starting' })).toBe('down');
  });
});

describe('parseLsn', () => {
  it('orders WAL positions as positions, not as text', () => {
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('1/0')! > parseLsn('0/FFFFFFFF')!).toBe(true);
    expect(parseLsn('A/1')! > parseLsn('9/FFFFFFFF')!).toBe(true);
    expect(parseLsn(null)).toBeUndefined();
    expect(parseLsn('nonsense')).toBeUndefined();
  });
});

describe('noteStatement: what marks a request as a writer', () => {
  it.each([
    ['insert into cart_items values (1)', true],
    ['UPDATE orders SET state = $1', true],
    ['with moved as (delete from x returning *) select * from moved', true],
    ['select * from products', false],
    ['  SELECT 1', false],
    ['begin', false],
    ['commit', false],
  ])('%s → wrote %s', (text, wrote) => {
    const scope: RoutingScope = { writer: 'company:1', wrote: false };
    routingScope.run(scope, () => noteStatement(text));
    expect(scope.wrote).toBe(wrote);
  });

  it('is a no-op outside a request (background work, no replica)', () => {
    expect(() => noteStatement('insert into x values (1)')).not.toThrow();
  });
});

describe('the router', () => {
  it('reads the primary until the first check finds a healthy standby, then the replica', async () => {
    const { primary, replica, router, read } = setUp();
    await router.check();
    expect(router.stats.state).toBe('healthy');
    expect(await read({ writer: 'company:1', wrote: false })).toBe('replica');
    expect(await read()).toBe('replica');
    expect(replica.reads).toHaveLength(2);
    expect(primary.reads).toHaveLength(0);
    expect(router.stats.reads.get('replica:replica')).toBe(2);
  });

  it("a writer's reads stay on the primary until the replica has replayed past its fence", async () => {
    const { primary, replica, router, read } = setUp();
    await router.check();
    // The buyer's write request: the primary moves on, the fence is recorded at its position.
    primary.lsn = '0/2000';
    await router.recordWrite('company:1');
    expect(primary.fences.get('company:1')).toBe('0/2000');
    // The replica (still at 0/1000 as last checked) cannot hold it: the primary answers.
    expect(await read({ writer: 'company:1', wrote: false })).toBe('primary');
    expect(router.stats.reads.get('primary:fence')).toBe(1);
    // Another company's reads are not held back.
    expect(await read({ writer: 'company:2', wrote: false })).toBe('replica');
    // Once a check sees the replica at or past the fence, the writer reads the replica again.
    replica.lsn = '0/2000';
    await router.check();
    expect(await read({ writer: 'company:1', wrote: false })).toBe('replica');
  });

  it('a request that wrote reads the primary for the rest of the request', async () => {
    const { router, read } = setUp();
    await router.check();
    expect(await read({ writer: 'company:3', wrote: true })).toBe('primary');
    expect(router.stats.reads.get('primary:own-write')).toBe(1);
  });

  it('a replica read that fails is answered by the primary, and the replica leaves until a check finds it', async () => {
    const { replica, router, read } = setUp();
    const states: string[] = [];
    router.on('state', (change) => states.push(change.state));
    await router.check();
    replica.down = true;
    expect(await read()).toBe('primary');
    expect(router.stats.state).toBe('down');
    expect(router.stats.reads.get('primary:error')).toBe(1);
    expect(await read()).toBe('primary');
    expect(router.stats.reads.get('primary:down')).toBe(1);
    replica.down = false;
    await router.check();
    expect(await read()).toBe('replica');
    expect(states).toEqual(['healthy', 'down', 'healthy']);
    expect(router.stats.fallbacks.get('down')).toBe(1);
  });

  it('a replica further behind than the bound is left for the primary; a promoted one too', async () => {
    const { primary, replica, router, read } = setUp({ maxLagMs: 100 });
    await router.check();
    // The primary moves on; the replica stops replaying (its position stays at 0/1000).
    primary.lsn = '0/9000';
    await router.check();
    await new Promise((resolve) => setTimeout(resolve, 150));
    await router.check();
    expect(router.stats.state).toBe('lagging');
    expect(router.stats.lagMs).toBeGreaterThan(100);
    expect(await read()).toBe('primary');
    expect(router.stats.reads.get('primary:lagging')).toBe(1);
    // Caught up: back in use.
    replica.lsn = '0/9000';
    await router.check();
    expect(router.stats.state).toBe('healthy');
    // Promoted (no longer in recovery): its data may have left the primary's history.
    replica.standby = false;
    await router.check();
    expect(router.stats.state).toBe('down');
    expect(await read()).toBe('primary');
  });

  it('transactions on the read executor run on the primary', async () => {
    const primary: Fake = { lsn: '0/1', fences: new Map(), standby: false, down: false, reads: [] };
    let connected = 0;
    const primaryPool = {
      ...fakePool('primary', primary),
      connect: () => {
        connected++;
        return Promise.reject(new Error('connect called'));
      },
    };
    router = openReadReplica({
      primaryPool: primaryPool as unknown as pg.Pool,
      replicaPool: fakePool('replica', { ...primary, standby: true, reads: [] }) as unknown as pg.Pool,
      url: 'postgres://replica.invalid/pp',
      poolSize: 1,
      maxLagMs: 2_000,
      checkMs: 60_000,
      timeouts: TIMEOUTS,
      clientOptions: {},
    });
    await expect(router.readDb.transaction(() => Promise.resolve(1))).rejects.toThrow('connect called');
    expect(connected).toBe(1);
  });
});
