import { z } from 'zod';
import { emptyBodySchema, idSchema, timestampSchema } from './common';
import { defineEndpoint } from './endpoint';
import { API_SCOPES } from './integration';
import { OWNER_ONLY } from './staff';

/**
 * The integrators' API keys in the back office (issue 13 item 1): the owner lists, creates and
 * revokes them — the same service as `npm run admin -- api-key …`. A key is shown once, in the
 * answer that creates it; only its hash and a 16-character prefix are kept.
 */
export const apiScopeSchema = z.enum(API_SCOPES);

export const apiKeySchema = z.object({
  id: idSchema,
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.string()),
  state: z.enum(['active', 'revoked', 'expired']),
  rate_limit_per_minute: z.number().int(),
  last_used_at: timestampSchema.nullable(),
  expires_at: timestampSchema.nullable(),
  created_at: timestampSchema,
  created_by: z.string(),
});
export type ApiKeyRow = z.infer<typeof apiKeySchema>;

export const apiKeyCreateRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(80),
  scopes: z.array(apiScopeSchema).min(1).max(API_SCOPES.length),
  /** Days until it stops working; absent = no expiry. */
  expires_days: z.number().int().min(1).max(3650).optional(),
  rate_limit_per_minute: z.number().int().min(1).max(100_000).optional(),
});

export const apiKeyCreatedSchema = z.object({ id: idSchema, prefix: z.string(), key: z.string() });

export const apiKeyEndpoints = {
  list: defineEndpoint({
    method: 'POST',
    path: '/Admin/ApiKeys/List',
    summary: 'The account’s API keys with scopes, state, last use and expiry (never the key).',
    permission: OWNER_ONLY,
    body: emptyBodySchema,
    data: z.array(apiKeySchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/Admin/ApiKeys/Create',
    summary: 'A new API key, shown once in this answer; audited.',
    permission: OWNER_ONLY,
    body: apiKeyCreateRequestSchema,
    data: apiKeyCreatedSchema,
  }),
  revoke: defineEndpoint({
    method: 'POST',
    path: '/Admin/ApiKeys/Revoke',
    summary: 'Revokes a key at once (its next call is 401); audited. An already revoked key is 40004.',
    permission: OWNER_ONLY,
    body: z.strictObject({ id: idSchema }),
    data: z.null(),
  }),
} as const;
