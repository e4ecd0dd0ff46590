import { problemSchema, type Operation } from '@partsportal/contract/integration';
import { z } from 'zod';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
};

const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

/** Query parameters from a zod object schema: one parameter per key. */
function queryParameters(schema: z.ZodType | undefined) {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input') as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the contract's operation descriptors: every
 * operation has its operationId, security (the scopes it needs are in its description and in
 * `x-scopes`), request and answer schemas and its error answers.
 */
export function buildOpenApiDocument(operations: readonly Operation[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const pathItem = (paths[operation.path] ??= {});
    const pathParameters = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => ({
      name: match[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const scopes = operation.scopes.length > 0 ? operation.scopes.join(', ') : 'any valid key';
    pathItem[operation.method.toLowerCase()] = {
      operationId: operation.operationId,
      summary: operation.summary,
      description: `Scopes: ${scopes}.`,
      tags: [operation.tag],
      security: [{ apiKey: [] }],
      'x-scopes': operation.scopes,
      parameters: [
        ...pathParameters,
        ...queryParameters(operation.query),
        ...(operation.idempotent
          ? [
              {
                name: 'Idempotency-Key',
                in: 'header',
                required: false,
                description:
                  'Any unique string (a UUID). Repeating it with the same body answers the stored result without ' +
                  'writing again (kept 30 days); with another body the request is refused with 422.',
                schema: { type: 'string', maxLength: 255 },
              },
            ]
          : []),
      ],
      ...(operation.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(operation.body, 'input') } },
            },
          }
        : {}),
      responses: {
        [String(operation.status ?? 200)]: {
          description: 'Success',
          content: { 'application/json': { schema: jsonSchema(operation.response, 'output') } },
        },
        '401': problemResponse('No key, or an unknown, revoked or expired key'),
        '403': problemResponse('The key lacks a scope this operation needs'),
        ...(operation.body
          ? {
              '413': problemResponse(
                'Body over 16 MiB, or more rows than one request may carry; nothing was processed',
              ),
              '422': problemResponse('The request does not match the schema; `errors` names the fields'),
            }
          : {}),
        ...Object.fromEntries(
          Object.entries(operation.problems ?? {}).map(([status, description]) => [
            status,
            problemResponse(description),
          ]),
        ),
        '429': problemResponse("Over the key's rate limit; see Retry-After"),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'PartsPortal Integration API',
      version: '1.0.0',
      description:
        "For the wholesaler's ERP: catalogue, stock, prices, customers and orders in sync. Authenticate with an API key " +
        '(`npm run admin -- api-key create`) sent as `Authorization: Bearer pp_live_…`. Errors are RFC 9457 problem ' +
        'details in the language of `Accept-Language` (en, zh, es).',
    },
    servers: [{ url: '/api/v1' }],
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'pp_live_… API key' } },
      schemas: { Problem: jsonSchema(problemSchema, 'output') },
    },
    paths,
  };
}
