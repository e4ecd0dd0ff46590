// Plain constants without zod, so the web client's login page can import them without
// pulling the schema library into its first bundle.

/** Result codes carried in every answer's `code` (HTTP status is always 200, spec §7). */
export const ResultCode = {
  ok: 200,
  /** Request refused by a business rule; `msg` says why (e.g. "Please set the receiving address!"). */
  refused: 40000,
  /** Body, query or params failed validation (wrong type, unknown field, too long …). */
  validation: 40001,
  /** Signed in, but the user lacks the permission code the call needs. */
  forbidden: 40003,
  /** The record does not exist or belongs to another company (indistinguishable on purpose). */
  notFound: 40004,
  /** The password was right; the account's second factor (a TOTP or recovery code) is needed too. */
  secondFactorRequired: 40011,
  /** The call conflicts with the current state (stale edit, reused idempotency key …). */
  conflict: 40009,
  /** Body or upload larger than allowed. */
  payloadTooLarge: 40013,
  /** Too many attempts; try again later. */
  rateLimited: 40029,
  /** Unexpected failure on our side; never carries details. */
  internal: 50000,
  /** The database cannot be reached right now (outage, restart); nothing was written, retry later. */
  unavailable: 50003,
  /** Missing, unknown or revoked token (spec §8: relogin dialog). */
  invalidToken: 50008,
  /** The session was ended because the account signed in elsewhere / changed password (spec §8). */
  signedInElsewhere: 50012,
  /** The token expired (idle or absolute limit, spec §8). */
  tokenExpired: 50014,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** Codes after which the client shows the "you have been logged out" confirm dialog. */
export const RELOGIN_CODES: readonly number[] = [
  ResultCode.invalidToken,
  ResultCode.signedInElsewhere,
  ResultCode.tokenExpired,
];

export const LANGUAGES = ['zh', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';
