import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns';
import { apiKeys } from './integration';

/**
 * Webhook endpoints (issue 13 item 5), each registered by one API key and seen only through it.
 * `secret` signs the deliveries (HMAC-SHA256), so it is kept as issued, not hashed: decision 016
 * says why that is acceptable. It leaves the server once, in the answer that creates or rotates it.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    apiKeyId: integer('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    secret: text('secret').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    secretRotatedAt: at('secret_rotated_at'),
  },
  (t) => [
    index('webhook_endpoints_account_idx').on(t.accountId),
    index('webhook_endpoints_key_idx').on(t.apiKeyId),
  ],
);

/**
 * One row per (endpoint, outbox event): the delivery log. Created by the dispatcher together
 * with its job; each attempt updates it (the last response, attempts so far).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    outboxId: bigint('outbox_id', { mode: 'number' }).notNull(),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** pending (not yet tried or retrying) | delivered | failed (retries used up). */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    /** The start of the receiver's answer, or why there was none (timeout, refused). */
    lastResponse: text('last_response'),
    lastAttemptAt: at('last_attempt_at'),
    deliveredAt: at('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_uq').on(t.endpointId, t.outboxId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
  ],
);

/** The dispatcher's place in the commit-ordered outbox: one row, moved in the transaction that queues the jobs. */
export const webhookCursor = pgTable('webhook_cursor', {
  id: integer('id').primaryKey(),
  lastOutboxId: bigint('last_outbox_id', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
