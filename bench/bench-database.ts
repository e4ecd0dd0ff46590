import { spawnSync } from 'node:child_process';
import type pg from 'pg';
import { ROOT } from './server-process';

/** The local PostgreSQL database every 1M-row scenario measures (seeded on first use). */
export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/pp_bench';
export const BENCH_PARTS = Number(process.env.BENCH_PARTS ?? 1_000_000);

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
