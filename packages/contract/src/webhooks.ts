import { z } from 'zod';
import { defineOperation, type ApiScope } from './integration';

/**
 * Webhooks of the integrators' API (issue 13 item 5): endpoints registered per API key, signed
 * deliveries of the outbox's events, a delivery log and manual re-send. Receivers see a POST
 * with `{id, type, created_at, data}`, the headers `Webhook-Id` (the event's id: deduplicate by
 * it, a delivery may come twice) and `PartsPortal-Signature: t=<unix>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>" keyed with the endpoint's secret>`.
 */

export const WEBHOOK_EVENTS = [
  'order.submitted',
  'order.paid',
  'order.confirmed',
  'order.cancelled',
  'order.shipped',
  'import.finished',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The test event of `pingWebhook`: sent to that one endpoint, whatever it subscribed to. */
export const WEBHOOK_PING = 'webhook.ping';

/** The scope a key needs to subscribe to an event: what it could read through the API anyway. */
export const WEBHOOK_EVENT_SCOPES: Record<WebhookEvent, ApiScope> = {
  'order.submitted': 'orders:read',
  'order.paid': 'orders:read',
  'order.confirmed': 'orders:read',
  'order.cancelled': 'orders:read',
  'order.shipped': 'orders:read',
  'import.finished': 'catalog:write',
};

export const WEBHOOK_SIGNATURE_HEADER = 'PartsPortal-Signature';
export const WEBHOOK_ID_HEADER = 'Webhook-Id';

export const webhookCreateSchema = z.strictObject({
  /** Where the POSTs go: http or https, reachable from the PartsPortal server. */
  url: z
    .string()
    .max(2000)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
      } catch {
        return false;
      }
    }),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1),
  description: z.string().max(200).default(''),
});

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  description: z.string(),
  created_at: z.string(),
  secret_rotated_at: z.string().nullable(),
});

export const webhookWithSecretSchema = webhookEndpointSchema.extend({
  /** Shown once: keep it to verify signatures (`whsec_…`). Rotate it if it leaks. */
  secret: z.string(),
});

export const webhookListSchema = z.object({ webhooks: z.array(webhookEndpointSchema) });

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  event_id: z.string(),
  event_type: z.string(),
  /** pending (queued or retrying), delivered (a 2xx answer), failed (every retry used up). */
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  last_status: z.number().int().nullable(),
  /** The first 500 characters of the last answer, or why there was none (timeout, connection refused). */
  last_response: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});

export const webhookDeliveriesQuerySchema = z.strictObject({
  /** Older than this delivery id (paging backwards from the newest). */
  before: z.coerce.number().int().positive().optional(),
  state: z.enum(['pending', 'delivered', 'failed']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const webhookDeliveriesSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });

export const webhookResendSchema = z.object({ delivery: webhookDeliverySchema });
export const webhookPingSchema = z.object({ event_id: z.string() });
export const webhookDeletedSchema = z.object({ deleted: z.boolean() });

export const webhookOperations = {
  create: defineOperation({
    operationId: 'createWebhook',
    method: 'POST',
    path: '/webhooks',
    summary:
      'Registers a webhook endpoint for this key: a URL (http or https, reachable from the PartsPortal server) and the ' +
      'events it wants. The answer carries the signing secret, shown this once. Subscribing to order events needs ' +
      '`orders:read`, to `import.finished` `catalog:write`.',
    tag: 'Webhooks',
    scopes: [],
    body: webhookCreateSchema,
    response: webhookWithSecretSchema,
    status: 201,
  }),
  list: defineOperation({
    operationId: 'listWebhooks',
    method: 'GET',
    path: '/webhooks',
    summary: "This key's webhook endpoints (never their secrets).",
    tag: 'Webhooks',
    scopes: [],
    response: webhookListSchema,
  }),
  remove: defineOperation({
    operationId: 'deleteWebhook',
    method: 'DELETE',
    path: '/webhooks/{id}',
    summary: 'Deletes an endpoint and its delivery log; queued deliveries to it are dropped.',
    tag: 'Webhooks',
    scopes: [],
    response: webhookDeletedSchema,
  }),
  rotate: defineOperation({
    operationId: 'rotateWebhookSecret',
    method: 'POST',
    path: '/webhooks/{id}/rotate-secret',
    summary:
      'Replaces the signing secret (shown once in the answer); deliveries from now on are signed with the new one.',
    tag: 'Webhooks',
    scopes: [],
    response: webhookWithSecretSchema,
  }),
  deliveries: defineOperation({
    operationId: 'listWebhookDeliveries',
    method: 'GET',
    path: '/webhooks/{id}/deliveries',
    summary:
      'The delivery log of an endpoint, newest first: per event its state, attempts and the last answer (status, the ' +
      'start of its body, time).',
    tag: 'Webhooks',
    scopes: [],
    query: webhookDeliveriesQuerySchema,
    response: webhookDeliveriesSchema,
  }),
  resend: defineOperation({
    operationId: 'resendWebhookDelivery',
    method: 'POST',
    path: '/webhooks/{id}/deliveries/{delivery_id}/resend',
    summary:
      'Sends one event to the endpoint again, delivered or not, with the same `Webhook-Id` (a receiver that ' +
      'deduplicates ignores it if it already has it). Failed deliveries get a fresh round of retries.',
    tag: 'Webhooks',
    scopes: [],
    response: webhookResendSchema,
    status: 202,
  }),
  ping: defineOperation({
    operationId: 'pingWebhook',
    method: 'POST',
    path: '/webhooks/{id}/ping',
    summary:
      'Sends a `webhook.ping` test event to this endpoint only, through the same queue, signature and log.',
    tag: 'Webhooks',
    scopes: [],
    response: webhookPingSchema,
    status: 202,
  }),
} as const;
