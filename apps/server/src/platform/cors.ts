import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** Cross-origin calls only from the configured origins (none by default: the client is same-origin). */
export async function installCors(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    // If-None-Match / ETag: the reference lists' 304s (platform/etag.ts) work cross-origin too.
    allowedHeaders: ['Content-Type', 'Token', 'Lng', 'Idempotency-Key', 'If-None-Match'],
    exposedHeaders: ['ETag'],
    methods: ['GET', 'POST'],
  });
}
