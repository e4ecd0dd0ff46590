import type { LedgerEntry, OpenItem, PaymentDetail, PaymentSort } from '@partsportal/contract/finance';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { epochSeconds } from '../../db/epoch';

export interface DateRange {
  /** Seconds, inclusive. */
  from?: number | undefined;
  /** Seconds, inclusive. */
  to?: number | undefined;
}

// Row types are the contract's (decision 009): the statements answer its fields by name, the
// amounts as numeric text that the service formats with money().
/** The key of a remark the system wrote, rendered by the service in the reader's language (noteIn). */
interface RemarkKey {
  remark_key: string;
  remark_params: Record<string, string | number> | null;
}
export type PaymentRow = PaymentDetail & RemarkKey;
export type LedgerRow = LedgerEntry & RemarkKey;
/** An open item before the service sorts it into its aging bucket. */
export type OpenItemRow = Omit<OpenItem, 'bucket'> & { entry_id: number };

// Sort columns the client may pick; anything else never reaches SQL (the contract's enum too).
const PAYMENT_SORT_COLUMNS: Record<PaymentSort, SQL> = {
  date: sql`p.date`,
  no: sql`p.no`,
  amount: sql`p.amount`,
  cutmoney: sql`p.cutmoney`,
};

/** `%`, `_` and `\` typed by the user match themselves in ILIKE. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function rangeCondition(column: SQL, range: DateRange): SQL {
  const parts: SQL[] = [sql`true`];
  if (range.from !== undefined) parts.push(sql`${column} >= to_timestamp(${range.from})`);
  if (range.to !== undefined) parts.push(sql`${column} <= to_timestamp(${range.to})`);
  return sql.join(parts, sql` and `);
}

// pg returns bigint as string; PGlite as number. Normalize the numeric-ish columns once here.
const toNumber = (value: unknown) => Number(value);

export function createFinanceRepository(db: Db) {
  const paymentColumns = sql`p.id, ${epochSeconds(sql`p.date`)} as date, p.no, p.amount::text as amount,
    p.cutmoney::text as cutmoney, p.currency, p.method, p.remark, p.remark_key, p.remark_params,
    o.no as order_no, p.order_id,
    case when p.refunds_payment_id is not null then 'refund'
      when p.reverses_payment_id is not null then 'void' else 'payment' end as kind,
    ${epochSeconds(sql`p.created_at`)} as created_at`;
  // The order's company is checked too, so a payment row can never reveal another company's order number.
  const paymentFrom = sql`payments p left join orders o on o.id = p.order_id and o.company_id = p.company_id`;

  const normalizePayment = (row: PaymentRow): PaymentRow => ({
    ...row,
    id: toNumber(row.id),
    date: toNumber(row.date),
    created_at: toNumber(row.created_at),
    order_id: row.order_id === null ? null : toNumber(row.order_id),
  });

  return {
    async paymentPage(
      companyId: number,
      filter: { range: DateRange; no?: string | undefined; sort: PaymentSort; order: 'asc' | 'desc' },
      page: number,
      pageSize: number,
    ) {
      const where = sql.join(
        [
          sql`p.company_id = ${companyId}`,
          rangeCondition(sql`p.date`, filter.range),
          ...(filter.no ? [sql`p.no ilike ${likePattern(filter.no)}`] : []),
        ],
        sql` and `,
      );
      const direction = filter.order === 'asc' ? sql`asc` : sql`desc`;
      const [list, totals] = await Promise.all([
        queryRows<PaymentRow>(
          db,
          sql`
          select ${paymentColumns} from ${paymentFrom} where ${where}
          order by ${PAYMENT_SORT_COLUMNS[filter.sort]} ${direction}, p.id ${direction}
          limit ${pageSize} offset ${(page - 1) * pageSize}`,
        ),
        queryRows<{ total: number; amount: string; cutmoney: string }>(
          db,
          sql`
          select count(*)::int as total, coalesce(sum(p.amount), 0)::text as amount,
            coalesce(sum(p.cutmoney), 0)::text as cutmoney
          from payments p where ${where}`,
        ),
      ]);
      const sums = totals[0]!;
      return {
        list: list.map(normalizePayment),
        total: toNumber(sums.total),
        amount: sums.amount,
        cutmoney: sums.cutmoney,
      };
    },

    async payment(companyId: number, id: number): Promise<PaymentRow | undefined> {
      const [row] = await queryRows<PaymentRow>(
        db,
        sql`
        select ${paymentColumns} from ${paymentFrom} where p.company_id = ${companyId} and p.id = ${id}`,
      );
      return row && normalizePayment(row);
    },

    /** Terms, balance, opening balance and the range's sums in one pass over the company's ledger. */
    async accountSummary(companyId: number, range: DateRange) {
      const inRange = rangeCondition(sql`l.date`, range);
      const beforeRange = range.from === undefined ? sql`false` : sql`l.date < to_timestamp(${range.from})`;
      const [row] = await queryRows<{
        company: string;
        currency: string;
        credit_limit: string;
        payment_days: number;
        balance: string;
        opening: string;
        count: number;
        debit: string;
        credit: string;
      }>(
        db,
        sql`
        select c.name as company, c.currency, c.credit_limit::text as credit_limit, c.payment_days,
          coalesce(sum(l.debit - l.credit), 0)::text as balance,
          coalesce(sum(l.debit - l.credit) filter (where ${beforeRange}), 0)::text as opening,
          count(l.id) filter (where ${inRange})::int as count,
          coalesce(sum(l.debit) filter (where ${inRange}), 0)::text as debit,
          coalesce(sum(l.credit) filter (where ${inRange}), 0)::text as credit
        from companies c left join ledger_entries l on l.company_id = c.id
        where c.id = ${companyId}
        group by c.id`,
      );
      return row && { ...row, count: toNumber(row.count), payment_days: toNumber(row.payment_days) };
    },

    /**
     * The range's entries with the running balance from the window function over the whole
     * range (so page 3 continues where page 2 ended), offset by the balance before the range.
     */
    async statement(companyId: number, range: DateRange, opening: string, page: number, pageSize: number) {
      const rows = await queryRows<LedgerRow>(
        db,
        sql`
        select e.id, ${epochSeconds(sql`e.date`)} as date, e.kind, e.ref_no, e.debit::text as debit,
          e.credit::text as credit, e.running_balance::text as running_balance,
          ${epochSeconds(sql`e.due_date`)} as due_date, e.remark, e.remark_key, e.remark_params
        from (
          select l.*, ${opening}::numeric + sum(l.debit - l.credit)
            over (order by l.date, l.id rows between unbounded preceding and current row) as running_balance
          from ledger_entries l
          where l.company_id = ${companyId} and ${rangeCondition(sql`l.date`, range)}
        ) e
        order by e.date, e.id
        limit ${pageSize} offset ${(page - 1) * pageSize}`,
      );
      return rows.map((row) => ({
        ...row,
        id: toNumber(row.id),
        date: toNumber(row.date),
        due_date: row.due_date === null ? null : toNumber(row.due_date),
      }));
    },

    /**
     * Open debits: a debit first takes what payments were allocated to it (payment_allocations,
     * staff or the ERP said which bills a payment settles), then every other credit of the
     * ledger pays the remaining debits in (date, id) order; a debit is open by what its running
     * remaining total exceeds those credits, capped at its own remainder. Days overdue count UTC
     * calendar days from the due date (date + payment days when the row has none) to `today`.
     */
    async openItems(companyId: number, paymentDays: number, today: string): Promise<OpenItemRow[]> {
      const rows = await queryRows<OpenItemRow>(
        db,
        sql`
        with allocated as (
          select ledger_entry_id, sum(amount) as amount from payment_allocations
          where company_id = ${companyId} group by ledger_entry_id
        ), credits as (
          select coalesce((select sum(credit) from ledger_entries where company_id = ${companyId}), 0)
            - coalesce((select sum(amount) from allocated), 0) as total
        ), debits as (
          select l.id, l.date, l.kind, l.ref_no, l.debit, l.debit - coalesce(a.amount, 0) as remaining,
            coalesce(l.due_date, l.date + make_interval(days => ${paymentDays}::int)) as due,
            sum(l.debit - coalesce(a.amount, 0))
              over (order by l.date, l.id rows between unbounded preceding and current row) as cumulative
          from ledger_entries l left join allocated a on a.ledger_entry_id = l.id
          where l.company_id = ${companyId} and l.debit > 0
        )
        select d.id as entry_id, d.ref_no, d.kind, ${epochSeconds(sql`d.date`)} as date,
          ${epochSeconds(sql`d.due`)} as due_date,
          d.debit::text as amount, least(d.remaining, d.cumulative - c.total)::text as open_amount,
          (${today}::date - (d.due at time zone 'UTC')::date)::int as days_overdue
        from debits d cross join credits c
        where d.cumulative > c.total and d.remaining > 0
        order by d.date, d.id`,
      );
      return rows.map((row) => ({
        ...row,
        entry_id: toNumber(row.entry_id),
        date: toNumber(row.date),
        due_date: toNumber(row.due_date),
        days_overdue: toNumber(row.days_overdue),
      }));
    },
  };
}

export type FinanceRepository = ReturnType<typeof createFinanceRepository>;
