import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import {
  freePort,
  killServer,
  startServer,
  startWorkerProcess,
  type CrashDatabase,
  type ServerChild,
} from '../test/reliability/crash-server';
import { crashDatabaseWithKey, v1Caller, WebhookReceiver, waitUntil } from '../test/webhook-receiver';
import { verifyWebhook } from './modules/webhooks/webhook-signature';

/**
 * The separate worker process (issue 13 item 6) on PostgreSQL: a server started with
 * JOBS=send-only only writes events and queues; nothing is delivered until `worker.ts` runs, and
 * then the worker delivers every event — the same job code as inside the server.
 */

let database: CrashDatabase | undefined;
let server: ServerChild | undefined;
let worker: Omit<ServerChild, 'baseUrl'> | undefined;
const receiver = new WebhookReceiver();
afterAll(async () => {
  if (server) await killServer(server);
  if (worker) {
    worker.child.kill('SIGKILL');
    await worker.exited;
  }
  await receiver.stop();
  await database?.remove();
});

const ENV = { JOBS_POLL_SECONDS: '0.5', WEBHOOK_DISPATCH_MS: '50', WEBHOOK_RETRY_DELAY_SECONDS: '1' };

it('a send-only server queues, the worker process delivers', { timeout: 180_000 }, async () => {
  const made = await crashDatabaseWithKey('webhook-worker');
  database = made.database;
  await receiver.start();
  server = await startServer(database, await freePort(), {
    inherit: process.env,
    env: { ...ENV, JOBS: 'send-only' },
    timeoutMs: 120_000,
  });
  const call = v1Caller(() => server!.baseUrl, made.key);
  const created = await call('POST', '/webhooks', { url: receiver.url('/worker'), events: ['order.paid'] });
  const { id, secret } = created.body as { id: number; secret: string };
  const sent: string[] = [];
  for (let i = 0; i < 10; i++)
    sent.push((await call('POST', `/webhooks/${id}/ping`)).body.event_id as string);

  // The server runs no handlers: nothing arrives, the outbox holds the events.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(receiver.received).toEqual([]);

  worker = await startWorkerProcess(database, { inherit: process.env, env: ENV });
  await waitUntil(
    () => receiver.at('/worker').unique.length === sent.length,
    60_000,
    () =>
      `${receiver.at('/worker').unique.length} of ${sent.length}; worker:\n${worker!.output().slice(-1500)}`,
  );
  expect(
    receiver
      .at('/worker')
      .unique.map((hit) => hit.webhookId)
      .sort(),
  ).toEqual([...sent].sort());
  for (const hit of receiver.at('/worker').all)
    expect(verifyWebhook(secret, hit.body, hit.signature)).toBe(true);

  // The worker stops cleanly on SIGTERM.
  worker.child.kill('SIGTERM');
  expect(await worker.exited).toEqual({ code: 0, signal: null });
  worker = undefined;
  await killServer(server);
  server = undefined;
  const db = await database.open();
  try {
    const [log] = await db.rows<{ delivered: number }>(
      sql`select count(*) filter (where state = 'delivered')::int as delivered from webhook_deliveries`,
    );
    expect(log!.delivered).toBe(sent.length);
  } finally {
    await db.close();
  }
});
