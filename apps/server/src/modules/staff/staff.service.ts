import { randomBytes } from 'node:crypto';
import { ResultCode } from '@partsportal/contract/codes';
import type { secondFactorRequestSchema } from '@partsportal/contract/auth';
import type { StaffRole } from '@partsportal/contract/endpoint';
import type {
  staffChangePasswordRequestSchema,
  staffCreateRequestSchema,
  staffListRequestSchema,
  staffLoginRequestSchema,
  staffUpdateRequestSchema,
} from '@partsportal/contract/staff';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { StaffContext } from '../../platform/auth-context';
import { AppError } from '../../platform/errors';
import { passwordHasher, type PasswordHasher } from '../../platform/password';
import type { RateLimitStore } from '../../platform/rate-limiter';
import type { DataAccess, Repositories } from '../../repositories';
import { changedFields, type AuditActor } from '../audit/audit.repository';
import { hashToken, newToken } from '../auth/auth.service';
import { checkSecondFactor, confirmEnrolment, enrolment, newTotpSecret } from '../../platform/totp';

const HOUR_MS = 3_600_000;
/** A working day; staff sign in again the next morning (customers keep TOKEN_MAX_HOURS). */
const STAFF_SESSION_HOURS = 12;
const TOUCH_INTERVAL_MS = 60_000;
/** Wrong codes a session may send before it ends and the password is asked again. */
export const SECOND_FACTOR_ATTEMPTS = 5;

export const staffActor = (staff: StaffContext, ip: string): AuditActor => ({
  kind: 'staff',
  id: staff.staffId,
  name: staff.login,
  ip,
});

/** 12 characters from an alphabet without look-alikes, for a person to type once. */
export function temporaryPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(12)].map((b) => alphabet[b % alphabet.length]).join('');
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * A new member and its audit entry, inside the caller's transaction: the owner's screen and
 * `npm run admin -- staff create` both come here.
 */
export async function insertStaffMember(
  tx: Repositories,
  input: {
    accountId: number;
    login: string;
    name: string;
    role: StaffRole;
    passwordHash: string;
    mustChangePassword: boolean;
  },
  actor: AuditActor,
) {
  const id = await tx.staff.insert(input);
  if (id === undefined) throw new AppError(ResultCode.conflict, 'staffLoginTaken', { login: input.login });
  await tx.audit.record({
    accountId: input.accountId,
    actor,
    action: 'staff.create',
    entity: 'staff',
    entityId: id,
    changes: changedFields(null, { login: input.login, name: input.name, role: input.role }),
  });
  return id;
}

export function createStaffService(
  deps: DataAccess & {
    config: Config;
    rateLimits: RateLimitStore;
    now?: () => Date;
    passwords?: PasswordHasher;
  },
) {
  const { repos, transaction, config } = deps;
  const now = deps.now ?? (() => new Date());
  const passwords = deps.passwords ?? passwordHasher;
  const ipLimiter = deps.rateLimits.limiter({
    name: 'staff-login-ip',
    limit: config.loginAttemptsPerIpPerMinute,
    windowMs: 60_000,
  });
  const hash = (password: string) => passwords.hash(password, config.passwordHashMemoryKiB);

  async function startSession(staffId: number, ip: string) {
    const token = newToken();
    await repos.staff.createSession({
      tokenHash: hashToken(token),
      staffId,
      ip,
      lastSeenAt: now(),
      expiresAt: new Date(now().getTime() + Math.min(STAFF_SESSION_HOURS, config.tokenMaxHours) * HOUR_MS),
    });
    return token;
  }

  /** A wrong code counts on the session; at the limit the session ends (50008 next time). */
  async function wrongCode(
    staff: StaffContext,
    messageKey: 'secondFactorWrong' | 'recoveryCodeWrong' | 'secondFactorReplayed',
  ): Promise<never> {
    const failures = await repos.staff.countSecondFactorFailure(staff.sessionId);
    if (failures >= SECOND_FACTOR_ATTEMPTS) {
      await repos.staff.revokeSession(staff.sessionId, 'second-factor', now());
      throw new AppError(ResultCode.invalidToken, 'secondFactorTooManyFailures');
    }
    throw new AppError(ResultCode.validation, messageKey);
  }

  return {
    async login(body: z.output<typeof staffLoginRequestSchema>, ip: string) {
      const byIp = await ipLimiter.hit(ip);
      if (!byIp.allowed) {
        throw new AppError(ResultCode.rateLimited, 'tooManyRequests', {
          seconds: Math.ceil(byIp.retryAfterMs / 1000),
        });
      }
      // Counted with the customers' failures under a key no customer user_id can take.
      const userKey = `staff:${body.login.toLowerCase()}`;
      const failures = await repos.auth.countRecentFailures(
        body.account_id,
        userKey,
        new Date(now().getTime() - HOUR_MS),
      );
      if (failures.count >= config.loginFailuresPerHour) {
        const freeAt = (failures.oldest?.getTime() ?? now().getTime()) + HOUR_MS;
        throw new AppError(ResultCode.rateLimited, 'loginTooManyFailures', {
          minutes: Math.max(1, Math.ceil((freeAt - now().getTime()) / 60_000)),
        });
      }
      const member = await repos.staff.findForLogin(body.account_id, body.login);
      const passwordHash = member?.passwordHash ?? (await passwords.dummyHash(config.passwordHashMemoryKiB));
      const valid = (await passwords.verify(passwordHash, body.password)) && !!member && member.isActive;
      if (!valid || !member) {
        await repos.auth.recordFailure(body.account_id, userKey, ip, now());
        throw new AppError(ResultCode.refused, 'loginFailed');
      }
      const token = await startSession(member.id, ip);
      return { token, second_factor: member.totpSecret ? ('verify' as const) : ('enrol' as const) };
    },

    /** Staff token → who; the same answers as a customer token (50008 / 50012 / 50014). */
    async authenticate(token: string): Promise<StaffContext> {
      if (token.length < 16 || token.length > 128)
        throw new AppError(ResultCode.invalidToken, 'invalidToken');
      const session = await repos.staff.findSession(hashToken(token));
      if (!session || !session.isActive) throw new AppError(ResultCode.invalidToken, 'invalidToken');
      if (session.revokedAt) {
        if (session.revokedReason === 'password' || session.revokedReason === 'changed') {
          throw new AppError(ResultCode.signedInElsewhere, 'signedInElsewhere');
        }
        throw new AppError(ResultCode.invalidToken, 'invalidToken');
      }
      const current = now();
      const idleLimit = session.lastSeenAt.getTime() + config.tokenIdleMinutes * 60_000;
      if (current.getTime() >= session.expiresAt.getTime() || current.getTime() >= idleLimit) {
        throw new AppError(ResultCode.tokenExpired, 'tokenExpired');
      }
      if (current.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await repos.staff.touchSession(session.id, current);
      }
      return {
        sessionId: session.id,
        staffId: session.staffId,
        accountId: session.accountId,
        login: session.login,
        name: session.name,
        role: session.role as StaffRole,
        secondFactorDone: session.secondFactorAt !== null,
      };
    },

    async startEnrolment(staff: StaffContext) {
      const member = await repos.staff.find(staff.accountId, staff.staffId);
      if (!member) throw new AppError(ResultCode.invalidToken, 'invalidToken');
      if (member.totpSecret) throw new AppError(ResultCode.conflict, 'secondFactorAlreadyEnrolled');
      const secret = newTotpSecret();
      await repos.staff.update(member.id, { totpPendingSecret: secret });
      return enrolment(secret, member.login, 'PartsPortal');
    },

    async confirmEnrolment(
      staff: StaffContext,
      body: z.output<typeof secondFactorRequestSchema>,
      ip: string,
    ) {
      if (!body.code) throw new AppError(ResultCode.validation, 'secondFactorCodeMissing');
      const code = body.code;
      const result = await transaction(async (tx) => {
        const member = await tx.staff.lock(staff.accountId, staff.staffId);
        if (!member) throw new AppError(ResultCode.invalidToken, 'invalidToken');
        if (member.totpSecret) throw new AppError(ResultCode.conflict, 'secondFactorAlreadyEnrolled');
        if (!member.totpPendingSecret) throw new AppError(ResultCode.refused, 'enrolmentNotStarted');
        const confirmed = confirmEnrolment(member.totpPendingSecret, code, now());
        if (!confirmed) return null;
        await tx.staff.update(member.id, confirmed.update);
        await tx.staff.markSecondFactor(staff.sessionId, now());
        await tx.audit.record({
          accountId: staff.accountId,
          actor: staffActor(staff, ip),
          action: 'staff.enrol-second-factor',
          entity: 'staff',
          entityId: staff.staffId,
        });
        return confirmed.recoveryCodes;
      });
      if (result === null) return wrongCode(staff, 'secondFactorWrong');
      return { recovery_codes: result };
    },

    async verify(staff: StaffContext, body: z.output<typeof secondFactorRequestSchema>, ip: string) {
      if (!body.code && !body.recovery_code)
        throw new AppError(ResultCode.validation, 'secondFactorCodeMissing');
      const outcome = await transaction(async (tx) => {
        const member = await tx.staff.lock(staff.accountId, staff.staffId);
        if (!member) throw new AppError(ResultCode.invalidToken, 'invalidToken');
        if (!member.totpSecret) throw new AppError(ResultCode.refused, 'secondFactorNotEnrolled');
        const outcome = checkSecondFactor(
          member,
          { code: body.code, recoveryCode: body.recovery_code },
          now(),
        );
        if (!outcome.ok) return outcome.messageKey;
        await tx.staff.update(member.id, outcome.update);
        if (outcome.usedRecoveryCode) {
          await tx.audit.record({
            accountId: staff.accountId,
            actor: staffActor(staff, ip),
            action: 'staff.use-recovery-code',
            entity: 'staff',
            entityId: staff.staffId,
            details: { recovery_codes_left: member.recoveryCodeHashes.length - 1 },
          });
        }
        await tx.staff.markSecondFactor(staff.sessionId, now());
        return 'ok' as const;
      });
      if (outcome !== 'ok') return wrongCode(staff, outcome);
      return null;
    },

    async logout(staff: StaffContext) {
      await repos.staff.revokeSession(staff.sessionId, 'logout', now());
      return null;
    },

    async info(staff: StaffContext) {
      const member = await repos.staff.find(staff.accountId, staff.staffId);
      if (!member) throw new AppError(ResultCode.invalidToken, 'invalidToken');
      return {
        id: member.id,
        login: member.login,
        name: member.name,
        role: member.role as StaffRole,
        must_change_password: member.mustChangePassword,
      };
    },

    async changePassword(
      staff: StaffContext,
      body: z.output<typeof staffChangePasswordRequestSchema>,
      ip: string,
    ) {
      const member = await repos.staff.find(staff.accountId, staff.staffId);
      if (!member) throw new AppError(ResultCode.invalidToken, 'invalidToken');
      if (!(await passwords.verify(member.passwordHash, body.current_password))) {
        await repos.auth.recordFailure(staff.accountId, `staff:${member.login.toLowerCase()}`, ip, now());
        throw new AppError(ResultCode.validation, 'passwordCurrentWrong');
      }
      const passwordHash = await hash(body.password);
      await transaction(async (tx) => {
        await tx.staff.update(member.id, {
          passwordHash,
          passwordChangedAt: now(),
          mustChangePassword: false,
        });
        // This session goes on: the member just proved the password and holds the second factor.
        await tx.staff.revokeStaffSessions(member.id, 'password', now(), staff.sessionId);
        await tx.audit.record({
          accountId: staff.accountId,
          actor: staffActor(staff, ip),
          action: 'staff.change-password',
          entity: 'staff',
          entityId: member.id,
        });
      });
      return null;
    },

    async list(staff: StaffContext, body: z.output<typeof staffListRequestSchema>) {
      const { rows, total } = await repos.staff.page(staff.accountId, body.keyword, {
        offset: (body.page - 1) * body.pageSize,
        limit: body.pageSize,
      });
      return {
        list: rows.map((row) => ({
          id: row.id,
          login: row.login,
          name: row.name,
          role: row.role as StaffRole,
          enabled: row.isActive,
          second_factor_enrolled: row.totpSecret !== null,
          must_change_password: row.mustChangePassword,
          created_at: seconds(row.createdAt),
        })),
        total,
      };
    },

    async create(staff: StaffContext, body: z.output<typeof staffCreateRequestSchema>, ip: string) {
      const password = temporaryPassword();
      const passwordHash = await hash(password);
      const id = await transaction((tx) =>
        insertStaffMember(
          tx,
          {
            accountId: staff.accountId,
            login: body.login,
            name: body.name,
            role: body.role,
            passwordHash,
            mustChangePassword: true,
          },
          staffActor(staff, ip),
        ),
      );
      return { id, temporary_password: password };
    },

    async update(staff: StaffContext, body: z.output<typeof staffUpdateRequestSchema>, ip: string) {
      await transaction(async (tx) => {
        const owners = await tx.staff.lockEnabledOwners(staff.accountId);
        const member = await tx.staff.lock(staff.accountId, body.id);
        if (!member) throw new AppError(ResultCode.notFound, 'staffNotFound');
        const after = {
          name: body.name ?? member.name,
          role: body.role ?? member.role,
          enabled: body.enabled ?? member.isActive,
        };
        const stillOwner = after.role === 'owner' && after.enabled;
        if (member.role === 'owner' && member.isActive && !stillOwner && owners.length <= 1) {
          throw new AppError(ResultCode.refused, 'staffLastOwner');
        }
        const changes = changedFields(
          { name: member.name, role: member.role, enabled: member.isActive },
          after,
        );
        if (Object.keys(changes).length === 0) return;
        await tx.staff.update(member.id, { name: after.name, role: after.role, isActive: after.enabled });
        // A new role or a disabled account applies now, not at the member's next sign-in.
        if (changes.role || changes.enabled) await tx.staff.revokeStaffSessions(member.id, 'changed', now());
        await tx.audit.record({
          accountId: staff.accountId,
          actor: staffActor(staff, ip),
          action: 'staff.update',
          entity: 'staff',
          entityId: member.id,
          changes,
        });
      });
      return null;
    },

    async resetPassword(staff: StaffContext, id: number, ip: string) {
      const password = temporaryPassword();
      const passwordHash = await hash(password);
      await transaction(async (tx) => {
        const member = await tx.staff.lock(staff.accountId, id);
        if (!member) throw new AppError(ResultCode.notFound, 'staffNotFound');
        await tx.staff.update(id, { passwordHash, passwordChangedAt: now(), mustChangePassword: true });
        await tx.staff.revokeStaffSessions(id, 'password', now());
        await tx.audit.record({
          accountId: staff.accountId,
          actor: staffActor(staff, ip),
          action: 'staff.reset-password',
          entity: 'staff',
          entityId: id,
        });
      });
      return { id, temporary_password: password };
    },

    async resetSecondFactor(staff: StaffContext, id: number, ip: string) {
      await transaction(async (tx) => {
        const member = await tx.staff.lock(staff.accountId, id);
        if (!member) throw new AppError(ResultCode.notFound, 'staffNotFound');
        await tx.staff.update(id, {
          totpSecret: null,
          totpPendingSecret: null,
          totpLastStep: null,
          recoveryCodeHashes: [],
        });
        await tx.staff.revokeStaffSessions(id, 'changed', now());
        await tx.audit.record({
          accountId: staff.accountId,
          actor: staffActor(staff, ip),
          action: 'staff.reset-second-factor',
          entity: 'staff',
          entityId: id,
        });
      });
      return null;
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
