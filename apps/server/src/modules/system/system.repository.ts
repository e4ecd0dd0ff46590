import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export function createSystemRepository(db: Database['db']) {
  return {
    /** Throws when the database does not answer. */
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}
