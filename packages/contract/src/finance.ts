import { z } from 'zod';
import { emptyBodySchema, idSchema, moneySchema, pageOf, pagingSchema, timestampSchema } from './common';
import { defineEndpoint, MENU_CODES } from './endpoint';

/** Path parameter `{id}` of the detail calls. */
export const recordIdParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/**
 * Date range of the finance lists: 10-digit seconds, both ends inclusive (send the start of the
 * first day and the last second of the last day of the range in the user's zone).
 */
const dateRangeFields = {
  dateFrom: timestampSchema.optional(),
  dateTo: timestampSchema.optional(),
};

export const PAYMENT_SORTS = ['date', 'no', 'amount', 'cutmoney'] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number];

export const paymentListRequestSchema = pagingSchema.extend({
  ...dateRangeFields,
  /** Part of the payment number, case-insensitive. */
  no: z.string().trim().max(64).optional(),
  sort: z.enum(PAYMENT_SORTS).default('date'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type PaymentListRequest = z.input<typeof paymentListRequestSchema>;

/** A row of the payment history (spec §3: date, no, amount, cutmoney, remark). */
export const paymentRecordSchema = z.object({
  id: idSchema,
  date: timestampSchema,
  no: z.string(),
  amount: moneySchema,
  /** Discount / deduction granted with the payment. */
  cutmoney: moneySchema,
  currency: z.string(),
  /** wechat, alipay, qr, sandbox, account, bank … */
  method: z.string(),
  remark: z.string(),
  /** The order the payment paid, when it paid one. */
  order_no: z.string().nullable(),
  /**
   * payment; refund: money paid back of an online payment (negative amount, decision 025); void:
   * the counter entry of a payment recorded in error (negative amount).
   */
  kind: z.enum(['payment', 'refund', 'void']),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

export const paymentListSchema = pageOf(paymentRecordSchema).extend({
  /** Sums over every payment matching the filter (not only the page). */
  totals: z.object({ amount: moneySchema, cutmoney: moneySchema }),
});
export type PaymentList = z.infer<typeof paymentListSchema>;

export const paymentDetailSchema = paymentRecordSchema.extend({
  order_id: idSchema.nullable(),
  created_at: timestampSchema,
});
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;

/** Largest page of statement entries. */
export const MAX_STATEMENT_PAGE_SIZE = 500;

export const financeAccountRequestSchema = z.strictObject({
  ...dateRangeFields,
  page: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.number().int().min(1).max(MAX_STATEMENT_PAGE_SIZE).default(50),
});
export type FinanceAccountRequest = z.input<typeof financeAccountRequestSchema>;

/** sale (an invoice), payment, adjustment, opening. */
export const ledgerEntrySchema = z.object({
  id: idSchema,
  date: timestampSchema,
  kind: z.string(),
  ref_no: z.string(),
  debit: moneySchema,
  credit: moneySchema,
  /** Balance after this entry: opening_balance + Σ(debit − credit) up to and including it. */
  running_balance: moneySchema,
  due_date: timestampSchema.nullable(),
  remark: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const financeAccountSchema = z.object({
  currency: z.string(),
  /** Debts now: Σ debit − Σ credit over the whole ledger (independent of the range). */
  balance: moneySchema,
  credit_limit: moneySchema,
  /** credit_limit − balance (may be negative). */
  available_credit: moneySchema,
  /** Balance before dateFrom (0 without dateFrom). */
  opening_balance: moneySchema,
  /** The range's entries in (date, id) order, paged. */
  entries: z.array(ledgerEntrySchema),
  /** Entries in the range. */
  total: z.number().int().nonnegative(),
  /** Balance at the end of the range: opening_balance + Σ(debit − credit) of the range. */
  closing_balance: moneySchema,
  /** Σ debit and Σ credit of the range. */
  period_debit: moneySchema,
  period_credit: moneySchema,
});
export type FinanceAccount = z.infer<typeof financeAccountSchema>;

export const AGING_BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'over_90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export const openItemSchema = z.object({
  ref_no: z.string(),
  kind: z.string(),
  date: timestampSchema,
  /** date + payment days when the ledger row has none. */
  due_date: timestampSchema,
  amount: moneySchema,
  /** What is still owed of it after FIFO allocation of the credits. */
  open_amount: moneySchema,
  /** Whole days past the due date as of today (UTC dates); ≤ 0 = not due yet. */
  days_overdue: z.number().int(),
  bucket: z.enum(AGING_BUCKETS),
});
export type OpenItem = z.infer<typeof openItemSchema>;

/**
 * Aging rule: a debit first takes what a payment was allocated to it (the payments desk); every
 * other credit of the ledger (payments, credit notes) pays the oldest debits first (FIFO by entry
 * date, then id); what remains of each debit is an open item, put in a bucket by
 * the days between its due date and today: ≤ 0 current, 1–30, 31–60, 61–90, > 90.
 * total_due = Σ open amounts = max(0, balance).
 */
export const paymentDaysSchema = z.object({
  payment_days: z.number().int(),
  currency: z.string(),
  total_due: moneySchema,
  /** Part of total_due that is past its due date. */
  overdue: moneySchema,
  buckets: z.object({
    current: moneySchema,
    d1_30: moneySchema,
    d31_60: moneySchema,
    d61_90: moneySchema,
    over_90: moneySchema,
  }),
  /** Oldest first; at most MAX_OPEN_ITEMS (the buckets always cover all of them). */
  open_items: z.array(openItemSchema),
  /** Number of open items in all. */
  open_count: z.number().int().nonnegative(),
  /** 'Today' of the aging, seconds (start of the UTC day). */
  as_of: timestampSchema,
});
export type PaymentDays = z.infer<typeof paymentDaysSchema>;
export const MAX_OPEN_ITEMS = 500;

/**
 * GET link (an <a download>, so the token comes as `?token=`; `lng` picks the language): the
 * statement of the Finance account page as a PDF — `dateFrom`/`dateTo` in seconds as there.
 */
export const FINANCE_STATEMENT_PDF_PATH = '/Web/GetFinanceStatementPdf';
export const financeStatementPdfQuerySchema = z.object({
  dateFrom: z.coerce.number().int().min(0).max(4_102_444_800).optional(),
  dateTo: z.coerce.number().int().min(0).max(4_102_444_800).optional(),
  lng: z.enum(['zh', 'en', 'es']).optional(),
  token: z.string().max(128).optional(),
});

/** The finance menu shows with either code; the payment history goes with it (spec: /Payment has no code). */
export const FINANCE_MENU_CODES = [MENU_CODES.financeAccount, MENU_CODES.paymentDays] as const;

export const financeEndpoints = {
  getPaymentList: defineEndpoint({
    method: 'POST',
    path: '/Web/GetPaymentList',
    summary: "The company's payments: date range, number filter, sorting, paging and totals.",
    permission: FINANCE_MENU_CODES,
    body: paymentListRequestSchema,
    data: paymentListSchema,
  }),
  getPaymentDetail: defineEndpoint({
    method: 'POST',
    path: '/Web/GetPaymentDetail/{id}',
    summary: 'One payment of the company.',
    permission: FINANCE_MENU_CODES,
    body: emptyBodySchema,
    params: recordIdParamsSchema,
    data: paymentDetailSchema,
  }),
  getFinanceAccount: defineEndpoint({
    method: 'POST',
    path: '/Web/GetFinanceAccount',
    summary:
      'Balance, credit limit and a statement of ledger entries with running balance over a date range.',
    permission: [MENU_CODES.financeAccount],
    body: financeAccountRequestSchema,
    data: financeAccountSchema,
  }),
  getPaymentDays: defineEndpoint({
    method: 'POST',
    path: '/Web/GetPaymentDays',
    summary: 'Payment terms and the amounts due by due date in aging buckets (FIFO allocation of credits).',
    permission: [MENU_CODES.paymentDays],
    body: emptyBodySchema,
    data: paymentDaysSchema,
  }),
} as const;
