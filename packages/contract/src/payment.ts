import { z } from 'zod';
import { emptyBodySchema, idSchema, moneySchema } from './common';
import { defineEndpoint } from './endpoint';
import { orderIdParamsSchema, orderStateSchema, PENDING_ORDER_CODES } from './orders';

/**
 * wechat / alipay / qr: an online payment through the payment provider (today only the built-in
 * sandbox: a QR code that opens a local confirmation page); account: immediate payment on account
 * within the company's credit limit.
 */
export const PAYMENT_METHODS = ['wechat', 'alipay', 'qr', 'account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Longest `data` of `/Web/QRCode?data=`. */
export const MAX_QR_DATA_LENGTH = 1000;
/** How often the pay page asks `/Web/GetPayStatus/{id}` while a QR code is shown. */
export const PAY_STATUS_POLL_MS = 2000;

export const creditSchema = z.object({
  limit: moneySchema,
  /** Σ ledger debit − Σ credit. */
  debts: moneySchema,
  /** limit − debts (may be negative). */
  available: moneySchema,
});

export const payBillSchema = z.object({
  order_id: idSchema,
  no: z.string(),
  state: orderStateSchema,
  goods_amount: moneySchema,
  freight: moneySchema,
  total_amount: moneySchema,
  currency: z.string(),
  paid_amount: moneySchema,
  methods: z.array(z.enum(PAYMENT_METHODS)),
  credit: creditSchema,
});
export type PayBill = z.infer<typeof payBillSchema>;

export const wePayRequestSchema = z.strictObject({
  order_id: idSchema,
  method: z.enum(PAYMENT_METHODS),
});
export type WePayRequest = z.input<typeof wePayRequestSchema>;

export const wePayResultSchema = z.discriminatedUnion('status', [
  /** Paid on account: the order is `submitted` now; go to /cart/paySuccess. */
  z.object({ status: z.literal('paid'), order_id: idSchema, state: orderStateSchema }),
  /**
   * Waiting for the provider: show `qr_url` as an <img> (append `&token=`), poll GetPayStatus
   * every PAY_STATUS_POLL_MS; `confirm_url` is what the QR encodes (the sandbox's phone page).
   */
  z.object({
    status: z.literal('pending'),
    order_id: idSchema,
    payment_no: z.string(),
    amount: moneySchema,
    currency: z.string(),
    qr_url: z.string(),
    confirm_url: z.string(),
  }),
]);
export type WePayResult = z.infer<typeof wePayResultSchema>;

export const payStatusSchema = z.object({
  order_id: idSchema,
  state: orderStateSchema,
  /** True once the order left pending_payment by a payment. */
  paid: z.boolean(),
  paid_amount: moneySchema,
});
export type PayStatus = z.infer<typeof payStatusSchema>;

export const qrCodeQuerySchema = z.object({
  data: z.string().min(1).max(MAX_QR_DATA_LENGTH),
  token: z.string().max(128).optional(),
});

export const paymentEndpoints = {
  getPayBill: defineEndpoint({
    method: 'POST',
    path: '/Web/GetPayBill/{id}',
    summary: 'What the pay page shows: order amounts, what is paid, methods and the credit on account.',
    permission: PENDING_ORDER_CODES,
    body: emptyBodySchema,
    params: orderIdParamsSchema,
    data: payBillSchema,
  }),
  wePay: defineEndpoint({
    method: 'POST',
    path: '/Web/WePay',
    summary:
      "Pays an order: 'account' at once within the credit limit, 'wechat'/'alipay'/'qr' through the provider (a QR code).",
    permission: PENDING_ORDER_CODES,
    body: wePayRequestSchema,
    data: wePayResultSchema,
  }),
  getPayStatus: defineEndpoint({
    method: 'POST',
    path: '/Web/GetPayStatus/{id}',
    summary: 'State of the order; the pay page polls it while a QR code is shown.',
    permission: PENDING_ORDER_CODES,
    body: emptyBodySchema,
    params: orderIdParamsSchema,
    data: payStatusSchema,
  }),
} as const;
