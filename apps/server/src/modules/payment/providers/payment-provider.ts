/**
 * What the payment service needs of a payment provider (decision 004, extended by 019): open a
 * payment (answer what the QR code encodes), ask about it, close it, refund it, and verify its
 * notifications. Implementations: the built-in sandbox (sandbox-provider.ts), Alipay
 * (alipay-provider.ts) and WeChat Pay API v3 (wechat-pay-provider.ts). Which of them a checkout
 * offers comes from configuration (a provider without it is not built).
 */
export interface PaymentProvider {
  readonly name: string;
  /** Opens a payment with the provider; answers the text the buyer's QR code encodes. */
  createPayment(input: {
    paymentNo: string;
    /** Yuan, two decimals ("12.34"). */
    amount: string;
    currency: string;
    description: string;
    /** Where the buyer confirms (the sandbox encodes this page; a real provider its own URL). */
    confirmUrl: string;
  }): Promise<{ qrData: string }>;
  /** What the provider knows of a payment now (reconciliation; the adapters' tests). */
  query(paymentNo: string): Promise<ProviderTrade>;
  /** No payment is possible any more (idempotent: closing a closed or unknown trade is fine). */
  close(paymentNo: string): Promise<void>;
  /** Refunds `amount` of a paid trade; the same refundNo again is the same refund. */
  refund(input: {
    paymentNo: string;
    refundNo: string;
    amount: string;
    total: string;
    reason: string;
  }): Promise<{ refundRef: string; status: 'success' | 'processing' }>;
}

/** A provider's own notification, as it arrived. */
export interface RawNotification {
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received (signatures are over these bytes). */
  rawBody: string;
}

/** A provider whose notifications arrive at POST /Payment/Notify/{name}. */
export interface NotifyingProvider extends PaymentProvider {
  /**
   * Checks authenticity, freshness and that it is addressed to this merchant; answers its facts
   * or throws a CallbackRefusal. Whether the payment itself matches (known payment_no, amount) is
   * the payment service's business.
   */
  verifyNotification(notification: RawNotification): VerifiedNotification;
  /** The provider's own "received" / "try again" answers. */
  answer(ok: boolean, reason?: string): { status: number; contentType: string; body: string };
}

/** What a verified notification says. */
export type VerifiedNotification =
  | {
      kind: 'paid';
      paymentNo: string;
      /** Yuan, two decimals. */
      amount: string;
      /** The provider's transaction id (Alipay trade_no, WeChat transaction_id). */
      providerRef: string;
    }
  /** A genuine notification of something else (a closed trade, a refund): acknowledged, no write. */
  | { kind: 'other'; paymentNo: string; status: string };

export interface ProviderTrade {
  status: 'paid' | 'pending' | 'closed' | 'refunded' | 'not_found';
  providerRef?: string;
  /** Yuan, two decimals, when the provider says. */
  amount?: string;
}

export interface VerifiedCallback {
  paymentNo: string;
  merchantId: number;
  amount: string;
  providerRef: string;
  /** Unix seconds. */
  timestamp: number;
}

/** A callback the provider layer will not accept; `reason` is short English for logs and answers. */
export class CallbackRefusal extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'CallbackRefusal';
  }
}

/** The provider did not answer usefully (timeout, 5xx, a refused call); `retryable` when worth another go. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/**
 * Runs `call` up to `attempts` times while it fails with a retryable ProviderError (timeouts,
 * 5xx). Only for calls the provider treats as idempotent by our identifiers — every call here is
 * (same out_trade_no / out_refund_no) — so a repeat never creates a second trade or refund.
 */
export async function withRetries<T>(
  call: () => Promise<T>,
  options: { attempts?: number; delayMs?: number } = {},
): Promise<T> {
  const attempts = options.attempts ?? 3;
  const delayMs = options.delayMs ?? 200;
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ProviderError) || !error.retryable || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs * attempt));
    }
  }
}

/** Fen (integer) → yuan text with two decimals; WeChat Pay counts in fen. */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Yuan text ("12.34", "12.3", "12") → fen, exactly (no floating point). */
export function yuanToFen(yuan: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!match) throw new Error(`not an amount in yuan: "${yuan}"`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
