import { z } from 'zod';

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
