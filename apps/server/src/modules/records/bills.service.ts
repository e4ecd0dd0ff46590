import type { RecordTotals, SortOrder } from '@partsportal/contract/records';
import type { Language } from '@partsportal/contract/codes';
import type { AuthContext } from '../../platform/auth-context';
import { notFound } from '../../platform/errors';
import { partNumberPrefix, totalOf, type BillFilter, type LineFilter } from './records-query';

/**
 * What a bill type's repository answers (sales and purchases today; the next bill type, e.g.
 * invoices, implements the same six queries and gets its service from createBillsService).
 */
export interface BillsRepository<Filter extends BillFilter, Sort, LineSort, Bill, Line, LineRow> {
  page(
    companyId: number,
    filter: Filter,
    sort: Sort,
    order: SortOrder,
    page: number,
    pageSize: number,
    language: Language,
  ): Promise<Bill[]>;
  totals(companyId: number, filter: Filter): Promise<RecordTotals[]>;
  find(companyId: number, id: number, language: Language): Promise<Bill | undefined>;
  lines(companyId: number, billId: number, language: Language): Promise<Line[]>;
  linePage(
    companyId: number,
    filter: LineFilter,
    sort: LineSort,
    order: SortOrder,
    page: number,
    pageSize: number,
    language: Language,
  ): Promise<LineRow[]>;
  lineCount(companyId: number, filter: LineFilter): Promise<number>;
}

/** A list request as the contract validates it: filters, paging, sorting, the part number as typed. */
type ListRequest<Filter, Sort> = Filter & {
  page: number;
  pageSize: number;
  sort: Sort;
  order: SortOrder;
  partNumber?: string | undefined;
};

/** The read-only bill lists, detail and line search, the same for every bill type. */
export function createBillsService<Filter extends BillFilter, Sort, LineSort, Bill, Line, LineRow>(
  repo: BillsRepository<Filter, Sort, LineSort, Bill, Line, LineRow>,
) {
  return {
    async list(auth: AuthContext, request: ListRequest<Filter, Sort>, language: Language) {
      const { page, pageSize, sort, order } = request;
      // The repository reads only its filter's fields, so the request itself carries them.
      const filter = { ...request, partNumberPrefix: partNumberPrefix(request.partNumber) };
      const [list, totals] = await Promise.all([
        repo.page(auth.companyId, filter, sort, order, page, pageSize, language),
        repo.totals(auth.companyId, filter),
      ]);
      return { list, total: totalOf(totals), totals };
    },

    async detail(auth: AuthContext, id: number, language: Language) {
      const header = await repo.find(auth.companyId, id, language);
      if (!header) throw notFound();
      return { header, lines: await repo.lines(auth.companyId, id, language) };
    },

    async lineList(auth: AuthContext, request: ListRequest<LineFilter, LineSort>, language: Language) {
      const { page, pageSize, sort, order } = request;
      const filter = { ...request, partNumberPrefix: partNumberPrefix(request.partNumber), language };
      const [list, total] = await Promise.all([
        repo.linePage(auth.companyId, filter, sort, order, page, pageSize, language),
        repo.lineCount(auth.companyId, filter),
      ]);
      return { list, total };
    },
  };
}
