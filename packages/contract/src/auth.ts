import { z } from 'zod';
import { emptyBodySchema, idSchema } from './common';
import { defineEndpoint } from './endpoint';

export const DEFAULT_ACCOUNT_ID = 1;

export const loginRequestSchema = z.strictObject({
  /** Trimmed (spec §5). */
  user_id: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(256),
  account_id: z
    .union([
      // An int4 column: a larger number reached PostgreSQL and answered 50000 (fuzz, 2026-11-22).
      idSchema,
      z
        .string()
        .regex(/^\d{1,9}$/)
        .transform(Number),
    ])
    .default(DEFAULT_ACCOUNT_ID),
  from: z.string().max(16).default('web'),
  unique_code: z.string().max(128).nullish(),
  /**
   * Not in the spec's call: only a user who enrolled a TOTP app sends these (decision 012); the
   * server then answers 40011 until one of them comes with the password.
   */
  totp_code: z
    .string()
    .trim()
    .regex(/^\d{6}$/)
    .optional(),
  recovery_code: z.string().trim().min(8).max(32).optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const userInfoSchema = z.object({
  /** Menu codes the user holds (spec §6). Never null. */
  menus: z.array(z.string()),
  /** Element-level permission tags (spec §6, any-of checks). */
  tags: z.array(z.string()),
  roles: z.array(z.string()),
  name: z.string(),
  avatar: z.string(),
  company_name: z.string(),
  /** Number of items in the cart (for the badge). */
  carts: z.number().int().nonnegative(),
  show_address: z.boolean(),
  product_detail_title_show_my_number: z.boolean(),
  /** Added (decision 012): whether sign-in asks this user for a TOTP code. */
  two_factor: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const changePasswordRequestSchema = z.strictObject({
  /**
   * The password in use (ASVS 6.2.3; not in the spec's call). Required unless the server runs
   * with PASSWORD_CHANGE_NEEDS_CURRENT=false for the spec's two-field clients (decision 007).
   */
  current_password: z.string().max(256).optional(),
  password: z.string().max(256).default(''),
  /** Spelled as the spec spells it. */
  confirm_passwrod: z.string().max(256).default(''),
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** New passwords: spec §5 checks first, then this length rule of ours. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

/** A 6-digit TOTP code, or one of the recovery codes given at enrolment (staff and users). */
export const secondFactorRequestSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/)
    .optional(),
  recovery_code: z.string().trim().min(8).max(32).optional(),
});

export const totpEnrolmentSchema = z.object({
  /** Base32 secret for typing into an app by hand. */
  secret: z.string(),
  /** otpauth:// URI (RFC 6238 key URI format). */
  uri: z.string(),
  /** The URI as an SVG QR code, to draw in the page. */
  qr_svg: z.string(),
});

export const confirmEnrolmentDataSchema = z.object({
  /** Shown once; each works once in place of a code. */
  recovery_codes: z.array(z.string()),
});

/** Turning the second factor off takes the password and a current code (or a recovery code). */
export const disableTwoFactorRequestSchema = z.strictObject({
  current_password: z.string().min(1).max(256),
  code: secondFactorRequestSchema.shape.code,
  recovery_code: secondFactorRequestSchema.shape.recovery_code,
});

export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/Auth/Login',
    summary: 'Sign in; data is the session token.',
    permission: 'public',
    body: loginRequestSchema,
    data: z.string(),
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/Auth/Logout',
    summary: 'End the current session; the token stops working.',
    permission: 'signed-in',
    body: emptyBodySchema,
    data: z.null(),
  }),
  getUserInfo: defineEndpoint({
    method: 'POST',
    path: '/Web/GetUserInfo',
    summary: 'Menus, tags, company and display switches of the signed-in user.',
    permission: 'signed-in',
    body: emptyBodySchema,
    data: userInfoSchema,
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/Web/ChangePassword',
    summary: 'Change the password; data is a new token, every other token of the user stops working.',
    permission: 'signed-in',
    body: changePasswordRequestSchema,
    data: z.string(),
  }),
  startTwoFactor: defineEndpoint({
    method: 'POST',
    path: '/Web/StartTotpEnrolment',
    summary: 'Optional two-step sign-in: a new TOTP secret and its QR code (decision 012).',
    permission: 'signed-in',
    body: emptyBodySchema,
    data: totpEnrolmentSchema,
  }),
  confirmTwoFactor: defineEndpoint({
    method: 'POST',
    path: '/Web/ConfirmTotpEnrolment',
    summary: 'The first code from the app turns two-step sign-in on; data is the recovery codes, shown once.',
    permission: 'signed-in',
    body: secondFactorRequestSchema,
    data: confirmEnrolmentDataSchema,
  }),
  disableTwoFactor: defineEndpoint({
    method: 'POST',
    path: '/Web/DisableTotp',
    summary: 'Turn two-step sign-in off (password and a current or recovery code).',
    permission: 'signed-in',
    body: disableTwoFactorRequestSchema,
    data: z.null(),
  }),
} as const;
