// CI smoke bench (issue 7 §5): a few seconds on a small PGlite database, in-process through
// app.inject, catching gross regressions — an index or a batch query lost, OFFSET paging that
// reads every skipped row, per-line queries in the paste matcher. Only ratios of figures measured
// in the same test, each a median of interleaved repetitions, with bounds loose enough for a busy
// 2-core CI machine: the real budgets are in `npm run bench` on 1M parts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../apps/server/src/db/seed/demo-data';
import { createTestApp, type TestApp } from '../apps/server/test/test-app';
import { median } from './report';

const PARTS = 2000;
const ROUNDS = 11;
/** Four times the demo history: the demo buyer then has 1,000+ orders, 50 pages of 20. */
const HISTORY = 4;

let testApp: TestApp;
let token: string;
let numbers: string[];

/**
 * Each call's median time over interleaved rounds, and the median of the per-round ratios of
 * every call to the first: calls measured side by side in one round see the same neighbours,
 * so the ratio holds steadier than two medians taken apart.
 */
async function compare(calls: Array<() => Promise<unknown>>, rounds = ROUNDS) {
  const times = calls.map(() => [] as number[]);
  for (const call of calls) await call(); // warm-up: plans, JIT
  for (let round = 0; round < rounds; round++) {
    for (const [index, call] of calls.entries()) {
      const started = performance.now();
      await call();
      times[index]!.push(performance.now() - started);
    }
  }
  const base = times[0]!;
  return {
    medians: times.map((list) => median(list)),
    ratios: times.map((list) => median(list.map((time, round) => time / base[round]!))),
  };
}

async function ok<T>(path: string, body: unknown): Promise<T> {
  const answer = await testApp.call<T>(path, body, { token });
  expect(answer.code, `${path}: ${answer.msg}`).toBe(200);
  return answer.data;
}

beforeAll(async () => {
  testApp = await createTestApp({
    seed: async (database) => {
      const started = performance.now();
      await seedDemoData(database, {
        parts: PARTS,
        seed: 7,
        passwordHashMemoryKiB: 1024,
        historyScale: HISTORY,
      });
      console.info(`smoke: seeded in ${(performance.now() - started).toFixed(0)} ms`);
    },
  });
  token = await testApp.login('demo', 'demo1234');
  const rows = await testApp.database.rows<{ number: string }>(
    // A fixed, spread-out choice: every 7th active part.
    sql`select number from products where is_active and id % 7 = 0 order by id limit 400`,
  );
  numbers = rows.map((row) => row.number);
}, 120_000);

afterAll(async () => testApp?.close());

describe('smoke bench (ratios on small data)', () => {
  // A retry absorbs a neighbour's burst on a shared CI machine; a real regression fails every try.
  it('an exact part search costs at most 400× GET /healthz', { retry: 2 }, async () => {
    let next = 0;
    const { medians, ratios } = await compare(
      [
        () => testApp.app.inject({ method: 'GET', url: '/healthz' }),
        () => ok('/Web/GetProductList', { keyword: numbers[next++ % numbers.length], page: 1, pageSize: 20 }),
      ],
      15,
    );
    console.info(`smoke: healthz ${medians[0]!.toFixed(2)} ms, exact search ${medians[1]!.toFixed(2)} ms`);
    expect(ratios[1]).toBeLessThanOrEqual(400);
  });

  it('the order line list, page 50 costs at most 3× page 1', { retry: 2 }, async () => {
    const first = await ok<{ list: unknown[]; total: number }>('/Web/GetOrderLineList', {
      page: 1,
      pageSize: 20,
    });
    expect(first.total).toBeGreaterThanOrEqual(50 * 20);
    const deep = await ok<{ list: unknown[] }>('/Web/GetOrderLineList', { page: 50, pageSize: 20 });
    expect(deep.list).toHaveLength(20);
    const { medians, ratios } = await compare([
      () => ok('/Web/GetOrderLineList', { page: 1, pageSize: 20 }),
      () => ok('/Web/GetOrderLineList', { page: 50, pageSize: 20 }),
    ]);
    console.info(
      `smoke: order lines page 1 ${medians[0]!.toFixed(2)} ms, page 50 ${medians[1]!.toFixed(2)} ms (${ratios[1]!.toFixed(2)}×)`,
    );
    expect(ratios[1]).toBeLessThanOrEqual(3);
  });

  it('the order list, page 50 costs at most 3× page 1', { retry: 2 }, async () => {
    const first = await ok<{ total: number }>('/Web/GetOrderList', { page: 1, pageSize: 20 });
    expect(first.total).toBeGreaterThanOrEqual(50 * 20);
    const deep = await ok<{ list: unknown[] }>('/Web/GetOrderList', { page: 50, pageSize: 20 });
    expect(deep.list).toHaveLength(20);
    const { medians, ratios } = await compare([
      () => ok('/Web/GetOrderList', { page: 1, pageSize: 20 }),
      () => ok('/Web/GetOrderList', { page: 50, pageSize: 20 }),
    ]);
    console.info(
      `smoke: orders page 1 ${medians[0]!.toFixed(2)} ms, page 50 ${medians[1]!.toFixed(2)} ms (${ratios[1]!.toFixed(2)}×)`,
    );
    expect(ratios[1]).toBeLessThanOrEqual(3);
  });

  it(
    'matching 5,000 pasted lines costs at most 2× 100 matches of 50 lines, and far less than 5,000 single lines',
    { retry: 2 },
    async () => {
      const paste = (count: number) =>
        Array.from({ length: count }, (_, i) => `${numbers[i % numbers.length]}\t${(i % 5) + 1}`).join('\n');
      const { medians, ratios } = await compare(
        [
          () => ok('/Web/MatchPartNumbers', { text: paste(1) }),
          () => ok('/Web/MatchPartNumbers', { text: paste(50) }),
          () => ok('/Web/MatchPartNumbers', { text: paste(5000) }),
        ],
        5,
      );
      const matched = await ok<{ summary: { total: number; matched: number } }>('/Web/MatchPartNumbers', {
        text: paste(5000),
      });
      expect(matched.summary.total).toBe(5000);
      expect(matched.summary.matched).toBeGreaterThan(0);
      console.info(
        `smoke: paste 1 line ${medians[0]!.toFixed(2)} ms, 50 lines ${medians[1]!.toFixed(2)} ms, 5,000 lines ${medians[2]!.toFixed(1)} ms`,
      );
      // Linear or better in the number of lines: 5,000 lines at most 2 × (100 × 50 lines) …
      expect(ratios[2]! / (ratios[1]! * 100)).toBeLessThanOrEqual(2);
      // … and batched: one query per line would cost thousands of single-line matches.
      expect(ratios[2]).toBeLessThanOrEqual(500);
    },
  );
});
