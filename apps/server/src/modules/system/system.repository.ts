import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

export function createSystemRepository(db: Db) {
  return {
    /** Throws when the database does not answer. */
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },

    /**
     * Jobs per queue and state, for /metrics. Empty when the job queue never started here (JOBS=off:
     * no `pgboss` schema) — checked first, so the scrape never logs an error for it.
     */
    async jobCounts(): Promise<Array<{ queue: string; state: string; jobs: number }>> {
      const [schema] = await queryRows<{ present: boolean }>(
        db,
        sql`select to_regclass('pgboss.job') is not null as present`,
      );
      if (!schema?.present) return [];
      return queryRows(
        db,
        sql`select name as queue, state::text as state, count(*)::int as jobs from pgboss.job group by 1, 2`,
      );
    },

    /** File imports being checked or committed: how far each is. */
    async importsInProgress(): Promise<
      Array<{ id: number; kind: string; state: string; done: number; total: number }>
    > {
      return queryRows(
        db,
        sql`select id, kind, state, rows_done as done, coalesce(total_rows, 0) as total
            from imports where state in ('checking', 'queued', 'running')`,
      );
    },
  };
}

export type SystemRepository = ReturnType<typeof createSystemRepository>;
