import { createHash, randomBytes } from 'node:crypto';
import { ResultCode, type Language } from '@partsportal/contract/codes';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type UserInfo,
  type changePasswordRequestSchema,
  type disableTwoFactorRequestSchema,
  type loginRequestSchema,
  type secondFactorRequestSchema,
} from '@partsportal/contract/auth';
import { ADMIN_ROLE, ALL_MENU_CODES } from '@partsportal/contract/endpoint';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { AuthContext } from '../../platform/auth-context';
import { AppError } from '../../platform/errors';
import { passwordHasher, type PasswordHasher } from '../../platform/password';
import type { RateLimitStore } from '../../platform/rate-limiter';
import type { Repositories, Transaction } from '../../repositories';
import { checkSecondFactor, confirmEnrolment, enrolment, newTotpSecret } from '../../platform/totp';

const HOUR_MS = 3_600_000;
/** Don't write last_seen_at on every call: once a minute is precise enough for the idle limit. */
const TOUCH_INTERVAL_MS = 60_000;

/** 256 random bits, URL-safe; only its SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function createAuthService(deps: {
  repos: Repositories;
  /** The second factor's check and its use are one transaction (a code is accepted once). */
  transaction: Transaction;
  config: Config;
  now?: () => Date;
  /** The process's shared hasher unless a test brings its own slots. */
  passwords?: PasswordHasher;
  /** Where the per-address sign-in counter lives: shared by every process on the database or Redis. */
  rateLimits: RateLimitStore;
}) {
  const { repos, config } = deps;
  const repo = repos.auth;
  const now = deps.now ?? (() => new Date());
  const passwords = deps.passwords ?? passwordHasher;
  // Made now rather than at the first unknown user, whose sign-in would otherwise cost two hashes.
  passwords.dummyHash(config.passwordHashMemoryKiB).catch(() => undefined);
  const ipLimiter = deps.rateLimits.limiter({
    name: 'login-ip',
    limit: config.loginAttemptsPerIpPerMinute,
    windowMs: 60_000,
  });

  async function startSession(userId: number, language: Language, uniqueCode: string | null) {
    const token = newToken();
    await repo.createSession({
      tokenHash: hashToken(token),
      userId,
      language,
      uniqueCode,
      lastSeenAt: now(),
      expiresAt: new Date(now().getTime() + config.tokenMaxHours * HOUR_MS),
    });
    return token;
  }

  /**
   * A wrong current password counts as a failed sign-in of the user: a stolen session must not
   * become a way to guess the password without the sign-in limit.
   */
  async function checkCurrentPassword(auth: AuthContext, currentPassword: string, ip: string) {
    const user = await repo.findUserById(auth.userId);
    if (!user) throw new AppError(ResultCode.invalidToken, 'invalidToken');
    const userKey = user.userId.toLowerCase();
    const failures = await repo.countRecentFailures(
      user.accountId,
      userKey,
      new Date(now().getTime() - HOUR_MS),
    );
    if (failures.count >= config.loginFailuresPerHour) {
      const freeAt = (failures.oldest?.getTime() ?? now().getTime()) + HOUR_MS;
      throw new AppError(ResultCode.rateLimited, 'loginTooManyFailures', {
        minutes: Math.max(1, Math.ceil((freeAt - now().getTime()) / 60_000)),
      });
    }
    if (!currentPassword) throw new AppError(ResultCode.validation, 'passwordCurrentRequired');
    if (!(await passwords.verify(user.passwordHash, currentPassword))) {
      await repo.recordFailure(user.accountId, userKey, ip, now());
      throw new AppError(ResultCode.validation, 'passwordCurrentWrong');
    }
  }

  return {
    async login(body: z.output<typeof loginRequestSchema>, ip: string, language: Language): Promise<string> {
      // Counted by the store's clock (the database's or Redis's key expiry), not the service's.
      const byIp = await ipLimiter.hit(ip);
      if (!byIp.allowed) {
        throw new AppError(ResultCode.rateLimited, 'tooManyRequests', {
          seconds: Math.ceil(byIp.retryAfterMs / 1000),
        });
      }
      const userKey = body.user_id.toLowerCase();
      const since = new Date(now().getTime() - HOUR_MS);
      const failures = await repo.countRecentFailures(body.account_id, userKey, since);
      if (failures.count >= config.loginFailuresPerHour) {
        // The window slides: the limit lifts as the oldest failure ages past one hour.
        const freeAt = (failures.oldest?.getTime() ?? now().getTime()) + HOUR_MS;
        throw new AppError(ResultCode.rateLimited, 'loginTooManyFailures', {
          minutes: Math.max(1, Math.ceil((freeAt - now().getTime()) / 60_000)),
        });
      }
      const user = await repo.findUserForLogin(body.account_id, body.user_id);
      // Unknown users are checked against a dummy hash so both failures take the same time.
      const hash = user?.passwordHash ?? (await passwords.dummyHash(config.passwordHashMemoryKiB));
      const valid = (await passwords.verify(hash, body.password)) && !!user && user.isActive;
      if (!valid || !user) {
        await repo.recordFailure(body.account_id, userKey, ip, now());
        throw new AppError(ResultCode.refused, 'loginFailed');
      }
      if (user.twoFactor) {
        // Only a user who enrolled meets this (decision 012); the spec's login is unchanged otherwise.
        if (!body.totp_code && !body.recovery_code) {
          throw new AppError(ResultCode.secondFactorRequired, 'secondFactorRequired');
        }
        const refused = await deps.transaction(async (tx) => {
          const holder = await tx.auth.lockSecondFactor(user.id);
          if (!holder) return 'secondFactorWrong' as const;
          const outcome = checkSecondFactor(
            holder,
            { code: body.totp_code, recoveryCode: body.recovery_code },
            now(),
          );
          if (!outcome.ok) return outcome.messageKey;
          await tx.auth.updateSecondFactor(user.id, outcome.update);
          return null;
        });
        if (refused) {
          // A wrong code counts like a wrong password: 6 digits must not be guessable by repetition.
          await repo.recordFailure(body.account_id, userKey, ip, now());
          throw new AppError(ResultCode.validation, refused);
        }
      }
      return startSession(user.id, language, body.unique_code ?? null);
    },

    async logout(auth: AuthContext) {
      await repo.revokeSession(auth.sessionId, 'logout', now());
    },

    /**
     * Token → who is calling; throws 50008 / 50012 / 50014 as spec §8 describes. Read from the
     * database on every call, never from a copy in this process: a sign-out, a password change
     * or a change of the user's menus through any process applies to the next call everywhere
     * (docs/decisions/008-shared-state-across-processes.md measured what a cache would save).
     */
    async authenticate(token: string, options: { touch?: boolean } = {}): Promise<AuthContext> {
      if (token.length < 16 || token.length > 128)
        throw new AppError(ResultCode.invalidToken, 'invalidToken');
      const session = await repo.findSession(hashToken(token));
      if (!session || !session.isActive || !session.companyActive)
        throw new AppError(ResultCode.invalidToken, 'invalidToken');
      if (session.revokedAt) {
        if (session.revokedReason === 'logout') throw new AppError(ResultCode.invalidToken, 'invalidToken');
        throw new AppError(ResultCode.signedInElsewhere, 'signedInElsewhere');
      }
      const current = now();
      const idleLimit = session.lastSeenAt.getTime() + config.tokenIdleMinutes * 60_000;
      if (current.getTime() >= session.expiresAt.getTime() || current.getTime() >= idleLimit) {
        throw new AppError(ResultCode.tokenExpired, 'tokenExpired');
      }
      // `touch: false`: a look that is no use of the session (the drawn first screen, decision 026).
      if (options.touch !== false && current.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await repo.touchSession(session.id, current);
      }
      return {
        sessionId: session.id,
        userId: session.userId,
        accountId: session.accountId,
        companyId: session.companyId,
        role: session.role,
        menus: session.menus,
        tags: session.tags,
        showAddress: session.showAddress,
      };
    },

    async userInfo(auth: AuthContext): Promise<UserInfo> {
      const user = await repo.findUserById(auth.userId);
      if (!user) throw new AppError(ResultCode.invalidToken, 'invalidToken');
      const isAdmin = user.role === ADMIN_ROLE;
      return {
        // Admin passes every menu check (spec §6); listing every code keeps simple clients working.
        menus: isAdmin ? [...ALL_MENU_CODES] : user.menus,
        tags: user.tags,
        roles: [user.role],
        name: user.name,
        avatar: user.avatar,
        company_name: user.companyName,
        carts: await repos.cart.countItems(auth.userId, auth.companyId),
        show_address: user.showAddress,
        product_detail_title_show_my_number: user.productDetailTitleShowMyNumber,
        two_factor: user.twoFactor,
        must_change_password: user.mustChangePassword,
      };
    },

    /** Optional two-step sign-in for customer users (decision 012): a secret offered, not yet on. */
    async startTwoFactor(auth: AuthContext) {
      const user = await repo.findUserById(auth.userId);
      if (!user) throw new AppError(ResultCode.invalidToken, 'invalidToken');
      if (user.twoFactor) throw new AppError(ResultCode.conflict, 'secondFactorAlreadyEnrolled');
      const secret = newTotpSecret();
      await repo.updateSecondFactor(user.id, { totpPendingSecret: secret });
      return enrolment(secret, user.userId, 'PartsPortal');
    },

    async confirmTwoFactor(auth: AuthContext, body: z.output<typeof secondFactorRequestSchema>) {
      if (!body.code) throw new AppError(ResultCode.validation, 'secondFactorCodeMissing');
      const code = body.code;
      const codes = await deps.transaction(async (tx) => {
        const holder = await tx.auth.lockSecondFactor(auth.userId);
        if (!holder) throw new AppError(ResultCode.invalidToken, 'invalidToken');
        if (holder.totpSecret) throw new AppError(ResultCode.conflict, 'secondFactorAlreadyEnrolled');
        if (!holder.totpPendingSecret) throw new AppError(ResultCode.refused, 'enrolmentNotStarted');
        const confirmed = confirmEnrolment(holder.totpPendingSecret, code, now());
        if (!confirmed) return null;
        await tx.auth.updateSecondFactor(auth.userId, confirmed.update);
        return confirmed.recoveryCodes;
      });
      if (!codes) throw new AppError(ResultCode.validation, 'secondFactorWrong');
      return { recovery_codes: codes };
    },

    /** Off again: the password and a current (or recovery) code, so a borrowed session cannot. */
    async disableTwoFactor(
      auth: AuthContext,
      body: z.output<typeof disableTwoFactorRequestSchema>,
      ip: string,
    ) {
      await checkCurrentPassword(auth, body.current_password, ip);
      if (!body.code && !body.recovery_code)
        throw new AppError(ResultCode.validation, 'secondFactorCodeMissing');
      const refused = await deps.transaction(async (tx) => {
        const holder = await tx.auth.lockSecondFactor(auth.userId);
        if (!holder?.totpSecret) throw new AppError(ResultCode.refused, 'secondFactorNotEnrolled');
        const outcome = checkSecondFactor(
          holder,
          { code: body.code, recoveryCode: body.recovery_code },
          now(),
        );
        if (!outcome.ok) return outcome.messageKey;
        await tx.auth.updateSecondFactor(auth.userId, {
          totpSecret: null,
          totpPendingSecret: null,
          totpLastStep: null,
          recoveryCodeHashes: [],
        });
        return null;
      });
      if (refused) throw new AppError(ResultCode.validation, refused);
      return null;
    },

    /**
     * The current password first (ASVS 6.2.3, decision 007), then spec §5: new password,
     * confirmation, match — each after trimming.
     */
    async changePassword(
      auth: AuthContext,
      body: z.output<typeof changePasswordRequestSchema>,
      language: Language,
      ip: string,
    ): Promise<string> {
      if (config.passwordChangeNeedsCurrent || body.current_password !== undefined) {
        await checkCurrentPassword(auth, body.current_password ?? '', ip);
      }
      const password = body.password.trim();
      const confirm = body.confirm_passwrod.trim();
      if (!password) throw new AppError(ResultCode.validation, 'passwordRequired');
      if (!confirm) throw new AppError(ResultCode.validation, 'passwordConfirmRequired');
      if (password !== confirm) throw new AppError(ResultCode.validation, 'passwordMismatch');
      if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
        throw new AppError(ResultCode.validation, 'passwordLength', {
          min: PASSWORD_MIN_LENGTH,
          max: PASSWORD_MAX_LENGTH,
        });
      }
      const current = now();
      await repo.updatePasswordHash(
        auth.userId,
        await passwords.hash(password, config.passwordHashMemoryKiB),
        current,
      );
      // Every token of the user ends, this one included; the caller continues with the new token.
      await repo.revokeUserSessions(auth.userId, 'password', current);
      return startSession(auth.userId, language, null);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
