import type {
  AgingBucket,
  FinanceAccount,
  PaymentDays,
  PaymentDetail,
  PaymentList,
  PaymentRecord,
  financeAccountRequestSchema,
  paymentListRequestSchema,
} from '@partsportal/contract/finance';
import type { Language } from '@partsportal/contract/codes';
import { MAX_OPEN_ITEMS, MAX_STATEMENT_PAGE_SIZE } from '@partsportal/contract/finance';
import { Decimal } from 'decimal.js';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth-context';
import { notFound } from '../../platform/errors';
import { noteIn } from '../../platform/messages';
import { money } from '../../platform/money';
import type { LedgerRow, PaymentRow } from './finance.repository';
import { renderStatementPdf, STATEMENT_PDF_MAX_ENTRIES } from './statement-pdf';
import type { Repositories } from '../../repositories';

const DAY_SECONDS = 86_400;

/** The aging bucket of a debit that is `days` past its due date. */
export function agingBucket(days: number): AgingBucket {
  if (days <= 0) return 'current';
  if (days <= 30) return 'd1_30';
  if (days <= 60) return 'd31_60';
  if (days <= 90) return 'd61_90';
  return 'over_90';
}

/** A stored remark in the reader's language: its key's text, else as written (decision 011). */
const remarkIn = (row: PaymentRow | LedgerRow, language: Language) =>
  noteIn({ note: row.remark, note_key: row.remark_key, note_params: row.remark_params }, language);

const toRecord = (row: PaymentRow, language: Language): PaymentRecord => ({
  id: row.id,
  date: row.date,
  no: row.no,
  amount: money(row.amount),
  cutmoney: money(row.cutmoney),
  currency: row.currency,
  method: row.method,
  remark: remarkIn(row, language),
  order_no: row.order_no,
  kind: row.kind,
});

/**
 * A company's payment-days aging as of `at`: its open items (with their ledger entry ids, which
 * the back office allocates payments to) in buckets by days overdue. Undefined for an unknown
 * company. The buyers' GetPaymentDays and the payments desk's credit panel both answer this.
 */
export async function agingOf(repos: Repositories, companyId: number, at: Date) {
  const summary = await repos.finance.accountSummary(companyId, {});
  if (!summary) return undefined;
  const todaySeconds = Math.floor(at.getTime() / 1000 / DAY_SECONDS) * DAY_SECONDS;
  const today = new Date(todaySeconds * 1000).toISOString().slice(0, 10);
  const items = await repos.finance.openItems(companyId, summary.payment_days, today);

  const buckets: Record<AgingBucket, Decimal> = {
    current: new Decimal(0),
    d1_30: new Decimal(0),
    d31_60: new Decimal(0),
    d61_90: new Decimal(0),
    over_90: new Decimal(0),
  };
  let total = new Decimal(0);
  const openItems = items.map((item) => {
    const bucket = agingBucket(item.days_overdue);
    buckets[bucket] = buckets[bucket].plus(item.open_amount);
    total = total.plus(item.open_amount);
    return {
      entry_id: item.entry_id,
      ref_no: item.ref_no,
      kind: item.kind,
      date: item.date,
      due_date: item.due_date,
      amount: money(item.amount),
      open_amount: money(item.open_amount),
      days_overdue: item.days_overdue,
      bucket,
    };
  });
  return {
    payment_days: summary.payment_days,
    currency: summary.currency,
    balance: summary.balance,
    total_due: money(total),
    overdue: money(total.minus(buckets.current)),
    buckets: {
      current: money(buckets.current),
      d1_30: money(buckets.d1_30),
      d31_60: money(buckets.d31_60),
      d61_90: money(buckets.d61_90),
      over_90: money(buckets.over_90),
    },
    open_items: openItems.slice(0, MAX_OPEN_ITEMS),
    open_count: openItems.length,
    as_of: todaySeconds,
  };
}

/** Statements and lists only: reads that may be stale (`readRepos`, decision 027). */
export function createFinanceService(deps: { readRepos: Repositories; now?: () => Date }) {
  const repo = deps.readRepos.finance;
  const now = deps.now ?? (() => new Date());

  const service = {
    async getPaymentList(
      auth: AuthContext,
      request: z.output<typeof paymentListRequestSchema>,
      language: Language,
    ): Promise<PaymentList> {
      const page = await repo.paymentPage(
        auth.companyId,
        {
          range: { from: request.dateFrom, to: request.dateTo },
          no: request.no,
          sort: request.sort,
          order: request.order,
        },
        request.page,
        request.pageSize,
      );
      return {
        list: page.list.map((row) => toRecord(row, language)),
        total: page.total,
        totals: { amount: money(page.amount), cutmoney: money(page.cutmoney) },
      };
    },

    async getPaymentDetail(auth: AuthContext, id: number, language: Language): Promise<PaymentDetail> {
      const row = await repo.payment(auth.companyId, id);
      if (!row) throw notFound();
      return { ...toRecord(row, language), order_id: row.order_id, created_at: row.created_at };
    },

    async getFinanceAccount(
      auth: AuthContext,
      request: z.output<typeof financeAccountRequestSchema>,
      language: Language,
    ): Promise<FinanceAccount> {
      const range = { from: request.dateFrom, to: request.dateTo };
      const summary = await repo.accountSummary(auth.companyId, range);
      if (!summary) throw notFound();
      const entries = await repo.statement(
        auth.companyId,
        range,
        summary.opening,
        request.page,
        request.pageSize,
      );
      const closing = new Decimal(summary.opening).plus(summary.debit).minus(summary.credit);
      return {
        currency: summary.currency,
        balance: money(summary.balance),
        credit_limit: money(summary.credit_limit),
        available_credit: money(new Decimal(summary.credit_limit).minus(summary.balance)),
        opening_balance: money(summary.opening),
        entries: entries.map((row) => ({
          id: row.id,
          date: row.date,
          kind: row.kind,
          ref_no: row.ref_no,
          debit: money(row.debit),
          credit: money(row.credit),
          running_balance: money(row.running_balance),
          due_date: row.due_date,
          remark: remarkIn(row, language),
        })),
        total: summary.count,
        closing_balance: money(closing),
        period_debit: money(summary.debit),
        period_credit: money(summary.credit),
      };
    },

    /** The statement as a PDF: every entry of the range (up to STATEMENT_PDF_MAX_ENTRIES). */
    async statementPdf(auth: AuthContext, range: { from?: number; to?: number }, language: Language) {
      const summary = await repo.accountSummary(auth.companyId, range);
      if (!summary) throw notFound();
      const account = await service.getFinanceAccount(
        auth,
        {
          ...(range.from !== undefined ? { dateFrom: range.from } : {}),
          ...(range.to !== undefined ? { dateTo: range.to } : {}),
          page: 1,
          pageSize: MAX_STATEMENT_PAGE_SIZE,
        },
        language,
      );
      // Further pages of the statement, as the page's own paging reads them.
      for (
        let page = 2;
        account.entries.length < Math.min(account.total, STATEMENT_PDF_MAX_ENTRIES);
        page++
      ) {
        const more = await service.getFinanceAccount(
          auth,
          {
            ...(range.from !== undefined ? { dateFrom: range.from } : {}),
            ...(range.to !== undefined ? { dateTo: range.to } : {}),
            page,
            pageSize: MAX_STATEMENT_PAGE_SIZE,
          },
          language,
        );
        if (more.entries.length === 0) break;
        account.entries.push(...more.entries);
      }
      account.entries.splice(STATEMENT_PDF_MAX_ENTRIES);
      return renderStatementPdf({ company: summary.company, account, range, language, now: now() });
    },

    async getPaymentDays(auth: AuthContext): Promise<PaymentDays> {
      const aging = await agingOf(deps.readRepos, auth.companyId, now());
      if (!aging) throw notFound();
      // The answer's schema strips what buyers do not see (entry ids, the balance).
      return aging;
    },
  };
  return service;
}

export type FinanceService = ReturnType<typeof createFinanceService>;
