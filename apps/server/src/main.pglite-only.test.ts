import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

it('starts on an empty folder, serves, and exits cleanly on SIGTERM', { timeout: 60_000 }, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-main-'));
  const port = 19_000 + Math.floor(Math.random() * 1000);
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
    let healthy = false;
    for (let i = 0; i < 200 && !healthy; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
    }
    expect(healthy).toBe(true);
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
