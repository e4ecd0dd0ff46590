import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import {
  freePort,
  killServer,
  startServer,
  type CrashDatabase,
  type ServerChild,
} from '../../../test/reliability/crash-server';
import { crashDatabaseWithKey, v1Caller, WebhookReceiver, waitUntil } from '../../../test/webhook-receiver';
import { verifyWebhook } from './webhook-signature';

/**
 * kill -9 of the server during a burst of webhook events (issue 13 "Done when"): after a
 * restart every committed event is delivered within 2 minutes, each event id reaches the
 * receiver at least once, a receiver deduplicating by `Webhook-Id` has each exactly once, and
 * nothing arrives that the outbox does not hold. A real server process, on the database of the
 * current project; the events are `webhook.ping`s, committed through the outbox by HTTP calls
 * like any order event.
 */

let database: CrashDatabase | undefined;
let server: ServerChild | undefined;
const receiver = new WebhookReceiver();
afterAll(async () => {
  if (server) await killServer(server);
  await receiver.stop();
  await database?.remove();
});

const ENV = {
  JOBS: 'inline',
  JOBS_POLL_SECONDS: '0.5',
  JOBS_MAINTENANCE_SECONDS: '1',
  WEBHOOK_DISPATCH_MS: '50',
  WEBHOOK_RETRY_DELAY_SECONDS: '1',
  // A delivery cut off by the kill expires after 2 + 20 s and is retried.
  WEBHOOK_TIMEOUT_MS: '2000',
};

it(
  'delivers every event of a burst cut by SIGKILL after a restart, each id once after dedup',
  { timeout: 300_000 },
  async () => {
    const made = await crashDatabaseWithKey('webhook-kill', 100_000);
    database = made.database;
    await receiver.start();
    // A slow receiver: deliveries are still in flight and queued when the kill lands.
    receiver.delayMs = 100;
    const port = await freePort();
    const start = () => startServer(database!, port, { inherit: process.env, env: ENV, timeoutMs: 120_000 });
    server = await start();
    const call = v1Caller(() => server!.baseUrl, made.key);
    const created = await call('POST', '/webhooks', {
      url: receiver.url('/kill'),
      events: ['order.submitted'],
    });
    expect(created.status).toBe(201);
    const { id: hookId, secret } = created.body as { id: number; secret: string };

    // The burst: 8 callers ping until the server dies; an answered ping is a committed event.
    const acknowledged: string[] = [];
    let burst = true;
    const caller = async () => {
      while (burst) {
        try {
          const answer = await call('POST', `/webhooks/${hookId}/ping`);
          if (answer.status === 202) acknowledged.push(answer.body.event_id as string);
        } catch {
          return; // the server is gone
        }
      }
    };
    const callers = Array.from({ length: 8 }, caller);
    await waitUntil(
      () => receiver.received.length >= 20 && acknowledged.length >= 150,
      120_000,
      () => `${receiver.received.length} received, ${acknowledged.length} acknowledged`,
    );
    await killServer(server);
    server = undefined;
    burst = false;
    await Promise.all(callers);
    const receivedAtKill = new Set(receiver.received.map((hit) => hit.webhookId)).size;
    // The kill must land mid-burst, with events committed but not yet delivered.
    expect(receivedAtKill).toBeLessThan(acknowledged.length);

    receiver.delayMs = 0;
    const restarted = Date.now();
    server = await start();
    await waitUntil(
      () => acknowledged.every((id) => receiver.at('/kill').unique.some((hit) => hit.webhookId === id)),
      120_000,
      () => `${receiver.at('/kill').unique.length} of ${acknowledged.length} acknowledged events delivered`,
    );
    // Events committed by calls the kill cut off (no answer) are delivered too: wait for the log to settle.
    await waitUntil(
      async () => {
        const pending = await call('GET', `/webhooks/${hookId}/deliveries?state=pending&limit=1`);
        return (pending.body.deliveries as unknown[]).length === 0;
      },
      120_000 - (Date.now() - restarted),
      () => 'deliveries still pending',
    );
    const drainedMs = Date.now() - restarted;
    expect(drainedMs).toBeLessThan(120_000);
    await killServer(server);
    server = undefined;

    const db = await database.open();
    try {
      const events = await db.rows<{ event_id: string }>(
        sql`select event_id::text from outbox_events where type = 'webhook.ping' order by id`,
      );
      const outboxIds = events.map((event) => event.event_id).sort();
      const all = receiver.at('/kill').all;
      const unique = receiver.at('/kill').unique.map((hit) => hit.webhookId);
      // Every committed event delivered, none invented, each once after deduplication.
      expect(unique.sort()).toEqual(outboxIds);
      expect(new Set(all.map((hit) => hit.webhookId)).size).toBe(outboxIds.length);
      expect(outboxIds.length).toBeGreaterThanOrEqual(acknowledged.length);
      for (const hit of all) expect(verifyWebhook(secret, hit.body, hit.signature)).toBe(true);
      const [log] = await db.rows<{ n: number; delivered: number }>(
        sql`select count(*)::int as n, count(*) filter (where state = 'delivered')::int as delivered from webhook_deliveries`,
      );
      expect(log).toEqual({ n: outboxIds.length, delivered: outboxIds.length });
      console.log(
        `webhook kill (${database.kind}): ${outboxIds.length} events, ${receivedAtKill} delivered before the kill, ` +
          `${all.length} POSTs (${all.length - outboxIds.length} repeats), all delivered ${drainedMs} ms after the restart`,
      );
    } finally {
      await db.close();
    }
  },
);
