import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config';

/**
 * The OpenAPI document (served at /api/docs by app.ts); registered before the modules, whose
 * routes it collects as they are added.
 */
export async function installApiDocs(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'PartsPortal API', version: '1.0.0', description: 'Generated from packages/contract.' },
      servers: [{ url: config.apiPrefix }],
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Token' } },
      },
    },
    transform: jsonSchemaTransform,
  });
}
