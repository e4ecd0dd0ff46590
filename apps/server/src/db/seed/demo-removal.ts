import { randomBytes } from 'node:crypto';
import { DEFAULT_ACCOUNT_ID } from '@partsportal/contract/auth';
import type { AuditActor } from '../../modules/audit/audit.repository';
import type { DataAccess } from '../../repositories';
import { DEMO_LOGINS, DEMO_STAFF } from './demo-data';

export interface DemoRemoval {
  users: string[];
  staff: string[];
}

/**
 * Going live on a database that started with the demo data (issue 16 item 4; `npm run admin --
 * demo remove`): the demo sign-ins, whose passwords are printed in the README, stop working. Each
 * demo user and the demo staff owner is disabled, given a random password hash nobody knows, and
 * signed out everywhere — one transaction, one audit entry each. They are kept, not deleted: the
 * demo orders, bills and audit rows refer to them (delete the demo companies' data by hand, or
 * start from an empty database with DEMO_DATA=false, if none of it should stay).
 *
 * Refused while the demo owner is the account's only enabled owner: removing it would lock the
 * back office. Create the first real owner first (`staff create --role owner`).
 */
export async function removeDemoLogins(
  data: DataAccess,
  deps: { hash: (password: string) => Promise<string>; actor: AuditActor; now?: Date },
): Promise<DemoRemoval> {
  const now = deps.now ?? new Date();
  const accountId = DEFAULT_ACCOUNT_ID;
  // Hashed before the transaction (argon2 takes a while; no connection held idle meanwhile).
  const unusable = await Promise.all(
    [...DEMO_LOGINS, DEMO_STAFF].map(() => deps.hash(randomBytes(32).toString('base64url'))),
  );
  return data.transaction(async (tx) => {
    const removed: DemoRemoval = { users: [], staff: [] };
    const demoStaff = await tx.staff.findForLogin(accountId, DEMO_STAFF.login);
    if (demoStaff?.isActive) {
      const owners = await tx.staff.lockEnabledOwners(accountId);
      if (!owners.some((owner) => owner.id !== demoStaff.id))
        throw new Error(
          `"${DEMO_STAFF.login}" is the only enabled owner; create the first real owner first: ` +
            'npm run admin -- staff create --login NAME --name "Full name" --role owner',
        );
      await tx.staff.update(demoStaff.id, { isActive: false, passwordHash: unusable.at(-1)! });
      await tx.staff.revokeStaffSessions(demoStaff.id, 'demo-removed', now);
      await tx.audit.record({
        accountId,
        actor: deps.actor,
        action: 'staff.demo-removed',
        entity: 'staff',
        entityId: demoStaff.id,
        changes: { enabled: { before: true, after: false } },
      });
      removed.staff.push(DEMO_STAFF.login);
    }
    for (const [i, login] of DEMO_LOGINS.entries()) {
      const user = await tx.auth.findUserForLogin(accountId, login.userId);
      if (!user) continue;
      const locked = await tx.customers.lockUser(accountId, user.id);
      if (!locked?.isActive) continue;
      await tx.customers.updateUser(user.id, { isActive: false, passwordHash: unusable[i]! });
      await tx.auth.revokeUserSessions(user.id, 'password', now);
      await tx.audit.record({
        accountId,
        actor: deps.actor,
        action: 'user.demo-removed',
        entity: 'user',
        entityId: user.id,
        changes: { enabled: { before: true, after: false } },
      });
      removed.users.push(login.userId);
    }
    return removed;
  });
}
