import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { moneySchema } from '@partsportal/contract/common';
import { z } from 'zod';
import { CallbackRefusal, type PaymentProvider, type VerifiedCallback } from './payment-provider';

/** A callback older or newer than this is refused (replays, clock games). */
export const CALLBACK_MAX_AGE_SECONDS = 5 * 60;

export const sandboxCallbackSchema = z.strictObject({
  payment_no: z.string().min(1).max(64),
  merchant_id: z.number().int().positive(),
  amount: moneySchema,
  provider_ref: z.string().min(1).max(64),
  timestamp: z.number().int().nonnegative(),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});
export type SandboxCallback = z.infer<typeof sandboxCallbackSchema>;
type UnsignedCallback = Omit<SandboxCallback, 'signature'>;

/**
 * The signed text: every field but the signature, keys sorted, `key=value` joined by `&` — the
 * way WeChat Pay v2 and Alipay build theirs, so nothing depends on JSON key order or spacing.
 */
export function canonicalCallback(fields: UnsignedCallback): string {
  return (Object.keys(fields) as Array<keyof UnsignedCallback>)
    .sort()
    .map((key) => `${key}=${String(fields[key])}`)
    .join('&');
}

export const signCallback = (secret: string, fields: UnsignedCallback): string =>
  createHmac('sha256', secret).update(canonicalCallback(fields)).digest('hex');

/**
 * The built-in sandbox provider: the QR code encodes a local confirmation page, and confirming
 * there produces a callback signed with HMAC-SHA256 (SANDBOX_PAYMENT_SECRET), delivered to
 * POST /Payment/Callback/sandbox like a real provider's notification.
 */
export function createSandboxProvider(deps: { secret: string; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const secret = deps.secret;

  const provider: PaymentProvider & {
    signedCallback(input: { paymentNo: string; merchantId: number; amount: string }): SandboxCallback;
    /** Checks a callback's signature and freshness; answers its facts or throws a CallbackRefusal. */
    verifyCallback(body: unknown): VerifiedCallback;
  } = {
    name: 'sandbox',

    async createPayment(input) {
      return { qrData: input.confirmUrl };
    },

    // The sandbox keeps no trades of its own: the payment requests are its whole state, so
    // reconciliation leaves it alone, closing needs nothing and a refund is granted at once.
    async query() {
      return { status: 'not_found' };
    },
    async close() {},
    async refund(input) {
      return { refundRef: `SBR${input.refundNo}`, status: 'success' };
    },

    /** What the sandbox "sends" when the buyer confirms on the phone page. */
    signedCallback(input) {
      const fields: UnsignedCallback = {
        payment_no: input.paymentNo,
        merchant_id: input.merchantId,
        amount: input.amount,
        provider_ref: `SBX${randomBytes(10).toString('hex').toUpperCase()}`,
        timestamp: Math.floor(now().getTime() / 1000),
      };
      return { ...fields, signature: signCallback(secret, fields) };
    },

    verifyCallback(body): VerifiedCallback {
      const parsed = sandboxCallbackSchema.safeParse(body);
      if (!parsed.success) throw new CallbackRefusal('malformed callback');
      const { signature, ...fields } = parsed.data;
      const expected = Buffer.from(signCallback(secret, fields), 'hex');
      const given = Buffer.from(signature, 'hex');
      // Both are 32 bytes (the schema demands 64 hex digits); compared in constant time.
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new CallbackRefusal('bad signature');
      }
      const age = Math.floor(now().getTime() / 1000) - fields.timestamp;
      if (Math.abs(age) > CALLBACK_MAX_AGE_SECONDS) throw new CallbackRefusal('stale timestamp');
      return {
        paymentNo: fields.payment_no,
        merchantId: fields.merchant_id,
        amount: fields.amount,
        providerRef: fields.provider_ref,
        timestamp: fields.timestamp,
      };
    },
  };
  return provider;
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
