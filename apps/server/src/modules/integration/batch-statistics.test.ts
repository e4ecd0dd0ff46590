import type { BatchResult } from '@partsportal/contract/integration-batch';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainingRepository, planNodes, scannedRows } from '../../../test/catalog-plan-test-kit';
import { createAccount, createCompany } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createDataAccess } from '../../repositories';
import { createApiKeysService } from './api-keys.service';

/**
 * Issue 20 item 3: right after an ERP's first big load through /api/v1 (before autovacuum's
 * next round; PGlite has none) the tables had rows and no statistics, and the OE search was
 * planned on guesses: a hash join over every product of the account (docs/PERFORMANCE.md). The
 * batch that takes a table past 10 % of its analyzed size now analyzes it before answering, so
 * the search's plan is right the moment the load ends.
 */
const BATCHES = 20;
const ROWS = 1000;

let t: TestApp;
let key = '';
let companyId = 0;

beforeAll(async () => {
  t = await createTestApp({
    seed: async (database) => {
      await createAccount(database, 1);
      companyId = (await createCompany(database, 1, 'Buyer')).id;
    },
  });
  const keys = createApiKeysService(createDataAccess(t.database));
  key = (
    await keys.create(
      { accountId: 1, name: 'erp', scopes: ['catalog:write'] },
      { kind: 'command', id: null, name: 'test', ip: '' },
    )
  ).key;
}, 120_000);
afterAll(async () => t?.close());

async function batch(path: string, rows: unknown[]) {
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/v1${path}`,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ rows }),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as BatchResult;
}

describe('planner statistics right after a large load through /api/v1', () => {
  it('the OE and number searches read a few index rows the moment the last batch answers', async () => {
    expect((await batch('/brands/batch', [{ name: 'DENSO' }])).counts.created).toBe(1);
    for (let b = 0; b < BATCHES; b++) {
      const rows = Array.from({ length: ROWS }, (_, i) => {
        const n = String(b * ROWS + i).padStart(6, '0');
        return {
          brand: 'DENSO',
          number: `DP${n}`,
          list_price: '10',
          cross_numbers: [{ kind: 'oe', brand: 'TOYOTA', number: `04465-${n}` }],
        };
      });
      expect((await batch('/products/batch', rows)).counts.created).toBe(ROWS);
    }
    for (const searched of ['0446500123', 'DP012345', 'DP0123']) {
      const { repo, plans } = explainingRepository(t.database);
      const rows = await repo.searchRows(
        {
          companyId,
          key: searched,
          words: [],
          usePrefix: true,
          useInfix: false,
          sort: 'relevance',
          order: 'asc',
          limit: 20,
          offset: 0,
        },
        { accountId: 1 },
        { companyId, language: 'en' },
      );
      expect(rows.length, searched).toBeGreaterThan(0);
      const plan = plans[0]!;
      const fullScans = planNodes(plan).filter(
        (node) =>
          ['products', 'product_numbers'].includes(node['Relation Name'] ?? '') &&
          node['Node Type'] === 'Seq Scan',
      );
      expect(fullScans, searched).toEqual([]);
      // The prefix's 100 parts and the page's rows; without statistics the OE search read all
      // 20,000 products of the account.
      expect(scannedRows(plan), searched).toBeLessThanOrEqual(500);
    }
    const analyzed = await t.database.rows<{ relname: string; reltuples: number }>(
      sql`select relname, reltuples::float8 as reltuples from pg_class where relname in ('products', 'product_numbers')`,
    );
    // Statistics exist (a table never analyzed has -1).
    for (const table of analyzed) expect(table.reltuples, table.relname).toBeGreaterThan(0);
  }, 300_000);
});
