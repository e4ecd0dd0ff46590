import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../reliability/crash-server';

/**
 * Debian's HAProxy in front of a test cluster, run with the repository's own configuration
 * (deploy/haproxy/partsportal.cfg) where only the lines marked `# test:` are replaced by
 * addresses, ports and paths in a temporary folder, and a self-signed certificate made for the
 * run (never a committed key). Not a test file itself.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
export const HAPROXY_CONFIG = path.resolve(
  here,
  '..',
  '..',
  '..',
  '..',
  'deploy',
  'haproxy',
  'partsportal.cfg',
);

/** The HAProxy binary, or undefined when the package is not installed. */
export function findHaproxy(): string | undefined {
  for (const dir of ['/usr/sbin', '/usr/local/sbin', '/usr/bin', '/usr/local/bin']) {
    const candidate = path.join(dir, 'haproxy');
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

export interface Proxy {
  /** https://127.0.0.1:port — the certificate is for 127.0.0.1 and localhost. */
  httpsUrl: string;
  /** http://127.0.0.1:port (redirects to HTTPS). */
  httpUrl: string;
  /** HAProxy's own Prometheus endpoint (loopback listener). */
  prometheusUrl: string;
  /** The certificate the test trusts (PEM). */
  ca: string;
  /** GET/POST through the proxy, trusting only the run's certificate; the body is not decoded. */
  request(
    pathname: string,
    options?: { method?: string; headers?: Record<string, string>; body?: string; http?: boolean },
  ): Promise<{ status: number; headers: Record<string, string>; body: Buffer }>;
  /** A fetch that trusts the run's certificate for the proxy's HTTPS address (for vi.stubGlobal). */
  fetch: typeof fetch;
  /** `show stat` of the runtime API: each server's status (UP, DOWN, DRAIN …) by name. */
  serverStates(): Promise<Record<string, string>>;
  /** Requests a server is serving right now (`scur`). */
  serverSessions(server: string): Promise<number>;
  /** `set server partsportal/<server> state <state>` on the runtime API (the deploy's drain step). */
  setServerState(server: string, state: 'ready' | 'drain' | 'maint'): Promise<void>;
  output(): string;
  stop(): Promise<void>;
}

/** The configuration with the `# test:` lines replaced; throws when one is missing (drift). */
export function testConfiguration(
  source: string,
  options: {
    httpsPort: number;
    httpPort: number;
    prometheusPort: number;
    certificate: string;
    socket: string;
    serverPorts: number[];
  },
): string {
  const replacements: Array<[marker: string, line: string]> = [
    // HAProxy's request log to its output (shown when a check fails), not to syslog.
    ['log', '    log stderr format raw local0 info'],
    ['chroot', ''],
    ['user', ''],
    ['group', ''],
    ['stats socket', `    stats socket ${options.socket} mode 600 level admin`],
    ['https bind', `    bind 127.0.0.1:${options.httpsPort} ssl crt ${options.certificate} alpn h2,http/1.1`],
    ['http bind', `    bind 127.0.0.1:${options.httpPort}`],
    ['prometheus bind', `    bind 127.0.0.1:${options.prometheusPort}`],
    ...options.serverPorts.map((port, i): [string, string] => [
      `server ${i + 1}`,
      `    server app${i + 1} 127.0.0.1:${port}`,
    ]),
  ];
  const lines = source.split('\n');
  for (const [marker, line] of replacements) {
    const at = lines.findIndex((l) => l.trimEnd().endsWith(`# test: ${marker}`));
    if (at < 0) throw new Error(`${HAPROXY_CONFIG}: no line marked "# test: ${marker}"`);
    lines[at] = line;
  }
  const left = lines.find((l) => /# test: /.test(l));
  if (left) throw new Error(`${HAPROXY_CONFIG}: the test does not know the line "${left.trim()}"`);
  return lines.join('\n');
}

/** A self-signed certificate for 127.0.0.1 and localhost, valid for a day, with openssl. */
function makeCertificate(dir: string): { pem: string; ca: string } {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const ca = fs.readFileSync(cert, 'utf8');
  // HAProxy reads the certificate and its key from one file.
  const pem = path.join(dir, 'partsportal.pem');
  fs.writeFileSync(pem, ca + fs.readFileSync(key, 'utf8'), { mode: 0o600 });
  return { pem, ca };
}

/** Starts HAProxy in the foreground (-db) and waits until its HTTPS port accepts connections. */
export async function startProxy(binary: string, serverPorts: number[]): Promise<Proxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-haproxy-'));
  const { pem, ca } = makeCertificate(dir);
  const [httpsPort, httpPort, prometheusPort] = [await freePort(), await freePort(), await freePort()];
  const socket = path.join(dir, 'admin.sock');
  const configFile = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(
    configFile,
    testConfiguration(fs.readFileSync(HAPROXY_CONFIG, 'utf8'), {
      httpsPort,
      httpPort,
      prometheusPort,
      certificate: pem,
      socket,
      serverPorts,
    }),
  );
  const child: ChildProcess = spawn(binary, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));

  const deadline = Date.now() + 15_000;
  while (!(await accepts(httpsPort))) {
    if (gone || Date.now() > deadline) {
      child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`HAProxy did not start${gone ? ' (it exited)' : ''}:\n${output.slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const agent = new https.Agent({ ca, keepAlive: true, maxSockets: 128 });
  const httpsUrl = `https://127.0.0.1:${httpsPort}`;
  const httpUrl = `http://127.0.0.1:${httpPort}`;
  const request: Proxy['request'] = (pathname, options = {}) =>
    new Promise((resolve, reject) => {
      const url = new URL(pathname, options.http ? httpUrl : httpsUrl);
      const send = options.http ? http.request : https.request;
      const req = send(
        url,
        {
          method: options.method ?? 'GET',
          headers: options.headers ?? {},
          ...(options.http ? {} : { agent }),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const headers: Record<string, string> = {};
            for (const [name, value] of Object.entries(res.headers))
              if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
            resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
          });
        },
      );
      req.on('error', reject);
      req.setTimeout(20_000, () => req.destroy(new Error('no answer within 20 s')));
      if (options.body !== undefined) req.write(options.body);
      req.end();
    });

  const original = globalThis.fetch;
  const proxyFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith(httpsUrl)) return original(input, init);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const answer = await raceAbort(
      request(url.slice(httpsUrl.length), {
        method: init?.method ?? 'GET',
        headers,
        ...(body ? { body } : {}),
      }),
      init?.signal ?? undefined,
    );
    return new Response(answer.status === 204 || answer.status === 304 ? null : new Uint8Array(answer.body), {
      status: answer.status,
      headers: answer.headers,
    });
  }) as typeof fetch;

  /** The backend's server rows of `show stat`, by column name. */
  async function serverRows(): Promise<Array<Record<string, string>>> {
    const csv = await runtimeApi(socket, 'show stat');
    const header = csv.split('\n')[0]!.replace(/^# /, '').split(',');
    return csv
      .split('\n')
      .slice(1)
      .map((line) => Object.fromEntries(line.split(',').map((cell, i) => [header[i] ?? '', cell])))
      .filter((row) => row.pxname === 'partsportal' && /^app\d+$/.test(row.svname ?? ''));
  }

  return {
    httpsUrl,
    httpUrl,
    prometheusUrl: `http://127.0.0.1:${prometheusPort}/metrics`,
    ca,
    request,
    fetch: proxyFetch,
    async serverStates() {
      const states: Record<string, string> = {};
      for (const row of await serverRows()) states[row.svname!] = row.status ?? '';
      return states;
    },
    async serverSessions(server) {
      const row = (await serverRows()).find((r) => r.svname === server);
      return Number(row?.scur ?? 0);
    },
    async setServerState(server, state) {
      const answer = await runtimeApi(socket, `set server partsportal/${server} state ${state}`);
      if (answer.trim() !== '') throw new Error(`set server ${server} state ${state}: ${answer}`);
    },
    output: () => output,
    async stop() {
      agent.destroy();
      if (!gone) {
        child.kill('SIGKILL');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function raceAbort<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new Error('aborted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** One command on HAProxy's runtime API (a UNIX socket); answers its whole output. */
function runtimeApi(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let answer = '';
    socket.on('connect', () => socket.write(`${command}\n`));
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}
