import type { StaticConfig } from '@partsportal/contract/static-config';
import { eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/accounts';

/** The account's title per language and logo: config.json, and /login's first screen (app.ts). */
export async function loadHomeBranding(database: Database, accountId: number) {
  const [account] = await database.db
    .select({ homeTitle: accounts.homeTitle, homeLogo: accounts.homeLogo })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return account;
}

/** Public, unauthenticated routes outside the API: health and the client's start-up config. */
export function registerSystemRoutes(app: FastifyInstance, deps: { config: Config; database: Database }) {
  const { config, database } = deps;

  // Liveness: the process serves requests. Cheap on purpose (load balancers poll it often).
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  // Readiness: the database answers too.
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return { status: 'ok', database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
  });

  app.get('/static/config.json', { schema: { hide: true } }, async (_request, reply) => {
    const account = await loadHomeBranding(database, config.accountId);
    const body: StaticConfig = {
      apiUrl: config.apiPrefix,
      account_id: config.accountId,
      ...(account?.homeTitle ? { homeTitle: account.homeTitle } : {}),
      ...(account?.homeLogo ? { homeLogo: account.homeLogo } : {}),
    };
    return reply.header('cache-control', 'no-cache').send(body);
  });
}
