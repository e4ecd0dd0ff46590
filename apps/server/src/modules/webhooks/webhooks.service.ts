import type { ApiScope } from '@partsportal/contract/integration';
import {
  WEBHOOK_EVENT_SCOPES,
  WEBHOOK_ID_HEADER,
  WEBHOOK_PING,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEvent,
  type webhookCreateSchema,
  type webhookDeliveriesQuerySchema,
  type webhookDeliverySchema,
  type webhookEndpointSchema,
} from '@partsportal/contract/webhooks';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { JobLogger, JobQueue } from '../../platform/jobs';
import type { DataAccess } from '../../repositories';
import type { AuditActor } from '../audit/audit.repository';
import { coalesced } from './coalesce';
import { pingEvent } from './webhook-events';
import { newWebhookSecret, signWebhook } from './webhook-signature';
import type { WebhookDeliveryRow, WebhookEndpointRow } from './webhooks.repository';

export const WEBHOOK_QUEUE = 'webhook-delivery';
/** Outbox events per dispatch transaction. */
const DISPATCH_BATCH = 500;
/** Characters of a receiver's answer kept in the delivery log. */
const RESPONSE_EXCERPT = 500;

/** The key a call comes with (api-keys.service ApiKeyContext), or the admin command's choice of key. */
export interface WebhookOwner {
  keyId: number;
  accountId: number;
  scopes: readonly ApiScope[];
}

/** Why a webhook call is refused; the routes turn it into a problem answer, the command into a line. */
export class WebhookRefusal extends Error {
  constructor(
    readonly reason: 'notFound' | 'deliveryNotFound' | 'scopeMissing',
    readonly params: Record<string, string | number>,
  ) {
    super(reason);
  }
}

export interface WebhooksServiceDeps extends DataAccess {
  jobs: JobQueue;
  config: Pick<
    Config,
    | 'webhookRetryLimit'
    | 'webhookRetryDelaySeconds'
    | 'webhookTimeoutMs'
    | 'webhookDispatchMs'
    | 'webhookConcurrency'
  >;
  logger: JobLogger;
  now?: () => Date;
}

interface DeliveryJob {
  deliveryId: number;
}

/** A receiver's answer, at most RESPONSE_EXCERPT characters of it (a huge answer is not read whole). */
async function excerptOf(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < RESPONSE_EXCERPT * 4) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  return Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_EXCERPT);
}

/** Why there was no answer, without the URL's query (it may carry a receiver's token). */
function failureOf(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return 'timeout';
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `no answer: ${cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error))}`.slice(
    0,
    RESPONSE_EXCERPT,
  );
}

/** The audit log's actor for a call made with an API key. */
export const keyActor = (owner: WebhookOwner): AuditActor => ({
  kind: 'api-key',
  id: owner.keyId,
  name: `api-key:${owner.keyId}`,
  ip: '',
});

const endpointView = (row: WebhookEndpointRow): z.input<typeof webhookEndpointSchema> => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEvent[],
  description: row.description,
  created_at: row.createdAt.toISOString(),
  secret_rotated_at: row.secretRotatedAt?.toISOString() ?? null,
});

const deliveryView = (row: WebhookDeliveryRow): z.input<typeof webhookDeliverySchema> => ({
  id: row.id,
  event_id: row.eventId,
  event_type: row.eventType,
  state: row.state as 'pending' | 'delivered' | 'failed',
  attempts: row.attempts,
  last_status: row.lastStatus,
  last_response: row.lastResponse,
  last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
  delivered_at: row.deliveredAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/**
 * Webhooks (issue 13 item 5): endpoints per API key; a dispatcher that turns each new outbox
 * event into one delivery row and one job per subscribed endpoint, in one transaction with its
 * cursor (so an event is queued once, and none is skipped: the outbox's ids become visible in
 * commit order); and the delivery job, which POSTs the signed event and logs every attempt.
 * Delivery is at least once — a process killed after the POST repeats it — so every event
 * carries its id for the receiver to drop duplicates.
 */
export function createWebhooksService(deps: WebhooksServiceDeps) {
  const { repos, transaction, jobs, config, logger } = deps;
  const now = deps.now ?? (() => new Date());

  const jobOptions = () => ({
    retryLimit: config.webhookRetryLimit,
    retryDelaySeconds: config.webhookRetryDelaySeconds,
    retryBackoff: true,
    // A job still active after this is taken as lost (its process died) and retried.
    expireInSeconds: Math.ceil(config.webhookTimeoutMs / 1000) + 20,
  });

  async function owned(owner: WebhookOwner, id: number) {
    const endpoint = await repos.webhooks.findEndpoint(owner.keyId, id);
    if (!endpoint || endpoint.accountId !== owner.accountId) throw new WebhookRefusal('notFound', { id });
    return endpoint;
  }

  /** The event's JSON as the receiver gets it: the signature covers exactly these bytes. */
  const bodyOf = (event: { eventId: string; type: string; createdAt: Date; payload: unknown }) =>
    JSON.stringify({
      id: event.eventId,
      type: event.type,
      created_at: event.createdAt.toISOString(),
      data: event.payload,
    });

  // A worker's batch of deliveries reads its rows in one statement and, as the answers come in,
  // records the attempts that finish together in one statement (on PGlite's one connection, two
  // statements per delivery let a burst of commits outrun the deliveries; webhook bench).
  const deliveryJob = coalesced(async (ids: number[]) => {
    const rows = await repos.webhooks.deliveryJobs([...new Set(ids)]);
    const byId = new Map(rows.map((row) => [row.delivery.id, row]));
    return ids.map((id) => byId.get(id) ?? null);
  });
  type Attempt = Parameters<typeof repos.webhooks.recordAttempts>[0][number];
  const recordAttempt = coalesced(async (attempts: Attempt[]) => {
    // The same delivery twice in one turn (a re-send while its job ran): one statement each, so
    // every attempt is counted.
    let rest = attempts;
    while (rest.length > 0) {
      const seen = new Set<number>();
      const now: Attempt[] = [];
      const later: Attempt[] = [];
      for (const attempt of rest) {
        if (seen.has(attempt.deliveryId)) later.push(attempt);
        else {
          seen.add(attempt.deliveryId);
          now.push(attempt);
        }
      }
      await repos.webhooks.recordAttempts(now);
      rest = later;
    }
    return attempts.map(() => undefined);
  });

  async function deliver(data: DeliveryJob, attempt: { retryCount: number }) {
    const job = await deliveryJob(data.deliveryId);
    // The endpoint was deleted (its deliveries with it): nothing to send.
    if (!job) return;
    const { endpoint, event } = job;
    const body = bodyOf(event);
    const at = now();
    let status: number | null = null;
    let response: string;
    try {
      const answer = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'PartsPortal-Webhooks/1',
          [WEBHOOK_ID_HEADER]: event.eventId,
          [WEBHOOK_SIGNATURE_HEADER]: signWebhook(endpoint.secret, body, Math.floor(at.getTime() / 1000)),
        },
        body,
        // A redirect is an answer that is not 2xx: the receiver's URL is the one registered.
        redirect: 'manual',
        signal: AbortSignal.timeout(config.webhookTimeoutMs),
      });
      status = answer.status;
      response = await excerptOf(answer).catch(failureOf);
    } catch (error) {
      response = failureOf(error);
    }
    const delivered = status !== null && status >= 200 && status < 300;
    await recordAttempt({
      deliveryId: data.deliveryId,
      status,
      response,
      delivered,
      // pg-boss retries while retryCount < retryLimit; this was the last try.
      failed: !delivered && attempt.retryCount >= config.webhookRetryLimit,
      at: now(),
    });
    // Thrown, the job is retried with back-off (the message names no secret and no URL query).
    if (!delivered) throw new Error(`webhook delivery ${data.deliveryId}: ${status ?? response}`);
    // A retry got through: the receiver is back, so its other waiting deliveries go now rather
    // than at the end of their back-off (minutes to hours after an outage).
    if (attempt.retryCount > 0) {
      const waiting = await repos.webhooks.pendingIds(endpoint.id, DISPATCH_BATCH * 10);
      await jobs.retryNow(WEBHOOK_QUEUE, 'deliveryId', waiting);
    }
  }

  /**
   * One dispatch pass: outbox events after the cursor, in id order, become delivery rows and
   * jobs, and the cursor moves past them — all in one transaction, so a crash re-runs the
   * batch whole and the unique (endpoint, event) row keeps a second run from queueing twice.
   * Another process dispatching at the same time holds the cursor row; this one then skips.
   */
  async function dispatchBatch(): Promise<{ queued: number; more: boolean }> {
    return transaction(async (tx, db) => {
      const cursor = await tx.webhooks.lockCursor();
      if (cursor === null) return { queued: 0, more: false };
      const events = await tx.webhooks.eventsAfter(cursor, DISPATCH_BATCH);
      if (events.length === 0) return { queued: 0, more: false };
      const endpoints = await tx.webhooks.endpointsOfAccounts([
        ...new Set(events.map((event) => event.accountId)),
      ]);
      const rows = events.flatMap((event) =>
        endpoints
          .filter((endpoint) =>
            event.type === WEBHOOK_PING
              ? event.entity === 'webhook_endpoint' && String(endpoint.id) === event.entityId
              : endpoint.accountId === event.accountId && endpoint.events.includes(event.type),
          )
          .map((endpoint) => ({
            endpointId: endpoint.id,
            outboxId: event.id,
            eventId: event.eventId,
            eventType: event.type,
          })),
      );
      const inserted = await tx.webhooks.insertDeliveries(rows);
      await jobs.sendMany<DeliveryJob>(
        WEBHOOK_QUEUE,
        inserted.map((row) => ({ deliveryId: row.id })),
        { ...jobOptions(), tx: db },
      );
      await tx.webhooks.moveCursor(events.at(-1)!.id);
      return { queued: inserted.length, more: events.length === DISPATCH_BATCH };
    });
  }

  async function dispatch(): Promise<number> {
    let total = 0;
    if (!(await repos.webhooks.hasNewEvents())) return 0;
    for (;;) {
      const { queued, more } = await dispatchBatch();
      total += queued;
      // Committed: this process's delivery workers fetch now instead of at their next poll.
      if (queued > 0) jobs.wake(WEBHOOK_QUEUE);
      if (!more) return total;
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const loop = () => {
    running = dispatch()
      .catch((error: unknown) => logger.warn({ err: error }, 'webhook dispatch failed; retrying'))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, config.webhookDispatchMs);
      });
  };

  return {
    async create(
      owner: WebhookOwner,
      input: z.output<typeof webhookCreateSchema>,
      actor?: AuditActor,
    ): Promise<z.input<typeof webhookEndpointSchema> & { secret: string }> {
      const missing = [...new Set(input.events.map((event) => WEBHOOK_EVENT_SCOPES[event]))].filter(
        (scope) => !owner.scopes.includes(scope),
      );
      if (missing.length > 0) throw new WebhookRefusal('scopeMissing', { scopes: missing.join(', ') });
      const secret = newWebhookSecret();
      const row = await transaction(async (tx) => {
        const endpoint = await tx.webhooks.insertEndpoint({
          accountId: owner.accountId,
          apiKeyId: owner.keyId,
          url: input.url,
          events: [...new Set(input.events)],
          secret,
          description: input.description,
        });
        await tx.audit.record({
          accountId: owner.accountId,
          actor: actor ?? keyActor(owner),
          action: 'webhook.create',
          entity: 'webhook',
          entityId: endpoint.id,
          details: { url: endpoint.url, events: endpoint.events, api_key_id: owner.keyId },
        });
        return endpoint;
      });
      return { ...endpointView(row), secret };
    },

    list: async (owner: WebhookOwner) =>
      (await repos.webhooks.listEndpoints(owner.accountId, owner.keyId)).map(endpointView),

    /** Every endpoint of the account with its key (the admin command). */
    listAccount: async (accountId: number) =>
      (await repos.webhooks.listEndpoints(accountId)).map((row) => ({
        ...endpointView(row),
        api_key_id: row.apiKeyId,
      })),

    /** Deletes an endpoint of this key, or any of the account's without a key (the admin command). */
    async remove(scope: { accountId: number; keyId?: number }, id: number, actor: AuditActor) {
      await transaction(async (tx) => {
        const deleted = await tx.webhooks.deleteEndpoint(scope.accountId, id, scope.keyId);
        if (!deleted) throw new WebhookRefusal('notFound', { id });
        await tx.audit.record({
          accountId: scope.accountId,
          actor,
          action: 'webhook.delete',
          entity: 'webhook',
          entityId: id,
          details: { url: deleted.url },
        });
      });
      return { deleted: true };
    },

    async rotate(owner: WebhookOwner, id: number) {
      await owned(owner, id);
      const secret = newWebhookSecret();
      const row = await transaction(async (tx) => {
        const updated = await tx.webhooks.setSecret(owner.keyId, id, secret, now());
        if (!updated) throw new WebhookRefusal('notFound', { id });
        await tx.audit.record({
          accountId: owner.accountId,
          actor: keyActor(owner),
          action: 'webhook.rotate-secret',
          entity: 'webhook',
          entityId: id,
        });
        return updated;
      });
      return { ...endpointView(row), secret };
    },

    async deliveries(owner: WebhookOwner, id: number, query: z.output<typeof webhookDeliveriesQuerySchema>) {
      await owned(owner, id);
      return { deliveries: (await repos.webhooks.deliveries(id, query)).map(deliveryView) };
    },

    /** The same event to the same endpoint again (same Webhook-Id), with a fresh round of retries. */
    async resend(owner: WebhookOwner, id: number, deliveryId: number) {
      await owned(owner, id);
      const delivery = await transaction(async (tx, db) => {
        const found = await tx.webhooks.delivery(id, deliveryId);
        if (!found) throw new WebhookRefusal('deliveryNotFound', { id, delivery: deliveryId });
        const row = await tx.webhooks.markPending(deliveryId);
        await jobs.send<DeliveryJob>(WEBHOOK_QUEUE, { deliveryId }, { ...jobOptions(), tx: db });
        return row;
      });
      jobs.wake(WEBHOOK_QUEUE);
      return { delivery: deliveryView(delivery) };
    },

    /** A `webhook.ping` event through the outbox, for this endpoint only. */
    async ping(owner: WebhookOwner, id: number) {
      await owned(owner, id);
      const row = await transaction((tx) => tx.outbox.append(pingEvent(owner.accountId, id)));
      return { event_id: row.eventId };
    },

    dispatch,
    deliver,

    /**
     * This process's share of the webhook jobs: the delivery workers and the dispatcher loop.
     * Called by jobs-runtime.ts wherever jobs run (the server with JOBS=inline, or worker.ts).
     */
    async startWorkers() {
      await jobs.work<DeliveryJob>(WEBHOOK_QUEUE, (data, job) => deliver(data, job), {
        concurrency: config.webhookConcurrency,
      });
      stopped = false;
      loop();
    },

    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
