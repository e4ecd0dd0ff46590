import type { ProductDetail } from '@partsportal/contract/catalog';
import { catalogEndpoints } from '@partsportal/contract/catalog';
import type { Language } from '@partsportal/contract/codes';
import { dashboardEndpoints, type Dashboard } from '@partsportal/contract/dashboard';
import type { Endpoint } from '@partsportal/contract/endpoint';
import type { AuthContext } from '../platform/auth-context';
import { holdsPermission } from '../platform/request-context';
import type { FirstAnswer } from './first-screen-pages';

/**
 * The first data request of a drawn page, answered with the page (decision 026, issue 18): the
 * dashboard's figures and the product detail, whose largest element (a figure, the picture)
 * needs them. The same services, permission and answer shape as the API call the page would
 * make — the endpoint's permission is checked here as the route's hook would, and the answer
 * goes through the endpoint's schema (unknown fields stripped) — so the client takes it as that
 * call's answer (app/boot-from-server.ts). Any failure: no answer, the page asks as before.
 */
export interface PageAnswerServices {
  dashboard: { getDashboard(auth: AuthContext, language: Language): Promise<Dashboard> };
  catalog: { productDetail(auth: AuthContext, id: number, language: Language): Promise<ProductDetail> };
}

export type PageFirstAnswer = (
  routePath: string,
  query: URLSearchParams,
  auth: AuthContext,
  language: Language,
) => Promise<FirstAnswer | undefined>;

async function answer<E extends Endpoint>(
  endpoint: E,
  path: string,
  auth: AuthContext,
  load: () => Promise<unknown>,
): Promise<FirstAnswer | undefined> {
  if (!holdsPermission(auth, endpoint.permission)) return undefined;
  return { path, body: {}, data: endpoint.data.parse(await load()) };
}

export function createPageFirstAnswer(services: PageAnswerServices): PageFirstAnswer {
  return async (routePath, query, auth, language) => {
    try {
      if (routePath === '/dashboard')
        return await answer(dashboardEndpoints.getDashboard, '/Web/GetDashboard', auth, () =>
          services.dashboard.getDashboard(auth, language),
        );
      if (routePath === '/product/detail') {
        // The page's own rule (product-detail-page.tsx): any other id shows its warning.
        const raw = query.get('id') ?? '';
        if (!/^\d{1,9}$/.test(raw) || Number(raw) <= 0) return undefined;
        const id = Number(raw);
        return await answer(catalogEndpoints.getProductDetail, `/Web/GetProductDetail/${id}`, auth, () =>
          services.catalog.productDetail(auth, id, language),
        );
      }
    } catch {
      // A missing product, a database hiccup: the page asks itself and shows what it shows.
    }
    return undefined;
  };
}
