import { z } from 'zod';
import { emptyBodySchema, idSchema, moneySchema, timestampSchema } from './common';
import { defineEndpoint } from './endpoint';

/** Months on the dashboard chart, ending with the current month. */
export const DASHBOARD_MONTHS = 12;
/** Notices in the dashboard feed. */
export const DASHBOARD_NOTICES = 5;

export const dashboardNoticeSchema = z.object({
  id: idSchema,
  title: z.string(),
  published_at: timestampSchema,
  is_pinned: z.boolean(),
  is_read: z.boolean(),
});
export type DashboardNotice = z.infer<typeof dashboardNoticeSchema>;

/**
 * Each figure is null when the user lacks the menu it belongs to (admin sees all):
 * debts 1004 or 1005, amount_delivered and delivery_amounts 1003, executing_orders and
 * order_amounts 1002, carts 1006, notices 1007. Months are calendar months in UTC.
 */
export const dashboardSchema = z.object({
  /** The company's currency; every amount is in it. */
  currency: z.string(),
  /** Σ debit − Σ credit of the ledger (= GetFinanceAccount balance). */
  debts: moneySchema.nullable(),
  /** Σ of deliveries in the chart's 12 months (= Σ chart.delivery_amounts). */
  amount_delivered: moneySchema.nullable(),
  /** Orders in submitted, confirmed or partially_delivered. */
  executing_orders: z.number().int().nonnegative().nullable(),
  /** Items in the user's cart (as the navbar badge). */
  carts: z.number().int().nonnegative().nullable(),
  /** Latest notices (pinned ones are not lifted here: newest first). */
  notices: z.array(dashboardNoticeSchema).nullable(),
  chart: z.object({
    /** 'YYYY-MM', oldest first, 12 entries ending with this month. */
    months: z.array(z.string()),
    /** Σ order amounts (goods, without freight) by bill month; pending_payment and cancelled left out. */
    order_amounts: z.array(moneySchema).nullable(),
    /** Σ delivery amounts by delivery month. */
    delivery_amounts: z.array(moneySchema).nullable(),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const dashboardEndpoints = {
  getDashboard: defineEndpoint({
    method: 'POST',
    path: '/Web/GetDashboard',
    summary: 'Figures of the home page; each only when the user holds its menu.',
    permission: 'signed-in',
    body: emptyBodySchema,
    data: dashboardSchema,
  }),
} as const;
