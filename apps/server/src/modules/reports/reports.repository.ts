import type { Language } from '@partsportal/contract/codes';
import type { DemandSource, SalesDimension } from '@partsportal/contract/reports';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { epochSeconds } from '../../db/epoch';
import { containsPattern } from '../../db/like-patterns';

export interface DayFigureRow {
  orders: number;
  amount: string;
}

export interface OverdueRow {
  company_id: number;
  company_code: string;
  company_name: string;
  payment_days: number;
  overdue: string;
  total_due: string;
  oldest_days: number;
}

export interface LowStockRow {
  product_id: number;
  number: string;
  part_name: string;
  brand: string;
  available: number;
  monthly_qty: number;
  total: number;
}

export interface SalesSumRow {
  month: string | null;
  company_id: number | null;
  brand_id: number | null;
  part_type_id: number | null;
  lines: number;
  qty: number;
  amount: string;
}

export interface SalesFilter {
  accountId: number;
  /** First day of the first month, first day of the month after the last (YYYY-MM-DD). */
  from: string;
  to: string;
  groupBy: readonly SalesDimension[];
  companyIds?: readonly number[] | undefined;
  brandIds?: readonly number[] | undefined;
  /** 0 = no part type. */
  partTypeIds?: readonly number[] | undefined;
}

export interface DemandFilter {
  accountId: number;
  from?: Date | undefined;
  to?: Date | undefined;
  source?: DemandSource | undefined;
  companyId?: number | undefined;
  keyword?: string | undefined;
}

export interface DemandMiss {
  accountId: number;
  companyId: number;
  numberKey: string;
  input: string;
  source: DemandSource;
}

export interface DemandGroupRow {
  number_key: string;
  input: string;
  count: number;
  searches: number;
  imports: number;
  companies: number;
  first_seen: number;
  last_seen: number;
  groups: number;
  misses: number;
}

const ids = (values: readonly number[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

const nameColumn = (language: Language) =>
  sql.raw(language === 'zh' ? 'name_zh' : language === 'es' ? 'name_es' : 'name_en');

/** The summary's column per dimension, as the sales report groups it. */
const SUMMARY_COLUMNS: Record<SalesDimension, SQL> = {
  month: sql`to_char(t.month, 'YYYY-MM')`,
  company: sql`t.company_id`,
  brand: sql`t.brand_id`,
  part_type: sql`coalesce(t.part_type_id, 0)`,
};
/** The same per dimension over the sales lines themselves (the reference the tests compare with). */
const DIRECT_COLUMNS: Record<SalesDimension, SQL> = {
  month: sql`to_char(date_trunc('month', b.bill_date at time zone 'UTC'), 'YYYY-MM')`,
  company: sql`l.company_id`,
  brand: sql`p.brand_id`,
  part_type: sql`coalesce(p.part_type_id, 0)`,
};
const DIMENSION_NAMES: Record<SalesDimension, string> = {
  month: 'month',
  company: 'company_id',
  brand: 'brand_id',
  part_type: 'part_type_id',
};

function groupedSelect(columns: Record<SalesDimension, SQL>, groupBy: readonly SalesDimension[]) {
  const all: SalesDimension[] = ['month', 'company', 'brand', 'part_type'];
  return sql.join(
    all.map((dimension) =>
      groupBy.includes(dimension)
        ? sql`${columns[dimension]} as ${sql.raw(DIMENSION_NAMES[dimension])}`
        : sql`null as ${sql.raw(DIMENSION_NAMES[dimension])}`,
    ),
    sql`, `,
  );
}

const groupPositions = (groupBy: readonly SalesDimension[]) =>
  sql.raw(
    (['month', 'company', 'brand', 'part_type'] as const)
      .flatMap((dimension, index) => (groupBy.includes(dimension) ? [String(index + 1)] : []))
      .join(', ') || '()',
  );

function demandWhere(filter: DemandFilter): SQL {
  const parts: SQL[] = [sql`m.account_id = ${filter.accountId}`];
  if (filter.from) parts.push(sql`m.at >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.to) parts.push(sql`m.at < ${filter.to.toISOString()}::timestamptz`);
  if (filter.source) parts.push(sql`m.source = ${filter.source}`);
  if (filter.companyId) parts.push(sql`m.company_id = ${filter.companyId}`);
  if (filter.keyword) parts.push(sql`m.number_key like ${containsPattern(filter.keyword)}`);
  return sql.join(parts, sql` and `);
}

export function createReportsRepository(db: Db) {
  return {
    async accountCurrency(accountId: number): Promise<string> {
      const [row] = await queryRows<{ currency: string }>(
        db,
        sql`select coalesce((select currency from companies where account_id = ${accountId}
          group by currency order by count(*) desc limit 1), 'CNY') as currency`,
      );
      return row?.currency ?? 'CNY';
    },

    /**
     * Orders that entered `state` in [start, end): distinct orders and the sum of their amounts.
     * Reads order_events by (to_state, created_at) (migration 0029's index).
     */
    async ordersEntered(accountId: number, state: string, start: Date, end: Date): Promise<DayFigureRow> {
      const [row] = await queryRows<DayFigureRow>(
        db,
        sql`select count(*)::int as orders, coalesce(sum(o.amount), 0)::text as amount
          from orders o
          where o.account_id = ${accountId} and o.id in (
            select e.order_id from order_events e
            where e.to_state = ${state} and e.created_at >= ${start.toISOString()}::timestamptz
              and e.created_at < ${end.toISOString()}::timestamptz)`,
      );
      return row!;
    },

    /** Sales bills dated in [start, end): one probe of (company_id, bill_date) per company. */
    async billsIn(accountId: number, start: Date, end: Date): Promise<DayFigureRow> {
      const [row] = await queryRows<DayFigureRow>(
        db,
        sql`select count(b.id)::int as orders, coalesce(sum(b.amount), 0)::text as amount
          from companies c join sales_bills b on b.company_id = c.id
          where c.account_id = ${accountId} and b.bill_date >= ${start.toISOString()}::timestamptz
            and b.bill_date < ${end.toISOString()}::timestamptz`,
      );
      return row!;
    },

    /**
     * Every company of the account with an overdue debit as of `today`, by the same rule as the
     * buyers' payment-days aging (finance.repository `openItems`): allocated payments settle
     * their debits first, the other credits pay the oldest debits; a debit is due `payment_days`
     * after its date when it has no due date. Only companies whose ledger summary (0005's
     * ledger_totals) shows a positive balance are looked at, so settled companies cost nothing.
     */
    async overdueCompanies(accountId: number, today: string): Promise<OverdueRow[]> {
      return queryRows<OverdueRow>(
        db,
        sql`
        with cand as (
          select c.id, c.code, c.name, c.payment_days from companies c
          where c.account_id = ${accountId}
            and (select coalesce(sum(t.debit - t.credit), 0) from ledger_totals t where t.company_id = c.id) > 0
        ), allocated as (
          select a.company_id, a.ledger_entry_id, sum(a.amount) as amount
          from payment_allocations a join cand on cand.id = a.company_id group by 1, 2
        ), credits as (
          select cand.id as company_id,
            coalesce((select sum(l.credit) from ledger_entries l where l.company_id = cand.id), 0)
              - coalesce((select sum(a.amount) from allocated a where a.company_id = cand.id), 0) as total
          from cand
        ), debits as (
          select l.company_id, l.debit - coalesce(a.amount, 0) as remaining,
            coalesce(l.due_date, l.date + make_interval(days => cand.payment_days)) as due,
            sum(l.debit - coalesce(a.amount, 0)) over (partition by l.company_id order by l.date, l.id
              rows between unbounded preceding and current row) as cumulative
          from ledger_entries l join cand on cand.id = l.company_id
            left join allocated a on a.ledger_entry_id = l.id
          where l.debit > 0
        ), open as (
          select d.company_id, least(d.remaining, d.cumulative - c.total) as open_amount,
            (${today}::date - (d.due at time zone 'UTC')::date)::int as days
          from debits d join credits c on c.company_id = d.company_id
          where d.cumulative > c.total and d.remaining > 0
        )
        select cand.id as company_id, cand.code as company_code, cand.name as company_name,
          cand.payment_days, sum(o.open_amount) filter (where o.days > 0)::text as overdue,
          sum(o.open_amount)::text as total_due, max(o.days)::int as oldest_days
        from open o join cand on cand.id = o.company_id
        group by cand.id, cand.code, cand.name, cand.payment_days
        having sum(o.open_amount) filter (where o.days > 0) > 0
        order by sum(o.open_amount) filter (where o.days > 0) desc, cand.id`,
      );
    },

    /**
     * Active products ordered in the last month (`sale_count`, kept by a job) with less available
     * over every store than that month's quantity; the most ordered first.
     */
    async lowStock(accountId: number, language: Language, limit: number): Promise<LowStockRow[]> {
      const rows = await queryRows<LowStockRow>(
        db,
        sql`select p.id as product_id, p.number, p.${nameColumn(language)} as part_name, b.name as brand,
            coalesce(s.available, 0)::int as available, p.sale_count as monthly_qty,
            count(*) over ()::int as total
          from products p
          join brands b on b.id = p.brand_id
          left join lateral (select sum(st.available_stock) as available from stock st where st.product_id = p.id) s on true
          where p.account_id = ${accountId} and p.is_active and p.sale_count > 0
            and coalesce(s.available, 0) < p.sale_count
          order by p.sale_count desc, p.id
          limit ${limit}`,
      );
      return rows;
    },

    /**
     * The sales report from the summaries (migration 0029): a GROUP BY over a few rows per key —
     * per company and month when the view needs no brand or part type, else per all four.
     */
    async salesFromSummary(filter: SalesFilter, limit: number): Promise<SalesSumRow[]> {
      const where: SQL[] = [
        sql`c.account_id = ${filter.accountId}`,
        sql`t.month >= ${filter.from}::date`,
        sql`t.month < ${filter.to}::date`,
      ];
      if (filter.companyIds?.length) where.push(sql`t.company_id in (${ids(filter.companyIds)})`);
      if (filter.brandIds?.length) where.push(sql`t.brand_id in (${ids(filter.brandIds)})`);
      if (filter.partTypeIds?.length)
        where.push(sql`coalesce(t.part_type_id, 0) in (${ids(filter.partTypeIds)})`);
      // By month and/or company only, without a brand or part-type filter: the coarse table.
      const coarse =
        !filter.brandIds?.length &&
        !filter.partTypeIds?.length &&
        filter.groupBy.every((dimension) => dimension === 'month' || dimension === 'company');
      return queryRows<SalesSumRow>(
        db,
        sql`select ${groupedSelect(SUMMARY_COLUMNS, filter.groupBy)},
            sum(t.lines)::int as lines, sum(t.qty)::int as qty, sum(t.amount)::text as amount
          from ${coarse ? sql`sales_company_month_totals` : sql`sales_month_totals`} t
            join companies c on c.id = t.company_id
          where ${sql.join(where, sql` and `)}
          group by ${groupPositions(filter.groupBy)}
          having sum(t.lines) <> 0 or sum(t.qty) <> 0 or sum(t.amount) <> 0
          order by ${groupPositions(filter.groupBy)}
          limit ${limit}`,
      );
    },

    /** The same figures aggregated from the sales lines themselves: the tests' reference. */
    async salesDirect(filter: SalesFilter): Promise<SalesSumRow[]> {
      const where: SQL[] = [
        sql`c.account_id = ${filter.accountId}`,
        sql`b.bill_date >= ${filter.from}::date::timestamp at time zone 'UTC'`,
        sql`b.bill_date < ${filter.to}::date::timestamp at time zone 'UTC'`,
      ];
      if (filter.companyIds?.length) where.push(sql`l.company_id in (${ids(filter.companyIds)})`);
      if (filter.brandIds?.length) where.push(sql`p.brand_id in (${ids(filter.brandIds)})`);
      if (filter.partTypeIds?.length)
        where.push(sql`coalesce(p.part_type_id, 0) in (${ids(filter.partTypeIds)})`);
      return queryRows<SalesSumRow>(
        db,
        sql`select ${groupedSelect(DIRECT_COLUMNS, filter.groupBy)},
            count(*)::int as lines, sum(l.qty)::int as qty, sum(l.sum)::text as amount
          from sales_lines l join sales_bills b on b.id = l.sales_bill_id
            join products p on p.id = l.product_id join companies c on c.id = l.company_id
          where ${sql.join(where, sql` and `)}
          group by ${groupPositions(filter.groupBy)}
          order by ${groupPositions(filter.groupBy)}`,
      );
    },

    /** Names of the ids a report shows, in the reader's language. */
    async names(
      accountId: number,
      language: Language,
      want: { companies: number[]; brands: number[]; partTypes: number[] },
    ) {
      const [companies, brands, partTypes] = await Promise.all([
        want.companies.length
          ? queryRows<{ id: number; code: string; name: string }>(
              db,
              sql`select id, code, name from companies where account_id = ${accountId} and id in (${ids(want.companies)})`,
            )
          : [],
        want.brands.length
          ? queryRows<{ id: number; name: string }>(
              db,
              sql`select id, name from brands where account_id = ${accountId} and id in (${ids(want.brands)})`,
            )
          : [],
        want.partTypes.length
          ? queryRows<{ id: number; name: string }>(
              db,
              sql`select id, ${nameColumn(language)} as name from part_types
                where account_id = ${accountId} and id in (${ids(want.partTypes)})`,
            )
          : [],
      ]);
      return { companies, brands, partTypes };
    },

    async options(accountId: number, language: Language) {
      const [brands, partTypes] = await Promise.all([
        queryRows<{ id: number; name: string }>(
          db,
          sql`select id, name from brands where account_id = ${accountId} order by name, id`,
        ),
        queryRows<{ id: number; name: string }>(
          db,
          sql`select id, ${nameColumn(language)} as name from part_types where account_id = ${accountId}
            order by 2, id`,
        ),
      ]);
      return { brands, partTypes };
    },

    /**
     * One multi-row insert for a request's misses (a search's one, an import's many), committed
     * without waiting for the WAL flush: a miss lost in a crash costs a statistic, while waiting
     * for the flush cost the buyer's search 7–8 ms (p50) on a busy machine, 0.7 ms without
     * (PERFORMANCE.md, reports).
     */
    async recordMisses(rows: readonly DemandMiss[]) {
      if (rows.length === 0) return;
      await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('synchronous_commit', 'off', true)`);
        await tx.execute(
          sql`insert into demand_misses (account_id, company_id, number_key, input, source) values ${sql.join(
            rows.map(
              (row) =>
                sql`(${row.accountId}, ${row.companyId}, ${row.numberKey}, ${row.input}, ${row.source})`,
            ),
            sql`, `,
          )}`,
        );
      });
    },

    /** Misses grouped by number over the filter, most asked first; `groups`/`misses` over all. */
    async demandGroups(
      filter: DemandFilter,
      page: { limit: number; offset: number },
    ): Promise<DemandGroupRow[]> {
      return queryRows<DemandGroupRow>(
        db,
        sql`select g.*, count(*) over ()::int as groups, sum(g.count) over ()::int as misses from (
            select m.number_key, (array_agg(m.input order by m.at desc))[1] as input,
              count(*)::int as count, count(*) filter (where m.source = 'search')::int as searches,
              count(*) filter (where m.source = 'import')::int as imports,
              count(distinct m.company_id)::int as companies,
              ${epochSeconds(sql`min(m.at)`)} as first_seen, ${epochSeconds(sql`max(m.at)`)} as last_seen
            from demand_misses m
            where ${demandWhere(filter)}
            group by m.number_key) g
          order by g.count desc, g.last_seen desc, g.number_key
          limit ${page.limit} offset ${page.offset}`,
      );
    },

    /** Which companies looked for these numbers over the filter, most often first. */
    async demandCompanies(filter: DemandFilter, keys: readonly string[]) {
      if (keys.length === 0) return [];
      return queryRows<{ number_key: string; code: string; n: number }>(
        db,
        sql`select m.number_key, c.code, count(*)::int as n
          from demand_misses m join companies c on c.id = m.company_id
          where ${demandWhere(filter)} and m.number_key in (${sql.join(
            keys.map((key) => sql`${key}`),
            sql`, `,
          )})
          group by 1, 2 order by 1, 3 desc, 2`,
      );
    },

    /** Housekeeping: misses older than the keeping time. */
    async pruneMisses(before: Date) {
      const result = await queryRows<{ n: number }>(
        db,
        sql`with gone as (delete from demand_misses where at < ${before.toISOString()}::timestamptz returning 1)
          select count(*)::int as n from gone`,
      );
      return { misses: result[0]?.n ?? 0 };
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
