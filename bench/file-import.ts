// Back-office file import (issue 14 Performance): a product CSV of 100,000 rows with 3 cross
// numbers each (BENCH_IMPORT_ROWS for another size, e.g. 1,000,000) uploaded to the built server
// on PostgreSQL, dry run, commit as a job; wall time of each step from the request to the state
// the status poll reports, and the server's RSS peak across all three. A fresh database of its
// own (the 1M-part bench database stays as the seed made it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/platform/password';
import { STAFF_SECRETS, staffSignInOverHttp } from '../apps/server/test/staff-test-kit';
import { BENCH_PG_URL, adminQuery } from './bench-database';
import { rows } from './report';
import { sampleRss, startServer } from './server-process';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const SCENARIO = `file import (PostgreSQL, ${ROWS.toLocaleString('en')} products × 3 cross numbers)`;

interface Status {
  state: string;
  rows_done: number;
  total_rows: number | null;
  counts: Record<string, number>;
  check_counts: Record<string, number> | null;
}

function writeCsv(file: string) {
  const out = fs.openSync(file, 'w');
  let chunk = 'Brand,Number,Name (English),Name (Chinese),List price,Order multiple,Cross numbers\n';
  for (let i = 0; i < ROWS; i++) {
    chunk += `BOSCH,0 986 ${String(i).padStart(7, '0')},Brake pad ${i},刹车片 ${i},${(i % 900) + 10}.50,${i % 4},OE:04465-${i};DENSO:DP${i};MAHLE OE:LX ${i}\n`;
    if (chunk.length > 1_000_000) {
      fs.writeSync(out, chunk);
      chunk = '';
    }
  }
  fs.writeSync(out, chunk);
  fs.closeSync(out);
}

export async function fileImportScenario() {
  const name = `pp_bench_import_${Date.now().toString(36)}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(BENCH_PG_URL);
  url.pathname = `/${name}`;
  const file = path.join(os.tmpdir(), `pp-bench-import-${ROWS}.csv`);
  writeCsv(file);
  const server = await startServer({
    DATABASE_URL: url.toString(),
    DEMO_DATA: 'false',
    JOBS: 'inline',
    JOBS_POLL_SECONDS: '0.5',
  });
  try {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await client.query(
      `insert into accounts (id, name) values (1, 'Bench'); insert into brands (account_id, name) values (1, 'BOSCH'), (1, 'DENSO')`,
    );
    // Imports are a staff call (catalogue role): a member with a known TOTP secret signs in.
    await client.query(
      `insert into staff (account_id, login, name, role, password_hash, totp_secret) values (1, 'bench', 'Bench', 'catalogue', $1, $2)`,
      [await hashPassword('bench-pass-1', 1024), STAFF_SECRETS.catalogue],
    );
    await client.end();
    const token = await staffSignInOverHttp(server.url, 'bench', 'bench-pass-1', STAFF_SECRETS.catalogue);

    const rss = sampleRss(server, 200);
    const base = `${server.url}/api/Admin/Imports`;
    const call = async (step: string, body: unknown) =>
      (
        (await (
          await fetch(`${base}/${step}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', token },
            body: JSON.stringify(body),
          })
        ).json()) as { code: number; msg: string; data: Status }
      ).data;
    const until = async (id: number, states: string[]) => {
      for (;;) {
        const status = await call('Status', { import_id: id });
        if (states.includes(status.state)) return status;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };

    const uploadStarted = performance.now();
    const form = new FormData();
    form.append('file', await fs.openAsBlob(file), 'products.csv');
    const uploaded = (await (
      await fetch(`${base}/Upload?kind=products`, { method: 'POST', body: form, headers: { token } })
    ).json()) as {
      code: number;
      msg: string;
      data: { import_id: number; mapping: Array<string | null> };
    };
    if (uploaded.code !== 200) throw new Error(`upload: ${uploaded.msg}`);
    const uploadMs = performance.now() - uploadStarted;
    const id = uploaded.data.import_id;

    const checkStarted = performance.now();
    await call('DryRun', { import_id: id, mapping: uploaded.data.mapping });
    const checked = await until(id, ['checked', 'failed']);
    const checkMs = performance.now() - checkStarted;
    if (checked.check_counts?.created !== ROWS) throw new Error(`dry run: ${JSON.stringify(checked)}`);

    const commitStarted = performance.now();
    await call('Commit', { import_id: id });
    const done = await until(id, ['done', 'failed']);
    const commitMs = performance.now() - commitStarted;
    if (done.counts.created !== ROWS) throw new Error(`commit: ${JSON.stringify(done)}`);
    const peak = Math.max(...rss.stop().map((sample) => sample.mib));

    const big = ROWS >= 1_000_000;
    rows.push(
      {
        scenario: SCENARIO,
        metric: `upload (${(fs.statSync(file).size / 2 ** 20).toFixed(0)} MiB CSV, streamed to the database)`,
        value: uploadMs,
        unit: 'ms',
      },
      {
        scenario: SCENARIO,
        metric: 'dry run (request → checked)',
        value: checkMs,
        unit: 'ms',
        ...(big ? {} : { target: '≤ 30 s', pass: checkMs <= 30_000 }),
      },
      {
        scenario: SCENARIO,
        metric: 'commit job (request → done)',
        value: commitMs,
        unit: 'ms',
        target: big ? '≤ 10 min' : '≤ 60 s',
        pass: commitMs <= (big ? 600_000 : 60_000),
      },
      {
        scenario: SCENARIO,
        metric: 'server RSS peak (upload, dry run, commit)',
        value: peak,
        unit: 'MiB',
        target: '≤ 400 MiB',
        pass: peak <= 400,
      },
    );
  } finally {
    await server.stop();
    fs.rmSync(file, { force: true });
    await adminQuery(`drop database if exists ${name} with (force)`);
  }
}
