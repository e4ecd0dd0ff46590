import { z } from 'zod';
import { emptyBodySchema } from './common';
import { defineEndpoint } from './endpoint';

/** Spec §9: level-2 entries are countries, plus an extra blank entry with id 0. */
export const areaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  level: z.number().int(),
  parent_id: z.number().int().nullable(),
});
export type Area = z.infer<typeof areaSchema>;

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
} as const;
