import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { freePort } from '../test/reliability/crash-server';

const here = path.dirname(fileURLToPath(import.meta.url));

it('starts on an empty folder, serves, and exits cleanly on SIGTERM', { timeout: 100_000 }, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-main-'));
  // A port the system just handed out, not a random guess: another test file's server, the
  // browser suite or a second checkout on the machine may hold any fixed range.
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'main.ts')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  try {
    // Until it answers or exits, bounded by time rather than by a count of polls (20 s before):
    // starting tsx, PGlite and the migrations took 31 s (37 s to the first answer) with both
    // server projects running on 2 busy cores. Start-up speed is not what this test is about.
    let healthy = false;
    const deadline = Date.now() + 75_000;
    while (!healthy && child.exitCode === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
    }
    expect(healthy, output).toBe(true);
    expect(output).toContain(`ready at http://127.0.0.1:${port}`);
    const config = await (await fetch(`http://127.0.0.1:${port}/static/config.json`)).json();
    expect(config).toMatchObject({ apiUrl: '/api', account_id: 1 });
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(fs.readdirSync(dataDir).length).toBeGreaterThan(0);
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
