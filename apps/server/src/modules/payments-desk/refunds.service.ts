import { randomBytes } from 'node:crypto';
import { ResultCode } from '@partsportal/contract/codes';
import type { RefundResult } from '@partsportal/contract/payments-desk';
import { AppError, notFound, refused } from '../../platform/errors';
import { remarkColumns } from '../../platform/messages';
import { ExactDecimal, money } from '../../platform/money';
import type { DataAccess, Repositories } from '../../repositories';
import { changedFields } from '../audit/audit.repository';
import { paymentNumber } from '../payment/payment.service';
import { ProviderError, type PaymentProvider } from '../payment/providers/payment-provider';
import type { PaymentsActor } from './payments-desk.service';
import type { RefundablePayment, RefundRow } from './refunds.repository';

export interface RefundInput {
  /** The payment's id, or its number (SK…) as the order feed names it. */
  payment: number | string;
  amount: string;
  reason: string;
}

/** An /api/v1 caller's Idempotency-Key: the same key again is the same refund. */
export interface RefundIdempotency {
  apiKeyId: number;
  key: string;
}

const ymd = (date: Date) => date.toISOString().slice(0, 10).replace(/-/g, '');

/**
 * Refunds of online payments (issue 19 item 6, decision 025), for the payments desk and
 * /api/v1: reserved under the payment's row lock (so two refunds cannot both spend the same
 * rest), asked of the provider outside any transaction (idempotent on our refund number), and
 * booked in one transaction once the provider accepted: the refund row, a negative payments row
 * (the buyer's payment history), a negative ledger credit (their finance account) and the audit
 * entry. Nothing is booked when the provider refuses or does not answer.
 */
export function createRefundsService(
  deps: DataAccess & {
    /** The adapter that took the payment (sandbox, wechat, alipay), when configured. */
    providerFor: (name: string) => PaymentProvider | undefined;
    logger?: { warn(object: object, message: string): void } | undefined;
    now?: () => Date;
  },
) {
  const { transaction } = deps;
  const now = deps.now ?? (() => new Date());

  type Reserved =
    | { kind: 'done'; refund: RefundRow; payment: RefundablePayment }
    | { kind: 'ask'; refund: RefundRow; payment: RefundablePayment; provider: PaymentProvider };

  /** The refund row to ask the provider about: a new one, or the one to retry. */
  async function reserve(
    by: PaymentsActor,
    input: RefundInput,
    amount: ExactDecimal,
    idempotency: RefundIdempotency | undefined,
  ): Promise<Reserved> {
    return transaction(async (tx) => {
      const payment = await tx.refunds.lockPayment(by.accountId, input.payment);
      if (!payment) throw notFound();
      const sameRequest = (row: RefundRow) =>
        row.paymentId === payment.id && amount.equals(row.amount) && row.reason === input.reason;
      if (idempotency) {
        const earlier = await tx.refunds.byIdempotencyKey(idempotency.apiKeyId, idempotency.key);
        if (earlier) {
          if (!sameRequest(earlier)) {
            throw new AppError(ResultCode.conflict, 'refundIdempotencyReused', { key: idempotency.key });
          }
          if (earlier.status === 'failed') {
            throw new AppError(ResultCode.conflict, 'refundProviderRefused', { reason: earlier.refundNo });
          }
          return answerFor(earlier, payment);
        }
      }
      if (!payment.provider || !payment.tradeNo || !payment.tradeAmount) {
        throw refused('refundNotOnline', { no: payment.no });
      }
      const provider = deps.providerFor(payment.provider);
      if (!provider) throw refused('refundProviderMissing', { no: payment.no, provider: payment.provider });
      // A refund still unconfirmed by its provider: the same amount again is its retry (the same
      // refund number, so the provider pays it out once); anything else waits for it.
      const pending = await tx.refunds.pendingOf(payment.id);
      if (pending) {
        if (!amount.equals(pending.amount)) {
          throw refused('refundPendingOther', { no: payment.no, amount: money(pending.amount) });
        }
        return { kind: 'ask', refund: pending, payment, provider };
      }
      const refundable = new ExactDecimal(payment.amount).minus(await tx.refunds.committedAmount(payment.id));
      if (amount.greaterThan(refundable)) {
        throw refused('refundAmountTooLarge', {
          no: payment.no,
          amount: money(amount),
          refundable: money(ExactDecimal.max(refundable, 0)),
        });
      }
      const refund = await tx.refunds.insert({
        accountId: by.accountId,
        companyId: payment.companyId,
        paymentId: payment.id,
        // ≤ 64 letters and digits: WeChat's out_refund_no and Alipay's out_request_no both take it.
        refundNo: `RF${ymd(now())}${randomBytes(8).toString('hex').toUpperCase()}`,
        provider: payment.provider,
        amount: money(amount),
        currency: payment.currency,
        reason: input.reason,
        apiKeyId: idempotency?.apiKeyId ?? null,
        idempotencyKey: idempotency?.key ?? null,
      });
      return { kind: 'ask', refund, payment, provider };
    });
  }

  /** A refund already done (or being completed) as its answer; a pending one is asked again. */
  function answerFor(refund: RefundRow, payment: RefundablePayment): Reserved {
    if (refund.status === 'succeeded') return { kind: 'done', refund, payment };
    const provider = deps.providerFor(refund.provider);
    if (!provider) throw refused('refundProviderMissing', { no: payment.no, provider: refund.provider });
    return { kind: 'ask', refund, payment, provider };
  }

  async function result(
    repos: Repositories,
    refund: RefundRow,
    payment: RefundablePayment,
    replayed: boolean,
  ): Promise<RefundResult> {
    const refundable = new ExactDecimal(payment.amount).minus(
      await repos.refunds.committedAmount(payment.id),
    );
    return {
      refund_id: refund.id,
      refund_no: refund.refundNo,
      payment_no: payment.no,
      no: (refund.refundPaymentId && (await repos.refunds.paymentNoOf(refund.refundPaymentId))) || '',
      amount: money(refund.amount),
      currency: refund.currency,
      provider_status: refund.providerStatus === 'processing' ? 'processing' : 'success',
      refundable: money(ExactDecimal.max(refundable, 0)),
      replayed,
    };
  }

  /** Books the refund the provider accepted: once, in one transaction. */
  async function book(
    by: PaymentsActor,
    refund: RefundRow,
    payment: RefundablePayment,
    accepted: { refundRef: string; status: 'success' | 'processing' },
  ): Promise<RefundResult> {
    return transaction(async (tx) => {
      const current = await tx.refunds.lock(refund.id);
      // Two callers retrying the same refund at once: the first books it, the second answers it.
      if (!current || current.status === 'succeeded') return result(tx, current ?? refund, payment, true);
      const at = now();
      const id = await tx.payment.nextPaymentId();
      const no = paymentNumber(id, at);
      const negative = money(new ExactDecimal(refund.amount).negated());
      const remark = remarkColumns({
        key: 'refundRemark',
        params: { no: payment.no, reason: refund.reason },
      });
      await tx.payment.insertPayment({
        id,
        accountId: payment.accountId,
        companyId: payment.companyId,
        orderId: payment.orderId,
        no,
        date: at,
        amount: negative,
        currency: payment.currency,
        method: payment.method,
        refundsPaymentId: payment.id,
        ...remark,
      });
      // Money paid back: the company's credits shrink by it, as a void's counter entry does, so
      // the balance and the open debts the payment had settled follow (decision 025).
      await tx.payment.insertLedger([
        {
          companyId: payment.companyId,
          date: at,
          kind: 'refund',
          refNo: no,
          debit: '0',
          credit: negative,
          currency: payment.currency,
          ...remark,
        },
      ]);
      await tx.refunds.complete(refund.id, {
        providerRef: accepted.refundRef,
        providerStatus: accepted.status,
        refundPaymentId: id,
        completedAt: at,
      });
      await tx.audit.record({
        accountId: by.accountId,
        actor: by.actor,
        action: 'payment.refund',
        entity: 'payment',
        entityId: payment.id,
        changes: changedFields(null, { refund_no: refund.refundNo, refund_payment_no: no }),
        details: {
          amount: money(refund.amount),
          currency: refund.currency,
          reason: refund.reason,
          provider: refund.provider,
          provider_ref: accepted.refundRef,
          provider_status: accepted.status,
          counter_entry_id: id,
        },
      });
      return result(tx, { ...refund, refundPaymentId: id, providerStatus: accepted.status }, payment, false);
    });
  }

  return {
    async refund(
      by: PaymentsActor,
      input: RefundInput,
      idempotency?: RefundIdempotency,
    ): Promise<RefundResult> {
      const amount = new ExactDecimal(input.amount);
      if (!amount.greaterThan(0)) throw refused('refundAmountNotPositive');
      const reserved = await reserve(by, input, amount, idempotency);
      if (reserved.kind === 'done') {
        return result(deps.repos, reserved.refund, reserved.payment, true);
      }
      const { refund, payment, provider } = reserved;
      let accepted;
      try {
        // The adapters retry timeouts and 5xx themselves, with the same refund number.
        accepted = await provider.refund({
          paymentNo: payment.tradeNo!,
          refundNo: refund.refundNo,
          amount: money(refund.amount),
          total: money(payment.tradeAmount!),
          reason: refund.reason,
        });
      } catch (error) {
        deps.logger?.warn({ err: error, refundNo: refund.refundNo }, 'refund at the provider failed');
        if (error instanceof ProviderError && !error.retryable) {
          // Refused outright: nothing went out, so its amount is refundable again.
          await deps.repos.refunds.fail(refund.id, now());
          throw new AppError(ResultCode.conflict, 'refundProviderRefused', { reason: error.message });
        }
        // Unanswered: maybe done there, maybe not. It stays reserved (pending) until retried with
        // the same refund number, which the provider treats as the same refund.
        throw new AppError(ResultCode.unavailable, 'refundProviderUnavailable', {
          refund_no: refund.refundNo,
        });
      }
      return book(by, refund, payment, accepted);
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
