import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Copies every row of one PartsPortal database into another of the same migration level — the
 * move of an embedded PGlite installation to PostgreSQL (issue 16 item 4), `npm run admin -- db
 * copy --to postgres://…`. Both sides are opened (and so migrated) by `openDatabase` first; the
 * target must be empty. The job queue's schema (`pgboss`) is not copied: stop the server after
 * running imports have finished; the queue is created again at the target's first start.
 *
 * How, and why so:
 * - Tables in foreign-key order (parents first), rows in primary-key order, so every reference
 *   finds its row without deferring or disabling constraints.
 * - The target's user triggers are off while copying (`ALTER TABLE … DISABLE TRIGGER USER`, which
 *   the tables' owner may do, unlike `session_replication_role`): the summary tables kept by
 *   triggers (migration 0005) are copied as they are instead of being counted twice, and the
 *   audit log's append-only triggers refuse nothing on INSERT anyway.
 * - Generated columns are left to the target to compute; serial sequences are set past the
 *   copied ids afterwards.
 * - Rows travel as JSON batches (`json_agg` out, `json_populate_recordset` in), which keeps every
 *   type's text form exact (numeric, bytea as `\x…`, jsonb, timestamps with zone), read by
 *   keyset on the primary key so a big table is not re-scanned per batch.
 * - One transaction on the target: a failure leaves it empty.
 */
export interface CopiedTable {
  table: string;
  rows: number;
}

interface Column {
  name: string;
  type: string;
  generated: boolean;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function publicTables(database: Database): Promise<string[]> {
  const rows = await database.rows<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.name);
}

/** Parents before children (a table's own self-reference is left to the primary-key order). */
async function foreignKeyOrder(database: Database, tables: string[]): Promise<string[]> {
  const edges = await database.rows<{ child: string; parent: string }>(
    sql`select c.relname as child, p.relname as parent
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of edges) if (child !== parent) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) => !placed.has(table) && [...parents.get(table)!].every((parent) => placed.has(parent)),
    );
    if (ready.length === 0) throw new Error('the foreign keys form a cycle; cannot order the copy');
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

async function columnsOf(database: Database, table: string): Promise<Column[]> {
  return database.rows<Column>(
    sql`select a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
               a.attgenerated <> '' as generated
        from pg_attribute a join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relname = ${table} and a.attnum > 0 and not a.attisdropped
        order by a.attnum`,
  );
}

async function primaryKeyOf(database: Database, table: string): Promise<string[]> {
  const rows = await database.rows<{ name: string }>(
    sql`select a.attname as name
        from pg_index i
        join pg_class c on c.oid = i.indrelid
        join pg_namespace n on n.oid = c.relnamespace
        join lateral unnest(i.indkey) with ordinality as k(attnum, position) on true
        join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
        where i.indisprimary and n.nspname = 'public' and c.relname = ${table}
        order by k.position`,
  );
  return rows.map((row) => row.name);
}

export async function copyDatabase(
  source: Database,
  target: Database,
  options: { batchRows?: number; onTable?: (copied: CopiedTable) => void } = {},
): Promise<CopiedTable[]> {
  const batchRows = options.batchRows ?? 2000;
  const tables = await foreignKeyOrder(source, await publicTables(source));
  const targetTables = new Set(await publicTables(target));
  const missing = tables.filter((table) => !targetTables.has(table));
  if (missing.length > 0)
    throw new Error(`the target lacks tables ${missing.join(', ')}: is it at the same migration level?`);
  for (const table of tables) {
    const [row] = await target.rows<{ any: boolean }>(
      sql.raw(`select exists (select 1 from ${ident(table)}) as any`),
    );
    if (row?.any)
      throw new Error(`the target is not empty (table ${table} has rows); copy into a new database`);
  }

  const copied: CopiedTable[] = [];
  await target.transaction(async (tx) => {
    for (const table of tables) await tx.execute(sql.raw(`alter table ${ident(table)} disable trigger user`));
    for (const table of tables) {
      const columns = (await columnsOf(source, table)).filter((column) => !column.generated);
      const key = await primaryKeyOf(source, table);
      const order = (key.length > 0 ? key : columns.map((column) => column.name)).map(ident).join(', ');
      const list = columns.map((column) => ident(column.name)).join(', ');
      // The last row's key, each value as text (cast back to its column type in the next page).
      const lastKey =
        key.length > 0
          ? `(array_agg(json_build_array(${key.map((name) => `x.${ident(name)}::text`).join(', ')})::text order by ${key.map((name) => `x.${ident(name)}`).join(', ')}))[count(*)]`
          : 'null';
      let last: string[] | undefined;
      let offset = 0;
      let count = 0;
      for (;;) {
        // Keyset on the primary key; offset for a table without one (the trigger-kept summaries).
        const after =
          key.length > 0 && last
            ? `where (${key.map(ident).join(', ')}) > (${key
                .map((name, i) => `$${i + 1}::${columns.find((c) => c.name === name)?.type ?? 'text'}`)
                .join(', ')})`
            : '';
        const page = `select ${list} from ${ident(table)} ${after} order by ${order} limit ${batchRows}${
          key.length > 0 ? '' : ` offset ${offset}`
        }`;
        // The batch stays JSON text end to end: parsed in JavaScript, a numeric would become a
        // float (919182.6500 → 919182.65, and large values would lose digits).
        const [batch] = (
          await source.executeSql(
            `select json_agg(x)::text as rows, count(*)::int as n, ${lastKey} as last from (${page}) x`,
            last ?? [],
          )
        ).rows as Array<{ rows: string | null; n: number; last: string | null }>;
        if (!batch?.rows || batch.n === 0) break;
        await tx.execute(
          sql`insert into ${sql.raw(ident(table))} (${sql.raw(list)}) overriding system value
              select ${sql.raw(list)} from json_populate_recordset(null::${sql.raw(ident(table))}, ${batch.rows}::json)`,
        );
        count += batch.n;
        offset += batch.n;
        last = batch.last ? (JSON.parse(batch.last) as string[]) : undefined;
        if (batch.n < batchRows) break;
      }
      copied.push({ table, rows: count });
      options.onTable?.({ table, rows: count });
    }
    for (const table of tables) await tx.execute(sql.raw(`alter table ${ident(table)} enable trigger user`));
    // Sequences past the copied ids, so the next insert does not collide.
    const serials = await source.rows<{ table: string; column: string }>(
      sql`select table_name as table, column_name as column from information_schema.columns
          where table_schema = 'public' and column_default like 'nextval(%'`,
    );
    for (const { table, column } of serials) {
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('${ident(table)}', '${column}'),
                         coalesce((select max(${ident(column)}) from ${ident(table)}), 0) + 1, false)`,
        ),
      );
    }
  });
  return copied;
}
