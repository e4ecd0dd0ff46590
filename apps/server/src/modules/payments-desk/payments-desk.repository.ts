import type { StaffPayment } from '@partsportal/contract/payments-desk';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { epochSeconds } from '../../db/epoch';
import { containsPattern } from '../../db/like-patterns';
import { companies } from '../../db/schema/accounts';
import { creditAllowances, paymentAllocations, payments } from '../../db/schema/trading';

/** A company as the payments desk needs it: terms, limit and currency. */
export interface DeskCompany {
  id: number;
  accountId: number;
  code: string;
  sortName: string;
  currency: string;
  creditLimit: string;
  paymentDays: number;
}

const companyColumns = {
  id: companies.id,
  accountId: companies.accountId,
  code: sql<string>`coalesce(${companies.code}, '')`,
  sortName: companies.sortName,
  currency: companies.currency,
  creditLimit: companies.creditLimit,
  paymentDays: companies.paymentDays,
};

export interface StaffPaymentFilter {
  accountId: number;
  companyId?: number | undefined;
  method?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  keyword: string;
}

/** A payment as the void needs it. */
export interface DeskPayment {
  id: number;
  accountId: number;
  companyId: number;
  no: string;
  amount: string;
  currency: string;
  method: string;
  reference: string | null;
  reversesPaymentId: number | null;
  orderId: number | null;
}

const paymentColumns = {
  id: payments.id,
  accountId: payments.accountId,
  companyId: payments.companyId,
  no: payments.no,
  amount: payments.amount,
  currency: payments.currency,
  method: payments.method,
  reference: payments.reference,
  reversesPaymentId: payments.reversesPaymentId,
  orderId: payments.orderId,
};

const toNumber = (value: unknown) => Number(value);

export function createPaymentsDeskRepository(db: Db) {
  const listWhere = (filter: StaffPaymentFilter): SQL =>
    sql.join(
      [
        sql`p.account_id = ${filter.accountId}`,
        ...(filter.companyId === undefined ? [] : [sql`p.company_id = ${filter.companyId}`]),
        ...(filter.method === undefined ? [] : [sql`p.method = ${filter.method}`]),
        ...(filter.from === undefined ? [] : [sql`p.date >= to_timestamp(${filter.from})`]),
        ...(filter.to === undefined ? [] : [sql`p.date <= to_timestamp(${filter.to})`]),
        ...(filter.keyword
          ? [
              sql`(p.no ilike ${containsPattern(filter.keyword)} or p.reference ilike ${containsPattern(filter.keyword)})`,
            ]
          : []),
      ],
      sql` and `,
    );

  return {
    async company(accountId: number, companyId: number, options: { lock?: boolean } = {}) {
      const query = db
        .select(companyColumns)
        .from(companies)
        .where(and(eq(companies.accountId, accountId), eq(companies.id, companyId)));
      // Locking the company row serializes its payments, voids and credit checks (the buyers'
      // payment on account locks the same row), so two cannot both pass a check or a reference.
      const [row] = options.lock ? await query.for('update', { of: companies }) : await query;
      return row as DeskCompany | undefined;
    },

    async companyByCode(accountId: number, code: string) {
      const [row] = await db
        .select(companyColumns)
        .from(companies)
        .where(and(eq(companies.accountId, accountId), sql`lower(${companies.code}) = lower(${code})`));
      return row as DeskCompany | undefined;
    },

    /** Σ debit − Σ credit of the company's ledger, from the summary the triggers keep (decision 005). */
    async ledgerBalance(companyId: number): Promise<string> {
      const [row] = await queryRows<{ balance: string }>(
        db,
        sql`select coalesce(sum(debit - credit), 0)::text as balance from ledger_totals where company_id = ${companyId}`,
      );
      return row?.balance ?? '0';
    },

    /** The newest allowance of the company, if it is still in force at `at`. */
    async allowanceInForce(companyId: number, at: Date) {
      const [row] = await db
        .select({
          amount: creditAllowances.amount,
          expiresAt: creditAllowances.expiresAt,
          reason: creditAllowances.reason,
        })
        .from(creditAllowances)
        .where(eq(creditAllowances.companyId, companyId))
        .orderBy(desc(creditAllowances.id))
        .limit(1);
      return row && row.expiresAt > at ? row : undefined;
    },

    async insertAllowance(values: typeof creditAllowances.$inferInsert) {
      await db.insert(creditAllowances).values(values);
    },

    async paymentByReference(companyId: number, reference: string): Promise<DeskPayment | undefined> {
      const [row] = await db
        .select(paymentColumns)
        .from(payments)
        .where(and(eq(payments.companyId, companyId), eq(payments.reference, reference)));
      return row;
    },

    async payment(accountId: number, id: number): Promise<DeskPayment | undefined> {
      const [row] = await db
        .select(paymentColumns)
        .from(payments)
        .where(and(eq(payments.accountId, accountId), eq(payments.id, id)));
      return row;
    },

    async voidOf(paymentId: number) {
      const [row] = await db
        .select({ id: payments.id, no: payments.no })
        .from(payments)
        .where(eq(payments.reversesPaymentId, paymentId));
      return row;
    },

    async insertAllocations(rows: Array<typeof paymentAllocations.$inferInsert>) {
      if (rows.length > 0) await db.insert(paymentAllocations).values(rows);
    },

    /** What a payment's allocations add up to per ledger entry (its void adds the negatives). */
    async allocationsOf(paymentId: number) {
      const rows = await db
        .select({
          ledgerEntryId: paymentAllocations.ledgerEntryId,
          amount: sql<string>`sum(${paymentAllocations.amount})::text`,
        })
        .from(paymentAllocations)
        .where(eq(paymentAllocations.paymentId, paymentId))
        .groupBy(paymentAllocations.ledgerEntryId);
      return rows.map((row) => ({ ledgerEntryId: toNumber(row.ledgerEntryId), amount: row.amount }));
    },

    async page(filter: StaffPaymentFilter, page: { offset: number; limit: number }) {
      const where = listWhere(filter);
      const [list, totals] = await Promise.all([
        queryRows<StaffPayment>(
          db,
          sql`
          select p.id, p.no, ${epochSeconds(sql`p.date`)} as date, p.company_id, coalesce(c.code, '') as company_code,
            c.sort_name as company_name, p.amount::text as amount, p.currency, p.method, p.reference,
            o.no as order_no, p.remark,
            case when p.reverses_payment_id is not null then 'void'
              when p.refunds_payment_id is not null then 'refund'
              when p.reference is not null then 'recorded'
              when p.order_id is not null then 'checkout' else 'other' end as source,
            v.no as voided_by_no, r.no as voids_no, f.no as refunds_no,
            -- What is left refundable of an online payment: one its order's paid request took.
            case when p.reference is null and p.reverses_payment_id is null and p.refunds_payment_id is null
              and exists (select 1 from payment_requests q where q.order_id = p.order_id and q.status = 'paid'
                and q.provider_ref = p.provider_ref)
              then (p.amount - coalesce((select sum(x.amount) from payment_refunds x
                where x.payment_id = p.id and x.status in ('pending', 'succeeded')), 0))::numeric(16, 2)::text
            end as refundable,
            ${epochSeconds(sql`p.created_at`)} as created_at
          from payments p
          join companies c on c.id = p.company_id
          left join orders o on o.id = p.order_id and o.company_id = p.company_id
          left join payments v on v.reverses_payment_id = p.id
          left join payments r on r.id = p.reverses_payment_id
          left join payments f on f.id = p.refunds_payment_id
          where ${where}
          order by p.date desc, p.id desc
          limit ${page.limit} offset ${page.offset}`,
        ),
        queryRows<{ total: number; amount: string }>(
          db,
          sql`select count(*)::int as total, coalesce(sum(p.amount), 0)::text as amount from payments p where ${where}`,
        ),
      ]);
      return {
        list: list.map((row) => ({
          ...row,
          id: toNumber(row.id),
          date: toNumber(row.date),
          company_id: toNumber(row.company_id),
          created_at: toNumber(row.created_at),
        })),
        total: toNumber(totals[0]!.total),
        amount: totals[0]!.amount,
      };
    },
  };
}

export type PaymentsDeskRepository = ReturnType<typeof createPaymentsDeskRepository>;
