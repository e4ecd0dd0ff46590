import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { reportFigures } from '../../apps/server/test/reliability/figures';
import { scanLogForSecrets } from '../../apps/server/test/reliability/session-log-scan';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    browserWsEndpoint: string;
  }
}

const repoRoot = resolve(import.meta.dirname, '..', '..');
/** The e2e server's whole log, kept for the secrets check below and for reading after a failure. */
export const SERVER_LOG = join(repoRoot, 'test-results', 'e2e', 'server.log');
/** Every password the browser suites type (demo logins and the password-change suite's new ones). */
const E2E_PASSWORDS = [
  'demo1234',
  'viewer1234',
  'partner1234',
  'admin1234',
  'partner5678',
  'partner5679',
  // The back-office suite: the demo staff owner, and the password its buyer picks.
  'staff1234',
  'e2e-own-pass-1',
];

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function waitForHealth(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer /healthz within 90 s:\n${output()}`);
}

/**
 * Issue 8, item 6: after the whole browser run, the server log holds no password the suites typed
 * and nothing shaped like a session token (they are 43 base64url characters) or a SHA-256.
 * A finding fails the run (vitest reports a global teardown error).
 */
function checkLogForSecrets() {
  const scan = scanLogForSecrets(readFileSync(SERVER_LOG, 'utf8'), { tokens: [], passwords: E2E_PASSWORDS });
  reportFigures('log-secrets', {
    logLines: scan.lines,
    passwordsFound: scan.secretHits.length,
    tokenShapedFound: scan.tokenShaped.length,
  });
  if (scan.lines === 0) throw new Error(`log-secrets: ${SERVER_LOG} is empty; the check saw nothing`);
  if (scan.secretHits.length + scan.tokenShaped.length > 0) {
    throw new Error(
      `log-secrets: ${SERVER_LOG} carries secrets: ${[...scan.secretHits, ...scan.tokenShaped].join(', ')}`,
    );
  }
}

export default async function setup(project: TestProject) {
  // Debugging against a server that is already running (its data must be the demo seed).
  const external = process.env.E2E_BASE_URL;
  if (external) {
    const browser = await chromium.launchServer({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    project.provide('baseUrl', external.replace(/\/$/, ''));
    project.provide('browserWsEndpoint', browser.wsEndpoint());
    return () => browser.close();
  }
  const port = await freePort();
  // A fresh database: the demo owner has no TOTP yet, so a secret kept by an earlier run that
  // happened to get the same port (support/staff.ts) would only mislead the admin suites.
  rmSync(join(tmpdir(), `pp-e2e-staff-${port}.json`), { force: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-e2e-'));
  let log = '';
  const server = spawn(process.execPath, [join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_PARTS: '2000',
      // Every request is logged, so the secrets check below reads what production would write.
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  mkdirSync(dirname(SERVER_LOG), { recursive: true });
  const logFile = createWriteStream(SERVER_LOG);
  const keep = (chunk: Buffer) => {
    logFile.write(chunk);
    log = (log + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  let browser: BrowserServer | undefined;
  const teardown = async () => {
    await browser?.close().catch(() => undefined);
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => {
        const timer = setTimeout(() => {
          server.kill('SIGKILL');
          r(undefined);
        }, 5000);
        server.once('exit', () => {
          clearTimeout(timer);
          r(undefined);
        });
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
    await new Promise((r) => logFile.end(r));
  };

  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForHealth(baseUrl, server, () => log);
    browser = await chromium.launchServer({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    project.provide('baseUrl', baseUrl);
    project.provide('browserWsEndpoint', browser.wsEndpoint());
  } catch (error) {
    await teardown();
    throw error;
  }
  return async () => {
    await teardown();
    checkLogForSecrets();
  };
}
