import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { isCi, testDatabaseKind, testDatabaseUrl } from '../src/config';
import { MIGRATIONS_DIR, migratedPgliteDump, openDatabase, type Database } from '../src/db/client';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or — in the
 * `server-postgres` project — a new database on the TEST_DATABASE_URL server, dropped after.
 *
 * Both start from a copy of one migrated database, made once per set of migrations: starting
 * PGlite and applying ~30 migrations took 2–4 s a file (PostgreSQL ≈ 1.5 s), a third of a small
 * route test file's time, over ~130 files on each database. A copy is the same database the
 * migrations make (the migrator still runs and finds nothing to do); a changed migration changes
 * the hash and so makes a new copy.
 */
export async function createTestDatabase(
  kind: 'pglite' | 'postgres' = testDatabaseKind(),
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://', pgliteDump: await pgliteTemplate() });
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
  try {
    // One creator at a time, across the suite's worker processes: the template is made once, and
    // PostgreSQL refuses to copy a database that another session is connected to.
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const template = await postgresTemplate(admin, url);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
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

const TEMPLATE_LOCK = 7_340_211;

/** What a template copy depends on: every migration file, and PGlite's version for its dump. */
const migrationsHash = (() => {
  let hash: string | undefined;
  return () => {
    if (hash) return hash;
    const digest = createHash('sha256');
    const walk = (dir: string) => {
      for (const entry of fs
        .readdirSync(dir, { withFileTypes: true })
        .sort((a, b) => a.name.localeCompare(b.name))) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else digest.update(entry.name).update(fs.readFileSync(file));
      }
    };
    walk(MIGRATIONS_DIR);
    const pglite = JSON.parse(
      fs.readFileSync(
        path.join(
          path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')),
          '..',
          'package.json',
        ),
        'utf8',
      ),
    ) as { version: string };
    digest.update(pglite.version);
    hash = digest.digest('hex').slice(0, 16);
    return hash;
  };
})();

/**
 * The migrated PGlite dump, kept as a file in the temp folder for every worker and later runs
 * (written to a unique name and renamed, so a reader never sees half a file).
 */
async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `partsportal-pglite-template-${migrationsHash()}.tar`);
  if (!fs.existsSync(file)) {
    const dump = await migratedPgliteDump();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
    return dump;
  }
  return new Blob([fs.readFileSync(file)]);
}

/** The migrated template database on the test server (made under the caller's advisory lock). */
async function postgresTemplate(admin: pg.Client, url: string): Promise<string> {
  // pp_test_… so that .ci/run's clean-up drops it with the other test databases.
  const name = `pp_test_template_${migrationsHash()}`;
  const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (found.rowCount) return name;
  // Made under another name and renamed when complete: a run killed half-way leaves no template
  // that looks finished.
  const partial = `${name}_partial`;
  await admin.query(`DROP DATABASE IF EXISTS ${partial} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${partial}`);
  const target = new URL(url);
  target.pathname = `/${partial}`;
  const database = await openDatabase({ databaseUrl: target.toString(), dataDir: '', poolSize: 1 });
  await database.close();
  await admin.query(`ALTER DATABASE ${partial} RENAME TO ${name}`);
  return name;
}
