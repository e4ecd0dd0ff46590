import type { MatchResult } from '@partsportal/contract/cart';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seed/demo-data';
import type { AuthContext } from '../../platform/auth-context';
import { aroundExecute, repositoriesOn } from '../../../test/data-access';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createPartMatchingService, MAX_SUGGESTION_KEY } from './part-matching.service';

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

/** The keys of every trigram-similarity statement one matchText call sends to the database. */
async function similarityKeys(pasted: string): Promise<string[][]> {
  const dialect = new PgDialect();
  const sent: string[][] = [];
  const recording = aroundExecute(t.database.db, (query, execute) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    if (text.includes('similarity(')) {
      const keys = params.find((param) => typeof param === 'string' && param.startsWith('['));
      sent.push(JSON.parse(String(keys)) as string[]);
    }
    return execute(query);
  });
  const [user] = await t.database.rows<{ id: number; company_id: number; account_id: number }>(
    sql`select id, company_id, account_id from users where user_id = 'demo'`,
  );
  const auth: AuthContext = {
    sessionId: 0,
    userId: user!.id,
    accountId: user!.account_id,
    companyId: user!.company_id,
    role: 'buyer',
    menus: [],
    tags: [],
    showAddress: false,
  };
  const service = createPartMatchingService({ repos: repositoriesOn(recording) });
  const answer = await service.matchText(auth, pasted, 'en');
  expect(answer.lines.length).toBeGreaterThan(0);
  return sent;
}

describe('/Web/MatchPartNumbers with absurdly long numbers', () => {
  // Found by the fuzz suite (reliability/fuzz.test.ts): one pasted line of 70,000 characters
  // ran a trigram similarity search with the whole line as key — 9.6 s on PGlite, and every
  // other request of the process waited behind it.
  const text = ['x'.repeat(70_000), 'y'.repeat(70_000), `${'W610'.repeat(20)} 2`].join('\n');

  it('answers every line not found, without suggestions for keys no number can be close to', async () => {
    const answer = await t.call<MatchResult>('/Web/MatchPartNumbers', { text }, { token, lng: 'en' });
    expect(answer.code).toBe(200);
    expect(answer.data.lines.map((line) => line.status)).toEqual(['not_found', 'not_found', 'not_found']);
    for (const line of answer.data.lines) expect(line.suggestions).toEqual([]);
  });

  // What made the request slow was the trigram search with the whole line as key; this proves
  // that search is never sent for such keys, instead of timing the request (a wall-clock limit
  // in a unit test fails by chance on a loaded CI machine; budgets live in bench/).
  it('never runs the similarity search with a key over MAX_SUGGESTION_KEY characters', async () => {
    const searched = await similarityKeys(text);
    expect(searched).toEqual([]);
    // The recorder sees the search when a key is short enough: the check above can fail.
    expect(await similarityKeys(`${text}\n0986494124 2`)).toEqual([['0986494124']]);
  });

  it('still suggests close numbers for keys of a normal length', async () => {
    const answer = await t.call<MatchResult>('/Web/MatchPartNumbers', { text: '0986494124 2' }, { token });
    expect(answer.data.lines[0]?.status).toBe('not_found');
    expect(answer.data.lines[0]?.suggestions.length).toBeGreaterThan(0);
    expect('0986494124'.length).toBeLessThanOrEqual(MAX_SUGGESTION_KEY);
  });
});
