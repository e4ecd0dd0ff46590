import { z } from 'zod';
import {
  DEFAULT_ACCOUNT_ID,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  confirmEnrolmentDataSchema,
  secondFactorRequestSchema,
  totpEnrolmentSchema,
} from './auth';
import { emptyBodySchema, idSchema, pageOf, pagingSchema, timestampSchema } from './common';
import { STAFF_ROLES, defineEndpoint, type StaffPermission } from './endpoint';

/**
 * The back office's staff: sign-in with a TOTP second factor, and the owner's staff accounts
 * (issue 14 item 1). Staff calls live under `/Admin/…` with the same `{code, msg, data}` answers
 * and `Token` header as the buyers' calls, but a staff token is a different kind of token.
 */

/** Any signed-in staff member whose second factor is done. */
export const ANY_STAFF: StaffPermission = { staff: STAFF_ROLES };
/** Between the password and the second factor (enrol, verify, sign out). */
export const STAFF_PENDING: StaffPermission = { staff: STAFF_ROLES, secondFactor: 'pending' };
export const OWNER_ONLY: StaffPermission = { staff: ['owner'] };

export const staffRoleSchema = z.enum(STAFF_ROLES);

export const staffLoginRequestSchema = z.strictObject({
  login: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(256),
  account_id: idSchema.default(DEFAULT_ACCOUNT_ID),
});

/** What comes after the password: enrol a TOTP (first sign-in) or enter the code. */
export const staffLoginDataSchema = z.object({
  token: z.string(),
  second_factor: z.enum(['enrol', 'verify']),
});

export const staffInfoSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  must_change_password: z.boolean(),
});

export const staffChangePasswordRequestSchema = z.strictObject({
  current_password: z.string().min(1).max(256),
  password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
});

export const staffMemberSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  enabled: z.boolean(),
  second_factor_enrolled: z.boolean(),
  /** Still on a temporary password (new account or an owner's reset): the owner's list shows it. */
  must_change_password: z.boolean(),
  created_at: timestampSchema,
});

export const staffListRequestSchema = pagingSchema.extend({
  keyword: z.string().trim().max(64).default(''),
});

export const staffCreateRequestSchema = z.strictObject({
  login: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\p{L}\p{N}._@-]+$/u),
  name: z.string().trim().min(1).max(64),
  role: staffRoleSchema,
});

/** A temporary password, shown once; the member must change it at the first sign-in. */
export const temporaryPasswordSchema = z.object({ id: z.number().int(), temporary_password: z.string() });

export const staffUpdateRequestSchema = z.strictObject({
  id: idSchema,
  name: z.string().trim().min(1).max(64).optional(),
  role: staffRoleSchema.optional(),
  enabled: z.boolean().optional(),
});

export const staffIdRequestSchema = z.strictObject({ id: idSchema });

export const staffEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/Admin/Auth/Login',
    summary: 'Staff sign-in, step 1 (password); data is a token that opens only the second-factor calls.',
    permission: 'public',
    body: staffLoginRequestSchema,
    data: staffLoginDataSchema,
  }),
  startEnrolment: defineEndpoint({
    method: 'POST',
    path: '/Admin/Auth/StartTotpEnrolment',
    summary: 'A new TOTP secret and its QR code, for a member without a second factor yet.',
    permission: STAFF_PENDING,
    body: emptyBodySchema,
    data: totpEnrolmentSchema,
  }),
  confirmEnrolment: defineEndpoint({
    method: 'POST',
    path: '/Admin/Auth/ConfirmTotpEnrolment',
    summary: 'The first code from the app confirms the secret; data is the recovery codes, shown once.',
    permission: STAFF_PENDING,
    body: secondFactorRequestSchema,
    data: confirmEnrolmentDataSchema,
  }),
  verify: defineEndpoint({
    method: 'POST',
    path: '/Admin/Auth/VerifySecondFactor',
    summary: 'Staff sign-in, step 2: a TOTP code (each accepted once) or a recovery code.',
    permission: STAFF_PENDING,
    body: secondFactorRequestSchema,
    data: z.null(),
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/Admin/Auth/Logout',
    summary: 'End the staff session.',
    permission: STAFF_PENDING,
    body: emptyBodySchema,
    data: z.null(),
  }),
  info: defineEndpoint({
    method: 'POST',
    path: '/Admin/Auth/GetStaffInfo',
    summary: 'Who is signed in to the back office, and the role that decides what they may do.',
    permission: ANY_STAFF,
    body: emptyBodySchema,
    data: staffInfoSchema,
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/Admin/Auth/ChangePassword',
    summary: "Change the staff member's own password; other sessions of the member end.",
    permission: ANY_STAFF,
    body: staffChangePasswordRequestSchema,
    data: z.null(),
  }),
  list: defineEndpoint({
    method: 'POST',
    path: '/Admin/Staff/List',
    summary: 'Staff accounts (owner).',
    permission: OWNER_ONLY,
    body: staffListRequestSchema,
    data: pageOf(staffMemberSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/Admin/Staff/Create',
    summary: 'A new staff account with a temporary password shown once (owner).',
    permission: OWNER_ONLY,
    body: staffCreateRequestSchema,
    data: temporaryPasswordSchema,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/Admin/Staff/Update',
    summary: "Change a member's name, role or enabled switch (owner); a change ends the member's sessions.",
    permission: OWNER_ONLY,
    body: staffUpdateRequestSchema,
    data: z.null(),
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/Admin/Staff/ResetPassword',
    summary: 'A new temporary password, shown once (owner); the member must change it.',
    permission: OWNER_ONLY,
    body: staffIdRequestSchema,
    data: temporaryPasswordSchema,
  }),
  resetSecondFactor: defineEndpoint({
    method: 'POST',
    path: '/Admin/Staff/ResetSecondFactor',
    summary: "Clear a member's TOTP (lost phone, owner); they enrol again at the next sign-in.",
    permission: OWNER_ONLY,
    body: staffIdRequestSchema,
    data: z.null(),
  }),
} as const;
