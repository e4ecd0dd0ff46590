import { sql, type Query } from 'drizzle-orm';
import { rowsOf, type Database, type Db } from '../src/db/client';
import { aroundExecute, repositoriesOn } from './data-access';

/** For the plan tests: they read EXPLAIN ANALYZE of the real search statements. */
export interface PlanNode {
  'Node Type': string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Relation Name'?: string;
  'Index Name'?: string;
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

const planOf = (json: unknown) =>
  ((typeof json === 'string' ? JSON.parse(json) : json) as Array<{ Plan: PlanNode }>)[0]!.Plan;

/**
 * A repository whose statements are run under EXPLAIN ANALYZE; every plan is kept in order.
 * A prepared statement (`{ prepared: true }`) is explained as sent, with its values: the plan
 * of its first runs (genericPlan reads the plan of the later ones).
 */
export function explainingRepository(database: Database) {
  const plans: PlanNode[] = [];
  const executing = aroundExecute(database.db, async (query, execute) => {
    const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(
      await execute(sql`explain (analyze, format json) ${query}`),
    );
    plans.push(planOf(row!['QUERY PLAN']));
    return execute(query);
  });
  const db = aroundPrepared(executing, async (statement) => {
    const { rows } = await database.executeSql(
      `explain (analyze, format json) ${statement.text}`,
      statement.params,
    );
    plans.push(planOf((rows[0] as { 'QUERY PLAN': unknown })['QUERY PLAN']));
  });
  return { repo: repositoriesOn(db).catalog, plans };
}

/** A named statement as queryRows sent it: its name, text and values. */
export interface PreparedStatement {
  name: string;
  text: string;
  params: unknown[];
}

/**
 * `db` with every prepared statement queryRows sends (`{ prepared: true }`) recorded before it
 * runs — for the tests that PREPARE the same text by hand and read its generic plan.
 */
export function recordingPrepared(db: Db) {
  const statements: PreparedStatement[] = [];
  return {
    db: aroundPrepared(db, (statement) => {
      statements.push(statement);
      return Promise.resolve();
    }),
    statements,
  };
}

/** `db` with `before` awaited ahead of every named statement queryRows prepares and runs. */
function aroundPrepared(db: Db, before: (statement: PreparedStatement) => Promise<void>): Db {
  const session = db._.session;
  const wrapped = new Proxy(session, {
    get(target, property, receiver) {
      if (property !== 'prepareQuery') return Reflect.get(target, property, receiver) as unknown;
      return (query: Query, fields: undefined, name: string | undefined, arrayMode: boolean) => {
        const prepared = target.prepareQuery(query, fields, name, arrayMode);
        if (!name) return prepared;
        return {
          execute: async () => {
            await before({ name, text: query.sql, params: query.params });
            return prepared.execute();
          },
        };
      };
    },
  });
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== '_') return Reflect.get(target, property, receiver) as unknown;
      return { ...target._, session: wrapped };
    },
  });
}

/**
 * The generic plan of `statement` (the plan PostgreSQL caches for a named statement and runs
 * for every later value), run under EXPLAIN ANALYZE with the recorded values: PREPARE of the
 * same text, `plan_cache_mode = force_generic_plan`, EXPLAIN EXECUTE — on one connection (a
 * transaction), on PGlite and PostgreSQL alike (PostgreSQL 15 has no EXPLAIN (GENERIC_PLAN)).
 */
let checks = 0;
const literal = (value: unknown): string => {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
};
export async function genericPlan(database: Database, statement: PreparedStatement): Promise<PlanNode> {
  const name = sql.raw(`generic_check_${++checks}`);
  return database.transaction(async (tx) => {
    // A name per check: PREPARE outlives a failed transaction (it is the session's).
    await tx.execute(sql`prepare ${name} as ${sql.raw(statement.text)}`);
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    // EXECUTE is a utility statement: it takes its values as literals, not as parameters.
    const values = sql.raw(statement.params.map(literal).join(', '));
    const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(
      await tx.execute(sql`explain (analyze, format json) execute ${name}(${values})`),
    );
    await tx.execute(sql`deallocate ${name}`);
    const json = row!['QUERY PLAN'];
    const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as Array<{ Plan: PlanNode }>;
    return parsed[0]!.Plan;
  });
}

/** Every node of a plan, depth first. */
export function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}
