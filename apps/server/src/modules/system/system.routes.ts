import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { createSystemRepository } from './system.repository';

/** Public, unauthenticated routes outside the API: liveness and readiness. */
export function registerSystemRoutes(
  app: FastifyInstance,
  deps: { repo: ReturnType<typeof createSystemRepository>; databaseKind: Database['kind'] },
) {
  const { repo, databaseKind } = deps;

  // Liveness: the process serves requests. Cheap on purpose (load balancers poll it often).
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  // Readiness: the database answers too.
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await repo.ping();
      return { status: 'ok', database: databaseKind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: databaseKind });
    }
  });
}
