import type { WePayResult } from '@partsportal/contract/payment';
import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app';
import { cartLine, saveSubmits, setStock } from './checkout-test-kit';
import { signCallback, type SandboxCallback } from '../src/modules/payment/providers/sandbox-provider';

/** Shared by the payment suites (not a test file itself). */
export const SANDBOX_SECRET = 'test-sandbox-secret';

/** A fresh pending_payment order of the token's company. */
export async function pendingOrder(t: TestApp, token: string, productId: number, qty = 1) {
  await setStock(t.database, productId, qty + 100);
  const line = await cartLine(t, token, productId, qty);
  const saved = await saveSubmits(t, token, { items: [line] });
  if (saved.code !== 200) throw new Error(`SaveSubmits: ${saved.msg}`);
  return saved.data;
}

export async function qrPayment(t: TestApp, token: string, orderId: number) {
  const answer = await t.call<WePayResult>('/Web/WePay', { order_id: orderId, method: 'wechat' }, { token });
  if (answer.data.status !== 'pending') throw new Error(`WePay: ${answer.msg}`);
  return answer.data;
}

/** A fresh pending order with an open QR payment request of it: what a callback pays. */
export async function openPayment(t: TestApp, token: string, productId: number, qty = 1) {
  const order = await pendingOrder(t, token, productId, qty);
  return { order, pay: await qrPayment(t, token, order.order_id) };
}

export function signed(fields: Omit<SandboxCallback, 'signature'>, secret = SANDBOX_SECRET): SandboxCallback {
  return { ...fields, signature: signCallback(secret, fields) };
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The callback fields (sign them with `signed`) that pay `pay` in full for merchant 1, now. */
export function paidFields(pay: { payment_no: string; amount: string }, providerRef: string) {
  return {
    payment_no: pay.payment_no,
    merchant_id: 1,
    amount: pay.amount,
    provider_ref: providerRef,
    timestamp: nowSeconds(),
  };
}

export function callback(t: TestApp, body: unknown) {
  return t.call<{ status: string }>('/Payment/Callback/sandbox', body, { lng: 'en' });
}

/** paymentState of an order its payment request paid exactly once: one payment, two ledger rows. */
export const PAID_ONCE = { state: 'submitted', payments: 1, ledger: 2, requests: 'paid' } as const;

/** Everything a callback could change, to compare before and after a refusal. */
export async function paymentState(t: TestApp, orderId: number) {
  const [row] = await t.database.rows<{
    state: string;
    payments: number;
    ledger: number;
    requests: string;
  }>(sql`
    select o.state,
      (select count(*)::int from payments where order_id = o.id) as payments,
      (select count(*)::int from ledger_entries
        where ref_no = o.no or ref_no in (select no from payments where order_id = o.id)) as ledger,
      (select string_agg(status, ',' order by id) from payment_requests where order_id = o.id) as requests
    from orders o where o.id = ${orderId}`);
  return row;
}
