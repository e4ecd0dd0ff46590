import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../../db/client';
import { DEMO_IDS, seedDemoData } from '../../db/seed/demo-data';
import { aroundExecute, repositoriesOn } from '../../../test/data-access';
import { createTestDatabase } from '../../../test/test-database';

/**
 * Issue 17 item 3 put the part name in the reader's language into the order line search as a
 * scalar subquery on products. It must stay out of the part that picks the page: the ids still
 * come off order_lines' own indexes, and products are read once per answered line only.
 */
interface Node {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: Node[];
}

const nodes = (node: Node): Node[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
/** Rows a scan node produced or threw away, over all its loops. */
const touched = (node: Node) =>
  (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'];

let database: Database;
let drop: () => Promise<void>;
let lines = 0;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await seedDemoData(database, { parts: 300, seed: 17, passwordHashMemoryKiB: 1024 });
  await database.rows(sql`analyze`);
  const [row] = await database.rows<{ n: number }>(
    sql`select count(*)::int as n from order_lines where company_id = ${DEMO_IDS.demoCompany}`,
  );
  lines = row!.n;
}, 180_000);
afterAll(async () => drop());

/** The order records repository, its statements run under EXPLAIN ANALYZE; the plans in order. */
function explaining() {
  const plans: Node[] = [];
  const db = aroundExecute(database.db, async (query, execute) => {
    const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(
      await execute(sql`explain (analyze, format json) ${query}`),
    );
    const json = row!['QUERY PLAN'];
    plans.push(((typeof json === 'string' ? JSON.parse(json) : json) as Array<{ Plan: Node }>)[0]!.Plan);
    return execute(query);
  });
  return { repo: repositoriesOn(db).orderRecords, plans };
}

describe('order line search with names in the reader’s language', () => {
  it('picks the page on order_lines_company_date_idx and reads products for the page only', async () => {
    expect(lines).toBeGreaterThan(200);
    const { repo, plans } = explaining();
    const page = await repo.linePage({ companyId: DEMO_IDS.demoCompany }, 'bill_date', 'desc', 20, 0, 'es');
    expect(page).toHaveLength(20);
    const all = nodes(plans[0]!);
    const onLines = all.filter((n) => n['Relation Name'] === 'order_lines');
    expect(onLines.some((n) => n['Index Name'] === 'order_lines_company_date_idx')).toBe(true);
    expect(onLines.every((n) => n['Node Type'] !== 'Seq Scan')).toBe(true);
    const onProducts = all.filter((n) => n['Relation Name'] === 'products');
    expect(onProducts.reduce((sum, n) => sum + touched(n), 0)).toBe(20);
    // Bounded by the page, not by the company's lines. The unit's vocabulary lookup (termIn) is
    // per row shown too: on a table of a few pages the planner may scan it rather than probe its key.
    const scanned = (relation: (name: string | undefined) => boolean) =>
      all.reduce(
        (sum, n) => sum + (n['Node Type'].includes('Scan') && relation(n['Relation Name']) ? touched(n) : 0),
        0,
      );
    expect(scanned((name) => name !== 'term_names')).toBeLessThan(100);
    const [terms] = await database.rows<{ n: number }>(sql`select count(*)::int as n from term_names`);
    expect(scanned((name) => name === 'term_names')).toBeLessThanOrEqual(20 * terms!.n);
  });

  it('a part-number filter still picks the page on order_lines_company_key_idx', async () => {
    const [row] = await database.rows<{ key: string }>(
      sql`select left(number_key, 4) as key from order_lines where company_id = ${DEMO_IDS.demoCompany}
        group by 1 order by count(*) desc limit 1`,
    );
    const { repo, plans } = explaining();
    const page = await repo.linePage(
      { companyId: DEMO_IDS.demoCompany, partKey: row!.key },
      'bill_date',
      'desc',
      20,
      0,
      'en',
    );
    expect(page.length).toBeGreaterThan(0);
    const onLines = nodes(plans[0]!).filter((n) => n['Relation Name'] === 'order_lines');
    expect(onLines.some((n) => n['Index Name'] === 'order_lines_company_key_idx')).toBe(true);
    const onProducts = nodes(plans[0]!).filter((n) => n['Relation Name'] === 'products');
    expect(onProducts.reduce((sum, n) => sum + touched(n), 0)).toBe(page.length);
  });
});
