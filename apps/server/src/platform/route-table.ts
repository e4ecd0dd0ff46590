import type { Permission } from '@partsportal/contract/endpoint';
import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
  permission: Permission | undefined;
  /** Routes of the integrators' API: the API-key scopes they need (their own deny-by-default). */
  apiScopes?: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, for the permission-declaration test and the access walk. */
    routeTable: RouteEntry[];
  }
}

/** Records every route as it is registered (before any route is), with its declared permission. */
export function installRouteTable(app: FastifyInstance): void {
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const operation = route.config?.operation;
      routeTable.push({
        method,
        url: route.url,
        permission: route.config?.permission,
        ...(operation ? { apiScopes: operation.scopes } : {}),
      });
    }
  });
}
