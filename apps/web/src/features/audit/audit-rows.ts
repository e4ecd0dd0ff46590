import type { AuditEntry } from '@partsportal/contract/audit';

/** The filters of the audit log screen as typed (days as `YYYY-MM-DD`). */
export interface AuditFilters {
  from?: string;
  to?: string;
  actor: string;
  action: string;
  entity: string;
  entityId: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFilters = { actor: '', action: '', entity: '', entityId: '' };

/** A value of the log as one line of text: strings as they are, the rest as JSON, nothing as "". */
export function auditValueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** One line per changed field: `name: before → after`. */
export function changesText(changes: AuditEntry['changes']): string {
  return Object.entries(changes)
    .map(([field, { before, after }]) => `${field}: ${auditValueText(before)} → ${auditValueText(after)}`)
    .join('\n');
}

export function detailsText(details: AuditEntry['details']): string {
  return Object.keys(details).length ? JSON.stringify(details) : '';
}

/**
 * A row of the export, in the table's order. Every text cell still goes through the formula
 * neutralizer in writeXlsx: an actor name, entity id or changed value typed as `=HYPERLINK(…)`
 * must reach the spreadsheet as text.
 */
export function auditExportRow(entry: AuditEntry, time: (unixSeconds: number) => string): unknown[] {
  return [
    time(entry.at),
    entry.actor_name,
    entry.actor_kind,
    entry.ip,
    entry.action,
    entry.entity,
    entry.entity_id,
    changesText(entry.changes),
    detailsText(entry.details),
  ];
}
