import { getTableColumns, getTableName, sql, type InferInsertModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';

/** Rows per statement: large enough to amortise a round trip, small enough to keep JSON texts ~10 MB. */
const ROWS_PER_STATEMENT = 5_000;

export interface BulkWriter {
  /** Queues the rows; resolves once they are handed to the database (not necessarily stored yet). */
  insert<T extends PgTable>(table: T, rows: ReadonlyArray<InferInsertModel<T>>): Promise<void>;
  /** Waits for every queued statement; throws the first failure. */
  flush(): Promise<void>;
  /** Rows written so far, per table name. */
  readonly counts: Map<string, number>;
}

/**
 * Inserts through `INSERT … SELECT FROM json_populate_recordset($1)`: one text parameter per
 * statement whatever the row count, so there is no bind-parameter limit, the same SQL works on
 * PGlite and node-postgres, and PostgreSQL parses the JSON far faster than it plans a
 * multi-row VALUES list. Rows use the schema's TypeScript keys (type-checked against drizzle)
 * and are renamed to column names here. One statement is kept in flight while the next batch
 * is generated, so on PostgreSQL the server works while Node builds the next batch.
 */
export function createBulkWriter(db: Db): BulkWriter {
  let inFlight: Promise<unknown> = Promise.resolve();
  const counts = new Map<string, number>();

  async function insert<T extends PgTable>(
    table: T,
    rows: ReadonlyArray<InferInsertModel<T>>,
  ): Promise<void> {
    const first = rows[0] as Record<string, unknown> | undefined;
    if (!first) return;
    const tableName = getTableName(table);
    // Only the keys the generator sets are listed, so the other columns take their defaults.
    const columns = Object.entries(getTableColumns(table))
      .filter(([key]) => first[key] !== undefined)
      .map(([key, column]) => [key, column.name] as const);
    const columnList = columns.map(([, name]) => `"${name}"`).join(', ');
    const statement = `INSERT INTO "${tableName}" (${columnList}) SELECT ${columnList} FROM json_populate_recordset(NULL::"${tableName}", `;

    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      const end = Math.min(rows.length, start + ROWS_PER_STATEMENT);
      const mapped: Record<string, unknown>[] = new Array(end - start);
      for (let i = start; i < end; i++) {
        const row = rows[i] as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (const [key, name] of columns) out[name] = row[key] ?? null;
        mapped[i - start] = out;
      }
      const json = JSON.stringify(mapped);
      await inFlight;
      const query = sql`${sql.raw(statement)}${json}::json)`;
      // drizzle's query object is a lazy thenable that runs again on every then(); a real
      // Promise runs it exactly once however often it is awaited.
      inFlight = Promise.resolve(db.execute(query));
      // A failure is reported by the next await of inFlight; this only stops Node from flagging
      // it as unhandled in the meantime.
      inFlight.catch(() => undefined);
      counts.set(tableName, (counts.get(tableName) ?? 0) + (end - start));
    }
  }

  return {
    insert,
    async flush() {
      await inFlight;
    },
    counts,
  };
}
