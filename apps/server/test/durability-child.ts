// Child process for durability.pglite-only.test.ts: commits numbered rows one transaction at a
// time on a PGlite folder and prints each number only after its commit returned.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';

const [dataDir, startArg] = process.argv.slice(2);
const database = await openDatabase({ dataDir: dataDir! });
await database.db.execute(
  sql`create table if not exists durability_probe (n integer primary key, payload text not null)`,
);
process.stdout.write('ready\n');
for (let n = Number(startArg ?? 1); ; n++) {
  await database.transaction(async (tx) => {
    await tx.execute(sql`insert into durability_probe (n, payload) values (${n}, ${'x'.repeat(200)})`);
  });
  process.stdout.write(`committed ${n}\n`);
}
