import { z } from 'zod';

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
  /** The call conflicts with the current state (stale edit, reused idempotency key …). */
  conflict: 40009,
  /** Body or upload larger than allowed. */
  payloadTooLarge: 40013,
  /** Too many attempts; try again later. */
  rateLimited: 40029,
  /** Unexpected failure on our side; never carries details. */
  internal: 50000,
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

/** Every answer: `{code, msg, data}`. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

/** Largest page a list call returns; larger requests are refused, not silently cut. */
export const MAX_PAGE_SIZE = 200;

export const pagingSchema = z.strictObject({
  page: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int().nonnegative() });

/**
 * Money travels as a decimal string ("1234.50") so no binary float ever touches it;
 * the server computes every total (brief §4).
 */
export const moneySchema = z.string().regex(/^-?\d{1,15}(\.\d{1,4})?$/, 'money');
export type Money = z.infer<typeof moneySchema>;

/** Timestamps are 10-digit Unix seconds (spec §9). */
export const timestampSchema = z.number().int().nonnegative();

export const idSchema = z.number().int().positive().max(2_147_483_647);

/** Calls without payload: no body, an empty body, null or {} are all fine. */
export const emptyBodySchema = z.strictObject({}).nullish();
