import type { MatchResult } from '@partsportal/contract/cart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seed/demo-data';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { MAX_SUGGESTION_KEY } from './part-matching.service';

let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await createTestApp({
    seed: (database) =>
      seedDemoData(database, { parts: 300, seed: 5, passwordHashMemoryKiB: 1024 }).then(() => undefined),
  });
  token = await t.login('demo', 'demo1234');
}, 120_000);
afterAll(async () => t?.close());

describe('/Web/MatchPartNumbers with absurdly long numbers', () => {
  // Found by the fuzz suite (reliability/fuzz.test.ts): one pasted line of 70,000 characters
  // ran a trigram similarity search with the whole line as key — 9.6 s on PGlite, and every
  // other request of the process waited behind it.
  it('answers quickly, without suggestions for keys no number can be close to', async () => {
    const text = ['x'.repeat(70_000), 'y'.repeat(70_000), `${'W610'.repeat(20)} 2`].join('\n');
    const started = performance.now();
    const answer = await t.call<MatchResult>('/Web/MatchPartNumbers', { text }, { token, lng: 'en' });
    const ms = performance.now() - started;
    expect(answer.code).toBe(200);
    expect(answer.data.lines.map((line) => line.status)).toEqual(['not_found', 'not_found', 'not_found']);
    for (const line of answer.data.lines) expect(line.suggestions).toEqual([]);
    expect(ms).toBeLessThan(3_000);
  });

  it('still suggests close numbers for keys of a normal length', async () => {
    const answer = await t.call<MatchResult>('/Web/MatchPartNumbers', { text: '0986494124 2' }, { token });
    expect(answer.data.lines[0]?.status).toBe('not_found');
    expect(answer.data.lines[0]?.suggestions.length).toBeGreaterThan(0);
    expect('0986494124'.length).toBeLessThanOrEqual(MAX_SUGGESTION_KEY);
  });
});
