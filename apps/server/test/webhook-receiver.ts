import http from 'node:http';
import type net from 'node:net';
import { createApiKeysService } from '../src/modules/integration/api-keys.service';
import { createDataAccess } from '../src/repositories';
import { createAccount } from './fixtures';
import { createCrashDatabase } from './reliability/crash-server';

/** One POST as the receiver got it. */
export interface ReceivedWebhook {
  path: string;
  webhookId: string;
  signature: string;
  body: string;
  at: number;
}

/**
 * A webhook receiver for tests and the bench: a node:http server on 127.0.0.1 that records every
 * POST and answers with `answer(request number, path)` (200 unless told). `unique` is what a
 * receiver deduplicating by `Webhook-Id` keeps (per path). `stop()` closes the port (a receiver that is
 * down: connections are refused), `start()` opens the same port again.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  readonly unique = new Map<string, ReceivedWebhook>();
  answer: (count: number, path: string) => number = () => 200;
  /** How long each answer takes (a slow receiver). */
  delayMs = 0;
  private server: http.Server | undefined;
  private sockets = new Set<net.Socket>();
  port = 0;

  async start(): Promise<this> {
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const hit: ReceivedWebhook = {
          path: request.url ?? '',
          webhookId: String(request.headers['webhook-id'] ?? ''),
          signature: String(request.headers['partsportal-signature'] ?? ''),
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        };
        this.received.push(hit);
        const status = this.answer(this.received.length, hit.path);
        // Deduplicated per path: two endpoints (paths) may get the same event.
        const key = `${hit.path} ${hit.webhookId}`;
        if (status >= 200 && status < 300 && !this.unique.has(key)) this.unique.set(key, hit);
        setTimeout(() => {
          response.writeHead(status, { 'content-type': 'text/plain' });
          response.end(status >= 200 && status < 300 ? 'ok' : `receiver says ${status}`);
        }, this.delayMs);
      });
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
    return this;
  }

  url(path = '/hook') {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** For a path: every POST, and the distinct event ids among the accepted ones. */
  at(path: string) {
    return {
      all: this.received.filter((hit) => hit.path === path),
      unique: [...this.unique.values()].filter((hit) => hit.path === path),
    };
  }

  async stop() {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Polls `check` until it is true; throws with `describe()` after `ms`. */
export async function waitUntil(check: () => boolean | Promise<boolean>, ms: number, describe: () => string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A fresh database of the current project (crash-server.ts) with account 1 and an API key of
 * `orders:read`, for the suites that start real server processes; the key is in plain text.
 */
export async function crashDatabaseWithKey(label: string, rateLimitPerMinute?: number) {
  const database = await createCrashDatabase(label);
  const db = await database.open();
  try {
    await createAccount(db);
    const { key } = await createApiKeysService(createDataAccess(db)).create(
      {
        accountId: 1,
        name: 'erp',
        scopes: ['orders:read'],
        ...(rateLimitPerMinute ? { rateLimitPerMinute } : {}),
      },
      { kind: 'command', id: null, name: 'test', ip: '' },
    );
    return { database, key };
  } finally {
    await db.close();
  }
}

/** Calls /api/v1 of a server process with the key: status and parsed JSON body. */
export const v1Caller =
  (baseUrl: () => string, key: string) => async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl()}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
