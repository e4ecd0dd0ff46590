import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/** Orders the wholesaler is working on: the dashboard's "executing orders". */
export const EXECUTING_STATES = ['submitted', 'credit_hold', 'confirmed', 'partially_delivered'] as const;
/** Orders that never became business (unpaid web checkouts, cancelled) stay out of the chart. */
export const CHART_EXCLUDED_STATES = ['pending_payment', 'cancelled'] as const;

export interface DashboardFigures {
  currency: string;
  debts: string | null;
  executing: number | null;
  /** [month 'YYYY-MM', amount] for months with orders; null when not asked. */
  order_months: Array<[string, string]> | null;
  delivery_months: Array<[string, string]> | null;
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

export function createDashboardRepository(db: Db) {
  return {
    /**
     * Every figure of the dashboard in one statement; each part only when asked for, so a
     * viewer's call costs nothing for figures it cannot see. The figures come from the summary
     * tables of migration 0005 (monthly order, delivery and ledger totals kept by triggers), a few
     * rows per month instead of a year of orders and deliveries per request.
     */
    async figures(
      companyId: number,
      want: { debts: boolean; orders: boolean; deliveries: boolean },
      window: { start: string; end: string },
    ): Promise<DashboardFigures | undefined> {
      const [row] = await queryRows<DashboardFigures>(
        db,
        sql`
        select c.currency,
          ${
            want.debts
              ? sql`(select coalesce(sum(l.debit - l.credit), 0) from ledger_totals l where l.company_id = c.id)::text`
              : sql`null`
          } as debts,
          ${
            want.orders
              ? sql`(select coalesce(sum(t.orders), 0) from order_month_totals t
                  where t.company_id = c.id and t.state in (${list(EXECUTING_STATES)}))::int`
              : sql`null::int`
          } as executing,
          ${
            want.orders
              ? sql`(select coalesce(json_agg(json_build_array(x.m, x.s)), '[]'::json) from (
                  select to_char(t.month, 'YYYY-MM') as m, sum(t.amount)::text as s
                  from order_month_totals t
                  where t.company_id = c.id and t.month >= ${window.start}::date and t.month < ${window.end}::date
                    and t.state not in (${list(CHART_EXCLUDED_STATES)})
                  group by 1 having sum(t.orders) <> 0) x)`
              : sql`null::json`
          } as order_months,
          ${
            want.deliveries
              ? sql`(select coalesce(json_agg(json_build_array(x.m, x.s)), '[]'::json) from (
                  select to_char(t.month, 'YYYY-MM') as m, sum(t.amount)::text as s
                  from delivery_month_totals t
                  where t.company_id = c.id and t.month >= ${window.start}::date and t.month < ${window.end}::date
                  group by 1 having sum(t.deliveries) <> 0) x)`
              : sql`null::json`
          } as delivery_months
        from companies c where c.id = ${companyId}`,
      );
      return row && { ...row, executing: row.executing === null ? null : Number(row.executing) };
    },

    /**
     * The same figures aggregated from the records themselves: the reference the summary tables
     * are checked against (tests, and a consistency check after a bulk load).
     */
    async figuresFromRecords(companyId: number, window: { start: string; end: string }) {
      const [row] = await queryRows<Omit<DashboardFigures, 'currency'>>(
        db,
        sql`
        select
          (select coalesce(sum(l.debit - l.credit), 0) from ledger_entries l where l.company_id = ${companyId})::text as debts,
          (select count(*) from orders o where o.company_id = ${companyId} and o.state in (${list(EXECUTING_STATES)}))::int as executing,
          (select coalesce(json_agg(json_build_array(x.m, x.s) order by x.m), '[]'::json) from (
            select to_char(date_trunc('month', o.bill_date at time zone 'UTC'), 'YYYY-MM') as m, sum(o.amount)::text as s
            from orders o
            where o.company_id = ${companyId} and o.bill_date >= ${window.start}::timestamptz
              and o.bill_date < ${window.end}::timestamptz and o.state not in (${list(CHART_EXCLUDED_STATES)})
            group by 1) x) as order_months,
          (select coalesce(json_agg(json_build_array(x.m, x.s) order by x.m), '[]'::json) from (
            select to_char(date_trunc('month', d.date at time zone 'UTC'), 'YYYY-MM') as m, sum(d.amount)::text as s
            from deliveries d
            where d.company_id = ${companyId} and d.date >= ${window.start}::timestamptz and d.date < ${window.end}::timestamptz
            group by 1) x) as delivery_months`,
      );
      return row;
    },
  };
}
