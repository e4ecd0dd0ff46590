import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { setBaseUrl } from './browser';
import { freePort, waitForHealth } from './global-setup';

const repoRoot = resolve(import.meta.dirname, '..', '..');

/**
 * A server of this file's own (the built dist, a fresh PGlite folder, the given settings), for a
 * suite whose starting data differs from the shared demo server's — e.g. DEMO_HISTORY=false.
 * The file's helpers (baseUrl, api, signInByApi, staff sign-in) talk to it until the file ends.
 */
export function useOwnServer(name: string, env: Record<string, string>): void {
  let server: ChildProcess | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    const port = await freePort();
    rmSync(join(tmpdir(), `pp-e2e-staff-${port}.json`), { force: true });
    dataDir = mkdtempSync(join(tmpdir(), `pp-e2e-${name}-`));
    const logPath = join(repoRoot, 'test-results', 'e2e', `server-${name}.log`);
    mkdirSync(dirname(logPath), { recursive: true });
    const logFile = createWriteStream(logPath);
    let tail = '';
    server = spawn(process.execPath, [join(repoRoot, 'apps/server/dist/main.js')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      logFile.write(chunk);
      tail = (tail + chunk.toString()).slice(-20_000);
    };
    server.stdout?.on('data', keep);
    server.stderr?.on('data', keep);
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, server, () => tail);
    setBaseUrl(url);
  }, 120_000);
  afterAll(async () => {
    setBaseUrl(undefined);
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
}
