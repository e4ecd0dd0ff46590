import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import { openDatabase, type Database } from './client';
import { copyDatabase, type CopiedTable } from './database-copy';
import { seedDemoData } from './seed/demo-data';

/**
 * The move of an embedded installation to PostgreSQL (issue 16 item 4): a PGlite database with
 * the demo's data — every table the buyers and the back office use, summaries, bytea files and
 * the append-only audit log — copied into a fresh PostgreSQL database, then compared table by
 * table and used.
 */
describe('copying a PGlite database into PostgreSQL', () => {
  let source: Database;
  let target: Database;
  let drop: () => Promise<void>;
  let copied: CopiedTable[];

  beforeAll(async () => {
    source = await openDatabase({ dataDir: 'memory://' });
    await seedDemoData(source, {
      parts: 400,
      seed: 5,
      now: new Date('2026-11-01T00:00:00Z'),
      passwordHashMemoryKiB: 1024,
    });
    // A stored file (bytea) and an audit row travel too.
    await source.rows(sql`insert into product_files (path, account_id, product_id, content_type, byte_size, sha256, data)
      select 'pictures/' || id || '/x.png', account_id, id, 'image/png', 4, 'h', '\\x89504e47'::bytea
      from products order by id limit 1`);
    ({ database: target, drop } = await createTestDatabase('postgres'));
    copied = await copyDatabase(source, target, { batchRows: 500 });
  }, 120_000);
  afterAll(async () => {
    await source?.close();
    await drop?.();
  });

  const everyRow = async (database: Database, table: string) =>
    (
      await database.rows<{ digest: string }>(
        sql.raw(
          `select md5(coalesce(string_agg(t::text, '|' order by t::text collate "C"), '')) as digest from "${table}" t`,
        ),
      )
    )[0]!.digest;

  it('copies every table with every row equal', async () => {
    expect(copied.length).toBeGreaterThan(30);
    const nonEmpty = copied.filter((table) => table.rows > 0).map((table) => table.table);
    for (const table of [
      'products',
      'product_numbers',
      'orders',
      'order_lines',
      'users',
      'staff',
      'product_files',
    ])
      expect(nonEmpty).toContain(table);
    // Tables with more rows than one batch went through the keyset pages.
    expect(copied.find((table) => table.table === 'product_numbers')!.rows).toBeGreaterThan(500);
    for (const { table } of copied) {
      expect(`${table}: ${await everyRow(target, table)}`).toBe(`${table}: ${await everyRow(source, table)}`);
    }
  });

  it('leaves summaries as they were (triggers off while copying) and sequences past the copied ids', async () => {
    const summary = sql`select count(*)::int as n, coalesce(sum(orders), 0)::int as orders from order_month_totals`;
    expect(await target.rows(summary)).toEqual(await source.rows(summary));
    // Triggers are on again: a new order moves the summary on the target.
    const [next] = await target.rows<{ id: number; max: number }>(
      sql`select nextval(pg_get_serial_sequence('products', 'id'))::int as id, (select max(id) from products)::int as max`,
    );
    expect(next!.id).toBeGreaterThan(next!.max);
    const triggers = await target.rows<{ n: number }>(
      sql`select count(*)::int as n from pg_trigger where not tgisinternal and tgenabled = 'D'`,
    );
    expect(triggers[0]!.n).toBe(0);
  });

  it('refuses a target that already has rows', async () => {
    await expect(copyDatabase(source, target)).rejects.toThrow(/not empty/);
  });
});
