import type { z } from 'zod';
import type {
  PurchaseDetail,
  purchaseLineListRequestSchema,
  purchaseListRequestSchema,
} from '@partsportal/contract/records';
import type { AuthContext } from '../../platform/auth-context';
import { notFound } from '../../platform/errors';
import { partNumberPrefix, totalOf } from './records-query';
import type { Repositories } from '../../repositories';

type PurchaseListRequest = z.output<typeof purchaseListRequestSchema>;
type PurchaseLineListRequest = z.output<typeof purchaseLineListRequestSchema>;

export function createPurchasesService(deps: { repos: Repositories }) {
  const repo = deps.repos.purchases;

  return {
    async list(auth: AuthContext, request: PurchaseListRequest) {
      const { page, pageSize, sort, order, partNumber, ...rest } = request;
      const filter = { ...rest, partNumberPrefix: partNumberPrefix(partNumber) };
      const [list, totals] = await Promise.all([
        repo.page(auth.companyId, filter, sort, order, page, pageSize),
        repo.totals(auth.companyId, filter),
      ]);
      return { list, total: totalOf(totals), totals };
    },

    async detail(auth: AuthContext, id: number): Promise<PurchaseDetail> {
      const header = await repo.find(auth.companyId, id);
      if (!header) throw notFound();
      return { header, lines: await repo.lines(auth.companyId, id) };
    },

    async lineList(auth: AuthContext, request: PurchaseLineListRequest) {
      const { page, pageSize, sort, order, partNumber, ...rest } = request;
      const filter = { ...rest, partNumberPrefix: partNumberPrefix(partNumber) };
      const [list, total] = await Promise.all([
        repo.linePage(auth.companyId, filter, sort, order, page, pageSize),
        repo.lineCount(auth.companyId, filter),
      ]);
      return { list, total };
    },
  };
}
