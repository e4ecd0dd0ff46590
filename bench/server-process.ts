import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_MAIN = path.join(ROOT, 'apps/server/dist/main.js');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawn until /healthz answered 200. */
  readyMs: number;
  rssKiB(): number;
  stop(): Promise<void>;
}

/** Starts the built server as a child process (only ever on 127.0.0.1) and waits until healthy. */
export async function startServer(env: Record<string, string>, timeoutMs = 600_000): Promise<ServerProcess> {
  if (!fs.existsSync(SERVER_MAIN)) throw new Error('Build first: npm run build');
  const port = env.PORT ?? String(18_000 + Math.floor(Math.random() * 2000));
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: port, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (performance.now() - started > timeoutMs) throw new Error('server did not become ready');
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const readyMs = performance.now() - started;
  return {
    child,
    url,
    readyMs,
    rssKiB() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
