import { sql } from 'drizzle-orm';
import type { Database } from '../client';

/**
 * Empties every table of the application schema and restarts its id sequences, leaving the
 * migration journal (drizzle's own schema) alone so the schema is not re-created.
 */
export async function truncateAllTables(database: Database): Promise<number> {
  const rows = await database.rows<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = current_schema() order by tablename`,
  );
  if (rows.length === 0) return 0;
  const list = rows.map((row) => `"${row.name.replace(/"/g, '""')}"`).join(', ');
  // The audit log refuses TRUNCATE (migration 0009); a demo reset is the one wipe that may pass,
  // with the table owner's right to switch its triggers off for this transaction only.
  const hasAudit = rows.some((row) => row.name === 'audit_log');
  await database.transaction(async (tx) => {
    if (hasAudit) await tx.execute(sql.raw('alter table audit_log disable trigger user'));
    await tx.execute(sql.raw(`truncate table ${list} restart identity cascade`));
    if (hasAudit) await tx.execute(sql.raw('alter table audit_log enable trigger user'));
  });
  return rows.length;
}
