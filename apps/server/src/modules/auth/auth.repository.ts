import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, loginFailures, sessions, users } from '../../db/schema/accounts';

export type RevokeReason = 'logout' | 'password' | 'elsewhere';

export function createAuthRepository(db: Db) {
  // Every authenticated call runs this (no copy of a session is kept in the process, decision
  // 008): a named statement, so PostgreSQL parses it once per connection, not per call.
  const findSessionQuery = db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      revokedReason: sessions.revokedReason,
      accountId: users.accountId,
      companyId: users.companyId,
      role: users.role,
      menus: users.menus,
      tags: users.tags,
      showAddress: users.showAddress,
      isActive: users.isActive,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('auth_find_session');
  return {
    async findUserForLogin(accountId: number, userId: string) {
      const [row] = await db
        .select({
          id: users.id,
          passwordHash: users.passwordHash,
          isActive: users.isActive,
          twoFactor: sql<boolean>`${users.totpSecret} is not null`,
        })
        .from(users)
        .where(and(eq(users.accountId, accountId), sql`lower(${users.userId}) = lower(${userId})`))
        .limit(1);
      return row;
    },

    async findUserById(id: number) {
      const [row] = await db
        .select({
          id: users.id,
          accountId: users.accountId,
          companyId: users.companyId,
          userId: users.userId,
          name: users.name,
          avatar: users.avatar,
          role: users.role,
          menus: users.menus,
          tags: users.tags,
          showAddress: users.showAddress,
          productDetailTitleShowMyNumber: users.productDetailTitleShowMyNumber,
          passwordHash: users.passwordHash,
          companyName: companies.name,
          twoFactor: sql<boolean>`${users.totpSecret} is not null`,
        })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(eq(users.id, id))
        .limit(1);
      return row;
    },

    /** The user's second factor, locked: a code is accepted once even when two requests race. */
    async lockSecondFactor(id: number) {
      const [row] = await db
        .select({
          id: users.id,
          totpSecret: users.totpSecret,
          totpPendingSecret: users.totpPendingSecret,
          totpLastStep: users.totpLastStep,
          recoveryCodeHashes: users.recoveryCodeHashes,
        })
        .from(users)
        .where(eq(users.id, id))
        .limit(1)
        .for('update');
      return row;
    },

    async updateSecondFactor(
      id: number,
      values: Partial<
        Pick<
          typeof users.$inferInsert,
          'totpSecret' | 'totpPendingSecret' | 'totpLastStep' | 'recoveryCodeHashes'
        >
      >,
    ) {
      await db.update(users).set(values).where(eq(users.id, id));
    },

    async createSession(input: {
      tokenHash: string;
      userId: number;
      language: string;
      uniqueCode: string | null;
      lastSeenAt: Date;
      expiresAt: Date;
    }) {
      await db.insert(sessions).values(input);
    },

    async findSession(tokenHash: string) {
      const [row] = await findSessionQuery.execute({ tokenHash });
      return row;
    },

    async touchSession(id: number, now: Date) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    },

    async revokeSession(id: number, reason: RevokeReason, now: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },

    async revokeUserSessions(userId: number, reason: RevokeReason, now: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    async updatePasswordHash(userId: number, passwordHash: string, now: Date) {
      await db.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, userId));
    },

    async countRecentFailures(accountId: number, userKey: string, since: Date) {
      const [row] = await db
        .select({ n: count(), oldest: sql<string | null>`min(${loginFailures.createdAt})` })
        .from(loginFailures)
        .where(
          and(
            eq(loginFailures.accountId, accountId),
            eq(loginFailures.userKey, userKey),
            gt(loginFailures.createdAt, since),
          ),
        );
      return { count: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
    },

    async recordFailure(accountId: number, userKey: string, ip: string, at: Date) {
      await db.insert(loginFailures).values({ accountId, userKey, ip, createdAt: at });
    },

    async pruneFailures(before: Date) {
      await db.delete(loginFailures).where(lt(loginFailures.createdAt, before));
    },

    async pruneSessions(before: Date) {
      await db.delete(sessions).where(lt(sessions.expiresAt, before));
    },

    // The cart module owns the query; the badge in user info and cart answers must agree.
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
