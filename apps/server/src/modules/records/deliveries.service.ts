import type { z } from 'zod';
import type { DeliveryDetail, deliveryListRequestSchema } from '@partsportal/contract/records';
import type { Language } from '@partsportal/contract/codes';
import type { AuthContext } from '../../platform/auth-context';
import { notFound } from '../../platform/errors';
import { totalOf } from './records-query';
import type { Repositories } from '../../repositories';

type DeliveryListRequest = z.output<typeof deliveryListRequestSchema>;

export function createDeliveriesService(deps: { repos: Repositories }) {
  const repo = deps.repos.deliveries;

  return {
    async list(auth: AuthContext, request: DeliveryListRequest, language: Language) {
      const { page, pageSize, sort, order, ...filter } = request;
      // Page and totals are independent reads; the count comes from the totals query.
      const [list, totals] = await Promise.all([
        repo.page(auth.companyId, filter, sort, order, page, pageSize, language),
        repo.totals(auth.companyId, filter),
      ]);
      return { list, total: totalOf(totals), totals };
    },

    async detail(auth: AuthContext, id: number, language: Language): Promise<DeliveryDetail> {
      const header = await repo.find(auth.companyId, id, language);
      if (!header) throw notFound();
      const [lines, orders] = await Promise.all([
        repo.lines(auth.companyId, id, language),
        repo.fulfilledOrders(auth.companyId, id),
      ]);
      return { header, lines, orders };
    },
  };
}
