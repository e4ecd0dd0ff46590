import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { outboxEvents } from '../../db/schema/integration';
import { webhookCursor, webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The single row of webhook_cursor. */
const CURSOR_ID = 1;

export function createWebhooksRepository(db: Db) {
  /** An endpoint of this key, or none: another key's endpoint is as good as absent. */
  const owned = (apiKeyId: number, id: number) =>
    and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.apiKeyId, apiKeyId));

  return {
    async insertEndpoint(input: typeof webhookEndpoints.$inferInsert) {
      const [row] = await db.insert(webhookEndpoints).values(input).returning();
      return row!;
    },

    /** Every endpoint of a key, or of the account when no key is given (the admin command). */
    async listEndpoints(accountId: number, apiKeyId?: number) {
      return db
        .select()
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.accountId, accountId),
            apiKeyId === undefined ? undefined : eq(webhookEndpoints.apiKeyId, apiKeyId),
          ),
        )
        .orderBy(asc(webhookEndpoints.id));
    },

    async findEndpoint(apiKeyId: number, id: number) {
      const [row] = await db.select().from(webhookEndpoints).where(owned(apiKeyId, id));
      return row;
    },

    async endpointById(id: number) {
      const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      return row;
    },

    async deleteEndpoint(accountId: number, id: number, apiKeyId?: number) {
      const deleted = await db
        .delete(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.id, id),
            eq(webhookEndpoints.accountId, accountId),
            apiKeyId === undefined ? undefined : eq(webhookEndpoints.apiKeyId, apiKeyId),
          ),
        )
        .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
      return deleted[0];
    },

    async setSecret(apiKeyId: number, id: number, secret: string, at: Date) {
      const [row] = await db
        .update(webhookEndpoints)
        .set({ secret, secretRotatedAt: at })
        .where(owned(apiKeyId, id))
        .returning();
      return row;
    },

    async deliveries(
      endpointId: number,
      query: { before?: number | undefined; state?: string | undefined; limit: number },
    ) {
      return db
        .select()
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpointId),
            query.before === undefined ? undefined : lt(webhookDeliveries.id, query.before),
            query.state === undefined ? undefined : eq(webhookDeliveries.state, query.state),
          ),
        )
        .orderBy(desc(webhookDeliveries.id))
        .limit(query.limit);
    },

    async delivery(endpointId: number, id: number) {
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)));
      return row;
    },

    /**
     * What delivery jobs need: each delivery with its endpoint and event, in one statement (a
     * worker's batch). A delivery whose endpoint was deleted is absent.
     */
    async deliveryJobs(deliveryIds: readonly number[]) {
      if (deliveryIds.length === 0) return [];
      return db
        .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: outboxEvents })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .innerJoin(outboxEvents, eq(outboxEvents.id, webhookDeliveries.outboxId))
        .where(inArray(webhookDeliveries.id, [...deliveryIds]));
    },

    /**
     * Attempts' outcomes, each counted on its row (attempts + 1), in one statement. Each delivery
     * at most once per call (the caller splits repeats).
     */
    async recordAttempts(
      outcomes: ReadonlyArray<{
        deliveryId: number;
        status: number | null;
        response: string;
        delivered: boolean;
        failed: boolean;
        at: Date;
      }>,
    ) {
      if (outcomes.length === 0) return;
      const json = JSON.stringify(outcomes.map((outcome) => ({ ...outcome, at: outcome.at.toISOString() })));
      await db.execute(sql`update webhook_deliveries d set attempts = d.attempts + 1,
          last_status = x.status, last_response = x.response, last_attempt_at = x.at,
          state = case when x.delivered then 'delivered' when x.failed then 'failed' else d.state end,
          delivered_at = case when x.delivered then x.at else d.delivered_at end
        from json_to_recordset(${json}::json)
          as x("deliveryId" bigint, status int, response text, delivered boolean, failed boolean, at timestamptz)
        where d.id = x."deliveryId"`);
    },

    /** Deliveries of an endpoint still waiting (queued or between retries). */
    async pendingIds(endpointId: number, limit: number) {
      const rows = await db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.state, 'pending')))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** A manual re-send: back to pending (a delivered one keeps its delivered_at until answered again). */
    async markPending(deliveryId: number) {
      const [row] = await db
        .update(webhookDeliveries)
        .set({ state: 'pending' })
        .where(eq(webhookDeliveries.id, deliveryId))
        .returning();
      return row!;
    },

    /**
     * The dispatcher's cursor, locked for this transaction; null when another process holds it
     * (SKIP LOCKED: that one is dispatching, this one has nothing to do). Made on first use.
     */
    async lockCursor(): Promise<number | null> {
      await db.insert(webhookCursor).values({ id: CURSOR_ID, lastOutboxId: 0 }).onConflictDoNothing();
      const rows = rowsOf<{ last_outbox_id: string | number }>(
        await db.execute(
          sql`select last_outbox_id from webhook_cursor where id = ${CURSOR_ID} for update skip locked`,
        ),
      );
      return rows[0] ? Number(rows[0].last_outbox_id) : null;
    },

    async moveCursor(lastOutboxId: number) {
      await db
        .update(webhookCursor)
        .set({ lastOutboxId, updatedAt: new Date() })
        .where(eq(webhookCursor.id, CURSOR_ID));
    },

    /** Whether the outbox has an event past the cursor (a cheap look before a dispatch transaction). */
    async hasNewEvents(): Promise<boolean> {
      const rows = rowsOf<{ found: boolean }>(
        await db.execute(
          sql`select exists (select 1 from outbox_events where id > coalesce((select last_outbox_id from webhook_cursor where id = ${CURSOR_ID}), 0)) as found`,
        ),
      );
      return rows[0]?.found === true;
    },

    async eventsAfter(cursor: number, limit: number) {
      return db
        .select({
          id: outboxEvents.id,
          eventId: outboxEvents.eventId,
          accountId: outboxEvents.accountId,
          type: outboxEvents.type,
          entity: outboxEvents.entity,
          entityId: outboxEvents.entityId,
        })
        .from(outboxEvents)
        .where(gt(outboxEvents.id, cursor))
        .orderBy(asc(outboxEvents.id))
        .limit(limit);
    },

    async endpointsOfAccounts(accountIds: readonly number[]) {
      if (accountIds.length === 0) return [];
      return db
        .select({
          id: webhookEndpoints.id,
          accountId: webhookEndpoints.accountId,
          events: webhookEndpoints.events,
        })
        .from(webhookEndpoints)
        .where(inArray(webhookEndpoints.accountId, [...accountIds]));
    },

    /** New delivery rows; a pair that exists already (a dispatch run twice) is left alone and not returned. */
    async insertDeliveries(rows: Array<typeof webhookDeliveries.$inferInsert>) {
      if (rows.length === 0) return [];
      return db
        .insert(webhookDeliveries)
        .values(rows)
        .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.outboxId] })
        .returning({ id: webhookDeliveries.id });
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
