import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoriesOn } from '../../test/data-access';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from '../db/client';
import { housekeepingTasks } from '../housekeeping-tasks';
import { startHousekeeping, type Housekeeping } from './housekeeping';
import { openJobQueue, type JobQueue } from './jobs';

const config = { jobs: 'inline' as const, jobsPollSeconds: 0.5, jobsMaintenanceSeconds: 30 };
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('scheduled clean-up (issue 16 item 4)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const queues: JobQueue[] = [];
  const runs: Housekeeping[] = [];

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(async () => {
    for (const run of runs) run.stop();
    for (const queue of queues) await queue.stop();
    await drop();
  });

  it('runs once per interval however many processes schedule it, however often', async () => {
    let ran = 0;
    const task = {
      name: 'count',
      run: async () => {
        ran += 1;
        return {};
      },
    };
    // Two "processes": two queues on one database, each with its own timer's job.
    for (let i = 0; i < 2; i++) {
      const queue = await openJobQueue({ database, config, logger: silent });
      queues.push(queue);
      runs.push(
        await startHousekeeping({
          tasks: [task],
          jobs: queue,
          runsJobs: true,
          // An hour's slot: 200 sends within a second or two straddle two slots once in ~2,000 runs.
          intervalSeconds: 3600,
          logger: silent,
          now: () => new Date(),
        }),
      );
    }
    // 200 sends, 100 from each, partly at once.
    await Promise.all(runs.map((run) => Promise.all(Array.from({ length: 100 }, () => run.tick()))));
    const deadline = Date.now() + 20_000;
    while (ran === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    // A few more poll rounds: no second run turns up.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(ran).toBe(1);
    const jobs = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'housekeeping'`,
    );
    expect(jobs[0]!.n).toBe(1);
  });

  it('deletes import results and files past their keeping time, and keeps the rest', async () => {
    const repos = repositoriesOn(database.db);
    await database.rows(sql`insert into accounts (id, name) values (1, 'A') on conflict do nothing`);
    const make = async (daysAgo: number, state: string) => {
      const fileId = await repos.imports.createFile(1, 'f.csv', 'csv');
      await repos.imports.appendChunk(fileId, 0, Buffer.from('brand,number\n'));
      const id = await repos.imports.createImport({
        accountId: 1,
        fileId,
        kind: 'products',
        headers: [],
        createdBy: 't',
      });
      await repos.imports.insertRowResults(id, [
        {
          row_number: 2,
          result: 'created',
          errors: null,
          brand: 'B',
          number: '1',
          brand_id: null,
          number_key: '1',
          row_key: '1',
        },
      ]);
      const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
      await database.rows(
        sql`update imports set state = ${state}, created_at = ${at}, checked_at = ${at}, finished_at = ${at} where id = ${id}`,
      );
      return id;
    };
    const old = await make(40, 'done');
    const recent = await make(5, 'done');
    const running = await make(40, 'running');
    const tasks = housekeepingTasks({ repos });
    const run = await startHousekeeping({
      tasks,
      runsJobs: false,
      intervalSeconds: 3600,
      logger: silent,
      now: () => new Date(),
    });
    runs.push(run);
    const results = await run.runTasks();
    expect(results['import-results']).toEqual({ rowResults: 1, chunks: 1 });
    const left = await database.rows<{ id: number; rows: number; chunks: number }>(
      sql`select i.id, (select count(*)::int from import_row_results r where r.import_id = i.id) as rows,
                 (select count(*)::int from import_file_chunks c where c.file_id = i.file_id) as chunks
          from imports i where i.id in (${old}, ${recent}, ${running}) order by i.id`,
    );
    expect(left).toEqual([
      { id: old, rows: 0, chunks: 0 },
      { id: recent, rows: 1, chunks: 1 },
      { id: running, rows: 1, chunks: 1 },
    ]);
  });
});
