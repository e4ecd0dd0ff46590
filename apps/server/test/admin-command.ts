import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../src/config';

const run = promisify(execFile);

/**
 * `npm run admin -- …` as the README gives it, on a PGlite folder (no DATABASE_URL: the
 * embedded database's first owner): the exit code and everything it printed. `inherit` is the
 * test's own environment (PATH …).
 */
export const adminCommand =
  (dataDir: string, inherit: NodeJS.ProcessEnv) =>
  async (...args: string[]) => {
    try {
      const { stdout, stderr } = await run(
        process.execPath,
        ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/cli/admin-cli.ts'), ...args],
        // tsx start-up plus a PGlite folder's migrations: seconds on a quiet machine, a minute or more
        // when the suite's other worker and a busy machine share the cores.
        { env: { ...inherit, DATA_DIR: dataDir, DATABASE_URL: '' }, timeout: 150_000 },
      );
      return { code: 0, out: stdout + stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, out: failed.stdout + failed.stderr };
    }
  };
