import type { Language } from '@partsportal/contract/codes';
import { normalizePartNumber } from '@partsportal/contract/part-number';
import {
  DASHBOARD_LIST_SIZE,
  MAX_DEMAND_EXPORT_ROWS,
  MAX_REPORT_MONTHS,
  MAX_SALES_REPORT_ROWS,
  type DemandReport,
  type OperatorDashboard,
  type ReportOptions,
  type SalesReport,
  type SalesReportRow,
  type demandReportRequestSchema,
  type salesReportRequestSchema,
} from '@partsportal/contract/reports';
import type { z } from 'zod';
import type { StaffContext } from '../../platform/auth-context';
import { refused } from '../../platform/errors';
import { ExactDecimal, money } from '../../platform/money';
import type { Repositories } from '../../repositories';
import { reportXlsx } from '../imports/import-files';
import type { DemandFilter, SalesFilter } from './reports.repository';
import { DEMAND_HEADERS, SALES_HEADERS } from './report-headers';

type SalesInput = z.output<typeof salesReportRequestSchema>;
type DemandInput = z.output<typeof demandReportRequestSchema>;

const DAY_MS = 86_400_000;
/** A miss is recorded with at most this much of what the buyer typed. */
const MAX_INPUT = 100;
/** Company codes a demand row names. */
const DEMAND_COMPANY_CODES = 5;

/** 'YYYY-MM' → the first day of that month, and of the month after `to`. */
export function monthBounds(from: string, to: string): { from: string; to: string; months: number } {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  const months = (ty - fy) * 12 + (tm - fm) + 1;
  const next = new Date(Date.UTC(ty, tm, 1)).toISOString().slice(0, 10);
  return { from: `${from}-01`, to: next, months };
}

/** What a buyer typed as the demand log keeps it: the normalized number, else the words lower-cased. */
export function demandKey(input: string): string {
  const key = normalizePartNumber(input);
  return key || input.normalize('NFKC').trim().toLowerCase().slice(0, MAX_INPUT);
}

/**
 * Reports read through `readRepos` (may be a moment stale: the replica when configured, decision
 * 027); the demand log's writes (misses, pruning) go to the primary through `repos`.
 */
export function createReportsService(deps: {
  repos: Repositories;
  readRepos: Repositories;
  now?: () => Date;
}) {
  const { reports } = deps.readRepos;
  const demandLog = deps.repos.reports;
  const now = deps.now ?? (() => new Date());

  function salesFilter(staff: StaffContext, body: SalesInput): SalesFilter {
    const bounds = monthBounds(body.month_from, body.month_to);
    if (bounds.months < 1 || bounds.months > MAX_REPORT_MONTHS)
      throw refused('reportMonthRange', { max: MAX_REPORT_MONTHS });
    return {
      accountId: staff.accountId,
      from: bounds.from,
      to: bounds.to,
      groupBy: body.group_by,
      companyIds: body.company_ids,
      brandIds: body.brand_ids,
      partTypeIds: body.part_type_ids,
    };
  }

  const demandFilter = (staff: StaffContext, body: Omit<DemandInput, 'page' | 'pageSize'>): DemandFilter => ({
    accountId: staff.accountId,
    from: body.dateFrom === undefined ? undefined : new Date(body.dateFrom * 1000),
    to: body.dateTo === undefined ? undefined : new Date(body.dateTo * 1000),
    source: body.source,
    companyId: body.company_id,
    keyword: body.keyword ? normalizePartNumber(body.keyword) || body.keyword.toLowerCase() : undefined,
  });

  async function salesReport(
    staff: StaffContext,
    body: SalesInput,
    language: Language,
  ): Promise<SalesReport> {
    const filter = salesFilter(staff, body);
    const [rows, currency] = await Promise.all([
      reports.salesFromSummary(filter, MAX_SALES_REPORT_ROWS + 1),
      reports.accountCurrency(staff.accountId),
    ]);
    const truncated = rows.length > MAX_SALES_REPORT_ROWS;
    const shown = rows.slice(0, MAX_SALES_REPORT_ROWS);
    const unique = (values: Array<number | null>) => [...new Set(values.filter((v): v is number => !!v))];
    const names = await reports.names(staff.accountId, language, {
      companies: unique(shown.map((row) => row.company_id)),
      brands: unique(shown.map((row) => row.brand_id)),
      partTypes: unique(shown.map((row) => row.part_type_id)),
    });
    const companies = new Map(names.companies.map((row) => [row.id, row]));
    const brands = new Map(names.brands.map((row) => [row.id, row.name]));
    const partTypes = new Map(names.partTypes.map((row) => [row.id, row.name]));
    let lines = 0;
    let qty = 0;
    let amount = new ExactDecimal(0);
    const out: SalesReportRow[] = shown.map((row) => {
      lines += row.lines;
      qty += row.qty;
      amount = amount.plus(row.amount);
      const company = row.company_id === null ? undefined : companies.get(row.company_id);
      return {
        month: row.month,
        company_id: row.company_id,
        company_code: row.company_id === null ? null : (company?.code ?? ''),
        company_name: row.company_id === null ? null : (company?.name ?? ''),
        brand_id: row.brand_id,
        brand: row.brand_id === null ? null : (brands.get(row.brand_id) ?? ''),
        part_type_id: row.part_type_id,
        part_type: row.part_type_id === null ? null : (partTypes.get(row.part_type_id) ?? ''),
        lines: row.lines,
        qty: row.qty,
        amount: money(row.amount),
      };
    });
    return { currency, rows: out, truncated, totals: { lines, qty, amount: money(amount) } };
  }

  async function demandReport(
    staff: StaffContext,
    body: Omit<DemandInput, 'page' | 'pageSize'>,
    page: { limit: number; offset: number },
  ): Promise<DemandReport> {
    const filter = demandFilter(staff, body);
    const rows = await reports.demandGroups(filter, page);
    const byKey = new Map<string, string[]>();
    for (const row of await reports.demandCompanies(
      filter,
      rows.map((row) => row.number_key),
    )) {
      const codes = byKey.get(row.number_key) ?? [];
      if (codes.length < DEMAND_COMPANY_CODES) codes.push(row.code);
      byKey.set(row.number_key, codes);
    }
    let total = rows[0]?.groups ?? 0;
    let misses = rows[0]?.misses ?? 0;
    if (rows.length === 0 && page.offset > 0) {
      // A page past the end still says how many there are.
      const first = await reports.demandGroups(filter, { limit: 1, offset: 0 });
      total = first[0]?.groups ?? 0;
      misses = first[0]?.misses ?? 0;
    }
    return {
      list: rows.map((row) => ({
        number_key: row.number_key,
        input: row.input,
        count: row.count,
        searches: row.searches,
        imports: row.imports,
        companies: row.companies,
        company_codes: byKey.get(row.number_key) ?? [],
        first_seen: Number(row.first_seen),
        last_seen: Number(row.last_seen),
      })),
      total,
      misses,
    };
  }

  return {
    async dashboard(staff: StaffContext, language: Language): Promise<OperatorDashboard> {
      const at = now();
      const start = new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
      const end = new Date(start.getTime() + DAY_MS);
      const day = start.toISOString().slice(0, 10);
      // One after another: a PGlite database serves one statement at a time anyway, and on
      // PostgreSQL each is a few index probes.
      const currency = await reports.accountCurrency(staff.accountId);
      const submitted = await reports.ordersEntered(staff.accountId, 'submitted', start, end);
      const confirmed = await reports.ordersEntered(staff.accountId, 'confirmed', start, end);
      const shipped = await reports.billsIn(staff.accountId, start, end);
      const overdue = await reports.overdueCompanies(staff.accountId, day);
      const low = await reports.lowStock(staff.accountId, language, DASHBOARD_LIST_SIZE);
      const figure = (row: { orders: number; amount: string }) => ({
        orders: row.orders,
        amount: money(row.amount),
      });
      return {
        currency,
        day,
        submitted: figure(submitted),
        confirmed: figure(confirmed),
        shipped: figure(shipped),
        overdue: overdue.slice(0, DASHBOARD_LIST_SIZE).map((row) => ({
          ...row,
          overdue: money(row.overdue),
          total_due: money(row.total_due),
        })),
        overdue_companies: overdue.length,
        overdue_total: money(overdue.reduce((sum, row) => sum.plus(row.overdue), new ExactDecimal(0))),
        low_stock: low.map(({ total: _total, ...row }) => row),
        low_stock_count: low[0]?.total ?? 0,
      };
    },

    salesReport,

    async options(staff: StaffContext, language: Language): Promise<ReportOptions> {
      const { brands, partTypes } = await reports.options(staff.accountId, language);
      return { brands, part_types: [...partTypes, { id: 0, name: SALES_HEADERS[language].noPartType }] };
    },

    /** The reference the tests compare the summary with: the same report over the sales lines. */
    salesDirect: (staff: StaffContext, body: SalesInput) => reports.salesDirect(salesFilter(staff, body)),

    async salesExport(staff: StaffContext, body: SalesInput, language: Language): Promise<Buffer> {
      const report = await salesReport(staff, body, language);
      const headers = SALES_HEADERS[language];
      const dims = body.group_by;
      const header = [
        ...(dims.includes('month') ? [headers.month] : []),
        ...(dims.includes('company') ? [headers.companyCode, headers.company] : []),
        ...(dims.includes('brand') ? [headers.brand] : []),
        ...(dims.includes('part_type') ? [headers.partType] : []),
        headers.lines,
        headers.qty,
        `${headers.amount} (${report.currency})`,
      ];
      const row = (r: SalesReportRow) => [
        ...(dims.includes('month') ? [r.month ?? ''] : []),
        ...(dims.includes('company') ? [r.company_code ?? '', r.company_name ?? ''] : []),
        ...(dims.includes('brand') ? [r.brand ?? ''] : []),
        ...(dims.includes('part_type') ? [r.part_type || headers.noPartType] : []),
        String(r.lines),
        String(r.qty),
        r.amount,
      ];
      const blanks = header.length - 3;
      const totals = [
        headers.total,
        ...Array.from({ length: blanks - 1 }, () => ''),
        String(report.totals.lines),
        String(report.totals.qty),
        report.totals.amount,
      ];
      return reportXlsx(header, [...report.rows.map(row), totals], 'sales');
    },

    demandReport: (staff: StaffContext, body: DemandInput) =>
      demandReport(staff, body, { limit: body.pageSize, offset: (body.page - 1) * body.pageSize }),

    async demandExport(
      staff: StaffContext,
      body: Omit<DemandInput, 'page' | 'pageSize'>,
      language: Language,
    ): Promise<Buffer> {
      const report = await demandReport(staff, body, { limit: MAX_DEMAND_EXPORT_ROWS, offset: 0 });
      const h = DEMAND_HEADERS[language];
      const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ');
      return reportXlsx(
        [
          h.number,
          h.input,
          h.count,
          h.searches,
          h.imports,
          h.companies,
          h.companyCodes,
          h.firstSeen,
          h.lastSeen,
        ],
        report.list.map((row) => [
          row.number_key,
          row.input,
          String(row.count),
          String(row.searches),
          String(row.imports),
          String(row.companies),
          row.company_codes.join(', '),
          `${day(row.first_seen)} UTC`,
          `${day(row.last_seen)} UTC`,
        ]),
        'demand',
      );
    },

    /**
     * A catalogue search that found nothing: one row. Only a keyword search without other
     * filters counts (a brand or in-stock filter that empties the list says nothing about demand).
     */
    async recordSearchMiss(auth: { accountId: number; companyId: number }, keyword: string) {
      const input = keyword.trim().slice(0, MAX_INPUT);
      if (!input) return;
      await demandLog.recordMisses([
        {
          accountId: auth.accountId,
          companyId: auth.companyId,
          numberKey: demandKey(input),
          input,
          source: 'search',
        },
      ]);
    },

    /** The not-found lines of a cart import (file or paste): one insert for all of them. */
    async recordImportMisses(auth: { accountId: number; companyId: number }, inputs: readonly string[]) {
      const rows = inputs.flatMap((raw) => {
        const input = raw.trim().slice(0, MAX_INPUT);
        return input
          ? [
              {
                accountId: auth.accountId,
                companyId: auth.companyId,
                numberKey: demandKey(input),
                input,
                source: 'import' as const,
              },
            ]
          : [];
      });
      await demandLog.recordMisses(rows);
    },

    pruneMisses: (before: Date) => demandLog.pruneMisses(before),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
