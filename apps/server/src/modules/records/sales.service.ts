import type { z } from 'zod';
import type {
  SalesDetail,
  salesLineListRequestSchema,
  salesListRequestSchema,
} from '@partsportal/contract/records';
import type { AuthContext } from '../../platform/auth-context';
import { notFound } from '../../platform/errors';
import { partNumberPrefix, totalOf } from './records-query';
import type { Repositories } from '../../repositories';

type SalesListRequest = z.output<typeof salesListRequestSchema>;
type SalesLineListRequest = z.output<typeof salesLineListRequestSchema>;

export function createSalesService(deps: { repos: Repositories }) {
  const repo = deps.repos.sales;

  return {
    async list(auth: AuthContext, request: SalesListRequest) {
      const { page, pageSize, sort, order, partNumber, ...rest } = request;
      const filter = { ...rest, partNumberPrefix: partNumberPrefix(partNumber) };
      const [list, totals] = await Promise.all([
        repo.page(auth.companyId, filter, sort, order, page, pageSize),
        repo.totals(auth.companyId, filter),
      ]);
      return { list, total: totalOf(totals), totals };
    },

    async detail(auth: AuthContext, id: number): Promise<SalesDetail> {
      const header = await repo.find(auth.companyId, id);
      if (!header) throw notFound();
      return { header, lines: await repo.lines(auth.companyId, id) };
    },

    async lineList(auth: AuthContext, request: SalesLineListRequest) {
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
