import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-admin-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The operator's command as the README gives it, on a fresh PGlite folder. */
async function admin(...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/cli/admin-cli.ts'), ...args],
      // No DATABASE_URL: this is the embedded database's first owner.
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, timeout: 60_000 },
    );
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

describe('npm run admin -- staff create', () => {
  it('creates the first owner on a fresh database, prints the temporary password once, refuses a taken name', async () => {
    const first = await admin('staff', 'create', '--login', 'anna', '--name', 'Anna Li', '--role', 'owner');
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/Staff member anna \(owner\) created, id 1\./);
    expect(first.out).toMatch(/Temporary password \(shown once.*\): [A-Za-z0-9]{12}\n/);
    const again = await admin('staff', 'create', '--login', 'ANNA', '--name', 'A', '--role', 'sales');
    expect(again.code).toBe(1);
    expect(again.out).toContain('The sign-in name "ANNA" is already in use.');
    const bad = await admin('staff', 'create', '--login', 'bob', '--role', 'boss');
    expect(bad.code).toBe(2);
    expect(bad.out).toContain('Missing or invalid: name, role');
  }, 120_000);
});
