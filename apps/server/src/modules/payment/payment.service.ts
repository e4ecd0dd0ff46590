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
import type { PaymentRequestRow } from './payment.repository';
import { assertCreditFor, companyCreditPosition } from '../payments-desk/credit-position';
import {
  CallbackRefusal,
  ProviderError,
  type NotifyingProvider,
  type PaymentProvider,
  type RawNotification,
} from './providers/payment-provider';
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

/** The job queue's name of payment reconciliation (one keyed job per slot across processes). */
export const PAYMENT_RECONCILE_JOB = 'payment-reconcile';

/** The real providers and the checkout methods they serve (the sandbox serves all three). */
export interface RealProviders {
  wechat?: NotifyingProvider | undefined;
  alipay?: NotifyingProvider | undefined;
}

/** out_trade_no prefix per provider: ≤ 32 characters, letters and digits (WeChat Pay's limit). */
const PAYMENT_NO_PREFIX: Record<string, string> = { sandbox: 'SB', wechat: 'WX', alipay: 'AP' };

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
    /** WeChat Pay / Alipay adapters, when configured (decision 022). */
    providers?: RealProviders;
    /** Reconciliation asks the provider about requests pending longer than this. */
    reconcileAfterMinutes?: number;
    logger?: { warn(object: object, message: string): void; info(object: object, message: string): void };
    now?: () => Date;
  },
) {
  const { repos, transaction, sandbox } = deps;
  const real: RealProviders = deps.providers ?? {};
  const realByName = new Map<string, NotifyingProvider>(
    [real.wechat, real.alipay].filter((p): p is NotifyingProvider => !!p).map((p) => [p.name, p]),
  );
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
      po_number: order.poNumber,
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
    let superseded: PaymentRequestRow[] = [];
    const result = await transaction(async (tx) => {
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
      superseded = await tx.payment.openRequestsOf(order.id);
      await tx.orders.closePaymentRequests(order.id, 'superseded');
      return { status: 'paid' as const, order_id: order.id, state: 'submitted' as const };
    });
    await closeAtProviders(superseded);
    return result;
  }

  /**
   * Closes the trades of requests just superseded here at their providers, so their QR codes can
   * no longer be paid. Best effort: reconciliation does not look at superseded requests, and the
   * notification of a payment made anyway is refused (request closed) and logged for a refund.
   */
  async function closeAtProviders(requests: ReadonlyArray<{ provider: string; paymentNo: string }>) {
    for (const old of requests) {
      const provider = realByName.get(old.provider);
      if (!provider) continue;
      await provider.close(old.paymentNo).catch((error: unknown) => {
        deps.logger?.warn({ err: error, paymentNo: old.paymentNo }, 'closing a superseded trade failed');
      });
    }
  }

  /** Which provider takes `method`: the configured adapter, else the sandbox when it is on. */
  function providerFor(method: string): PaymentProvider | undefined {
    if (method === 'wechat' && real.wechat) return real.wechat;
    if (method === 'alipay' && real.alipay) return real.alipay;
    return sandboxEnabled ? sandbox : undefined;
  }

  function offeredMethods() {
    return PAYMENT_METHODS.filter((method) => method === 'account' || providerFor(method) !== undefined);
  }

  async function payOnline(auth: AuthContext, body: WePayRequest, origin: string): Promise<WePayResult> {
    const provider = providerFor(body.method);
    if (!provider) throw refused('onlinePaymentUnavailable');
    const { order, request, superseded } = await transaction(async (tx) => {
      const orders = tx.orders;
      const payments = tx.payment;
      const order = await orders.lock(auth.companyId, body.order_id);
      if (!order) throw notFound();
      if (order.state !== 'pending_payment') throw notPending(order);
      const amount = money(totalOf(order));
      // Showing the pay page again reuses the open request of the method; another method's
      // request is closed, so at most one QR code of an order can ever be paid.
      let request = await payments.openRequest(order.id, body.method, amount);
      let superseded: PaymentRequestRow[] = [];
      if (!request || request.provider !== provider.name) {
        superseded = await payments.openRequestsOf(order.id);
        await orders.closePaymentRequests(order.id, 'superseded');
        request = await payments.insertRequest({
          accountId: order.accountId,
          orderId: order.id,
          companyId: order.companyId,
          method: body.method,
          provider: provider.name,
          amount,
          currency: order.currency,
          paymentNo: `${PAYMENT_NO_PREFIX[provider.name] ?? 'PP'}${ymd(now())}${randomBytes(8).toString('hex').toUpperCase()}`,
        });
      }
      return { order, request, superseded };
    });
    // The provider is called after the commit: no transaction waits on another company's server.
    // A trade of a superseded request is closed there too, so its QR code cannot be paid.
    await closeAtProviders(superseded);
    const confirmUrl = `${origin}${deps.apiPrefix}/sandbox/pay/${request.paymentNo}`;
    let qrData: string;
    try {
      ({ qrData } = await provider.createPayment({
        paymentNo: request.paymentNo,
        amount: money(request.amount),
        currency: order.currency,
        description: order.no,
        confirmUrl,
      }));
    } catch (error) {
      if (error instanceof ProviderError) {
        // The request stays pending: reconciliation asks the provider later and closes it.
        deps.logger?.warn({ err: error, paymentNo: request.paymentNo }, 'payment provider failed');
        throw new AppError(ResultCode.unavailable, 'paymentProviderUnavailable');
      }
      throw error;
    }
    return {
      status: 'pending',
      order_id: order.id,
      payment_no: request.paymentNo,
      amount: money(request.amount),
      currency: order.currency,
      qr_url: `/Web/QRCode?data=${encodeURIComponent(qrData)}`,
      // What the QR code encodes: the sandbox's phone page, or the provider's own link.
      confirm_url: provider === sandbox ? confirmUrl : qrData,
    };
  }

  /**
   * Records the payment a provider confirmed (notification or reconciliation), exactly once:
   * known request, same merchant, exact amount; the same transaction again is fine.
   */
  async function settle(facts: {
    paymentNo: string;
    amount: string;
    providerRef: string;
    merchantId?: number;
  }) {
    const request = await repos.payment.findRequest(facts.paymentNo);
    if (!request) throw refuseCallback('unknown payment_no');
    if (facts.merchantId !== undefined && request.accountId !== facts.merchantId) {
      throw refuseCallback('merchant mismatch');
    }
    if (!new ExactDecimal(request.amount).equals(facts.amount)) throw refuseCallback('amount mismatch');

    let superseded: PaymentRequestRow[] = [];
    const result = await transaction(async (tx) => {
      const payments = tx.payment;
      // The order row first, as every other state change of an order: no lock-order deadlocks.
      const order = await tx.orders.lock(request.companyId, request.orderId);
      if (!order) throw refuseCallback('unknown order');
      if (!(await payments.markRequestPaid(request.id, facts.providerRef, now()))) {
        const current = await payments.findRequest(facts.paymentNo);
        // The provider repeats a notification until it is acknowledged: the same one again is fine.
        if (current?.status === 'paid' && current.providerRef === facts.providerRef)
          return { status: 'ok' as const };
        throw new AppError(ResultCode.conflict, 'paymentRequestClosed');
      }
      await recordPayment(tx, order, {
        method: request.method,
        amount: new ExactDecimal(request.amount),
        providerRef: facts.providerRef,
        userId: null,
        onAccount: false,
      });
      superseded = (await payments.openRequestsOf(order.id)).filter((other) => other.id !== request.id);
      await tx.orders.closePaymentRequests(order.id, 'superseded', request.id);
      return { status: 'ok' as const };
    });
    await closeAtProviders(superseded);
    return result;
  }

  /**
   * A real provider's notification: verified by its adapter, then settled. Answers whether it was
   * accepted (the route answers in the provider's own format) and why not.
   */
  async function handleNotification(
    providerName: string,
    notification: RawNotification,
  ): Promise<{ ok: boolean; reason?: string }> {
    const provider = realByName.get(providerName);
    if (!provider) throw notFound();
    try {
      const facts = provider.verifyNotification(notification);
      if (facts.kind === 'other') {
        const request = await repos.payment.findRequest(facts.paymentNo);
        if (!request || request.provider !== provider.name) throw refuseCallback('unknown payment_no');
        return { ok: true };
      }
      const request = await repos.payment.findRequest(facts.paymentNo);
      // Another provider's request (a WeChat notification naming an Alipay trade …) is not known here.
      if (!request || request.provider !== provider.name) throw refuseCallback('unknown payment_no');
      await settle(facts);
      return { ok: true };
    } catch (error) {
      if (error instanceof CallbackRefusal) return { ok: false, reason: error.reason };
      if (error instanceof AppError) {
        return { ok: false, reason: String(error.params?.reason ?? error.messageKey) };
      }
      throw error;
    }
  }

  /**
   * Reconciliation (issue 19 item 5): requests of a real provider still pending after N minutes
   * are asked about; paid at the provider → recorded as its notification would have; closed or
   * never seen there → closed at the provider and expired here (the buyer can start again).
   */
  async function reconcile(limit = 100) {
    const before = new Date(now().getTime() - (deps.reconcileAfterMinutes ?? 30) * 60_000);
    const stale = await repos.payment.stalePending([...realByName.keys()], before, limit);
    const counts = { checked: 0, settled: 0, expired: 0, waiting: 0, failed: 0 };
    for (const request of stale) {
      const provider = realByName.get(request.provider)!;
      counts.checked++;
      try {
        const trade = await provider.query(request.paymentNo);
        if (trade.status === 'paid' && trade.providerRef && trade.amount) {
          await settle({
            paymentNo: request.paymentNo,
            amount: trade.amount,
            providerRef: trade.providerRef,
          });
          counts.settled++;
        } else if (trade.status !== 'refunded') {
          // Unpaid for N minutes (never scanned, scanned and left, or closed there): closed there
          // first — which fails if the buyer paid this very moment, leaving it to the next run —
          // so nobody can still pay what is expired here. The buyer can start again.
          await provider.close(request.paymentNo);
          if (await repos.payment.closeRequest(request.id, 'expired')) counts.expired++;
        } else {
          counts.waiting++;
        }
      } catch (error) {
        counts.failed++;
        deps.logger?.warn({ err: error, paymentNo: request.paymentNo }, 'payment reconciliation failed');
      }
    }
    return counts;
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
    // The sandbox settles only its own requests, never a real provider's.
    if (request && request.provider !== sandbox.name) throw refuseCallback('unknown payment_no');
    return settle(facts);
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
        methods: offeredMethods(),
        credit: {
          limit: money(credit.limit),
          debts: money(credit.debts),
          available: money(credit.available),
        },
      };
    },

    async wePay(auth: AuthContext, body: WePayRequest, origin: string): Promise<WePayResult> {
      if (body.method === 'account') return payOnAccount(auth, body.order_id);
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
    handleNotification,
    /** After a commit that closed these requests (an order cancelled): their trades close at the providers. */
    closeTrades: closeAtProviders,
    reconcile,
    /** The configured real providers by name (the notification routes, the tests). */
    realProviders: realByName,
    /** The adapter of a request's provider (refunds): a configured real one, or the sandbox. */
    providerNamed(name: string): PaymentProvider | undefined {
      return realByName.get(name) ?? (name === sandbox.name ? sandbox : undefined);
    },

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
