import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export function createSystemRepository(db: Db) {
  return {
    /** Throws when the database does not answer. */
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}
