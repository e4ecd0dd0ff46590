import { userInfo } from 'node:os';
import type { AuditActor } from '../modules/audit/audit.repository';

/** Who the audit log names for an operator's command: the machine user who ran it. */
export const commandActor = (): AuditActor => ({
  kind: 'command',
  id: null,
  name: `admin-cli:${userInfo().username}`,
  ip: '',
});
