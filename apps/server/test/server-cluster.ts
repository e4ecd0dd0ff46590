import { randomBytes } from 'node:crypto';
import {
  createCrashDatabase,
  freePort,
  killServer,
  startServer,
  type CrashDatabase,
  type ServerChild,
} from './reliability/crash-server';

/**
 * N real server processes (`main.ts` from source, each on its own 127.0.0.1 port) on one
 * PostgreSQL database, configured as a cluster: the tests of state shared across processes
 * (issue 16) and, later, the same processes behind a real proxy. Not a test file itself.
 */
export interface ServerCluster {
  database: CrashDatabase;
  servers: ServerChild[];
  /** POST an API call to process `index` the way the web client does; answers the envelope. */
  call<T = unknown>(
    index: number,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ code: number; msg: string; data: T }>;
  /** Every process's output, for failure messages. */
  output(): string;
  /** Kills the processes; the database stays (see `removeDatabase`). */
  stop(): Promise<void>;
}

/** A key every process of a test cluster agrees on, as an operator's configuration would hold. */
export const clusterSecret = () => randomBytes(32).toString('hex');

/**
 * Starts `count` processes at once on `database` (made by createCrashDatabase; migrations run in
 * each, as in a real roll-out) and waits until all answer /healthz. `env` applies to every
 * process; CLUSTER=true and a shared SANDBOX_PAYMENT_SECRET are set unless `env` overrides them.
 */
export async function startCluster(
  database: CrashDatabase,
  count: number,
  options: { inherit: NodeJS.ProcessEnv; env?: Record<string, string>; timeoutMs?: number },
): Promise<ServerCluster> {
  const env = { CLUSTER: 'true', SANDBOX_PAYMENT_SECRET: clusterSecret(), ...options.env };
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const started = await Promise.allSettled(
    ports.map((port) =>
      startServer(database, port, {
        inherit: options.inherit,
        env,
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      }),
    ),
  );
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map(killServer));
    throw failed.reason;
  }
  return {
    database,
    servers,
    async call<T>(index: number, path: string, body: unknown = {}, headers: Record<string, string> = {}) {
      const server = servers[index];
      if (!server) throw new Error(`no server process ${index}`);
      const response = await fetch(`${server.baseUrl}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
      return (await response.json()) as { code: number; msg: string; data: T };
    },
    output: () => servers.map((server, i) => `--- process ${i}\n${server.output().slice(-2000)}`).join('\n'),
    async stop() {
      await Promise.all(
        servers.filter((s) => s.child.exitCode === null && s.child.signalCode === null).map(killServer),
      );
    },
  };
}

/** A fresh PostgreSQL database for a cluster (the suites using it are `*.postgres-only.test.ts`). */
export const createClusterDatabase = (label: string) => createCrashDatabase(label);
