import { z } from 'zod';
import {
  paymentReferenceSchema,
  positiveMoneySchema,
  RECORDED_PAYMENT_METHODS,
  refundRequestBodySchema,
  refundResultSchema,
} from './payments-desk';

/**
 * The integrators' API (issue 13): versioned REST under `/api/v1`, JSON, conventional HTTP
 * status codes, API keys as `Authorization: Bearer pp_live_…`. Unlike the buyers' calls (spec
 * §9: POST, `{code, msg, data}`), this API is for an ERP's scripts, so it speaks plain HTTP.
 * Every operation is described here once; the server registers it and the OpenAPI document
 * (`/api/v1/openapi.json`) is generated from these descriptors.
 */

export const API_SCOPES = [
  'catalog:write',
  'stock:write',
  'prices:write',
  'customers:write',
  'orders:read',
  'orders:write',
  'payments:write',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** What every refusal looks like (RFC 9457 problem details, plus field errors). */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type Problem = z.infer<typeof problemSchema>;

export interface Operation<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Data extends z.ZodType = z.ZodType,
> {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Relative to `/api/v1`. */
  path: string;
  summary: string;
  tag: string;
  /** The key needs every one of these. An empty list: any valid key. */
  scopes: readonly ApiScope[];
  body?: Body;
  query?: z.ZodType;
  /** The 2xx answer's body. */
  response: Data;
  /** 200 unless stated. */
  status?: number;
  /** A batch: a body with more `rows` than this is refused whole with 413, before it is validated. */
  maxRows?: number;
  /** A write that honours the `Idempotency-Key` header. */
  idempotent?: boolean;
  /** Refusals beyond the common ones (401, 403, 413, 422, 429), by HTTP status: what each means. */
  problems?: Record<string, string>;
}

export const defineOperation = <Body extends z.ZodType | undefined, Data extends z.ZodType>(
  operation: Operation<Body, Data>,
) => operation;

export const apiKeyInfoSchema = z.object({
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  expires_at: z.string().nullable(),
  rate_limit_per_minute: z.number().int(),
});

export const feedOrderLineSchema = z.object({
  seq: z.number().int(),
  number: z.string(),
  brand: z.string(),
  part_name: z.string(),
  qty: z.number().int(),
  shipped_qty: z.number().int(),
  price: z.string(),
  sum: z.string(),
});

/** An order as the ERP receives it: its current state, lines and amounts (money as decimal strings). */
export const feedOrderSchema = z.object({
  id: z.number().int(),
  no: z.string(),
  state: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  currency: z.string(),
  amount: z.string(),
  freight: z.string(),
  total_qty: z.number().int(),
  remark: z.string(),
  /** The buyer's own order reference (PO number); '' = none. */
  po_number: z.string(),
  /** Lines short of stock: ship_available (part deliveries) or wait_all. */
  backorder: z.string(),
  consignee: z.string(),
  destination: z.string(),
  phone: z.string(),
  bill_date: z.string(),
  paid_at: z.string().nullable(),
  lines: z.array(feedOrderLineSchema),
});

export const orderChangeSchema = z.object({
  /** Pass the last one you processed as `after` to continue; strictly increasing, in commit order. */
  cursor: z.string(),
  /** Unique per event: the same id reaches you again only if you asked again (deduplicate by it). */
  event_id: z.string(),
  /** A rejection arrives as `order.cancelled` with `data.state` "rejected" and the reason. */
  type: z.enum(['order.submitted', 'order.paid', 'order.confirmed', 'order.cancelled', 'order.shipped']),
  occurred_at: z.string(),
  /** The event's own facts at that version (state, amount, payment number …). */
  data: z.record(z.string(), z.unknown()),
  /** The order as it is now (null if it no longer exists). */
  order: feedOrderSchema.nullable(),
});

export const orderChangesQuerySchema = z.strictObject({
  after: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  /** A first pull: start with the changes since this time (ISO 8601); ignored when `after` is given. */
  updated_since: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const orderChangesSchema = z.object({
  changes: z.array(orderChangeSchema),
  /** Give this as `after` next time (unchanged when there was nothing new). */
  next_cursor: z.string(),
  has_more: z.boolean(),
});

/** A payment the ERP received (issue 13 item 4 "payments in"); booked through the payments desk's service. */
export const paymentInSchema = z.strictObject({
  /** The customer's code (the ERP's customer number). */
  company_code: z.string().trim().min(1).max(32),
  amount: positiveMoneySchema,
  /** Must be the company's currency when given (no exchange rates). */
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/)
    .transform((c) => c.toUpperCase())
    .optional(),
  method: z.enum(RECORDED_PAYMENT_METHODS),
  /**
   * Unique per company: the same reference with the same amount and method again answers the
   * payment already booked (`replayed: true`) and books nothing; with another amount it is 409.
   */
  reference: paymentReferenceSchema,
  /** When the money arrived (ISO 8601); now when left out. */
  date: z.iso.datetime({ offset: true }).optional(),
  remark: z.string().trim().max(200).default(''),
  /** Which open items (ledger ref_no: order or bill numbers) it pays; the oldest first when left out. */
  allocations: z
    .array(z.strictObject({ ref_no: z.string().trim().min(1).max(64), amount: positiveMoneySchema }))
    .max(200)
    .default([]),
});

export const paymentInResultSchema = z.object({
  id: z.number().int(),
  /** The payment number the buyer sees in the payment history. */
  no: z.string(),
  replayed: z.boolean(),
});

export const integrationOperations = {
  me: defineOperation({
    operationId: 'getApiKey',
    method: 'GET',
    path: '/me',
    summary: 'The calling key: its name, prefix, scopes, expiry and rate limit. A cheap way to test a key.',
    tag: 'Keys',
    scopes: [],
    response: apiKeyInfoSchema,
  }),
  orderChanges: defineOperation({
    operationId: 'listOrderChanges',
    method: 'GET',
    path: '/orders/changes',
    summary:
      'The order feed: every order change (submitted, paid, confirmed, cancelled, shipped) in commit order after a cursor. ' +
      'A change committed late never slips behind a cursor you already passed, so polling with the last ' +
      '`next_cursor` misses nothing.',
    tag: 'Orders',
    scopes: ['orders:read'],
    query: orderChangesQuerySchema,
    response: orderChangesSchema,
  }),
  recordPayment: defineOperation({
    operationId: 'recordPayment',
    method: 'POST',
    path: '/payments',
    summary:
      "A payment the customer made (bank transfer, cash, cheque …), in the company's currency: it appears in the buyer's " +
      'payment history and finance account at once and pays the given open items, else the oldest. Idempotent by ' +
      '`reference` per company: a replay answers the payment already booked with `replayed: true`.',
    tag: 'Payments',
    scopes: ['payments:write'],
    body: paymentInSchema,
    response: paymentInResultSchema,
  }),
  refundPayment: defineOperation({
    operationId: 'refundPayment',
    method: 'POST',
    path: '/payments/{id}/refunds',
    summary:
      'Refund an online payment (WeChat Pay, Alipay, sandbox) in full or in part at its provider. `{id}` is the ' +
      "payment's id or its number (`payment_no` of the order feed). Once the provider accepts, the refund appears " +
      "in the buyer's payment history (negative amount) and finance account. A payment on account or one recorded " +
      'by staff or the ERP is not refunded here (void it). If the provider does not answer (502) nothing is ' +
      'booked: retry the same request; with an Idempotency-Key a retry is the same refund at the provider.',
    tag: 'Payments',
    scopes: ['payments:write'],
    body: refundRequestBodySchema,
    response: refundResultSchema,
    idempotent: true,
    problems: {
      '404': 'No such payment of this wholesaler',
      '409':
        'Not refundable: not an online payment, more than is left refundable, another refund of it still unconfirmed, or the provider refused it',
      '502':
        'The payment provider did not answer; nothing was booked — retry (the same refund number is used)',
    },
  }),
} as const;
