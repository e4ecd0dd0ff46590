import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import secureJsonParse from 'secure-json-parse';

/**
 * Request bodies: JSON parsed without prototype pollution (`__proto__` and `constructor` keys
 * are refused with 400), then validated — and answers serialized — by the contract's zod schemas.
 */
export function installJsonBody(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    // An empty body counts as "no body" (clients POST calls without payload that way).
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    try {
      done(
        null,
        secureJsonParse.parse(body as string, undefined, {
          protoAction: 'error',
          constructorAction: 'error',
        }),
      );
    } catch (error) {
      done(Object.assign(error as Error, { statusCode: 400 }), undefined);
    }
  });
}
