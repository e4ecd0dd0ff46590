import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../config';
import { rowsOf, type Database } from '../../db/client';
import { DEMO_IDS, seedDemoData } from '../../db/seed/demo-data';
import { genericPlan, planNodes, recordingPrepared, scannedRows } from '../../../test/catalog-plan-test-kit';
import { repositoriesOn } from '../../../test/data-access';
import { createTestDatabase } from '../../../test/test-database';

/**
 * Issue 20 item 2: the order list's page statement was planned on every page (0.6 ms of
 * planning against 0.2 ms of work on the 1M-part bench database). It is a named statement now;
 * its generic plan — the one PostgreSQL caches and runs for every later page — must still pick
 * the page off the company's date index and read only the page's orders.
 */
let database: Database;
let drop: () => Promise<void>;
let orders = 0;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await seedDemoData(database, { parts: 300, seed: 20, passwordHashMemoryKiB: 1024 });
  // A history like a real company's (the demo's few hundred orders fit in a few pages, where a
  // scan of all of them is the right plan): 40 copies of each with new ids and numbers.
  await database.rows(sql`
    insert into orders
    select (jsonb_populate_record(null::orders, to_jsonb(o) || jsonb_build_object(
      'id', o.id + k * 1000000, 'no', o.no || '-' || k))).*
    from orders o, generate_series(1, 40) k`);
  await database.rows(sql`analyze`);
  const [row] = await database.rows<{ n: number }>(
    sql`select count(*)::int as n from orders where company_id = ${DEMO_IDS.demoCompany}`,
  );
  orders = row!.n;
}, 180_000);
afterAll(async () => drop());

describe('the order list page planned once', () => {
  it('its generic plan reads the page off the date index, not the company’s orders', async () => {
    expect(orders).toBeGreaterThan(5000);
    const { db, statements } = recordingPrepared(database.db);
    const page = await repositoriesOn(db).orderRecords.orderPage(
      { companyId: DEMO_IDS.demoCompany },
      'bill_date',
      'desc',
      20,
      0,
    );
    expect(page).toHaveLength(20);
    expect(statements).toHaveLength(1);
    const plan = await genericPlan(database, statements[0]!);
    const onOrders = planNodes(plan).filter((node) => node['Relation Name'] === 'orders');
    expect(onOrders.every((node) => node['Node Type'] !== 'Seq Scan')).toBe(true);
    expect(scannedRows(plan)).toBeLessThanOrEqual(3 * 20 + 5);
  });

  it('one text for every page and date range; PostgreSQL runs its cached plan', async () => {
    const { counts, texts } = await database.transaction(async (tx) => {
      const { db, statements } = recordingPrepared(tx);
      const repo = repositoriesOn(db).orderRecords;
      for (let i = 0; i < 10; i++) {
        await repo.orderPage({ companyId: DEMO_IDS.demoCompany }, 'bill_date', 'desc', 20, 0);
      }
      const texts = new Set(statements.map((statement) => statement.text));
      if (testDatabaseKind() !== 'postgres') return { counts: [], texts };
      const counts = rowsOf<{ generic_plans: number }>(
        await tx.execute(
          sql`select generic_plans::int from pg_prepared_statements where name = ${statements[0]!.name}`,
        ),
      );
      return { counts, texts };
    });
    expect(texts.size).toBe(1);
    if (testDatabaseKind() !== 'postgres') return;
    expect(counts[0]!.generic_plans).toBeGreaterThanOrEqual(5);
  });
});
