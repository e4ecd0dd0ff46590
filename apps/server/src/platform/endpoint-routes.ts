import type { Endpoint, Permission } from '@partsportal/contract/endpoint';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestContext } from './auth-context';
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
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: toFastifyPath(endpoint.path),
    config: { permission: endpoint.permission },
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
