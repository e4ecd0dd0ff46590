import { z } from 'zod';
import { pageOf, pagingSchema, timestampSchema } from './common';
import { defineEndpoint } from './endpoint';
import { OWNER_ONLY } from './staff';

/** The audit log (issue 14 item 6): read-only for everyone, owner only. */

export const auditFilterSchema = z.strictObject({
  /** Unix seconds, inclusive. */
  from: timestampSchema.optional(),
  to: timestampSchema.optional(),
  actor: z.string().trim().max(64).default(''),
  /** Exact action (`company.update`) or its prefix (`company.`). */
  action: z.string().trim().max(64).default(''),
  entity: z.string().trim().max(64).default(''),
  entity_id: z.string().trim().max(64).default(''),
});

export const auditListRequestSchema = pagingSchema.extend(auditFilterSchema.shape);

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: timestampSchema,
  actor_kind: z.string(),
  actor_name: z.string(),
  ip: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditEndpoints = {
  list: defineEndpoint({
    method: 'POST',
    path: '/Admin/Audit/List',
    summary: 'Audit log entries, newest first, filtered (owner).',
    permission: OWNER_ONLY,
    body: auditListRequestSchema,
    data: pageOf(auditEntrySchema),
  }),
} as const;
