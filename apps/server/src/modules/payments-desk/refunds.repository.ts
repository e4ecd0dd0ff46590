import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { paymentRefunds } from '../../db/schema/trading';

/** An online payment as a refund needs it: the payment row and the provider's trade behind it. */
export interface RefundablePayment {
  id: number;
  accountId: number;
  companyId: number;
  orderId: number | null;
  no: string;
  amount: string;
  currency: string;
  method: string;
  /** Null when the payment did not come from a provider's trade (on account, recorded, a counter entry). */
  provider: string | null;
  /** The provider's trade number (our out_trade_no) and its total. */
  tradeNo: string | null;
  tradeAmount: string | null;
}

export interface RefundRow {
  id: number;
  paymentId: number;
  refundNo: string;
  provider: string;
  amount: string;
  currency: string;
  reason: string;
  status: string;
  providerStatus: string | null;
  refundPaymentId: number | null;
  apiKeyId: number | null;
  idempotencyKey: string | null;
}

const refundColumns = {
  id: paymentRefunds.id,
  paymentId: paymentRefunds.paymentId,
  refundNo: paymentRefunds.refundNo,
  provider: paymentRefunds.provider,
  amount: paymentRefunds.amount,
  currency: paymentRefunds.currency,
  reason: paymentRefunds.reason,
  status: paymentRefunds.status,
  providerStatus: paymentRefunds.providerStatus,
  refundPaymentId: paymentRefunds.refundPaymentId,
  apiKeyId: paymentRefunds.apiKeyId,
  idempotencyKey: paymentRefunds.idempotencyKey,
};

/** Refunds of online payments (decision 025): the reservation before the provider call, then its outcome. */
export function createRefundsRepository(db: Db) {
  return {
    /**
     * The payment by id or number, locked (FOR UPDATE): the refunds of one payment run one after
     * another, so two cannot both spend the same refundable rest. Its provider trade is the paid
     * request of its order with the same provider reference (what the notification recorded).
     */
    async lockPayment(accountId: number, ref: number | string): Promise<RefundablePayment | undefined> {
      const which = typeof ref === 'number' ? sql`p.id = ${ref}` : sql`p.no = ${ref}`;
      const [row] = await queryRows<RefundablePayment & { id: number | string }>(
        db,
        sql`
        select p.id, p.account_id as "accountId", p.company_id as "companyId", p.order_id as "orderId",
          p.no, p.amount::text as amount, p.currency, p.method,
          case when p.reference is null and p.reverses_payment_id is null and p.refunds_payment_id is null
            then r.provider end as provider,
          r.payment_no as "tradeNo", r.amount::text as "tradeAmount"
        from payments p
        left join payment_requests r on r.order_id = p.order_id and r.status = 'paid'
          and r.provider_ref = p.provider_ref
        where p.account_id = ${accountId} and ${which}
        for update of p`,
      );
      return (
        row && { ...row, id: Number(row.id), orderId: row.orderId === null ? null : Number(row.orderId) }
      );
    },

    /** Σ of the payment's refunds that spend its rest: done, and waiting for the provider. */
    async committedAmount(paymentId: number): Promise<string> {
      const [row] = await queryRows<{ total: string }>(
        db,
        sql`select coalesce(sum(amount), 0)::text as total from payment_refunds
          where payment_id = ${paymentId} and status in ('pending', 'succeeded')`,
      );
      return row?.total ?? '0';
    },

    async pendingOf(paymentId: number): Promise<RefundRow | undefined> {
      const [row] = await db
        .select(refundColumns)
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.status, 'pending')));
      return row;
    },

    async byIdempotencyKey(apiKeyId: number, key: string): Promise<RefundRow | undefined> {
      const [row] = await db
        .select(refundColumns)
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.apiKeyId, apiKeyId), eq(paymentRefunds.idempotencyKey, key)));
      return row;
    },

    async insert(values: typeof paymentRefunds.$inferInsert): Promise<RefundRow> {
      const [row] = await db.insert(paymentRefunds).values(values).returning(refundColumns);
      return row!;
    },

    /** The refund, locked: its completion happens once even when two callers retry it at once. */
    async lock(id: number): Promise<RefundRow | undefined> {
      const [row] = await db
        .select(refundColumns)
        .from(paymentRefunds)
        .where(eq(paymentRefunds.id, id))
        .for('update');
      return row;
    },

    async complete(
      id: number,
      values: { providerRef: string; providerStatus: string; refundPaymentId: number; completedAt: Date },
    ) {
      await db
        .update(paymentRefunds)
        .set({ status: 'succeeded', ...values })
        .where(eq(paymentRefunds.id, id));
    },

    /** pending → failed (the provider refused it outright): its amount is refundable again. */
    async fail(id: number, completedAt: Date) {
      await db
        .update(paymentRefunds)
        .set({ status: 'failed', completedAt })
        .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'pending')));
    },

    /** The booked refund's number in the payment history. */
    async paymentNoOf(paymentId: number): Promise<string | undefined> {
      const [row] = await queryRows<{ no: string }>(db, sql`select no from payments where id = ${paymentId}`);
      return row?.no;
    },
  };
}

export type RefundsRepository = ReturnType<typeof createRefundsRepository>;
