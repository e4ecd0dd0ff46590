import { z } from 'zod';
import { emptyBodySchema, idSchema } from './common';
import { defineEndpoint, MENU_CODES, SHOW_ADDRESS_GRANT } from './endpoint';

/** Spec §9: level-2 entries are countries, plus an extra blank entry with id 0. */
export const areaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  level: z.number().int(),
  parent_id: z.number().int().nullable(),
});
export type Area = z.infer<typeof areaSchema>;

/** A company keeps at most this many shipping addresses. */
export const MAX_ADDRESSES_PER_COMPANY = 50;

export const ADDRESS_LIMITS = { caption: 50, contact_name: 50, address: 200, phone: 30 } as const;

export const addressSchema = z.object({
  id: idSchema,
  /** Alias shown in lists (spec caption). */
  caption: z.string(),
  /** Recipient. */
  contact_name: z.string(),
  area_id: z.number().int(),
  /** Area path in the language of the request that saved it, e.g. "China / Guangdong / Guangzhou". */
  area: z.string(),
  /** Detailed address (street, number …). */
  address: z.string(),
  phone: z.string(),
  is_default: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

/**
 * Fields are optional and may be empty at the schema level on purpose: the server checks them in
 * the form's order (recipient, region, detailed address, contact number, phone format) and
 * answers the form's own messages, which a schema error could not.
 */
export const addressFieldsSchema = z.strictObject({
  caption: z.string().max(ADDRESS_LIMITS.caption).optional(),
  contact_name: z.string().max(ADDRESS_LIMITS.contact_name).optional(),
  /** The cascader's last level; 0 (the blank entry) means "not chosen". */
  area_id: z.number().int().nonnegative().max(2_147_483_647).nullish(),
  /**
   * Spec §3 names the field `area`; its client sends it. Accepted as the area id (number or
   * digits), the cascader's id path (the last id counts) or the area path as GetAddress answers
   * it ("China / Guangdong / Guangzhou", any of the three languages). `area_id` wins when both
   * come; see `areaChoice`.
   */
  area: z
    .union([
      z.number().int().nonnegative().max(2_147_483_647),
      z.string().max(300),
      z.array(z.number().int().nonnegative().max(2_147_483_647)).max(8),
    ])
    .nullish(),
  address: z.string().max(ADDRESS_LIMITS.address).optional(),
  phone: z.string().max(ADDRESS_LIMITS.phone).optional(),
  is_default: z.boolean().optional(),
});
export type AddressFields = z.input<typeof addressFieldsSchema>;

/**
 * What the form chose as region: an area id, an area path to look up by name, or nothing
 * (0 = the blank entry). `area_id` first, then the spec's `area` in any of its forms.
 */
export function areaChoice(fields: Pick<AddressFields, 'area_id' | 'area'>): number | string[] {
  if (fields.area_id !== undefined && fields.area_id !== null) return fields.area_id;
  const area = fields.area;
  if (typeof area === 'number') return area;
  if (Array.isArray(area)) return area.at(-1) ?? 0;
  const text = area?.trim() ?? '';
  if (/^\d{1,10}$/.test(text)) return Number(text) <= 2_147_483_647 ? Number(text) : 0;
  const names = text
    .split('/')
    .map((part) => part.trim())
    .filter(Boolean);
  return names.length > 0 ? names : 0;
}

export const updateAddressRequestSchema = addressFieldsSchema.extend({ id: idSchema });

export const addressIdParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
/** `/Web/DeleteAddress?id={id}`: the id travels in the query string, as the spec writes it. */
export const deleteAddressQuerySchema = addressIdParamsSchema;

/**
 * Who may read and change the company's shipping addresses: the buyer who checks out (cart,
 * 1006, picks or adds the delivery address) or the user whose address page is switched on
 * (show_address). Anyone else (e.g. a catalogue-only user) is refused: the addresses carry
 * names and phone numbers.
 */
export const ADDRESS_GRANTS = [MENU_CODES.cart, SHOW_ADDRESS_GRANT] as const;

export const addressEndpoints = {
  getAllAreas: defineEndpoint({
    method: 'POST',
    path: '/Web/GetAllAreas',
    summary:
      'Every area (countries at level 2, then provinces/states and cities), names in the request language.',
    permission: 'signed-in',
    body: emptyBodySchema,
    data: z.array(areaSchema),
  }),
  getAddress: defineEndpoint({
    method: 'POST',
    path: '/Web/GetAddress',
    summary: "The company's shipping addresses, the default first, then newest first.",
    permission: ADDRESS_GRANTS,
    body: emptyBodySchema,
    data: z.array(addressSchema),
  }),
  addAddress: defineEndpoint({
    method: 'POST',
    path: '/Web/AddAddress',
    summary: "Adds a shipping address (the company's first one becomes the default).",
    permission: ADDRESS_GRANTS,
    body: addressFieldsSchema,
    data: addressSchema,
  }),
  updateAddress: defineEndpoint({
    method: 'POST',
    path: '/Web/UpdateAddress',
    summary: 'Changes a shipping address (all fields, as the form sends them).',
    permission: ADDRESS_GRANTS,
    body: updateAddressRequestSchema,
    data: addressSchema,
  }),
  /** Registered with `deleteAddressQuerySchema` as its query string; the body is empty. */
  deleteAddress: defineEndpoint({
    method: 'POST',
    path: '/Web/DeleteAddress',
    summary:
      'Deletes the address `?id=`; when it was the default, the newest remaining address becomes the default.',
    permission: ADDRESS_GRANTS,
    body: emptyBodySchema,
    data: z.object({ id: idSchema }),
  }),
  setDefaultAddress: defineEndpoint({
    method: 'POST',
    path: '/Web/SetDefaultAddress/{id}',
    summary: 'Makes the address the default (the only one).',
    permission: ADDRESS_GRANTS,
    body: emptyBodySchema,
    params: addressIdParamsSchema,
    data: addressSchema,
  }),
} as const;
