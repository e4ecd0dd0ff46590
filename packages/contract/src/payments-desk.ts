import { z } from 'zod';
import { idSchema, moneySchema, pageOf, pagingSchema, timestampSchema } from './common';
import { defineEndpoint, type StaffPermission } from './endpoint';
import { openItemSchema, paymentDaysSchema } from './finance';
import { OWNER_ONLY } from './staff';

/**
 * The back office's payments desk (issue 15 item 3): staff record the payments customers make
 * (bank transfer, cash, cheque …), void a wrong one with a counter entry, see the checkout's
 * online payments beside them, and read a company's credit position. Sales staff and the owner;
 * the temporary credit allowance is the owner's alone.
 */
export const PAYMENTS_STAFF: StaffPermission = { staff: ['sales'] };

/** How a payment staff or the ERP record arrived. */
export const RECORDED_PAYMENT_METHODS = [
  'bank_transfer',
  'cash',
  'cheque',
  'card',
  'online',
  'other',
] as const;
export type RecordedPaymentMethod = (typeof RECORDED_PAYMENT_METHODS)[number];

/** Every method the list can filter by: the recorded ones and the checkout's (spec: wechat, alipay, qr, account). */
export const LISTED_PAYMENT_METHODS = [
  ...RECORDED_PAYMENT_METHODS,
  'wechat',
  'alipay',
  'qr',
  'account',
] as const;

/** A positive amount of money. */
export const positiveMoneySchema = moneySchema.refine(
  (value) => !value.startsWith('-') && Number(value) > 0,
  'positive',
);

/** The payer's reference: a bank transfer id, a cheque number … unique per company. */
export const paymentReferenceSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\p{L}\p{N} ./_#:-]+$/u);

/** ISO 4217 letters. */
const currencyCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/)
  .transform((c) => c.toUpperCase());

export const paymentAllocationInputSchema = z.strictObject({
  /** The open item's ledger entry (`entry_id` of OpenItems). */
  entry_id: z.number().int().positive(),
  amount: positiveMoneySchema,
});

export const recordPaymentRequestSchema = z.strictObject({
  company_id: idSchema,
  amount: positiveMoneySchema,
  /** Must be the company's currency when given (no exchange rates). */
  currency: currencyCodeSchema.optional(),
  method: z.enum(RECORDED_PAYMENT_METHODS),
  reference: paymentReferenceSchema,
  /** When the money arrived (seconds); now when left out. */
  date: timestampSchema.optional(),
  remark: z.string().trim().max(200).default(''),
  /** Which open items it settles; the oldest first when left out. Σ ≤ amount. */
  allocations: z.array(paymentAllocationInputSchema).max(200).default([]),
});
export type RecordPaymentRequest = z.input<typeof recordPaymentRequestSchema>;

export const recordedPaymentSchema = z.object({
  id: z.number().int(),
  no: z.string(),
  /** True when the company already had this reference with the same amount: nothing new was booked. */
  replayed: z.boolean(),
});
export type RecordedPayment = z.infer<typeof recordedPaymentSchema>;

export const voidPaymentRequestSchema = z.strictObject({
  id: idSchema,
  reason: z.string().trim().min(1).max(200),
});

/**
 * A refund's amount: yuan with two decimals at most (what the providers take). Zero or negative
 * passes the schema on purpose: the service refuses it with its own words.
 */
export const refundAmountSchema = z
  .string()
  .trim()
  .regex(/^-?\d{1,13}(\.\d{1,2})?$/, 'money');

export const refundRequestBodySchema = z.strictObject({
  /** Yuan (the payment's currency), two decimals at most; > 0 and ≤ what is left refundable. */
  amount: refundAmountSchema,
  /** Shown to the buyer in the payment history and sent to the provider. */
  reason: z.string().trim().min(1).max(80),
});

export const refundPaymentRequestSchema = refundRequestBodySchema.extend({ id: idSchema });
export type RefundPaymentRequest = z.input<typeof refundPaymentRequestSchema>;

export const refundResultSchema = z.object({
  /** The refund's row (payment_refunds). */
  refund_id: z.number().int(),
  /** What the provider knows it by (WeChat out_refund_no, Alipay out_request_no). */
  refund_no: z.string(),
  /** The refunded payment's number. */
  payment_no: z.string(),
  /** The refund's own number in the buyer's payment history (a negative amount). */
  no: z.string(),
  amount: moneySchema,
  currency: z.string(),
  /** The provider's word: money sent (success) or on its way (processing). */
  provider_status: z.enum(['success', 'processing']),
  /** What is left refundable of the payment after this refund. */
  refundable: moneySchema,
  /** True when this refund was already recorded (a repeat): nothing new was booked. */
  replayed: z.boolean(),
});
export type RefundResult = z.infer<typeof refundResultSchema>;

export const staffPaymentListRequestSchema = pagingSchema.extend({
  company_id: idSchema.optional(),
  method: z.enum(LISTED_PAYMENT_METHODS).optional(),
  dateFrom: timestampSchema.optional(),
  dateTo: timestampSchema.optional(),
  /** Part of the payment number or reference. */
  keyword: z.string().trim().max(64).default(''),
});
export type StaffPaymentListRequest = z.input<typeof staffPaymentListRequestSchema>;

export const staffPaymentSchema = z.object({
  id: z.number().int(),
  no: z.string(),
  date: timestampSchema,
  company_id: z.number().int(),
  company_code: z.string(),
  company_name: z.string(),
  amount: moneySchema,
  currency: z.string(),
  method: z.string(),
  reference: z.string().nullable(),
  order_no: z.string().nullable(),
  remark: z.string(),
  /**
   * checkout: paid online or on account at the buyers' checkout; recorded: by staff or the ERP
   * (has a reference); void: a counter entry; refund: money paid back of an online payment
   * (negative); other: earlier history without either.
   */
  source: z.enum(['checkout', 'recorded', 'void', 'refund', 'other']),
  /** The counter entry that voided this payment, if any. */
  voided_by_no: z.string().nullable(),
  /** On a counter entry: the payment it voids. */
  voids_no: z.string().nullable(),
  /** On a refund: the payment it refunds. */
  refunds_no: z.string().nullable(),
  /**
   * What may still be refunded of an online payment (its amount − refunds done or waiting for
   * the provider); null for anything that is not an online payment (those are voided instead).
   */
  refundable: moneySchema.nullable(),
  created_at: timestampSchema,
});
export type StaffPayment = z.infer<typeof staffPaymentSchema>;

export const staffPaymentListSchema = pageOf(staffPaymentSchema).extend({
  /** Σ amount of the matching rows (counter entries count negative). */
  amount: moneySchema,
});
export type StaffPaymentList = z.infer<typeof staffPaymentListSchema>;

export const companyIdBodySchema = z.strictObject({ company_id: idSchema });

export const staffOpenItemSchema = openItemSchema.extend({ entry_id: z.number().int() });
export type StaffOpenItem = z.infer<typeof staffOpenItemSchema>;

/**
 * A company's credit position: what it may still buy on account. open_balance is the ledger's
 * balance (Σ debit − Σ credit): unpaid sales and the orders submitted on account, which become
 * a debit when submitted; an order waiting for an online payment uses no credit.
 */
export const creditPositionSchema = z.object({
  company_id: z.number().int(),
  currency: z.string(),
  credit_limit: moneySchema,
  /** The owner's temporary allowance in force (0 when none). */
  allowance: moneySchema,
  allowance_expires_at: timestampSchema.nullable(),
  allowance_reason: z.string().nullable(),
  open_balance: moneySchema,
  /** credit_limit + allowance − open_balance (negative when over). */
  available: moneySchema,
  payment_days: z.number().int(),
  overdue: moneySchema,
  buckets: paymentDaysSchema.shape.buckets,
  open_items: z.array(staffOpenItemSchema),
  open_count: z.number().int().nonnegative(),
});
export type CreditPosition = z.infer<typeof creditPositionSchema>;

export const setCreditAllowanceRequestSchema = z.strictObject({
  company_id: idSchema,
  /** 0 ends the allowance in force. */
  amount: moneySchema.refine((value) => !value.startsWith('-'), 'not negative'),
  /** Until when (seconds); must be in the future. */
  expires_at: timestampSchema,
  reason: z.string().trim().min(1).max(200),
});

export const paymentsDeskEndpoints = {
  listPayments: defineEndpoint({
    method: 'POST',
    path: '/Admin/Payments/List',
    summary:
      "Every company's payments, newest first: recorded by staff or the ERP, paid online at the checkout, and void counter entries.",
    permission: PAYMENTS_STAFF,
    body: staffPaymentListRequestSchema,
    data: staffPaymentListSchema,
  }),
  recordPayment: defineEndpoint({
    method: 'POST',
    path: '/Admin/Payments/Record',
    summary:
      "Record a customer's payment in the company's currency, allocated to chosen open items or the oldest first. The same reference again with the same amount books nothing (replayed).",
    permission: PAYMENTS_STAFF,
    body: recordPaymentRequestSchema,
    data: recordedPaymentSchema,
  }),
  voidPayment: defineEndpoint({
    method: 'POST',
    path: '/Admin/Payments/Void',
    summary:
      'Void a recorded payment with a counter entry (never a delete); the debts it paid are open again.',
    permission: PAYMENTS_STAFF,
    body: voidPaymentRequestSchema,
    data: recordedPaymentSchema,
  }),
  refundPayment: defineEndpoint({
    method: 'POST',
    path: '/Admin/Payments/Refund',
    summary:
      "Refund an online payment (WeChat, Alipay, sandbox) in full or in part at its provider; once the provider accepts, the refund is booked in the buyer's payment history and finance account. A provider that does not answer books nothing: retry with the same amount (same refund number, so safe).",
    permission: PAYMENTS_STAFF,
    body: refundPaymentRequestSchema,
    data: refundResultSchema,
  }),
  creditPosition: defineEndpoint({
    method: 'POST',
    path: '/Admin/Payments/Credit',
    summary:
      "A company's credit position (limit, allowance, open balance, available) and aging with its open items.",
    permission: PAYMENTS_STAFF,
    body: companyIdBodySchema,
    data: creditPositionSchema,
  }),
  setCreditAllowance: defineEndpoint({
    method: 'POST',
    path: '/Admin/Payments/SetCreditAllowance',
    summary: "The owner's override: a temporary allowance on top of a company's credit limit until a date.",
    permission: OWNER_ONLY,
    body: setCreditAllowanceRequestSchema,
    data: z.null(),
  }),
} as const;
