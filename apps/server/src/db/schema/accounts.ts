import { sql } from 'drizzle-orm';
import {
  customType,
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns';

/** An account is one wholesaler (spec `account_id`, default 1). */
export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Optional custom data of spec §1: home title per language and a logo URL. */
  homeTitle: jsonb('home_title').$type<Record<string, string>>(),
  homeLogo: text('home_logo'),
  currency: text('currency').notNull().default('CNY'),
  createdAt: createdAt(),
});

export const priceLevels = pgTable('price_levels', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  name: text('name').notNull(),
  /** Multiplier applied to a product's list price, e.g. 0.8500 for 15 % off. */
  factor: money('factor').notNull().default('1'),
});

/** Customers of the wholesaler; a company can also be a supplier (purchases). */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /**
     * The wholesaler's own code for the customer (an ERP customer number), unique per account,
     * compared case-insensitively. Nullable only for the migration: existing rows are backfilled
     * `C0001`… and a trigger gives one to rows inserted without (custom migration customers_sql).
     */
    code: text('code'),
    name: text('name').notNull(),
    /** Short name shown in records (spec: company_sort_name). */
    sortName: text('sort_name').notNull(),
    priceLevelId: integer('price_level_id').references(() => priceLevels.id),
    currency: text('currency').notNull().default('CNY'),
    creditLimit: money('credit_limit').notNull().default('0'),
    /** Payment terms in days (spec "payment days", code 1005). */
    paymentDays: integer('payment_days').notNull().default(30),
    isCustomer: boolean('is_customer').notNull().default(true),
    isSupplier: boolean('is_supplier').notNull().default(false),
    /** Disabled: the company's users cannot sign in, and their open sessions end at the next call. */
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('companies_account_idx').on(t.accountId),
    uniqueIndex('companies_account_code_uq').on(t.accountId, sql`lower(${t.code})`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** Login name (spec user_id); unique per account, compared case-insensitively. */
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    avatar: text('avatar').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().default('customer'),
    menus: jsonb('menus').$type<string[]>().notNull().default([]),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    showAddress: boolean('show_address').notNull().default(false),
    productDetailTitleShowMyNumber: boolean('product_detail_title_show_my_number').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Set by a staff password reset; GetUserInfo tells the client to ask for a new password. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /**
     * Optional TOTP second factor (issue 14, decision 012): off until the user enrols; then
     * /Auth/Login asks for a code too. Kept as for staff: the secret, the last accepted step,
     * recovery codes as SHA-256 hashes.
     */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    recoveryCodeHashes: jsonb('recovery_code_hashes').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_account_user_id_uq').on(t.accountId, sql`lower(${t.userId})`)],
);

/** Sessions store only a SHA-256 hash of the token (brief §5). */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    language: text('language').notNull().default('zh'),
    uniqueCode: text('unique_code'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the session ends; the reason picks the answer code (logout/password → 50012 …). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Failed sign-ins, for the per-account hourly limit (brief §5). Old rows are pruned. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id').notNull(),
    userKey: text('user_key').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_key_idx').on(t.accountId, t.userKey, t.createdAt)],
);

/**
 * Shared counters of rate-limiter-flexible's drizzle store (platform/rate-limiter.ts): one row
 * per limited key (`login-ip:203.0.113.7`), updated by one atomic upsert per hit, so every
 * server process on this database counts into the same window. Unused when REDIS_URL is set.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    expire: timestamp('expire', { withTimezone: true }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);

/** PostgreSQL's WAL position type (`16/B374D848`), compared as a position, not as text. */
const pgLsn = customType<{ data: string; driverData: string }>({ dataType: () => 'pg_lsn' });

/**
 * The read replica's fences (decision 027): per writer (`company:12`, `staff:3`), the primary's
 * WAL position right after that writer's last write request. A read that may be stale goes to
 * the replica only when the replica has replayed past its caller's fence, so a buyer's own
 * writes are always visible to their next reads, whichever process serves them. One row per
 * company or staff member that ever wrote while a replica was configured; unused without one.
 */
export const replicaFences = pgTable('replica_fences', {
  writer: text('writer').primaryKey(),
  lsn: pgLsn('lsn').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The wholesaler's own people (issue 14): apart from customer users, with a fixed role
 * (contract STAFF_ROLES) and a TOTP second factor every staff account must enrol at its first
 * sign-in (ASVS 6.3). The secret is kept to check codes; recovery codes only as SHA-256 hashes.
 */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** Sign-in name; unique per account, compared case-insensitively. */
    login: text('login').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Base32 secret once enrolment is confirmed; null until then. */
    totpSecret: text('totp_secret'),
    /** Secret offered at enrolment, kept until the first code confirms it. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last accepted 30-second step: a code is accepted once (replays are refused). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    recoveryCodeHashes: jsonb('recovery_code_hashes').$type<string[]>().notNull().default([]),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_account_login_uq').on(t.accountId, sql`lower(${t.login})`)],
);

/** Staff sessions: apart from customer sessions, so neither token kind opens the other's calls. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    /** Null until the TOTP (or a recovery code) is accepted; only the enrol/verify calls work before. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    /** Wrong codes on this session; at the limit the session ends and the password comes again. */
    secondFactorFailures: integer('second_factor_failures').notNull().default(0),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    uniqueIndex('staff_sessions_token_hash_uq').on(t.tokenHash),
    index('staff_sessions_staff_idx').on(t.staffId),
  ],
);

/**
 * Every change made by staff, an API key or a command (issue 14 item 6): who, when, from where,
 * what, and the changed fields before/after. Append-only: a trigger (migration) refuses UPDATE,
 * DELETE and TRUNCATE, so no staff call — and no bug — can rewrite history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** 'staff' | 'api-key' | 'command' | 'system'. */
    actorKind: text('actor_kind').notNull(),
    actorId: integer('actor_id'),
    /** The actor's name at the time (a later rename does not rewrite the log). */
    actorName: text('actor_name').notNull(),
    ip: text('ip').notNull().default(''),
    /** Dotted verb, e.g. `staff.create`, `company.update`, `import.commit`. */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull().default(''),
    /** `{ field: { before, after } }` of the fields that changed. */
    changes: jsonb('changes')
      .$type<Record<string, { before: unknown; after: unknown }>>()
      .notNull()
      .default({}),
    /** Anything else worth keeping: a file's hash and counts, an idempotency key … */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_account_at_idx').on(t.accountId, t.at),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
  ],
);
