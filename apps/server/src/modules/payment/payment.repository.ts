import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { companies } from '../../db/schema/accounts';
import { ledgerEntries, paymentRequests, payments } from '../../db/schema/trading';

export interface PaymentRequestRow {
  id: number;
  accountId: number;
  orderId: number;
  companyId: number;
  method: string;
  amount: string;
  currency: string;
  paymentNo: string;
  status: string;
  provider: string;
  providerRef: string | null;
}

const requestColumns = {
  id: paymentRequests.id,
  accountId: paymentRequests.accountId,
  orderId: paymentRequests.orderId,
  companyId: paymentRequests.companyId,
  method: paymentRequests.method,
  amount: paymentRequests.amount,
  currency: paymentRequests.currency,
  paymentNo: paymentRequests.paymentNo,
  status: paymentRequests.status,
  provider: paymentRequests.provider,
  providerRef: paymentRequests.providerRef,
};

export function createPaymentRepository(db: Db) {
  return {
    async companyOf(companyId: number) {
      const [row] = await db
        .select({ id: companies.id, accountId: companies.accountId })
        .from(companies)
        .where(eq(companies.id, companyId));
      return row;
    },

    async openRequest(orderId: number, method: string, amount: string) {
      const [row] = await db
        .select(requestColumns)
        .from(paymentRequests)
        .where(
          and(
            eq(paymentRequests.orderId, orderId),
            eq(paymentRequests.method, method),
            eq(paymentRequests.status, 'pending'),
            sql`${paymentRequests.amount} = ${amount}::numeric`,
          ),
        )
        .limit(1);
      return row;
    },

    async openRequestsOf(orderId: number): Promise<PaymentRequestRow[]> {
      return db
        .select(requestColumns)
        .from(paymentRequests)
        .where(and(eq(paymentRequests.orderId, orderId), eq(paymentRequests.status, 'pending')));
    },

    async insertRequest(values: typeof paymentRequests.$inferInsert) {
      const [row] = await db.insert(paymentRequests).values(values).returning(requestColumns);
      return row!;
    },

    async findRequest(paymentNo: string): Promise<PaymentRequestRow | undefined> {
      const [row] = await db
        .select(requestColumns)
        .from(paymentRequests)
        .where(eq(paymentRequests.paymentNo, paymentNo));
      return row;
    },

    /** pending → paid, once: answers false when another callback (or a cancel) got there first. */
    async markRequestPaid(id: number, providerRef: string, paidAt: Date): Promise<boolean> {
      const rows = await db
        .update(paymentRequests)
        .set({ status: 'paid', providerRef, paidAt })
        .where(and(eq(paymentRequests.id, id), eq(paymentRequests.status, 'pending')))
        .returning({ id: paymentRequests.id });
      return rows.length === 1;
    },

    /** Requests of these providers still pending since before `before`, oldest first (reconciliation). */
    async stalePending(providers: string[], before: Date, limit: number): Promise<PaymentRequestRow[]> {
      if (providers.length === 0) return [];
      return db
        .select(requestColumns)
        .from(paymentRequests)
        .where(
          and(
            eq(paymentRequests.status, 'pending'),
            inArray(paymentRequests.provider, providers),
            lt(paymentRequests.createdAt, before),
          ),
        )
        .orderBy(asc(paymentRequests.createdAt))
        .limit(limit);
    },

    /** pending → `status` (expired …), once; false when something else moved it first. */
    async closeRequest(id: number, status: string): Promise<boolean> {
      const rows = await db
        .update(paymentRequests)
        .set({ status })
        .where(and(eq(paymentRequests.id, id), eq(paymentRequests.status, 'pending')))
        .returning({ id: paymentRequests.id });
      return rows.length === 1;
    },

    async nextPaymentId(): Promise<number> {
      const result = await db.execute(
        sql`select nextval(pg_get_serial_sequence('payments', 'id'))::int as id`,
      );
      return Number(rowsOf<{ id: number }>(result)[0]!.id);
    },

    async insertPayment(values: typeof payments.$inferInsert) {
      await db.insert(payments).values(values);
    },

    async insertLedger(entries: Array<typeof ledgerEntries.$inferInsert>) {
      await db.insert(ledgerEntries).values(entries);
    },
  };
}

export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
