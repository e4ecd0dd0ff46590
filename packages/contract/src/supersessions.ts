import { z } from 'zod';
import { moneySchema } from './common';

/**
 * Supersessions (an old number replaced by a newer one) and substitutes (explicit equivalent
 * parts) as buyers and staff see them — issue 17 item 14, decision 023. They are loaded through
 * the integrators' API (integration-batch.ts, `supersessionOperations`); this file stays free of
 * that API so the web client does not bundle it.
 */

/** Links followed from an old number to its newest successor (A → B → C …); a loop stops there. */
export const MAX_SUPERSESSION_HOPS = 8;
/** Equivalents offered for one out-of-stock part. */
export const MAX_EQUIVALENTS = 5;

/** The newest number a part's number was replaced by; `id` null when the catalogue lacks it. */
export const replacedBySchema = z.object({
  id: z.number().int().nullable(),
  number: z.string(),
  factory: z.string(),
  note: z.string(),
});
export type ReplacedBy = z.infer<typeof replacedBySchema>;

export const EQUIVALENT_SOURCES = ['supersession', 'substitute', 'cross'] as const;

/** An equivalent in stock, with the buyer's price: offered beside an out-of-stock part. */
export const equivalentSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  part_name: z.string(),
  factory: z.string(),
  price: moneySchema,
  currency: z.string(),
  available_stock: z.number().int(),
  buy_qty: z.number().int(),
  unit: z.string(),
  /** Why it is offered: the part's successor, an explicit substitute, or a shared cross number. */
  source: z.enum(EQUIVALENT_SOURCES),
});
export type Equivalent = z.infer<typeof equivalentSchema>;

/** The old number the buyer wrote or searched, which led to this (newer) part. */
export const replacesSchema = z.object({ number: z.string(), factory: z.string(), note: z.string() });
export type Replaces = z.infer<typeof replacesSchema>;

/** What the back office's product page lists for one product. */
export const productLinksSchema = z.object({
  replaced_by: z.array(
    z.object({ brand: z.string(), number: z.string(), note: z.string(), since: z.number().int().nullable() }),
  ),
  replaces: z.array(
    z.object({ brand: z.string(), number: z.string(), note: z.string(), since: z.number().int().nullable() }),
  ),
  substitutes: z.array(
    z.object({
      brand: z.string(),
      number: z.string(),
      two_way: z.boolean(),
      /** 'to': this part may be replaced by it; 'from': it may be replaced by this part. */
      direction: z.enum(['to', 'from']),
      note: z.string(),
    }),
  ),
});
export type ProductLinks = z.infer<typeof productLinksSchema>;
