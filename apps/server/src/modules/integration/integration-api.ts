import type { Language } from '@partsportal/contract/codes';
import type { ApiScope, Operation, Problem } from '@partsportal/contract/integration';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config';
import { isDatabaseUnavailable } from '../../platform/database-unavailable';
import { acceptedLanguage } from '../../platform/language';
import type { RateLimitStore, RateLimiter } from '../../platform/rate-limiter';
import type { ApiKeyContext, ApiKeysService } from './api-keys.service';
import { integrationText, integrationTitle, type IntegrationTextKey } from './integration-messages';
import { buildOpenApiDocument } from './openapi';
import { registerReferencePage } from './reference-page';
import { installCompression } from '../../platform/compression';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route of the integrators' API: authenticated by API key, not by the buyers' Token. */
    operation?: Operation;
  }
  interface FastifyRequest {
    apiKey: ApiKeyContext | null;
    apiLanguage: Language;
  }
}

export const API_V1_PREFIX = '/api/v1';

/** A refusal of the integrators' API: HTTP status + RFC 9457 problem details in the caller's language. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly key: IntegrationTextKey,
    readonly params: Record<string, string | number> = {},
    readonly errors?: Array<{ field: string; message: string }>,
    readonly headers: Record<string, string> = {},
  ) {
    super(key);
  }
}

export type OperationHandler<O extends Operation> = (input: {
  key: ApiKeyContext;
  body: NonNullable<O['body']> extends z.ZodType ? z.output<NonNullable<O['body']>> : undefined;
  query: Record<string, unknown>;
  language: Language;
  request: FastifyRequest;
  reply: FastifyReply;
}) => Promise<z.input<O['response']>>;

export interface OperationRegistration {
  operation: Operation;
  handler: OperationHandler<Operation>;
}

/** One operation and its handler, typed by the operation's own schemas. */
export const handle = <O extends Operation>(
  operation: O,
  handler: OperationHandler<O>,
): OperationRegistration => ({
  operation,
  handler: handler as unknown as OperationHandler<Operation>,
});

const sendProblem = (reply: FastifyReply, language: Language, problem: ApiProblem) => {
  const body: Problem = {
    type: `https://partsportal.dev/problems/${problem.key}`,
    title: integrationTitle(problem.key, language),
    status: problem.status,
    detail: integrationText(problem.key, language, problem.params),
    ...(problem.errors ? { errors: problem.errors } : {}),
  };
  for (const [name, value] of Object.entries(problem.headers)) reply.header(name, value);
  return reply.status(problem.status).type('application/problem+json').send(body);
};

/** Zod issues → field errors named by path (`rows.3.number`), in the caller's language. */
const fieldErrors = (error: z.ZodError, language: Language) =>
  error.issues.map((issue) => ({
    field: issue.path.join('.') || 'body',
    message:
      issue.code === 'unrecognized_keys'
        ? integrationText('unknownField', language, { fields: issue.keys.join(', ') })
        : integrationText('invalidValue', language),
  }));

/**
 * The integrators' API under /api/v1: its own authentication (API keys, per-key rate limit,
 * scopes), body limit (16 MiB: 1,000 products with names and numbers exceed the buyers' 1 MiB),
 * error format (problem details with HTTP status codes) and OpenAPI document. Nothing of the
 * buyers' request context applies here: their Token opens nothing, and a key opens nothing there.
 */
export async function registerIntegrationApi(
  app: FastifyInstance,
  deps: {
    config: Config;
    apiKeys: ApiKeysService;
    rateLimits: RateLimitStore;
    operations: readonly OperationRegistration[];
  },
) {
  const limiters = new Map<number, RateLimiter>();
  const limiterFor = (perMinute: number) => {
    let limiter = limiters.get(perMinute);
    if (!limiter) {
      limiter = deps.rateLimits.limiter({ name: `api-key-${perMinute}`, limit: perMinute, windowMs: 60_000 });
      limiters.set(perMinute, limiter);
    }
    return limiter;
  };
  const document = buildOpenApiDocument(deps.operations.map((entry) => entry.operation));

  await app.register(
    async (v1) => {
      await installCompression(v1);
      v1.decorateRequest('apiKey', null);
      v1.decorateRequest('apiLanguage', 'en');

      v1.setErrorHandler((error: FastifyError, request, reply) => {
        const language = request.apiLanguage ?? 'en';
        if (error instanceof ApiProblem) return sendProblem(reply, language, error);
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
          return sendProblem(
            reply,
            language,
            new ApiProblem(413, 'bodyTooLarge', { megabytes: deps.config.apiBodyLimitBytes / 1_048_576 }),
          );
        if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
          return sendProblem(reply, language, new ApiProblem(415, 'unsupportedMediaType'));
        if (error.statusCode === 400) return sendProblem(reply, language, new ApiProblem(400, 'badJson'));
        if (isDatabaseUnavailable(error))
          return sendProblem(
            reply,
            language,
            new ApiProblem(503, 'unavailable', {}, undefined, { 'retry-after': '5' }),
          );
        request.log.error({ err: error }, 'integration API: unexpected error');
        return sendProblem(reply, language, new ApiProblem(500, 'internal'));
      });
      v1.setNotFoundHandler((request, reply) =>
        sendProblem(
          reply,
          acceptedLanguage(request.headers['accept-language']) ?? 'en',
          new ApiProblem(404, 'noSuchOperation'),
        ),
      );

      // Authentication, rate limit and scopes, before the body is read.
      v1.addHook('onRequest', async (request) => {
        request.apiLanguage = acceptedLanguage(request.headers['accept-language']) ?? 'en';
        const operation = request.routeOptions.config?.operation;
        if (!operation) return; // the document and the reference page are public
        const key = await deps.apiKeys.authenticate(request.headers.authorization);
        if (typeof key === 'string') {
          throw new ApiProblem(
            401,
            key === 'missing'
              ? 'keyMissing'
              : key === 'unknown'
                ? 'keyUnknown'
                : key === 'revoked'
                  ? 'keyRevoked'
                  : 'keyExpired',
            {},
            undefined,
            {
              'www-authenticate': 'Bearer realm="partsportal"',
            },
          );
        }
        const hit = await limiterFor(key.rateLimitPerMinute).hit(`key:${key.keyId}`);
        if (!hit.allowed) {
          const seconds = Math.max(1, Math.ceil(hit.retryAfterMs / 1000));
          throw new ApiProblem(429, 'rateLimited', { seconds }, undefined, {
            'retry-after': String(seconds),
          });
        }
        const missing = operation.scopes.filter((scope: ApiScope) => !key.scopes.includes(scope));
        if (missing.length > 0) throw new ApiProblem(403, 'scopeMissing', { scopes: missing.join(', ') });
        request.apiKey = key;
      });

      v1.get('/openapi.json', { schema: { hide: true } }, async () => document);
      registerReferencePage(v1);

      for (const { operation, handler } of deps.operations) {
        v1.route({
          method: operation.method,
          url: operation.path.replace(/\{(\w+)\}/g, ':$1'),
          config: { operation },
          bodyLimit: deps.config.apiBodyLimitBytes,
          schema: { hide: true },
          handler: async (request, reply) => {
            const language = request.apiLanguage;
            let body: unknown;
            // Counted before validation: 10,000 small rows fit in the body limit, and validating
            // them only to refuse them would cost what the limit is there to prevent.
            const rows = (request.body as { rows?: unknown } | null)?.rows;
            if (operation.maxRows !== undefined && Array.isArray(rows) && rows.length > operation.maxRows)
              throw new ApiProblem(413, 'tooManyRows', { max: operation.maxRows, count: rows.length });
            if (operation.body) {
              const parsed = operation.body.safeParse(request.body ?? {});
              if (!parsed.success)
                throw new ApiProblem(422, 'invalidRequest', {}, fieldErrors(parsed.error, language));
              body = parsed.data;
            }
            let query: Record<string, unknown> = {};
            if (operation.query) {
              const parsed = operation.query.safeParse(request.query ?? {});
              if (!parsed.success)
                throw new ApiProblem(422, 'invalidRequest', {}, fieldErrors(parsed.error, language));
              query = parsed.data as Record<string, unknown>;
            }
            const data = await handler({
              key: request.apiKey!,
              body: body as never,
              query,
              language,
              request,
              reply,
            });
            reply.status(operation.status ?? 200);
            // The answer's schema strips what the operation does not document.
            return operation.response.parse(data);
          },
        });
      }
    },
    { prefix: API_V1_PREFIX },
  );
}
