import { ResultCode } from '@partsportal/contract/codes';
import type { Endpoint, Permission } from '@partsportal/contract/endpoint';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestContext } from './auth-context';
import { describeFields } from './error-handler';
import { AppError } from './errors';
import { etagOnSend } from './etag';
import { translate } from './messages';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; routes without it are refused unless on the public list. */
    permission?: Permission;
  }
}

export type EndpointHandler<E extends Endpoint> = (input: {
  body: z.output<E['body']>;
  params: NonNullable<E['params']> extends z.ZodType
    ? z.output<NonNullable<E['params']>>
    : Record<string, never>;
  ctx: RequestContext;
}) => Promise<z.input<E['data']>>;

/**
 * Where the first U+0000 sits in a parsed body (`keyword`, `items.0.remark`), or undefined.
 * PostgreSQL text cannot hold it, so such a value reached a query as a database error (50000).
 */
export function findNulCharacter(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'body' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, '…'].join('.');
    const found = findNulCharacter(child, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** `{id}` in a contract path → `:id` for Fastify. */
export const toFastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Registers one contract endpoint: the contract's schemas validate the body and params and
 * shape the answer (unknown fields of the answer are stripped, so a repository can never leak
 * a column by accident); the handler only delegates to a service.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  /** `etag`: a reference list the client asks for again and again (platform/etag.ts). */
  options: { etag?: boolean } = {},
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: toFastifyPath(endpoint.path),
    config: { permission: endpoint.permission },
    ...(options.etag ? { onSend: etagOnSend } : {}),
    preValidation: async (request) => {
      const field = findNulCharacter(request.body);
      if (field !== undefined) {
        throw new AppError(ResultCode.validation, 'validation', { fields: describeFields([field]) });
      }
    },
    schema: {
      summary: endpoint.summary,
      ...(endpoint.method === 'POST' ? { body: endpoint.body } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      response: {
        200: z.object({ code: z.number(), msg: z.string(), data: endpoint.data.nullable() }),
      },
    },
    handler: async (request) => {
      const ctx = request.ctx;
      const data = await handler({
        body: request.body as z.output<E['body']>,
        params: (request.params ?? {}) as never,
        ctx,
      });
      return { code: 200, msg: translate('ok', ctx.language), data };
    },
  });
}
