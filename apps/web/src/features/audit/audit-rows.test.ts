import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@partsportal/contract/audit';
import { neutralizeRow } from '@shared/export/neutralize-cell';
import { auditExportRow, auditValueText, changesText } from './audit-rows';

const entry: AuditEntry = {
  id: 7,
  at: 1_795_600_000,
  actor_kind: 'staff',
  actor_name: '=HYPERLINK("http://evil.example","x")',
  ip: '127.0.0.1',
  action: 'staff.update',
  entity: 'staff',
  entity_id: '3',
  changes: { role: { before: 'sales', after: 'catalogue' }, enabled: { before: true, after: false } },
  details: { note: '+1 free' },
};

describe('audit rows', () => {
  it('writes values as text: strings as they are, others as JSON, nothing as empty', () => {
    expect(auditValueText('x')).toBe('x');
    expect(auditValueText(false)).toBe('false');
    expect(auditValueText({ a: [1] })).toBe('{"a":[1]}');
    expect(auditValueText(null)).toBe('');
    expect(auditValueText(undefined)).toBe('');
  });

  it('lists each changed field as before → after', () => {
    expect(changesText(entry.changes)).toBe('role: sales → catalogue\nenabled: true → false');
  });

  it('exports the table columns, and no cell of it stays a formula', () => {
    const row = auditExportRow(entry, () => '2026-11-26 08:00:00');
    expect(row).toEqual([
      '2026-11-26 08:00:00',
      entry.actor_name,
      'staff',
      '127.0.0.1',
      'staff.update',
      'staff',
      '3',
      'role: sales → catalogue\nenabled: true → false',
      '{"note":"+1 free"}',
    ]);
    const safe = neutralizeRow(row);
    expect(safe[1]).toBe(`'${entry.actor_name}`);
    for (const cell of safe) expect(String(cell)).not.toMatch(/^[=+\-@]/);
  });
});
