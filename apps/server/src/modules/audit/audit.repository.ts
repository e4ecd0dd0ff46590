import { containsPattern, startsWithPattern } from '../../db/like-patterns';
import { and, desc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema/accounts';

/** Who made a change, as the audit log keeps it (the name at the time, not a link). */
export interface AuditActor {
  kind: 'staff' | 'api-key' | 'command' | 'system';
  id: number | null;
  name: string;
  ip: string;
}

export interface AuditRecord {
  accountId: number;
  actor: AuditActor;
  action: string;
  entity: string;
  entityId?: string | number;
  changes?: Record<string, { before: unknown; after: unknown }>;
  details?: Record<string, unknown>;
  /** The caller's clock (tests); the database's otherwise. */
  at?: Date;
}

export interface AuditFilter {
  accountId: number;
  from?: Date;
  to?: Date;
  actor: string;
  action: string;
  entity: string;
  entityId: string;
}

/**
 * The audit log: insert and read only — there is deliberately no update or delete here, and the
 * table's triggers refuse them anyway (migration 0009). Write it through the same `tx` as the
 * change it records, so a change and its entry commit or roll back together.
 */
export function createAuditRepository(db: Db) {
  const where = (filter: AuditFilter): SQL | undefined =>
    and(
      eq(auditLog.accountId, filter.accountId),
      filter.from ? gte(auditLog.at, filter.from) : undefined,
      filter.to ? lte(auditLog.at, filter.to) : undefined,
      filter.actor ? ilike(auditLog.actorName, containsPattern(filter.actor)) : undefined,
      filter.action
        ? filter.action.endsWith('.')
          ? sql`${auditLog.action} like ${startsWithPattern(filter.action)}`
          : eq(auditLog.action, filter.action)
        : undefined,
      filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
      filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
    );
  return {
    async record(entry: AuditRecord) {
      await db.insert(auditLog).values({
        accountId: entry.accountId,
        actorKind: entry.actor.kind,
        actorId: entry.actor.id,
        actorName: entry.actor.name,
        ip: entry.actor.ip,
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId === undefined ? '' : String(entry.entityId),
        changes: entry.changes ?? {},
        details: entry.details ?? {},
        ...(entry.at ? { at: entry.at } : {}),
      });
    },

    async page(filter: AuditFilter, page: { offset: number; limit: number }) {
      return db
        .select()
        .from(auditLog)
        .where(where(filter))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .offset(page.offset)
        .limit(page.limit);
    },

    async count(filter: AuditFilter) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(where(filter));
      return row?.n ?? 0;
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;

/**
 * The fields of `after` whose value differs from `before` (compared as JSON), as the log keeps
 * them. Secrets never reach the log: pass only the fields a reader may see.
 */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown>,
): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const old = before?.[field] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(value)) changes[field] = { before: old, after: value };
  }
  return changes;
}
