import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { apiBatches } from '../../db/schema/integration';

/** How long a batch's answer (and so its idempotency key) is kept: retrievable for 30 days. */
export const BATCH_RETENTION_DAYS = 30;

export type BatchRecord = typeof apiBatches.$inferSelect;

/**
 * The batches of /api/v1's writes: one row per request, which is at once its idempotency record
 * and its stored per-row answer.
 */
export function createApiBatchesRepository(db: Db) {
  return {
    /**
     * Starts a batch. With an idempotency key, the insert waits on the unique index while another
     * transaction holds the same key and then does nothing: answers null, and the caller reads the
     * batch that won (`findByKey`) — so two processes given the same key never both write.
     */
    async claim(input: {
      accountId: number;
      apiKeyId: number;
      operation: string;
      idempotencyKey: string | null;
      requestSha256: string;
    }): Promise<number | null> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`insert into api_batches (account_id, api_key_id, operation, idempotency_key, request_sha256)
          values (${input.accountId}, ${input.apiKeyId}, ${input.operation}, ${input.idempotencyKey}, ${input.requestSha256})
          on conflict (api_key_id, idempotency_key) do nothing
          returning id`,
      );
      return rows[0] ? Number(rows[0].id) : null;
    },
    async findByKey(apiKeyId: number, idempotencyKey: string): Promise<BatchRecord | null> {
      const [row] = await db
        .select()
        .from(apiBatches)
        .where(and(eq(apiBatches.apiKeyId, apiKeyId), eq(apiBatches.idempotencyKey, idempotencyKey)));
      return row ?? null;
    },
    /** A batch of this key, within the retention time. */
    async find(apiKeyId: number, id: number): Promise<BatchRecord | null> {
      const [row] = await db
        .select()
        .from(apiBatches)
        .where(
          and(
            eq(apiBatches.id, id),
            eq(apiBatches.apiKeyId, apiKeyId),
            sql`${apiBatches.createdAt} > now() - make_interval(days => ${BATCH_RETENTION_DAYS})`,
          ),
        );
      return row ?? null;
    },
    async finish(id: number, counts: Record<string, number>, results: unknown[]): Promise<void> {
      await db.update(apiBatches).set({ counts, results, status: 200 }).where(eq(apiBatches.id, id));
    },
    /** Deletes batches past the retention time (their idempotency keys expire with them). */
    async pruneExpired(): Promise<number> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`delete from api_batches where created_at < now() - make_interval(days => ${BATCH_RETENTION_DAYS}) returning id`,
      );
      return rows.length;
    },
  };
}

export type ApiBatchesRepository = ReturnType<typeof createApiBatchesRepository>;
