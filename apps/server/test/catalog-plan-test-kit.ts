import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../src/db/client';
import { aroundExecute, repositoriesOn } from './data-access';

/** For the plan tests: they read EXPLAIN ANALYZE of the real search statements. */
export interface PlanNode {
  'Node Type': string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Rows each scan node produced or threw away, over all its loops. */
export function scannedRows(node: PlanNode): number {
  const own = node['Node Type'].includes('Scan')
    ? (node['Actual Rows'] +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0)) *
      node['Actual Loops']
    : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + scannedRows(child), 0);
}

/** A repository whose statements are run under EXPLAIN ANALYZE; every plan is kept in order. */
export function explainingRepository(database: Database) {
  const plans: PlanNode[] = [];
  const db = aroundExecute(database.db, async (query, execute) => {
    const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(
      await execute(sql`explain (analyze, format json) ${query}`),
    );
    const json = row!['QUERY PLAN'];
    const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as Array<{ Plan: PlanNode }>;
    plans.push(parsed[0]!.Plan);
    return execute(query);
  });
  return { repo: repositoriesOn(db).catalog, plans };
}
