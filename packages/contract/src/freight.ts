import { z } from 'zod';
import { idSchema, moneySchema } from './common';
import { defineEndpoint, MENU_CODES } from './endpoint';

/** `Common/Post` dispatches to a plugin by `type` and method `m`; only these exist. */
export const FREIGHT_PLUGIN_TYPE = 'Freight';
export const FREIGHT_METHOD = 'GetFreightViews';

export const commonPostRequestSchema = z.strictObject({
  type: z.string().max(64),
  m: z.string().max(64),
  /** Serialized JSON of the method's own payload (spec §7). */
  data: z.string().max(20_000),
});

/** What `data` holds for GetFreightViews. */
export const freightQuerySchema = z.strictObject({
  items: z
    .array(z.strictObject({ id: idSchema, qty: z.number().int().min(1).max(1_000_000).default(1) }))
    .min(1)
    .max(200),
  /** Sending country: a level-2 area. */
  fromAreaId: z.number().int().nonnegative(),
  /** Receiving area: any area below a country. */
  toAreaId: z.number().int().nonnegative(),
});
export type FreightQuery = z.input<typeof freightQuerySchema>;

export const freightViewSchema = z.object({
  carrier: z.string(),
  mode: z.string(),
  from: z.string(),
  to: z.string(),
  /** Actual weight of the items, kg. */
  weight_kg: moneySchema,
  /** Volume ÷ divisor, kg. */
  volumetric_kg: moneySchema,
  /** max(actual, volumetric), rounded up to the carrier's step. */
  chargeable_kg: moneySchema,
  first_weight_kg: moneySchema,
  first_price: moneySchema,
  additional_weight_kg: moneySchema,
  additional_price: moneySchema,
  minimum_charge: moneySchema,
  price: moneySchema,
  currency: z.string(),
  transit_days_min: z.number().int(),
  transit_days_max: z.number().int(),
});
export type FreightView = z.infer<typeof freightViewSchema>;

export const freightEndpoints = {
  commonPost: defineEndpoint({
    method: 'POST',
    path: '/Common/Post',
    summary:
      'Plugin call; `{type: "Freight", m: "GetFreightViews", data: "<JSON of FreightQuery>"}` returns freight views.',
    permission: [MENU_CODES.freight, MENU_CODES.cart],
    body: commonPostRequestSchema,
    data: z.array(freightViewSchema),
  }),
} as const;
