import { randomBytes } from 'node:crypto';
import { ResultCode, type Language } from '@partsportal/contract/codes';
import type { OrderState } from '@partsportal/contract/orders';
import {
  PAYMENT_METHODS,
  type PayBill,
  type PayStatus,
  type WePayResult,
  type wePayRequestSchema,
} from '@partsportal/contract/payment';
import QRCode from 'qrcode';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth-context';
import { AppError, notFound, refused } from '../../platform/errors';
import { noteColumns, remarkColumns } from '../../platform/messages';
import { money, ExactDecimal } from '../../platform/money';
import type { DataAccess, Repositories } from '../../repositories';
import type { OrderHead } from '../orders/orders.repository';
import { assertCreditFor, companyCreditPosition } from '../payments-desk/credit-position';
import { CallbackRefusal } from './providers/payment-provider';
import type { SandboxCallback, SandboxProvider } from './providers/sandbox-provider';
import { sandboxPageText } from './sandbox-page-text';

type WePayRequest = z.output<typeof wePayRequestSchema>;

const ymd = (date: Date) => date.toISOString().slice(0, 10).replace(/-/g, '');

/** A payment's number: SK, the day it was booked (UTC) and its id (the buyers' payment history shows it). */
export const paymentNumber = (id: number, at: Date) => `SK${ymd(at)}${String(id).padStart(6, '0')}`;
const totalOf = (order: OrderHead) => new ExactDecimal(order.amount).plus(order.freight);

/** Answer of the callback route; anything else is a refusal (`code` ≠ 200). */
export interface CallbackAnswer {
  code: number;
  msg: string;
}

const refuseCallback = (reason: string) =>
  new AppError(ResultCode.refused, 'paymentCallbackRefused', { reason });

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function createPaymentService(
  deps: DataAccess & {
    sandbox: SandboxProvider;
    /** Where the API is served, for the sandbox page's form action. */
    apiPrefix: string;
    /** Posts a provider callback to POST /Payment/Callback/sandbox (through the HTTP stack). */
    deliverSandboxCallback: (body: SandboxCallback) => Promise<CallbackAnswer>;
    /**
     * The sandbox lets anyone holding a payment number confirm it: right for the demo, wrong for
     * a shop taking real money (PAYMENT_SANDBOX=false). Off → online methods are refused and the
     * sandbox pages and callback answer "not found".
     */
    sandboxEnabled?: boolean;
    now?: () => Date;
  },
) {
  const { repos, transaction, sandbox } = deps;
  const sandboxEnabled = deps.sandboxEnabled ?? true;
  const now = deps.now ?? (() => new Date());

  /** The pay page's credit figures: the limit shown includes the owner's allowance in force. */
  async function creditOf(auth: AuthContext) {
    const credit = await companyCreditPosition(repos, auth.accountId, auth.companyId, { at: now() });
    const limit = (credit?.limit ?? new ExactDecimal(0)).plus(credit?.allowance ?? 0);
    const debts = credit?.openBalance ?? new ExactDecimal(0);
    return { limit, debts, available: limit.minus(debts) };
  }

  async function findOrder(auth: AuthContext, id: number) {
    const order = await repos.orders.find(auth.companyId, id);
    if (!order) throw notFound();
    return order;
  }

  const notPending = (order: OrderHead) => refused('orderNotPending', { no: order.no, state: order.state });

  /** Payment row + ledger + state change + event, shared by both ways an order gets paid. */
  async function recordPayment(
    tx: Repositories,
    order: OrderHead,
    input: {
      method: string;
      amount: ExactDecimal;
      providerRef: string;
      userId: number | null;
      onAccount: boolean;
    },
  ) {
    const orders = tx.orders;
    const payments = tx.payment;
    const at = now();
    if (
      !(await orders.transition(order.companyId, order.id, 'pending_payment', 'submitted', { paidAt: at }))
    ) {
      throw notPending(order);
    }
    const paymentId = await payments.nextPaymentId();
    const paymentNo = paymentNumber(paymentId, at);
    await payments.insertPayment({
      id: paymentId,
      accountId: order.accountId,
      companyId: order.companyId,
      orderId: order.id,
      no: paymentNo,
      date: at,
      amount: money(input.amount),
      currency: order.currency,
      method: input.method,
      providerRef: input.providerRef,
      remark: order.no,
    });
    // The order becomes a debt at once (the ERP must not debit it again on delivery: ref_no is the
    // order number); an online payment settles it in the same breath, paying on account does not.
    const entries: Array<Parameters<typeof payments.insertLedger>[0][number]> = [
      {
        companyId: order.companyId,
        date: at,
        kind: 'sale',
        refNo: order.no,
        debit: money(totalOf(order)),
        credit: '0',
        currency: order.currency,
        ...remarkColumns({ key: input.onAccount ? 'ledgerWebOrderOnAccount' : 'ledgerWebOrderPaidOnline' }),
      },
    ];
    if (!input.onAccount) {
      entries.push({
        companyId: order.companyId,
        date: at,
        kind: 'payment',
        refNo: paymentNo,
        debit: '0',
        credit: money(input.amount),
        currency: order.currency,
        remark: `${input.method} ${input.providerRef}`,
      });
    }
    await payments.insertLedger(entries);
    await orders.addEvent({
      orderId: order.id,
      fromState: 'pending_payment',
      toState: 'submitted',
      userId: input.userId,
      ...noteColumns(
        input.onAccount
          ? { key: 'orderEventPaidOnAccount' }
          : { key: 'orderEventPaidBy', params: { method: input.method, ref: input.providerRef } },
      ),
    });
    // The integrators' events, in this transaction (outbox): submitted, and paid when paid online.
    const payload = {
      order_id: order.id,
      order_no: order.no,
      company_id: order.companyId,
      state: 'submitted',
      amount: money(totalOf(order)),
      currency: order.currency,
      payment_no: paymentNo,
      on_account: input.onAccount,
    };
    await tx.outbox.append({
      accountId: order.accountId,
      type: 'order.submitted',
      entity: 'order',
      entityId: order.id,
      payload,
    });
    if (!input.onAccount) {
      await tx.outbox.append({
        accountId: order.accountId,
        type: 'order.paid',
        entity: 'order',
        entityId: order.id,
        payload,
      });
    }
    return paymentNo;
  }

  async function payOnAccount(auth: AuthContext, orderId: number): Promise<WePayResult> {
    return transaction(async (tx) => {
      const order = await tx.orders.lock(auth.companyId, orderId);
      if (!order) throw notFound();
      if (order.state !== 'pending_payment') throw notPending(order);
      // The credit check of a submit on account (the moment an order becomes a debt): limit +
      // the owner's allowance − open balance, with the company row locked (payments-desk).
      const total = totalOf(order);
      await assertCreditFor(tx, auth.accountId, auth.companyId, total, now());
      // One account payment per order at most: the unique (method, provider_ref) says so too.
      await recordPayment(tx, order, {
        method: 'account',
        amount: total,
        providerRef: `order-${order.id}`,
        userId: auth.userId,
        onAccount: true,
      });
      await tx.orders.closePaymentRequests(order.id, 'superseded');
      return { status: 'paid', order_id: order.id, state: 'submitted' };
    });
  }

  async function payOnline(auth: AuthContext, body: WePayRequest, origin: string): Promise<WePayResult> {
    return transaction(async (tx) => {
      const orders = tx.orders;
      const payments = tx.payment;
      const order = await orders.lock(auth.companyId, body.order_id);
      if (!order) throw notFound();
      if (order.state !== 'pending_payment') throw notPending(order);
      const amount = money(totalOf(order));
      // Showing the pay page again reuses the open request of the method; another method's
      // request is closed, so at most one QR code of an order can ever be paid.
      let request = await payments.openRequest(order.id, body.method, amount);
      if (!request) {
        await orders.closePaymentRequests(order.id, 'superseded');
        request = await payments.insertRequest({
          accountId: order.accountId,
          orderId: order.id,
          companyId: order.companyId,
          method: body.method,
          provider: sandbox.name,
          amount,
          currency: order.currency,
          paymentNo: `SB${ymd(now())}${randomBytes(8).toString('hex').toUpperCase()}`,
        });
      }
      const confirmUrl = `${origin}${deps.apiPrefix}/sandbox/pay/${request.paymentNo}`;
      const { qrData } = await sandbox.createPayment({
        paymentNo: request.paymentNo,
        amount,
        currency: order.currency,
        description: order.no,
        confirmUrl,
      });
      return {
        status: 'pending',
        order_id: order.id,
        payment_no: request.paymentNo,
        amount,
        currency: order.currency,
        qr_url: `/Web/QRCode?data=${encodeURIComponent(qrData)}`,
        confirm_url: confirmUrl,
      };
    });
  }

  async function handleCallback(body: unknown): Promise<{ status: 'ok' }> {
    if (!sandboxEnabled) throw notFound();
    let facts;
    try {
      facts = sandbox.verifyCallback(body);
    } catch (error) {
      if (error instanceof CallbackRefusal) throw refuseCallback(error.reason);
      throw error;
    }
    const request = await repos.payment.findRequest(facts.paymentNo);
    if (!request) throw refuseCallback('unknown payment_no');
    if (request.accountId !== facts.merchantId) throw refuseCallback('merchant mismatch');
    if (!new ExactDecimal(request.amount).equals(facts.amount)) throw refuseCallback('amount mismatch');

    return transaction(async (tx) => {
      const payments = tx.payment;
      // The order row first, as every other state change of an order: no lock-order deadlocks.
      const order = await tx.orders.lock(request.companyId, request.orderId);
      if (!order) throw refuseCallback('unknown order');
      if (!(await payments.markRequestPaid(request.id, facts.providerRef, now()))) {
        const current = await payments.findRequest(facts.paymentNo);
        // The provider repeats a notification until it is acknowledged: the same one again is fine.
        if (current?.status === 'paid' && current.providerRef === facts.providerRef) return { status: 'ok' };
        throw new AppError(ResultCode.conflict, 'paymentRequestClosed');
      }
      await recordPayment(tx, order, {
        method: request.method,
        amount: new ExactDecimal(request.amount),
        providerRef: facts.providerRef,
        userId: null,
        onAccount: false,
      });
      await tx.orders.closePaymentRequests(order.id, 'superseded', request.id);
      return { status: 'ok' };
    });
  }

  /** A sandbox text with its `{name}` placeholders filled; text and values both escaped. */
  function fill(text: string, values: Record<string, string>) {
    return escapeHtml(text).replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in values ? escapeHtml(values[name] ?? '') : whole,
    );
  }

  function page(language: Language, title: string, body: string) {
    return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#222}h1{font-size:20px}.amount{font-size:32px;margin:16px 0}button{font-size:18px;padding:12px 24px;background:#1677ff;color:#fff;border:0;border-radius:6px;width:100%}.note{color:#555;font-size:13px;margin-top:24px}</style></head><body>${body}<p class="note">${escapeHtml(sandboxPageText[language].note)}</p></body></html>`;
  }

  return {
    async getPayBill(auth: AuthContext, orderId: number): Promise<PayBill> {
      const order = await findOrder(auth, orderId);
      const credit = await creditOf(auth);
      return {
        order_id: order.id,
        no: order.no,
        state: order.state,
        goods_amount: money(order.amount),
        freight: money(order.freight),
        total_amount: money(totalOf(order)),
        currency: order.currency,
        paid_amount: money(await repos.orders.paidAmount(order.id)),
        methods: sandboxEnabled
          ? [...PAYMENT_METHODS]
          : PAYMENT_METHODS.filter((method) => method === 'account'),
        credit: {
          limit: money(credit.limit),
          debts: money(credit.debts),
          available: money(credit.available),
        },
      };
    },

    async wePay(auth: AuthContext, body: WePayRequest, origin: string): Promise<WePayResult> {
      if (body.method === 'account') return payOnAccount(auth, body.order_id);
      if (!sandboxEnabled) throw refused('onlinePaymentUnavailable');
      return payOnline(auth, body, origin);
    },

    async getPayStatus(auth: AuthContext, orderId: number): Promise<PayStatus> {
      const order = await findOrder(auth, orderId);
      const paid = await repos.orders.paidAmount(order.id);
      const movedOn: OrderState[] = [
        'submitted',
        'credit_hold',
        'confirmed',
        'partially_delivered',
        'delivered',
      ];
      return {
        order_id: order.id,
        state: order.state,
        paid: new ExactDecimal(paid).greaterThan(0) && movedOn.includes(order.state),
        paid_amount: money(paid),
      };
    },

    /** A PNG QR code of `data` (pure JS, no binaries). */
    qrCode(data: string): Promise<Buffer> {
      return QRCode.toBuffer(data, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 280 });
    },

    handleCallback,

    /** The "phone" page the QR code opens: order number, amount and a Confirm button. */
    async sandboxPage(paymentNo: string, language: Language): Promise<string | null> {
      if (!sandboxEnabled) return null;
      const request = await repos.payment.findRequest(paymentNo);
      if (!request) return null;
      const order = await repos.orders.find(request.companyId, request.orderId);
      const t = sandboxPageText[language];
      const heading = `<h1>${fill(t.order, { no: order?.no ?? '' })}</h1><div class="amount">${escapeHtml(money(request.amount))} ${escapeHtml(request.currency)}</div>`;
      if (request.status !== 'pending') {
        return page(
          language,
          t.payment,
          `${heading}<p>${escapeHtml(t.status)} <strong>${escapeHtml(request.status)}</strong></p>`,
        );
      }
      // The confirmation answers in the page's language too.
      const action = `${deps.apiPrefix}/sandbox/pay/${encodeURIComponent(paymentNo)}/confirm?lng=${language}`;
      return page(
        language,
        t.confirmTitle,
        `${heading}<p>${fill(t.payWith, { method: request.method })}</p><form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(t.confirm)}</button></form>`,
      );
    },

    /** The buyer confirmed on the phone: the sandbox sends its signed callback, as a provider would. */
    async sandboxConfirm(paymentNo: string, language: Language): Promise<string | null> {
      if (!sandboxEnabled) return null;
      const request = await repos.payment.findRequest(paymentNo);
      if (!request) return null;
      const answer = await deps.deliverSandboxCallback(
        sandbox.signedCallback({ paymentNo, merchantId: request.accountId, amount: money(request.amount) }),
      );
      const t = sandboxPageText[language];
      return answer.code === ResultCode.ok
        ? page(
            language,
            t.paid,
            `<h1>${escapeHtml(t.confirmed)}</h1><div class="amount">${escapeHtml(money(request.amount))} ${escapeHtml(request.currency)}</div><p>${escapeHtml(t.returnNote)}</p>`,
          )
        : page(language, t.refused, `<h1>${escapeHtml(t.refused)}</h1><p>${escapeHtml(answer.msg)}</p>`);
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
