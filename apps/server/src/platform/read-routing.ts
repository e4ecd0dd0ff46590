import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routingScope, type ReplicaRouter, type RoutingScope } from '../db/read-replica';

declare module 'fastify' {
  interface FastifyRequest {
    /** The read replica's view of this request (decision 027); absent without a replica. */
    routing?: RoutingScope;
  }
}

/** Whose writes a request's reads must see: the buyer's company, or the staff member. */
function writerOf(request: FastifyRequest): string | undefined {
  const ctx = request.ctx as FastifyRequest['ctx'] | null;
  if (ctx?.auth) return `company:${ctx.auth.companyId}`;
  if (ctx?.staff) return `staff:${ctx.staff.staffId}`;
  return undefined;
}

/**
 * With a read replica (DATABASE_REPLICA_URL): each request runs its handler inside a routing
 * scope (AsyncLocalStorage), which the primary's connections mark when a statement may write and
 * the replica's router reads to keep the request's own reads on the primary. A request that
 * wrote moves its writer's fence to the primary's current WAL position **before** its answer is
 * sent, so the caller's next read — on any process — waits for the replica to pass it or reads
 * the primary. Without a replica nothing is installed.
 */
export function installReadRouting(app: FastifyInstance, replica: ReplicaRouter | undefined): void {
  if (!replica) return;
  // One log line per change of the replica's state, and one per read it failed.
  const onState = (change: { state: string; previous: string; lagMs: number; error?: string }) => {
    const line = { replica: change.state, previous: change.previous, lagMs: change.lagMs, err: change.error };
    if (change.state === 'healthy') app.log.info(line, 'read replica in use');
    else app.log.warn(line, `read replica ${change.state}: reads that may be stale go to the primary`);
  };
  const onReadFailed = (failure: { error: string }) =>
    app.log.warn({ err: failure.error }, 'read replica failed a read: answered from the primary');
  replica.on('state', onState);
  replica.on('readFailed', onReadFailed);
  app.addHook('onClose', async () => {
    replica.off('state', onState);
    replica.off('readFailed', onReadFailed);
  });
  // preHandler: after the session lookup (whose occasional touch is not the caller's write).
  app.addHook('preHandler', (request, _reply, done) => {
    const scope: RoutingScope = { writer: writerOf(request), wrote: false };
    request.routing = scope;
    routingScope.run(scope, done);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const scope = request.routing;
    if (scope?.wrote && scope.writer) {
      try {
        await replica.recordWrite(scope.writer);
      } catch (error) {
        // The write itself is done; without its fence the caller's next reads may come from the
        // replica for up to REPLICA_MAX_LAG_MS. Only possible when the primary fails right here.
        request.log.error(
          { err: error, writer: scope.writer },
          'read replica: could not record the fence of a write',
        );
      }
    }
    return payload;
  });
}
