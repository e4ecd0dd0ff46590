import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { testDatabaseKind, testDatabaseUrl } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';

/**
 * The real server (`main.ts` from source) as a child process on a database folder or a fresh
 * PostgreSQL database, for the crash, outage and SIGTERM suites (not a test file itself).
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const MAIN = path.join(here, '..', '..', 'src', 'main.ts');
const WORKER = path.join(here, '..', '..', 'src', 'worker.ts');

/** Where the child's data lives: a PGlite folder, or a PostgreSQL database made for the run. */
export interface CrashDatabase {
  kind: 'pglite' | 'postgres';
  /** DATA_DIR or DATABASE_URL for the child. */
  env: Record<string, string>;
  /** PostgreSQL only: the database's name (to find its backends). */
  name: string;
  /** PostgreSQL only: the server's URL without the database (for pg_terminate_backend). */
  adminUrl: string;
  /** Opens it in this process; on PGlite only while no child holds the folder. */
  open(options?: { poolSize?: number }): Promise<Database>;
  remove(): Promise<void>;
}

/** A new, empty database of the kind the current project tests (TEST_DB). */
export async function createCrashDatabase(label: string): Promise<CrashDatabase> {
  if (testDatabaseKind() === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pp-${label}-`));
    return {
      kind: 'pglite',
      env: { DATA_DIR: dataDir },
      name: '',
      adminUrl: '',
      open: () => openDatabase({ dataDir }),
      async remove() {
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = testDatabaseUrl();
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `pp_${label.replace(/-/g, '_')}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  const url = target.toString();
  return {
    kind: 'postgres',
    env: { DATABASE_URL: url },
    name,
    adminUrl,
    open: (options = {}) => openDatabase({ databaseUrl: url, dataDir: '', poolSize: options.poolSize ?? 3 }),
    async remove() {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export async function adminQuery<T = unknown>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A port nobody listens on right now (the child gets the same one after every restart). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A TypeScript entry point (main.ts, worker.ts) as a child process, its output collected. */
function spawnScript(script: string, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  return { child, output: () => output, exited, gone: () => gone };
}

export interface ServerChild {
  child: ChildProcess;
  baseUrl: string;
  /** Everything the child printed (stdout and stderr), for failure messages. */
  output(): string;
  /** Resolves with the exit code and signal once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `main.ts` on the database and waits until /healthz answers; throws with the child's
 * output when it exits or is not healthy within `timeoutMs` (a database that does not reopen).
 */
export async function startServer(
  database: CrashDatabase,
  port: number,
  options: {
    /** The test's own environment (PATH, TEST_*), which the child inherits; only tests read it. */
    inherit: NodeJS.ProcessEnv;
    timeoutMs?: number;
    env?: Record<string, string>;
  },
): Promise<ServerChild> {
  const { child, output, exited, gone } = spawnScript(MAIN, {
    ...options.inherit,
    ...database.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    PASSWORD_HASH_MEMORY_KIB: '1024',
    WEB_DIR: path.join(os.tmpdir(), 'pp-no-web-client'),
    ...options.env,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (!gone() && Date.now() < deadline) {
    const healthy = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { child, baseUrl, output, exited };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy${gone() ? ' (it exited)' : ''}:\n${output().slice(-2000)}`);
}

/** SIGKILL and wait until the process is gone. */
export async function killServer(server: ServerChild): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

/**
 * Starts the job worker process (`worker.ts`, `npm run worker`) on the database and waits for
 * its start-up line; no HTTP, so readiness is read from its log.
 */
export async function startWorkerProcess(
  database: CrashDatabase,
  options: { inherit: NodeJS.ProcessEnv; env?: Record<string, string>; timeoutMs?: number },
): Promise<Omit<ServerChild, 'baseUrl'>> {
  const { child, output, exited, gone } = spawnScript(WORKER, {
    ...options.inherit,
    ...database.env,
    LOG_LEVEL: 'info',
    ...options.env,
  });
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (!gone() && Date.now() < deadline) {
    if (output().includes('job worker started')) return { child, output, exited };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!gone()) child.kill('SIGKILL');
  throw new Error(`worker did not start${gone() ? ' (it exited)' : ''}:\n${output().slice(-2000)}`);
}
