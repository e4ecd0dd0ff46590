import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { WebhookReceiver, waitUntil } from '../../../test/webhook-receiver';
import { REPO_ROOT } from '../../config';
import { createDataAccess } from '../../repositories';
import type { OutboxEventType } from '../integration/outbox.repository';
import { createApiKeysService } from '../integration/api-keys.service';
import { verifyWebhook } from './webhook-signature';

/**
 * Webhooks end to end on the database of the current project: a real server app with its job
 * queue inline, events written to the outbox in transactions as the order services write them,
 * and a node:http receiver on 127.0.0.1. Retries are quick here (1 s, doubled, 2 retries).
 */

const actor = { kind: 'command' as const, id: null, name: 'test', ip: '' };
let t: TestApp;
const receiver = new WebhookReceiver();
const keys: Record<'erp' | 'other' | 'stockOnly' | 'foreign', string> = {
  erp: '',
  other: '',
  stockOnly: '',
  foreign: '',
};

type Delivery = Record<string, unknown> & { id: number; state: string; attempts: number };
/** The answers' fields these tests read (each answer has some of them). */
interface Answer {
  id: number;
  secret: string;
  detail: string;
  errors: unknown;
  webhooks: Array<{ id: number }>;
  deliveries: Delivery[];
  delivery: Delivery;
}

const api = async (key: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => {
  const response = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: response.json() as Answer };
};

/** An outbox event as the order services write it: in a transaction, last. */
const emit = async (accountId: number, type: OutboxEventType, orderId: number) =>
  createDataAccess(t.database).transaction((tx) =>
    tx.outbox.append({
      accountId,
      type,
      entity: 'order',
      entityId: orderId,
      payload: { order_id: orderId, order_no: `SO-${orderId}`, state: type.split('.')[1] },
    }),
  );

const register = async (key: string, path: string, events: string[]) => {
  const created = await api(key, 'POST', '/webhooks', { url: receiver.url(path), events });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
};

const deliveriesOf = async (key: string, id: number) =>
  (await api(key, 'GET', `/webhooks/${id}/deliveries`)).body.deliveries;

/** The ```js block of README's Webhooks section, imported as a module: its `verify`. */
async function readmeRecipe() {
  const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const code = /### Webhooks[\s\S]*?```js\n([\s\S]*?)```/.exec(readme)![1]!;
  const file = path.join(os.tmpdir(), `pp-readme-verify-${process.pid}.mjs`);
  fs.writeFileSync(file, code);
  try {
    const recipe = (await import(pathToFileURL(file).href)) as {
      verify: (secret: string, body: string, header: string) => boolean;
    };
    return recipe.verify;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

beforeAll(async () => {
  await receiver.start();
  t = await createTestApp({
    config: {
      jobs: 'inline',
      jobsPollSeconds: 0.5,
      jobsMaintenanceSeconds: 1,
      webhookDispatchMs: 50,
      webhookRetryDelaySeconds: 1,
      webhookRetryLimit: 2,
      webhookTimeoutMs: 3_000,
    },
    seed: async (database) => {
      await createAccount(database, 1);
      await createAccount(database, 2);
    },
  });
  const service = createApiKeysService(createDataAccess(t.database));
  const make = async (accountId: number, name: string, scopes: Array<'orders:read' | 'stock:write'>) =>
    (await service.create({ accountId, name, scopes }, actor)).key;
  keys.erp = await make(1, 'erp', ['orders:read']);
  keys.other = await make(1, 'other', ['orders:read']);
  keys.stockOnly = await make(1, 'stock', ['stock:write']);
  keys.foreign = await make(2, 'erp-2', ['orders:read']);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await receiver.stop();
});

describe('webhook endpoints', () => {
  it('registers http(s) URLs only, shows the secret once, and needs the scope of each event', async () => {
    const created = await register(keys.erp, '/register', ['order.paid']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await api(keys.erp, 'GET', '/webhooks');
    expect(list.status).toBe(200);
    expect(list.body.webhooks.map((hook) => hook.id)).toContain(created.id);
    expect(JSON.stringify(list.body)).not.toContain(created.secret);

    const ftp = await api(keys.erp, 'POST', '/webhooks', {
      url: 'ftp://127.0.0.1/x',
      events: ['order.paid'],
    });
    expect(ftp.status).toBe(422);
    expect(ftp.body.errors).toEqual([{ field: 'url', message: 'Invalid value.' }]);
    const file = await api(keys.erp, 'POST', '/webhooks', {
      url: 'file:///etc/passwd',
      events: ['order.paid'],
    });
    expect(file.status).toBe(422);
    const unknownEvent = await api(keys.erp, 'POST', '/webhooks', {
      url: receiver.url(),
      events: ['order.eaten'],
    });
    expect(unknownEvent.status).toBe(422);
    const noScope = await api(keys.stockOnly, 'POST', '/webhooks', {
      url: receiver.url(),
      events: ['order.paid'],
    });
    expect(noScope.status).toBe(403);
    expect(noScope.body.detail).toContain('orders:read');

    // Rotation: a new secret, shown once; the old one no longer signs.
    const rotated = await api(keys.erp, 'POST', `/webhooks/${created.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.secret);
    const audit = await t.database.rows<{ action: string }>(
      sql`select action from audit_log where entity = 'webhook' and entity_id = ${String(created.id)} order by id`,
    );
    expect(audit.map((row) => row.action)).toEqual(['webhook.create', 'webhook.rotate-secret']);

    const removed = await api(keys.erp, 'DELETE', `/webhooks/${created.id}`);
    expect(removed).toEqual({ status: 200, body: { deleted: true } });
    expect((await api(keys.erp, 'DELETE', `/webhooks/${created.id}`)).status).toBe(404);
  });

  it("another key's endpoints are invisible, and another account's events never reach yours", async () => {
    const mine = await register(keys.erp, '/mine', ['order.submitted']);
    const theirs = await register(keys.other, '/theirs', ['order.cancelled']);
    const foreign = await register(keys.foreign, '/foreign', ['order.submitted']);
    for (const [method, url] of [
      ['GET', `/webhooks/${theirs.id}/deliveries`],
      ['DELETE', `/webhooks/${theirs.id}`],
      ['POST', `/webhooks/${theirs.id}/rotate-secret`],
      ['POST', `/webhooks/${theirs.id}/ping`],
      ['POST', `/webhooks/${foreign.id}/ping`],
    ] as const) {
      const answer = await api(keys.erp, method, url);
      expect(answer.status, `${method} ${url}`).toBe(404);
    }
    expect((await api(keys.erp, 'GET', '/webhooks')).body.webhooks.map((h) => h.id)).not.toContain(theirs.id);

    const ours = await emit(1, 'order.submitted', 9101);
    const cancelled = await emit(1, 'order.cancelled', 9101);
    const elsewhere = await emit(2, 'order.submitted', 9201);
    await api(keys.other, 'POST', `/webhooks/${theirs.id}/ping`);
    await waitUntil(
      () =>
        receiver.at('/mine').all.length >= 1 &&
        receiver.at('/foreign').all.length >= 1 &&
        receiver.at('/theirs').all.length >= 2,
      30_000,
      () => JSON.stringify(receiver.received.map((hit) => [hit.path, hit.body])),
    );
    // A little longer: anything misrouted would arrive by now too.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(receiver.at('/mine').all.map((hit) => hit.webhookId)).toEqual([ours.eventId]);
    expect(receiver.at('/foreign').all.map((hit) => hit.webhookId)).toEqual([elsewhere.eventId]);
    const theirTypes = receiver.at('/theirs').all.map((hit) => JSON.parse(hit.body).type as string);
    expect(theirTypes.sort()).toEqual(['order.cancelled', 'webhook.ping']);
    expect(receiver.at('/theirs').all.map((hit) => hit.webhookId)).toContain(cancelled.eventId);
    for (const id of [mine.id, theirs.id, foreign.id]) await api(keys.erp, 'DELETE', `/webhooks/${id}`);
  });
});

describe('delivery', () => {
  it('signs each POST with the documented recipe; a tampered body fails the check', async () => {
    const hook = await register(keys.erp, '/signed', ['order.paid']);
    const event = await emit(1, 'order.paid', 9301);
    await waitUntil(
      () => receiver.at('/signed').all.length === 1,
      30_000,
      () => 'no delivery to /signed',
    );
    const [hit] = receiver.at('/signed').all;
    expect(hit!.webhookId).toBe(event.eventId);
    expect(hit!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhook(hook.secret, hit!.body, hit!.signature)).toBe(true);
    expect(verifyWebhook(hook.secret, hit!.body.replace('9301', '9302'), hit!.signature)).toBe(false);
    expect(verifyWebhook(`${hook.secret}x`, hit!.body, hit!.signature)).toBe(false);
    // The README's Node recipe, run as written, agrees.
    const readmeVerify = await readmeRecipe();
    expect(readmeVerify(hook.secret, hit!.body, hit!.signature)).toBe(true);
    expect(readmeVerify(hook.secret, `${hit!.body} `, hit!.signature)).toBe(false);
    // An old signature is refused by the recipe's time check (replays).
    expect(
      verifyWebhook(hook.secret, hit!.body, hit!.signature, { nowSeconds: Date.now() / 1000 + 3_600 }),
    ).toBe(false);
    const body = JSON.parse(hit!.body);
    expect(Object.keys(body)).toEqual(['id', 'type', 'created_at', 'data']);
    expect(body).toMatchObject({
      id: event.eventId,
      type: 'order.paid',
      data: { order_id: 9301, order_no: 'SO-9301' },
    });
    expect(new Date(body.created_at).toString()).not.toBe('Invalid Date');
    // The secret is kept to sign with, and no log line or delivery row carries it.
    const [stored] = await t.database.rows<{ secret: string }>(
      sql`select secret from webhook_endpoints where id = ${hook.id}`,
    );
    expect(stored!.secret).toBe(hook.secret);
    const [delivery] = await deliveriesOf(keys.erp, hook.id);
    expect(JSON.stringify(delivery)).not.toContain(hook.secret);
    await api(keys.erp, 'DELETE', `/webhooks/${hook.id}`);
  });

  it('retries after the receiver answers 500 and logs each attempt', async () => {
    const hook = await register(keys.erp, '/flaky', ['order.submitted']);
    let flaky = 0;
    const before = receiver.answer;
    receiver.answer = (count, path) => (path === '/flaky' && ++flaky === 1 ? 500 : before(count, path));
    const event = await emit(1, 'order.submitted', 9401);
    await waitUntil(
      async () => (await deliveriesOf(keys.erp, hook.id))[0]?.state === 'delivered',
      30_000,
      () => JSON.stringify(receiver.at('/flaky').all),
    );
    receiver.answer = before;
    const hits = receiver.at('/flaky').all;
    expect(hits.map((hit) => hit.webhookId)).toEqual([event.eventId, event.eventId]);
    // Each attempt signs afresh, with the same event id and body.
    expect(hits[0]!.body).toBe(hits[1]!.body);
    const [delivery] = await deliveriesOf(keys.erp, hook.id);
    expect(delivery).toMatchObject({
      event_id: event.eventId,
      event_type: 'order.submitted',
      state: 'delivered',
      attempts: 2,
      last_status: 200,
      last_response: 'ok',
    });
    expect(delivery!.delivered_at).not.toBeNull();
    expect(delivery!.last_attempt_at).not.toBeNull();
    await api(keys.erp, 'DELETE', `/webhooks/${hook.id}`);
  });

  it('marks a delivery failed when the retries are used up; a manual re-send delivers the same event', async () => {
    const hook = await register(keys.erp, '/broken', ['order.cancelled']);
    const before = receiver.answer;
    receiver.answer = (count, path) => (path === '/broken' ? 503 : before(count, path));
    const event = await emit(1, 'order.cancelled', 9501);
    await waitUntil(
      async () => (await deliveriesOf(keys.erp, hook.id))[0]?.state === 'failed',
      60_000,
      () => JSON.stringify(receiver.at('/broken').all.length),
    );
    const [failed] = await deliveriesOf(keys.erp, hook.id);
    // The first try and two retries (webhookRetryLimit 2).
    expect(failed).toMatchObject({
      state: 'failed',
      attempts: 3,
      last_status: 503,
      last_response: 'receiver says 503',
    });
    expect(receiver.at('/broken').all).toHaveLength(3);

    receiver.answer = before;
    const resent = await api(keys.erp, 'POST', `/webhooks/${hook.id}/deliveries/${failed!.id}/resend`);
    expect(resent.status).toBe(202);
    expect(resent.body.delivery.state).toBe('pending');
    await waitUntil(
      async () => (await deliveriesOf(keys.erp, hook.id))[0]?.state === 'delivered',
      30_000,
      () => 'the re-send did not arrive',
    );
    const [delivered] = await deliveriesOf(keys.erp, hook.id);
    expect(delivered).toMatchObject({ state: 'delivered', attempts: 4, last_status: 200 });
    expect(receiver.at('/broken').unique.map((hit) => hit.webhookId)).toEqual([event.eventId]);

    // A delivered one may be sent again too (the receiver lost it): same Webhook-Id.
    await api(keys.erp, 'POST', `/webhooks/${hook.id}/deliveries/${failed!.id}/resend`);
    await waitUntil(
      () => receiver.at('/broken').all.length === 5,
      30_000,
      () => 'second re-send missing',
    );
    expect(receiver.at('/broken').all.at(-1)!.webhookId).toBe(event.eventId);
    expect((await api(keys.erp, 'POST', `/webhooks/${hook.id}/deliveries/999999/resend`)).status).toBe(404);
    expect(
      (await api(keys.other, 'POST', `/webhooks/${hook.id}/deliveries/${failed!.id}/resend`)).status,
    ).toBe(404);
    await api(keys.erp, 'DELETE', `/webhooks/${hook.id}`);
  });

  it('a receiver that is down, then up, gets every event, each id once to a deduplicating receiver', async () => {
    const hook = await register(keys.erp, '/outage', ['order.submitted', 'order.paid']);
    await receiver.stop();
    const events = [];
    for (let i = 0; i < 20; i++)
      events.push(await emit(1, i % 2 ? 'order.paid' : 'order.submitted', 9600 + i));
    // Every delivery tried and refused at least once while the receiver is down.
    await waitUntil(
      async () => {
        const log = await deliveriesOf(keys.erp, hook.id);
        return log.length === 20 && log.every((delivery) => delivery.attempts >= 1);
      },
      30_000,
      () => 'not every delivery was tried',
    );
    const [refused] = await deliveriesOf(keys.erp, hook.id);
    expect(refused).toMatchObject({ state: 'pending', last_status: null });
    expect(refused!.last_response).toMatch(/^no answer: /);
    await receiver.start();
    await waitUntil(
      async () => (await deliveriesOf(keys.erp, hook.id)).every((delivery) => delivery.state === 'delivered'),
      60_000,
      () => `${receiver.at('/outage').unique.length} of 20 delivered`,
    );
    const ids = receiver.at('/outage').unique.map((hit) => hit.webhookId);
    expect(ids.sort()).toEqual(events.map((event) => event.eventId).sort());
    expect(new Set(receiver.at('/outage').all.map((hit) => hit.webhookId)).size).toBe(20);
    await api(keys.erp, 'DELETE', `/webhooks/${hook.id}`);
  });
});
