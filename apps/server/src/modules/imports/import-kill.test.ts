import type { ImportStatus } from '@partsportal/contract/imports';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import {
  createCrashDatabase,
  freePort,
  killServer,
  startServer,
  type CrashDatabase,
  type ServerChild,
} from '../../../test/reliability/crash-server';
import { createAccount } from '../../../test/fixtures';
import { brands } from '../../db/schema/catalog';

/**
 * kill -9 of the server while a commit job runs: after a restart the import resumes from its
 * checkpoint and ends with every row exactly once (issue 14: "no duplicate rows after a kill -9
 * mid-import"). A real server process, on the database of the current project.
 */

let database: CrashDatabase | undefined;
let server: ServerChild | undefined;
afterAll(async () => {
  if (server) await killServer(server);
  await database?.remove();
});

const ENV = {
  JOBS: 'inline',
  JOBS_POLL_SECONDS: '0.5',
  JOBS_MAINTENANCE_SECONDS: '1',
  // Slices of 0.75 s: several job hand-overs before the kill, and a lost job expires in 3 s.
  IMPORT_JOB_EXPIRE_SECONDS: '3',
};

it('resumes a commit killed with SIGKILL, every row exactly once', { timeout: 240_000 }, async () => {
  database = await createCrashDatabase('import-kill');
  const rowCount = database.kind === 'postgres' ? 30_000 : 10_000;
  {
    const db = await database.open();
    await createAccount(db);
    await db.db.insert(brands).values({ accountId: 1, name: 'BOSCH' });
    await db.close();
  }
  const port = await freePort();
  const start = () => startServer(database!, port, { inherit: process.env, env: ENV, timeoutMs: 120_000 });
  server = await start();
  const base = `${server.baseUrl}/api/Admin/Imports`;
  const call = async (path: string, body: unknown) => {
    const response = await fetch(`${base}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lng: 'en' },
      body: JSON.stringify(body),
    });
    return ((await response.json()) as { code: number; msg: string; data: ImportStatus }).data;
  };
  const waitFor = async (id: number, done: (status: ImportStatus) => boolean, ms = 120_000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const status = await call('Status', { import_id: id });
      if (done(status)) return status;
      if (Date.now() > deadline)
        throw new Error(`import ${id}: ${JSON.stringify(status)}\n${server!.output().slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const lines = ['Brand,Number,Name (English),List price,Cross numbers'];
  for (let i = 0; i < rowCount; i++) {
    lines.push(`BOSCH,K-${i},Part ${i},${(i % 500) + 1}.25,OE:9${i}-A;DENSO:D${i};MAHLE:M-${i}`);
  }
  const form = new FormData();
  form.append('file', new Blob([lines.join('\n')]), 'parts.csv');
  const uploaded = (await (
    await fetch(`${base}/Upload?kind=products`, { method: 'POST', body: form })
  ).json()) as {
    code: number;
    msg: string;
    data: ImportStatus & { mapping: Array<string | null> };
  };
  expect(uploaded.code, uploaded.msg).toBe(200);
  const id = uploaded.data.import_id;
  await call('DryRun', { import_id: id, mapping: uploaded.data.mapping });
  const checked = await waitFor(id, (status) => status.state === 'checked' || status.state === 'failed');
  expect(checked.check_counts).toEqual({ created: rowCount, updated: 0, unchanged: 0, error: 0 });

  await call('Commit', { import_id: id });
  const before = await waitFor(id, (status) => status.rows_done >= 1_000 || status.state === 'done');
  await killServer(server);
  server = undefined;
  // The kill must have landed in the middle of the import, or this test proves nothing.
  expect(before.state).toBe('running');
  expect(before.rows_done).toBeLessThan(rowCount);

  server = await start();
  const done = await waitFor(id, (status) => status.state === 'done' || status.state === 'failed');
  await killServer(server);
  server = undefined;
  expect(done.state).toBe('done');
  expect(done.rows_done).toBe(rowCount);
  // Every row counted once: the batches before the kill committed with their checkpoint, the
  // batch cut off rolled back and ran again.
  expect(done.counts).toEqual({ created: rowCount, updated: 0, unchanged: 0, error: 0 });

  const db = await database.open();
  try {
    const one = async (query: ReturnType<typeof sql>) => (await db.rows<{ n: number }>(query))[0]!.n;
    expect(await one(sql`select count(*)::int as n from products`)).toBe(rowCount);
    expect(await one(sql`select count(*)::int as n from product_numbers`)).toBe(rowCount * 3);
    expect(
      await one(sql`select count(*)::int as n from (select product_id, kind, brand_name, number from product_numbers
        group by 1, 2, 3, 4 having count(*) > 1) d`),
    ).toBe(0);
  } finally {
    await db.close();
  }
});
