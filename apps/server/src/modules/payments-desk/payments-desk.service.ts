import { ResultCode } from '@partsportal/contract/codes';
import type {
  CreditPosition,
  RecordedPayment,
  StaffPaymentList,
  recordPaymentRequestSchema,
  setCreditAllowanceRequestSchema,
  staffPaymentListRequestSchema,
  voidPaymentRequestSchema,
} from '@partsportal/contract/payments-desk';
import type { z } from 'zod';
import { AppError, notFound, refused } from '../../platform/errors';
import { remarkColumns } from '../../platform/messages';
import { ExactDecimal, money } from '../../platform/money';
import type { DataAccess, Repositories } from '../../repositories';
import { changedFields, type AuditActor } from '../audit/audit.repository';
import { agingOf } from '../finance/finance.service';
import { paymentNumber } from '../payment/payment.service';
import { companyCreditPosition } from './credit-position';
import type { DeskCompany } from './payments-desk.repository';

type RecordPaymentInput = z.output<typeof recordPaymentRequestSchema>;

/** Who acts and for which wholesaler: a staff member (back office) or an API key (the ERP). */
export interface PaymentsActor {
  accountId: number;
  actor: AuditActor;
  /** The staff id, kept with an allowance (null for an API key). */
  staffId: number | null;
}

const toSeconds = (date: Date | null) => (date === null ? null : Math.floor(date.getTime() / 1000));

/**
 * A payments row and its ledger credit (the buyer's payment history and finance account), under
 * a new payment number. A void books the negative amount with `reversesPaymentId`.
 */
async function bookPayment(
  tx: Repositories,
  entry: {
    accountId: number;
    companyId: number;
    /** When it is booked (the number's day). */
    at: Date;
    /** When the money moved. */
    date: Date;
    amount: string;
    currency: string;
    method: string;
    kind: 'payment' | 'payment_void';
    remark: { remark: string; remarkKey?: string; remarkParams?: Record<string, string | number> };
    reference?: string;
    reversesPaymentId?: number;
  },
) {
  const id = await tx.payment.nextPaymentId();
  const no = paymentNumber(id, entry.at);
  await tx.payment.insertPayment({
    id,
    accountId: entry.accountId,
    companyId: entry.companyId,
    orderId: null,
    no,
    date: entry.date,
    amount: entry.amount,
    currency: entry.currency,
    method: entry.method,
    reference: entry.reference ?? null,
    reversesPaymentId: entry.reversesPaymentId ?? null,
    ...entry.remark,
  });
  await tx.payment.insertLedger([
    {
      companyId: entry.companyId,
      date: entry.date,
      kind: entry.kind,
      refNo: no,
      debit: '0',
      credit: entry.amount,
      currency: entry.currency,
      ...entry.remark,
    },
  ]);
  return { id, no };
}

/**
 * The payments desk (issue 15 item 3, issue 13 item 4 "payments in"): one service for the back
 * office's staff and the integrators' API. A payment is a `payments` row (the buyers' payment
 * history), a credit in `ledger_entries` (their finance account; the ledger summary follows by
 * trigger, decision 005) and, when the payer said which bills it pays, `payment_allocations`
 * (their payment-days aging reads them). Each action is one transaction with one audit entry.
 */
export function createPaymentsDeskService(deps: DataAccess & { now?: () => Date }) {
  const { repos, transaction } = deps;
  const now = deps.now ?? (() => new Date());

  async function lockedCompany(tx: Repositories, accountId: number, companyId: number) {
    const company = await tx.paymentsDesk.company(accountId, companyId, { lock: true });
    if (!company) throw notFound();
    return company;
  }

  /** The allocations, checked against the company's open items as of now; merged per item. */
  async function checkAllocations(
    tx: Repositories,
    company: DeskCompany,
    amount: ExactDecimal,
    allocations: RecordPaymentInput['allocations'],
    at: Date,
  ) {
    if (allocations.length === 0) return [];
    const today = at.toISOString().slice(0, 10);
    const open = new Map(
      (await tx.finance.openItems(company.id, company.paymentDays, today)).map((item) => [
        item.entry_id,
        item,
      ]),
    );
    const merged = new Map<number, ExactDecimal>();
    for (const allocation of allocations) {
      merged.set(
        allocation.entry_id,
        (merged.get(allocation.entry_id) ?? new ExactDecimal(0)).plus(allocation.amount),
      );
    }
    let total = new ExactDecimal(0);
    for (const [entryId, allocated] of merged) {
      const item = open.get(entryId);
      if (!item) throw refused('paymentAllocationUnknown', { entry: entryId });
      if (allocated.greaterThan(item.open_amount)) {
        throw refused('paymentAllocationTooLarge', {
          ref_no: item.ref_no,
          amount: money(allocated),
          open: money(item.open_amount),
        });
      }
      total = total.plus(allocated);
    }
    if (total.greaterThan(amount)) {
      throw refused('paymentAllocationsExceedAmount', { total: money(total), amount: money(amount) });
    }
    return [...merged].map(([ledgerEntryId, allocated]) => ({ ledgerEntryId, amount: money(allocated) }));
  }

  async function recordPayment(by: PaymentsActor, body: RecordPaymentInput): Promise<RecordedPayment> {
    return transaction(async (tx) => {
      const company = await lockedCompany(tx, by.accountId, body.company_id);
      const currency = body.currency ?? company.currency;
      if (currency !== company.currency) {
        throw refused('paymentCurrencyMismatch', {
          company: company.sortName,
          expected: company.currency,
          currency,
        });
      }
      const amount = new ExactDecimal(body.amount);
      // A reference is booked once per company (the company row lock makes check-then-insert
      // safe; the unique index is the backstop). The same payment sent again is answered, not
      // booked; another payment under the same reference is refused.
      const earlier = await tx.paymentsDesk.paymentByReference(company.id, body.reference);
      if (earlier) {
        if (amount.equals(earlier.amount) && earlier.method === body.method) {
          return { id: earlier.id, no: earlier.no, replayed: true };
        }
        throw new AppError(ResultCode.conflict, 'paymentReferenceTaken', {
          reference: body.reference,
          no: earlier.no,
          amount: money(earlier.amount),
        });
      }
      const at = now();
      const date = body.date === undefined ? at : new Date(body.date * 1000);
      // Money that has not arrived is not a payment; a day's grace for the payer's time zone.
      if (date.getTime() > at.getTime() + 86_400_000) throw refused('paymentDateInFuture');
      const allocations = await checkAllocations(tx, company, amount, body.allocations, at);

      const remark = body.remark
        ? { remark: body.remark }
        : remarkColumns({
            key: 'paymentRecordedRemark',
            params: { method: body.method, reference: body.reference },
          });
      const { id, no } = await bookPayment(tx, {
        accountId: by.accountId,
        companyId: company.id,
        at,
        date,
        amount: money(amount),
        currency,
        method: body.method,
        kind: 'payment',
        remark,
        reference: body.reference,
      });
      await tx.paymentsDesk.insertAllocations(
        allocations.map((allocation) => ({ companyId: company.id, paymentId: id, ...allocation })),
      );
      await tx.audit.record({
        accountId: by.accountId,
        actor: by.actor,
        action: 'payment.record',
        entity: 'payment',
        entityId: id,
        changes: changedFields(null, {
          no,
          company_id: company.id,
          amount: money(amount),
          currency,
          method: body.method,
          reference: body.reference,
          date: date.toISOString(),
          remark: body.remark,
          allocations: allocations.map((a) => `${a.ledgerEntryId}:${a.amount}`).join(', '),
        }),
      });
      return { id, no, replayed: false };
    });
  }

  async function voidPayment(
    by: PaymentsActor,
    body: z.output<typeof voidPaymentRequestSchema>,
  ): Promise<RecordedPayment> {
    return transaction(async (tx) => {
      const payment = await tx.paymentsDesk.payment(by.accountId, body.id);
      if (!payment) throw notFound();
      await lockedCompany(tx, by.accountId, payment.companyId);
      // Only what staff or the ERP recorded: an online payment settled an order (its refund is
      // the order's business), and a counter entry is not voided again.
      if (payment.reference === null || payment.reversesPaymentId !== null) {
        throw refused('paymentNotVoidable', { no: payment.no });
      }
      const earlier = await tx.paymentsDesk.voidOf(payment.id);
      if (earlier) throw refused('paymentAlreadyVoided', { no: payment.no, void_no: earlier.no });

      const at = now();
      const negative = money(new ExactDecimal(payment.amount).negated());
      // Counter entries, never a delete or an update: a negative payment, a negative credit (the
      // debts the payment settled are open again, at their own dates), negative allocations.
      const { id, no } = await bookPayment(tx, {
        accountId: by.accountId,
        companyId: payment.companyId,
        at,
        date: at,
        amount: negative,
        currency: payment.currency,
        method: payment.method,
        kind: 'payment_void',
        remark: remarkColumns({
          key: 'paymentVoidRemark',
          params: { no: payment.no, reason: body.reason },
        }),
        reversesPaymentId: payment.id,
      });
      const allocations = await tx.paymentsDesk.allocationsOf(payment.id);
      await tx.paymentsDesk.insertAllocations(
        allocations
          .filter((allocation) => !new ExactDecimal(allocation.amount).isZero())
          .map((allocation) => ({
            companyId: payment.companyId,
            paymentId: id,
            ledgerEntryId: allocation.ledgerEntryId,
            amount: money(new ExactDecimal(allocation.amount).negated()),
          })),
      );
      await tx.audit.record({
        accountId: by.accountId,
        actor: by.actor,
        action: 'payment.void',
        entity: 'payment',
        entityId: payment.id,
        changes: changedFields({ voided_by: null }, { voided_by: no }),
        details: { reason: body.reason, counter_entry_id: id, amount: negative },
      });
      return { id, no, replayed: false };
    });
  }

  return {
    recordPayment,
    voidPayment,

    async listPayments(
      accountId: number,
      body: z.output<typeof staffPaymentListRequestSchema>,
    ): Promise<StaffPaymentList> {
      const page = await repos.paymentsDesk.page(
        {
          accountId,
          companyId: body.company_id,
          method: body.method,
          from: body.dateFrom,
          to: body.dateTo,
          keyword: body.keyword,
        },
        { offset: (body.page - 1) * body.pageSize, limit: body.pageSize },
      );
      return {
        list: page.list.map((row) => ({
          ...row,
          amount: money(row.amount),
          refundable: row.refundable === null ? null : money(row.refundable),
        })),
        total: page.total,
        amount: money(page.amount),
      };
    },

    async creditPosition(accountId: number, companyId: number): Promise<CreditPosition> {
      const at = now();
      const credit = await companyCreditPosition(repos, accountId, companyId, { at });
      const aging = credit && (await agingOf(repos, companyId, at));
      if (!credit || !aging) throw notFound();
      return {
        company_id: companyId,
        currency: credit.currency,
        credit_limit: money(credit.limit),
        allowance: money(credit.allowance),
        allowance_expires_at: toSeconds(credit.allowanceExpiresAt),
        allowance_reason: credit.allowanceReason,
        open_balance: money(credit.openBalance),
        available: money(credit.available),
        payment_days: aging.payment_days,
        overdue: aging.overdue,
        buckets: aging.buckets,
        open_items: aging.open_items,
        open_count: aging.open_count,
      };
    },

    /** The owner's override: a temporary allowance on top of the limit (0 ends the one in force). */
    async setCreditAllowance(
      by: PaymentsActor,
      body: z.output<typeof setCreditAllowanceRequestSchema>,
    ): Promise<null> {
      const at = now();
      const expiresAt = new Date(body.expires_at * 1000);
      if (expiresAt <= at) throw refused('creditAllowanceExpiryPast');
      await transaction(async (tx) => {
        const company = await lockedCompany(tx, by.accountId, body.company_id);
        const before = await tx.paymentsDesk.allowanceInForce(company.id, at);
        await tx.paymentsDesk.insertAllowance({
          accountId: by.accountId,
          companyId: company.id,
          amount: money(body.amount),
          expiresAt,
          reason: body.reason,
          staffId: by.staffId,
        });
        await tx.audit.record({
          accountId: by.accountId,
          actor: by.actor,
          action: 'company.credit_allowance',
          entity: 'company',
          entityId: company.id,
          changes: changedFields(
            {
              credit_allowance: before ? money(before.amount) : null,
              allowance_expires_at: before?.expiresAt.toISOString() ?? null,
            },
            { credit_allowance: money(body.amount), allowance_expires_at: expiresAt.toISOString() },
          ),
          details: { reason: body.reason, credit_limit: money(company.creditLimit) },
        });
      });
      return null;
    },
  };
}

export type PaymentsDeskService = ReturnType<typeof createPaymentsDeskService>;
