import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { ROOT } from './server-process';

/** The local PostgreSQL database every 1M-row scenario measures (seeded on first use). */
export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/pp_bench';
export const BENCH_PARTS = Number(process.env.BENCH_PARTS ?? 1_000_000);

/** A statement on the server's maintenance database (a scenario's own database may not exist yet). */
export async function adminQuery(text: string) {
  const url = new URL(BENCH_PG_URL);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Seeds BENCH_PARTS parts (and the history that scales with them) when the database has fewer. */
export async function ensureSeeded(client: pg.Client) {
  const count = await client
    .query('select count(*)::int as n from products')
    .catch(() => ({ rows: [{ n: 0 }] }));
  if ((count.rows[0]?.n ?? 0) >= BENCH_PARTS) return;
  console.log(`Seeding ${BENCH_PARTS} parts into ${BENCH_PG_URL} (a few minutes) …`);
  const result = spawnSync('npm', ['run', 'seed', '--', '--parts', String(BENCH_PARTS), '--reset'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: BENCH_PG_URL },
  });
  if (result.status !== 0) throw new Error('seeding failed');
}

/** Password of every bench buyer (the demo buyer's, so its stored hash can be reused). */
export const BENCH_PASSWORD = 'demo1234';

/**
 * Bench buyers `bench-01` … : each in a company of its own (a copy of the demo buyer's company,
 * with a default address), so concurrent carts and orders never meet and the demo company's
 * records stay as the seed made them. Created once, reused by later runs.
 */
export async function ensureBenchUsers(client: pg.Client, count: number): Promise<string[]> {
  const userIds = Array.from({ length: count }, (_, i) => `bench-${String(i + 1).padStart(2, '0')}`);
  const existing = await client.query<{ user_id: string }>(
    'select user_id from users where user_id = any($1)',
    [userIds],
  );
  const present = new Set(existing.rows.map((row) => row.user_id));
  for (const userId of userIds.filter((id) => !present.has(id))) {
    await client.query('begin');
    // jsonb_populate_record copies every column of the demo rows, whatever the schema grows to.
    await client.query(
      `with demo as (select company_id from users where user_id = 'demo'),
       company as (
         insert into companies
         select (jsonb_populate_record(null::companies, to_jsonb(c) || jsonb_build_object(
           'id', (select max(id) + 1 from companies), 'name', 'Bench buyer ' || $1::text, 'sort_name', $1::text,
           'code', null))).*
         from companies c where c.id = (select company_id from demo)
         returning id),
       address as (
         insert into addresses
         select (jsonb_populate_record(null::addresses, to_jsonb(a) || jsonb_build_object(
           'id', (select max(id) + 1 from addresses), 'company_id', (select id from company)))).*
         from addresses a where a.company_id = (select company_id from demo) and a.is_default
         limit 1)
       insert into users
       select (jsonb_populate_record(null::users, to_jsonb(u) || jsonb_build_object(
         'id', (select max(id) + 1 from users), 'user_id', $1::text, 'name', 'Bench buyer ' || $1::text,
         'company_id', (select id from company)))).*
       from users u where u.user_id = 'demo'`,
      [userId],
    );
    await client.query('commit');
  }
  // Explicit ids above: move the sequences past them, so the server's own inserts do not collide.
  for (const table of ['companies', 'addresses', 'users']) {
    await client.query(
      `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
    );
  }
  return userIds;
}

/**
 * The 1M-part PGlite copy the catalogue compares with PostgreSQL. Seeded into a side folder and
 * renamed only when complete, so an interrupted seed is never taken for a finished copy.
 */
export function ensurePgliteCopy(dir: string) {
  if (fs.existsSync(dir)) return;
  const partial = `${dir}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  console.log(`Seeding ${BENCH_PARTS} parts into PGlite at ${dir} (once; it takes a long while) …`);
  const started = performance.now();
  const result = spawnSync('npm', ['run', 'seed', '--', '--parts', String(BENCH_PARTS)], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: partial },
  });
  if (result.status !== 0) throw new Error('PGlite seeding failed');
  fs.renameSync(partial, dir);
  console.log(`PGlite copy seeded in ${((performance.now() - started) / 60_000).toFixed(1)} min`);
}

/**
 * A fresh PostgreSQL database beside BENCH_PG_URL's (migrated on open), for a scenario that
 * measures from empty; dropped afterwards.
 */
export async function withFreshPostgres(label: string, work: (database: Database) => Promise<void>) {
  const adminUrl = new URL(BENCH_PG_URL);
  adminUrl.pathname = '/postgres';
  const name = `pp_bench_${label}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(BENCH_PG_URL);
    url.pathname = `/${name}`;
    const postgres = await openDatabase({ databaseUrl: url.toString(), dataDir: '', poolSize: 10 });
    try {
      await work(postgres);
    } finally {
      await postgres.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
