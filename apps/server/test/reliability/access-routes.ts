import * as addresses from '@partsportal/contract/addresses';
import * as audit from '@partsportal/contract/audit';
import * as auth from '@partsportal/contract/auth';
import * as cart from '@partsportal/contract/cart';
import * as catalog from '@partsportal/contract/catalog';
import * as checkout from '@partsportal/contract/checkout';
import * as customers from '@partsportal/contract/customers';
import * as dashboard from '@partsportal/contract/dashboard';
import type { Endpoint, Permission } from '@partsportal/contract/endpoint';
import * as finance from '@partsportal/contract/finance';
import * as freight from '@partsportal/contract/freight';
import * as inventory from '@partsportal/contract/inventory';
import * as notices from '@partsportal/contract/notices';
import * as orders from '@partsportal/contract/orders';
import * as payment from '@partsportal/contract/payment';
import * as purchasesDesk from '@partsportal/contract/purchases-desk';
import * as records from '@partsportal/contract/records';
import * as savedLists from '@partsportal/contract/saved-lists';
import * as staff from '@partsportal/contract/staff';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { PUBLIC_URLS } from '../../src/app';
import { sandboxCallbackEndpoint } from '../../src/modules/payment/payment.routes';
import { toFastifyPath } from '../../src/platform/endpoint-routes';

const isEndpoint = (value: unknown): value is Endpoint => {
  const v = value as Partial<Endpoint> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.path === 'string' &&
    (v.method === 'POST' || v.method === 'GET') &&
    v.permission !== undefined &&
    v.body !== undefined &&
    v.data !== undefined
  );
};

/** Every endpoint descriptor the contract exports (found by walking the modules, not listed by hand). */
export function contractEndpoints(): Endpoint[] {
  const modules = [
    addresses,
    audit,
    auth,
    cart,
    catalog,
    checkout,
    customers,
    dashboard,
    finance,
    freight,
    inventory,
    notices,
    orders,
    payment,
    purchasesDesk,
    records,
    savedLists,
    staff,
  ] as Record<string, unknown>[];
  const found = new Set<Endpoint>([sandboxCallbackEndpoint]);
  for (const module of modules) {
    for (const exported of Object.values(module)) {
      if (isEndpoint(exported)) found.add(exported);
      else if (typeof exported === 'object' && exported !== null) {
        for (const inner of Object.values(exported)) if (isEndpoint(inner)) found.add(inner);
      }
    }
  }
  return [...found];
}

/** Routes whose query string carries what the contract's descriptor does not model. */
export const QUERY_SCHEMAS: Record<string, z.ZodType> = {
  [addresses.addressEndpoints.deleteAddress.path]: addresses.deleteAddressQuerySchema,
};

export interface RouteUnderTest {
  method: string;
  /** Fastify URL with `:params`, including the API prefix. */
  url: string;
  permission: Permission | undefined;
  isPublic: boolean;
  /** The contract descriptor, when the route is one (JSON body, envelope answer). */
  endpoint: Endpoint | undefined;
}

/**
 * The server's own route table (filled by an onRoute hook in buildApp), joined with the contract.
 * The integrators' API (/api/v1, API keys) is left out: its operations declare key scopes and are
 * walked by modules/integration's tests (a buyer token there is a 401).
 */
export function routesUnderTest(app: FastifyInstance, apiPrefix: string): RouteUnderTest[] {
  const byKey = new Map<string, Endpoint>(
    contractEndpoints().map((e) => [`${e.method} ${apiPrefix}${toFastifyPath(e.path)}`, e]),
  );
  return (
    app.routeTable
      // Nor the reference page's static files (1.4 MB of Swagger UI): the fuzzer's leak scan of them crawls.
      .filter((route) => route.apiScopes === undefined && !route.url.startsWith('/api/v1/'))
      .map((route) => ({
        method: route.method,
        url: route.url,
        permission: route.permission,
        isPublic:
          route.permission === 'public' ||
          (route.permission === undefined && (PUBLIC_URLS as readonly string[]).includes(route.url)),
        endpoint: byKey.get(`${route.method} ${route.url}`),
      }))
  );
}

/** Replaces `:name` in a Fastify URL. */
export const fillParams = (url: string, params: Record<string, string | number>): string =>
  url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '1')));
