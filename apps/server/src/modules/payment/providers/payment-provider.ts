/**
 * What the payment service needs of a payment provider. Today the only implementation is the
 * built-in sandbox (sandbox-provider.ts); a WeChat Pay or Alipay adapter would implement the
 * same two steps: open a payment (answer what the QR code encodes) and verify a callback.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Opens a payment with the provider; answers the text the buyer's QR code encodes. */
  createPayment(input: {
    paymentNo: string;
    amount: string;
    currency: string;
    description: string;
    /** Where the buyer confirms (the sandbox encodes this page; a real provider its own URL). */
    confirmUrl: string;
  }): Promise<{ qrData: string }>;
  /**
   * Checks a callback's authenticity and freshness; answers its facts or throws a
   * CallbackRefusal. Whether the payment itself matches (known payment_no, amount) is the
   * payment service's business.
   */
  verifyCallback(body: unknown): VerifiedCallback;
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
