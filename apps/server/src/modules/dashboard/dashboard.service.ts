import type { Language } from '@partsportal/contract/codes';
import { DASHBOARD_MONTHS, DASHBOARD_NOTICES, type Dashboard } from '@partsportal/contract/dashboard';
import { MENU_CODES } from '@partsportal/contract/endpoint';
import { Decimal } from 'decimal.js';
import type { AuthContext } from '../../platform/auth-context';
import { notFound } from '../../platform/errors';
import { holdsPermission } from '../../platform/request-context';
import { money } from '../../platform/money';
import type { Repositories } from '../../repositories';

/** The chart's months ('YYYY-MM', UTC), oldest first, ending with the month of `now`, and their bounds. */
export function chartWindow(now: Date, count = DASHBOARD_MONTHS) {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const months: string[] = [];
  for (let i = count - 1; i >= 0; i -= 1) {
    const d = new Date(Date.UTC(year, month - i, 1));
    months.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return {
    months,
    start: new Date(Date.UTC(year, month - (count - 1), 1)).toISOString(),
    end: new Date(Date.UTC(year, month + 1, 1)).toISOString(),
  };
}

/** Sums by month onto the chart's months; months without records are 0. */
const series = (months: readonly string[], sums: Array<[string, string]>) => {
  const byMonth = new Map(sums);
  return months.map((m) => money(byMonth.get(m) ?? 0));
};

/** Read-only: may be a moment stale (`readRepos`, decision 027); the caller's own writes show. */
export function createDashboardService(deps: { readRepos: Repositories; now?: () => Date }) {
  const { dashboard: repo, cart, notices } = deps.readRepos;
  const now = deps.now ?? (() => new Date());

  return {
    async getDashboard(auth: AuthContext, language: Language): Promise<Dashboard> {
      const may = {
        debts: holdsPermission(auth, [MENU_CODES.financeAccount, MENU_CODES.paymentDays]),
        deliveries: holdsPermission(auth, [MENU_CODES.deliveryRecord]),
        orders: holdsPermission(auth, [MENU_CODES.orderSearch]),
        notices: holdsPermission(auth, [MENU_CODES.notice]),
        cart: holdsPermission(auth, [MENU_CODES.cart]),
      };
      const window = chartWindow(now());
      const scope = { accountId: auth.accountId, companyId: auth.companyId, userId: auth.userId };
      const [figures, carts, feed] = await Promise.all([
        repo.figures(auth.companyId, may, window),
        may.cart ? cart.countItems(auth.userId, auth.companyId) : null,
        may.notices ? notices.latest(scope, language, DASHBOARD_NOTICES) : null,
      ]);
      if (!figures) throw notFound();
      const deliveryAmounts = figures.delivery_months && series(window.months, figures.delivery_months);
      return {
        currency: figures.currency,
        debts: figures.debts === null ? null : money(figures.debts),
        amount_delivered:
          deliveryAmounts && money(deliveryAmounts.reduce((sum, v) => sum.plus(v), new Decimal(0))),
        executing_orders: figures.executing,
        carts,
        notices:
          feed &&
          feed.map((n) => ({
            id: n.id,
            title: n.title,
            published_at: n.published_at,
            is_pinned: n.is_pinned,
            is_read: n.is_read,
          })),
        chart: {
          months: window.months,
          order_amounts: figures.order_months && series(window.months, figures.order_months),
          delivery_amounts: deliveryAmounts,
        },
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
