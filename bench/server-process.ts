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
  /** Resident memory of the server process itself (not of `npm` around it). */
  rssKiB(): number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** `npm start` (scripts/start.mjs, what a user types) instead of node on the bundle. */
  viaNpmStart?: boolean;
  timeoutMs?: number;
  /** Another checkout's build (a same-run A/B against older code): its dist/main.js, its cwd. */
  root?: string;
  /** Options for node itself (`--cpu-prof` is not allowed in NODE_OPTIONS). */
  nodeArgs?: string[];
}

/** Servers still running: killed when the bench ends, also on Ctrl-C (they are in their own group). */
const running = new Set<number>();
process.once('exit', () => {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

function rssOf(pid: number) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The process running dist/main.js: the child itself, or a descendant when started through npm. */
function serverPid(root: number): number {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may contain spaces and parentheses: the fields after the last ')' are fixed.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    try {
      if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('dist/main.js')) return pid;
    } catch {
      // ended
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return root;
}

/** Starts the built server as a child process (only ever on 127.0.0.1) and waits until healthy. */
export async function startServer(
  env: Record<string, string>,
  options: StartOptions | number = {},
): Promise<ServerProcess> {
  const {
    viaNpmStart = false,
    timeoutMs = 600_000,
    root = ROOT,
    nodeArgs = [],
  } = typeof options === 'number' ? { timeoutMs: options } : options;
  const main = path.join(root, 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error(`Build first: npm run build (in ${root})`);
  const port = env.PORT ?? String(18_000 + Math.floor(Math.random() * 2000));
  const started = performance.now();
  const [command, args] = viaNpmStart ? ['npm', ['start']] : [process.execPath, [...nodeArgs, main]];
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: port, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    // Its own process group, so stop() reaches the server behind npm too.
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  running.add(child.pid!);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child.pid!);
      resolve();
    }),
  );
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (performance.now() - started > timeoutMs) {
      kill('SIGKILL');
      throw new Error('server did not become ready');
    }
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const readyMs = performance.now() - started;
  const pid = viaNpmStart ? serverPid(child.pid!) : child.pid!;
  return {
    child,
    url,
    readyMs,
    rssKiB: () => rssOf(pid),
    async stop() {
      kill('SIGTERM');
      const timer = setTimeout(() => kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Samples the server's RSS every `everyMs` until stopped; answers the samples in MiB. */
export function sampleRss(server: ServerProcess, everyMs: number) {
  const samples: Array<{ atMs: number; mib: number }> = [];
  const started = performance.now();
  const take = () => samples.push({ atMs: performance.now() - started, mib: server.rssKiB() / 1024 });
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}
