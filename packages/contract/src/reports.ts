import { z } from 'zod';
import { emptyBodySchema, idSchema, moneySchema, pageOf, pagingSchema, timestampSchema } from './common';
import { defineEndpoint, type StaffPermission } from './endpoint';

/**
 * The back office's operator dashboard and reports (issue 15 item 6, decision 024).
 *
 * Who sees what: the dashboard is the staff home, so sales and catalogue staff both open it
 * (today's orders, overdue debts and low stock are the morning's work of either); the sales
 * report shows what each customer bought and paid, so it is the sales role's (and the owner's);
 * the demand report tells what buyers looked for and did not find, which both sales (a quote to
 * the customer) and catalogue (what to list and stock) act on.
 */
export const DASHBOARD_STAFF: StaffPermission = { staff: ['sales', 'catalogue'] };
export const SALES_REPORT_STAFF: StaffPermission = { staff: ['sales'] };
export const DEMAND_REPORT_STAFF: StaffPermission = { staff: ['sales', 'catalogue'] };

/** How many companies and products the dashboard lists (the rest are counted). */
export const DASHBOARD_LIST_SIZE = 10;

/** A count and an amount of today's orders (UTC day). */
export const dayFigureSchema = z.object({ orders: z.number().int().nonnegative(), amount: moneySchema });
export type DayFigure = z.infer<typeof dayFigureSchema>;

export const overdueCompanySchema = z.object({
  company_id: z.number().int(),
  company_code: z.string(),
  company_name: z.string(),
  payment_days: z.number().int(),
  /** Open debits past their due date (payment days after the bill). */
  overdue: moneySchema,
  /** Everything still open, due or not. */
  total_due: moneySchema,
  /** Days the oldest overdue debit is past due. */
  oldest_days: z.number().int(),
});
export type OverdueCompany = z.infer<typeof overdueCompanySchema>;

export const lowStockProductSchema = z.object({
  product_id: z.number().int(),
  number: z.string(),
  part_name: z.string(),
  brand: z.string(),
  /** Available over every store. */
  available: z.number().int(),
  /** Ordered in the last month (the catalogue's `salecount`). */
  monthly_qty: z.number().int(),
});
export type LowStockProduct = z.infer<typeof lowStockProductSchema>;

export const operatorDashboardSchema = z.object({
  currency: z.string(),
  /** The UTC day the figures count (YYYY-MM-DD). */
  day: z.string(),
  /** Orders submitted today (paid on account or online, or sent by the ERP). */
  submitted: dayFigureSchema,
  /** Orders staff confirmed today. */
  confirmed: dayFigureSchema,
  /** Sales bills (shipments) written today: orders = bills, amount = their amount. */
  shipped: dayFigureSchema,
  /** Companies with overdue debts, the most overdue first. */
  overdue: z.array(overdueCompanySchema),
  overdue_companies: z.number().int().nonnegative(),
  overdue_total: moneySchema,
  /**
   * Active products with less available (all stores) than a month of orders, the most ordered
   * first.
   */
  low_stock: z.array(lowStockProductSchema),
  low_stock_count: z.number().int().nonnegative(),
});
export type OperatorDashboard = z.infer<typeof operatorDashboardSchema>;

/** A month, `YYYY-MM`. */
export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month');

export const SALES_DIMENSIONS = ['month', 'company', 'brand', 'part_type'] as const;
export type SalesDimension = (typeof SALES_DIMENSIONS)[number];

/** Months a report may span at most (the chart and the table stay readable). */
export const MAX_REPORT_MONTHS = 36;

export const salesReportRequestSchema = z.strictObject({
  /** First and last month, inclusive. */
  month_from: monthSchema,
  month_to: monthSchema,
  /** What the rows are grouped by, in this order; at least one. */
  group_by: z
    .array(z.enum(SALES_DIMENSIONS))
    .min(1)
    .max(SALES_DIMENSIONS.length)
    .refine((list) => new Set(list).size === list.length, 'unique')
    .default(['month', 'company']),
  company_ids: z.array(idSchema).max(100).optional(),
  brand_ids: z.array(idSchema).max(100).optional(),
  /** 0 = products without a part type. */
  part_type_ids: z.array(z.number().int().nonnegative().max(2_147_483_647)).max(100).optional(),
});
export type SalesReportRequest = z.input<typeof salesReportRequestSchema>;

/** A row of the sales report: the grouped dimensions are set, the others are null. */
export const salesReportRowSchema = z.object({
  month: z.string().nullable(),
  company_id: z.number().int().nullable(),
  company_code: z.string().nullable(),
  company_name: z.string().nullable(),
  brand_id: z.number().int().nullable(),
  brand: z.string().nullable(),
  /** 0 = no part type. */
  part_type_id: z.number().int().nullable(),
  part_type: z.string().nullable(),
  /** Sales lines (a return counts negative). */
  lines: z.number().int(),
  qty: z.number().int(),
  amount: moneySchema,
});
export type SalesReportRow = z.infer<typeof salesReportRowSchema>;

/** At most this many rows come back; `truncated` says when there were more. */
export const MAX_SALES_REPORT_ROWS = 5_000;

export const salesReportSchema = z.object({
  currency: z.string(),
  rows: z.array(salesReportRowSchema),
  truncated: z.boolean(),
  totals: z.object({ lines: z.number().int(), qty: z.number().int(), amount: moneySchema }),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

export const DEMAND_SOURCES = ['search', 'import'] as const;
export type DemandSource = (typeof DEMAND_SOURCES)[number];
/** How long a miss is kept (housekeeping deletes older ones). */
export const DEMAND_KEPT_MONTHS = 13;

export const demandReportRequestSchema = pagingSchema.extend({
  dateFrom: timestampSchema.optional(),
  dateTo: timestampSchema.optional(),
  source: z.enum(DEMAND_SOURCES).optional(),
  company_id: idSchema.optional(),
  /** Part of the normalized number. */
  keyword: z.string().trim().max(64).default(''),
});
export type DemandReportRequest = z.input<typeof demandReportRequestSchema>;

export const demandRowSchema = z.object({
  /** Normalized: upper case, letters and digits only. */
  number_key: z.string(),
  /** The latest spelling a buyer typed. */
  input: z.string(),
  /** Times looked for (searches + import lines). */
  count: z.number().int(),
  searches: z.number().int(),
  imports: z.number().int(),
  companies: z.number().int(),
  /** Codes of the companies that looked for it (the first few, most frequent first). */
  company_codes: z.array(z.string()),
  first_seen: timestampSchema,
  last_seen: timestampSchema,
});
export type DemandRow = z.infer<typeof demandRowSchema>;

export const demandReportSchema = pageOf(demandRowSchema).extend({
  /** Misses over the filter (Σ count of every row, not only this page). */
  misses: z.number().int(),
});
export type DemandReport = z.infer<typeof demandReportSchema>;

/**
 * Not JSON calls: GET with the filters as query parameters (arrays comma-separated; Token header)
 * → xlsx of the same rows in the reader's language.
 */
export const SALES_REPORT_EXPORT_PATH = '/Admin/Reports/Sales/Export';
export const DEMAND_REPORT_EXPORT_PATH = '/Admin/Reports/Demand/Export';
/** Rows a demand export holds at most. */
export const MAX_DEMAND_EXPORT_ROWS = 20_000;

/** The sales report's filter choices. */
export const reportOptionsSchema = z.object({
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Names in the reader's language; id 0 = no part type. */
  part_types: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ReportOptions = z.infer<typeof reportOptionsSchema>;

export const reportsEndpoints = {
  dashboard: defineEndpoint({
    method: 'POST',
    path: '/Admin/Reports/Dashboard',
    summary:
      "The staff home: today's submitted, confirmed and shipped orders with amounts, companies with overdue debts, and products low on stock.",
    permission: DASHBOARD_STAFF,
    body: emptyBodySchema,
    data: operatorDashboardSchema,
  }),
  sales: defineEndpoint({
    method: 'POST',
    path: '/Admin/Reports/Sales',
    summary:
      'Sales (shipped bills) by month, company, brand and part type over a range of months, read from the sales summary kept on write.',
    permission: SALES_REPORT_STAFF,
    body: salesReportRequestSchema,
    data: salesReportSchema,
  }),
  options: defineEndpoint({
    method: 'POST',
    path: '/Admin/Reports/Options',
    summary: "The sales report's filter choices: the account's brands and part types.",
    permission: SALES_REPORT_STAFF,
    body: emptyBodySchema,
    data: reportOptionsSchema,
  }),
  demand: defineEndpoint({
    method: 'POST',
    path: '/Admin/Reports/Demand',
    summary:
      'Part numbers buyers searched or imported and did not find: how often, by which companies, when last; most asked first.',
    permission: DEMAND_REPORT_STAFF,
    body: demandReportRequestSchema,
    data: demandReportSchema,
  }),
} as const;
