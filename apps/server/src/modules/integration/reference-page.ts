import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** swagger-ui-dist: Swagger UI as plain static files (no build step, no runtime dependencies). */
const swaggerUiDir = () =>
  path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>PartsPortal Integration API v1 — reference</title>
<link rel="stylesheet" href="/api/v1/reference/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/api/v1/reference/swagger-ui-bundle.js"></script>
<script src="/api/v1/reference/init.js"></script>
</body>
</html>
`;

/* A file of its own, not an inline script: the portal's CSP allows scripts from 'self' only. */
const INIT = `window.ui = SwaggerUIBundle({
  url: '/api/v1/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  persistAuthorization: false,
  tryItOutEnabled: false,
});
`;

const FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

/**
 * The readable reference of /api/v1 at /api/v1/reference: Swagger UI over the generated OpenAPI
 * document, served from our own origin (no CDN), with "Authorize" for trying calls with a key.
 */
export function registerReferencePage(v1: FastifyInstance) {
  const dir = swaggerUiDir();
  v1.get('/reference', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(PAGE),
  );
  v1.get('/reference/init.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(INIT),
  );
  for (const [name, type] of Object.entries(FILES)) {
    v1.get(`/reference/${name}`, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type(type)
        .header('cache-control', 'public, max-age=86400')
        .send(fs.createReadStream(path.join(dir, name))),
    );
  }
}
