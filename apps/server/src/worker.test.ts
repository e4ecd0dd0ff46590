import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

/** On PGlite the server runs its jobs itself: the worker process says so and stops (exit 2). */
it('refuses to start without PostgreSQL, with a clear message', () => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'worker.ts')], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: 'memory://', JOBS: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.status).toBe(2);
  expect(result.stderr).toContain('npm run worker needs DATABASE_URL (PostgreSQL)');
  expect(result.stderr).toContain('opens in one process only');
});
