import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema/integration';

export function createApiKeysRepository(db: Db) {
  return {
    async insert(input: typeof apiKeys.$inferInsert) {
      const [row] = await db.insert(apiKeys).values(input).returning({ id: apiKeys.id });
      return row!.id;
    },

    async findByHash(keyHash: string) {
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).limit(1);
      return row;
    },

    async touch(id: number, at: Date) {
      await db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id));
    },

    async list(accountId: number) {
      return db.select().from(apiKeys).where(eq(apiKeys.accountId, accountId)).orderBy(asc(apiKeys.id));
    },

    /** Revokes by id or prefix; answers the revoked key, or undefined when none was open. */
    async revoke(accountId: number, match: { id?: number; prefix?: string }, at: Date) {
      const [row] = await db
        .update(apiKeys)
        .set({ revokedAt: at })
        .where(
          and(
            eq(apiKeys.accountId, accountId),
            isNull(apiKeys.revokedAt),
            match.id !== undefined ? eq(apiKeys.id, match.id) : eq(apiKeys.prefix, match.prefix ?? ''),
          ),
        )
        .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix });
      return row;
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
