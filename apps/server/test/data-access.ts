import type { SQL } from 'drizzle-orm';
import type { Database, Db } from '../src/db/client';
import {
  createDataAccess,
  createRepositories,
  type DataAccess,
  type Repositories,
} from '../src/repositories';

/**
 * For tests that build a service or a repository without buildApp: the same bundle the app
 * builds (src/repositories.ts), so a test never constructs repositories one by one.
 */
export const dataAccessOf = (database: Database): DataAccess => createDataAccess(database);

/** The bundle on any executor: a test's database, or one wrapped by `aroundExecute`. */
export const repositoriesOn = (db: Db): Repositories => createRepositories(db);

/**
 * `db` with every raw statement sent through `execute` (the repositories' queryRows, except its
 * prepared statements) passed to `around` first — for tests that record, count or EXPLAIN what
 * a service sends. Builder statements pass untouched.
 */
export function aroundExecute(
  db: Db,
  around: (query: SQL, execute: (query: SQL) => Promise<unknown>) => Promise<unknown>,
): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
      return (query: SQL) => around(query, (statement) => target.execute(statement));
    },
  });
}
