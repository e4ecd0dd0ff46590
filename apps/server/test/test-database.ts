import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { isCi, testDatabaseKind, testDatabaseUrl } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or — in the
 * `server-postgres` project — a new database on the TEST_DATABASE_URL server, dropped after.
 */
export async function createTestDatabase(
  kind: 'pglite' | 'postgres' = testDatabaseKind(),
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, drop: () => database.close() };
  }
  const url = testDatabaseUrl();
  if (!url) {
    // Only reachable when someone sets TEST_DB by hand; CI sets both.
    throw new Error(`TEST_DB=postgres needs TEST_DATABASE_URL${isCi() ? ' (CI)' : ''}`);
  }
  const name = `pp_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), dataDir: '', poolSize: 5 });
  return {
    database,
    async drop() {
      await database.close();
      const cleaner = new pg.Client({ connectionString: url });
      await cleaner.connect();
      await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleaner.end();
    },
  };
}
