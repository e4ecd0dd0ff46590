import {
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
import { accounts } from './accounts';
import { createdAt } from './columns';

/**
 * API keys of the integrators' API (issue 13). The key is shown once; only its SHA-256 is kept,
 * with a prefix (`pp_live_3kq9…`, the first 16 characters) that lets staff tell keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull().default(600),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Who made it: a staff login or `admin-cli:<user>`. */
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.keyHash), index('api_keys_account_idx').on(t.accountId)],
);

/**
 * The outbox (issue 13 items 4–5): one row per business event (`order.submitted`, `order.paid`,
 * `order.cancelled`, `order.shipped`, `import.finished`), written in the same transaction as the
 * change it reports, so no event is lost or invented when a process dies. `id` is a commit-ordered
 * sequence: the writer holds a transaction-level advisory lock from taking its id until COMMIT
 * (outbox.repository.ts), so a reader that has seen id N has seen every committed id below N —
 * the order feed's cursor can never skip a transaction that commits late.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The id receivers deduplicate by (a webhook delivered twice carries the same one). */
    eventId: uuid('event_id').notNull().defaultRandom(),
    accountId: integer('account_id').notNull(),
    type: text('type').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('outbox_events_event_id_uq').on(t.eventId),
    index('outbox_events_account_idx').on(t.accountId, t.id),
  ],
);

/**
 * One write request of /api/v1 (a batch upsert): its idempotency key, the SHA-256 of its body and
 * its stored answer with every row's result. It is the idempotency record (a repeat of the key
 * with the same body gets this answer again, with another body a 422) and the retrievable
 * per-row result of a bulk sync (`GET /api/v1/batches/{id}`), kept 30 days — so a bulk product or
 * stock sync is one audit entry plus this row, not one audit entry per product (issue 13 item 7).
 */
export const apiBatches = pgTable(
  'api_batches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id').notNull(),
    apiKeyId: integer('api_key_id')
      .notNull()
      .references(() => apiKeys.id),
    /** The operationId, e.g. `upsertProducts`. */
    operation: text('operation').notNull(),
    idempotencyKey: text('idempotency_key'),
    requestSha256: text('request_sha256').notNull(),
    /** HTTP status of the stored answer. */
    status: integer('status').notNull().default(200),
    /** Row counts by result: created, updated, unchanged, error. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    /** Every row's result, errors as message keys (rendered in the reader's language). */
    results: jsonb('results').$type<unknown[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_batches_key_idempotency_uq').on(t.apiKeyId, t.idempotencyKey),
    index('api_batches_created_idx').on(t.createdAt),
  ],
);
