import type { AuditEntry, auditListRequestSchema } from '@partsportal/contract/audit';
import type { z } from 'zod';
import type { StaffContext } from '../../platform/auth-context';
import type { Repositories } from '../../repositories';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function createAuditService(deps: { repos: Repositories }) {
  const { repos } = deps;
  return {
    async list(staff: StaffContext, body: z.output<typeof auditListRequestSchema>) {
      const filter = {
        accountId: staff.accountId,
        ...(body.from !== undefined ? { from: new Date(body.from * 1000) } : {}),
        ...(body.to !== undefined ? { to: new Date(body.to * 1000) } : {}),
        actor: body.actor,
        action: body.action,
        entity: body.entity,
        entityId: body.entity_id,
      };
      const [rows, total] = await Promise.all([
        repos.audit.page(filter, { offset: (body.page - 1) * body.pageSize, limit: body.pageSize }),
        repos.audit.count(filter),
      ]);
      const list: AuditEntry[] = rows.map((row) => ({
        id: row.id,
        at: seconds(row.at),
        actor_kind: row.actorKind,
        actor_name: row.actorName,
        ip: row.ip,
        action: row.action,
        entity: row.entity,
        entity_id: row.entityId,
        changes: row.changes,
        details: row.details,
      }));
      return { list, total };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
