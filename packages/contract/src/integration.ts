import { z } from 'zod';

/**
 * The integrators' API (issue 13): versioned REST under `/api/v1`, JSON, conventional HTTP
 * status codes, API keys as `Authorization: Bearer pp_live_…`. Unlike the buyers' calls (spec
 * §9: POST, `{code, msg, data}`), this API is for an ERP's scripts, so it speaks plain HTTP.
 * Every operation is described here once; the server registers it and the OpenAPI document
 * (`/api/v1/openapi.json`) is generated from these descriptors.
 */

export const API_SCOPES = [
  'catalog:write',
  'stock:write',
  'prices:write',
  'customers:write',
  'orders:read',
  'orders:write',
  'payments:write',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** What every refusal looks like (RFC 9457 problem details, plus field errors). */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type Problem = z.infer<typeof problemSchema>;

export interface Operation<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Data extends z.ZodType = z.ZodType,
> {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Relative to `/api/v1`. */
  path: string;
  summary: string;
  tag: string;
  /** The key needs every one of these. An empty list: any valid key. */
  scopes: readonly ApiScope[];
  body?: Body;
  query?: z.ZodType;
  /** The 2xx answer's body. */
  response: Data;
  /** 200 unless stated. */
  status?: number;
}

export const defineOperation = <Body extends z.ZodType | undefined, Data extends z.ZodType>(
  operation: Operation<Body, Data>,
) => operation;

export const apiKeyInfoSchema = z.object({
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  expires_at: z.string().nullable(),
  rate_limit_per_minute: z.number().int(),
});

export const integrationOperations = {
  me: defineOperation({
    operationId: 'getApiKey',
    method: 'GET',
    path: '/me',
    summary: 'The calling key: its name, prefix, scopes, expiry and rate limit. A cheap way to test a key.',
    tag: 'Keys',
    scopes: [],
    response: apiKeyInfoSchema,
  }),
} as const;
