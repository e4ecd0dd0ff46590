import { containsPattern } from '../../db/like-patterns';
import { and, asc, count, eq, ilike, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { StaffRole } from '@partsportal/contract/endpoint';
import type { Db } from '../../db/client';
import { accounts, staff, staffSessions } from '../../db/schema/accounts';

export function createStaffRepository(db: Db) {
  return {
    /**
     * A fresh installation has no account row yet: the first owner made by the admin command
     * creates it (the wholesaler's account, spec `account_id`).
     */
    async ensureAccount(accountId: number, name: string) {
      await db.insert(accounts).values({ id: accountId, name }).onConflictDoNothing();
    },

    async findForLogin(accountId: number, login: string) {
      const [row] = await db
        .select()
        .from(staff)
        .where(and(eq(staff.accountId, accountId), sql`lower(${staff.login}) = lower(${login})`))
        .limit(1);
      return row;
    },

    async find(accountId: number, id: number) {
      const [row] = await db
        .select()
        .from(staff)
        .where(and(eq(staff.accountId, accountId), eq(staff.id, id)))
        .limit(1);
      return row;
    },

    /** For a change that must not race another (last owner, a code used once): holds the row. */
    async lock(accountId: number, id: number) {
      const [row] = await db
        .select()
        .from(staff)
        .where(and(eq(staff.accountId, accountId), eq(staff.id, id)))
        .limit(1)
        .for('update');
      return row;
    },

    async insert(input: {
      accountId: number;
      login: string;
      name: string;
      role: StaffRole;
      passwordHash: string;
      mustChangePassword: boolean;
    }) {
      const [row] = await db.insert(staff).values(input).onConflictDoNothing().returning({ id: staff.id });
      return row?.id;
    },

    async update(id: number, values: Partial<typeof staff.$inferInsert>) {
      await db.update(staff).set(values).where(eq(staff.id, id));
    },

    /** Enabled owners, locked, so two owners cannot disable each other at once. */
    async lockEnabledOwners(accountId: number) {
      return db
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.accountId, accountId), eq(staff.role, 'owner'), eq(staff.isActive, true)))
        .for('update');
    },

    async page(accountId: number, keyword: string, page: { offset: number; limit: number }) {
      const where = and(
        eq(staff.accountId, accountId),
        keyword
          ? or(ilike(staff.login, containsPattern(keyword)), ilike(staff.name, containsPattern(keyword)))
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db.select().from(staff).where(where).orderBy(asc(staff.id)).offset(page.offset).limit(page.limit),
        db.select({ n: count() }).from(staff).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async createSession(input: typeof staffSessions.$inferInsert) {
      await db.insert(staffSessions).values(input);
    },

    async findSession(tokenHash: string) {
      const [row] = await db
        .select({
          id: staffSessions.id,
          staffId: staffSessions.staffId,
          secondFactorAt: staffSessions.secondFactorAt,
          secondFactorFailures: staffSessions.secondFactorFailures,
          lastSeenAt: staffSessions.lastSeenAt,
          expiresAt: staffSessions.expiresAt,
          revokedAt: staffSessions.revokedAt,
          revokedReason: staffSessions.revokedReason,
          accountId: staff.accountId,
          login: staff.login,
          name: staff.name,
          role: staff.role,
          isActive: staff.isActive,
        })
        .from(staffSessions)
        .innerJoin(staff, eq(staff.id, staffSessions.staffId))
        .where(eq(staffSessions.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    async touchSession(id: number, at: Date) {
      await db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.id, id));
    },

    async markSecondFactor(id: number, at: Date) {
      await db.update(staffSessions).set({ secondFactorAt: at }).where(eq(staffSessions.id, id));
    },

    /** One more wrong code on the session; returns the new count. */
    async countSecondFactorFailure(id: number) {
      const [row] = await db
        .update(staffSessions)
        .set({ secondFactorFailures: sql`${staffSessions.secondFactorFailures} + 1` })
        .where(eq(staffSessions.id, id))
        .returning({ n: staffSessions.secondFactorFailures });
      return row?.n ?? 0;
    },

    async revokeSession(id: number, reason: string, at: Date) {
      await db
        .update(staffSessions)
        .set({ revokedAt: at, revokedReason: reason })
        .where(and(eq(staffSessions.id, id), isNull(staffSessions.revokedAt)));
    },

    /** Every open session of the member, except `keepSessionId` when given. */
    async revokeStaffSessions(staffId: number, reason: string, at: Date, keepSessionId?: number) {
      await db
        .update(staffSessions)
        .set({ revokedAt: at, revokedReason: reason })
        .where(
          and(
            eq(staffSessions.staffId, staffId),
            isNull(staffSessions.revokedAt),
            keepSessionId === undefined ? undefined : ne(staffSessions.id, keepSessionId),
          ),
        );
    },

    async pruneSessions(before: Date) {
      await db.delete(staffSessions).where(lt(staffSessions.expiresAt, before));
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
