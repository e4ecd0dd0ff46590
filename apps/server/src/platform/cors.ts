import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * Cross-origin calls only from the configured origins. With none (the default: the client is
 * same-origin) nothing is installed: @fastify/cors with `origin: false` still ran a hook on every
 * request that only said "no" (the /healthz floor in docs/PERFORMANCE.md), and its catch-all
 * OPTIONS route answered a browser's preflight with Fastify's bare 500 (and logged an error),
 * because the route was registered before our error handler. Without it a preflight is an unknown
 * call like any other: 40004 under the API prefix, 404 elsewhere — still no Access-Control-* header.
 */
export async function installCors(app: FastifyInstance, config: Config): Promise<void> {
  if (config.corsOrigins.length === 0) return;
  await app.register(cors, {
    origin: config.corsOrigins,
    // If-None-Match / ETag: the reference lists' 304s (platform/etag.ts) work cross-origin too.
    allowedHeaders: ['Content-Type', 'Token', 'Lng', 'Idempotency-Key', 'If-None-Match'],
    exposedHeaders: ['ETag'],
    methods: ['GET', 'POST'],
  });
}
