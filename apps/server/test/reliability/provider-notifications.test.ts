import type { WePayResult } from '@partsportal/contract/payment';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/db/seed/demo-data';
import { plainProducts } from '../checkout-test-kit';
import { PAID_ONCE, paymentState, pendingOrder } from '../payment-test-kit';
import {
  ALIPAY_SELLER_ID,
  injectDeliver,
  startProviderSimulators,
  type ProviderSimulators,
} from '../payment-simulators/provider-fixtures';
import { createTestApp, type TestApp } from '../test-app';
import { type Figure, reportFigures } from './figures';

// Issue 19 with issue 8 item 7: the payment-callback check for the real providers. Notifications
// of WeChat Pay v3 and Alipay that are not exactly what the provider signed for this merchant,
// trade and amount, now, are refused by the real adapters with the database unchanged; the
// genuine one accepted twice records one payment.
let t: TestApp;
let sims: ProviderSimulators;
let token = '';
let product = 0;
const figures: Record<string, Figure> = {};

beforeAll(async () => {
  sims = await startProviderSimulators({ deliver: injectDeliver(() => t.app) });
  t = await createTestApp({
    config: sims.config,
    seed: (database) =>
      seedDemoData(database, { parts: 200, seed: 8, passwordHashMemoryKiB: 1024 }).then(() => {}),
  });
  token = await t.login('demo', 'demo1234');
  [product] = (await plainProducts(t.database, 1)) as [number];
}, 120_000);
afterAll(async () => {
  if (Object.keys(figures).length === 8) reportFigures('provider-notifications', figures);
  await t?.close();
  await sims?.close();
});

async function openProviderPayment(method: 'wechat' | 'alipay') {
  const order = await pendingOrder(t, token, product);
  const answer = await t.call<WePayResult>('/Web/WePay', { order_id: order.order_id, method }, { token });
  expect(answer.code, answer.msg).toBe(200);
  if (answer.data.status !== 'pending') throw new Error('not pending');
  return { order, pay: answer.data };
}

/** Everything a notification could change, database-wide. */
async function wholeState() {
  const [row] = await t.database.rows(sql`
    select (select count(*)::int from payments) as payments,
      (select count(*)::int from ledger_entries) as ledger,
      (select coalesce(string_agg(id || ':' || status || ':' || coalesce(provider_ref, ''), ',' order by id), '')
         from payment_requests) as requests,
      (select coalesce(string_agg(id || ':' || state, ',' order by id), '') from orders) as orders`);
  return row;
}

describe("real providers' payment notifications (issue 19; issue 8 item 7)", () => {
  for (const method of ['wechat', 'alipay'] as const) {
    const sim = () => sims[method];
    const accepted = (answer: { status: number; body: string }) =>
      method === 'wechat' ? answer.status === 204 : answer.body === 'success';

    it(`${method}: the genuine notification accepted twice gives one payment; hostile ones change nothing`, async () => {
      const { order, pay } = await openProviderPayment(method);
      const other = await openProviderPayment(method);
      const trade = sim().trades.get(pay.payment_no)!;
      // The buyer paid at the provider; its notifications are built by the simulator below.
      if (method === 'wechat') sims.wechat.trades.get(pay.payment_no)!.state = 'SUCCESS';
      else sims.alipay.trades.get(pay.payment_no)!.status = 'TRADE_SUCCESS';
      const cent = (amount: string, delta: number) =>
        (Math.round(Number(amount) * 100 + delta) / 100).toFixed(2);
      const fen = (amount: string, delta: number) => Math.round(Number(amount) * 100 + delta);

      type Sent = () => Promise<{ status: number; body: string }>;
      const hostile: Array<[string, Sent]> =
        method === 'wechat'
          ? [
              [
                'signed by another key',
                () =>
                  sims.wechat.post(
                    sims.wechat.notification(pay.payment_no, { signingKey: sims.forger.privatePem }),
                  ),
              ],
              [
                'an unknown Wechatpay-Serial',
                () =>
                  sims.wechat.post(sims.wechat.notification(pay.payment_no, { serial: 'PUB_KEY_ID_0000' })),
              ],
              [
                'body changed after signing',
                async () => {
                  const n = sims.wechat.notification(pay.payment_no);
                  return sims.wechat.post({
                    ...n,
                    body: n.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" '),
                  });
                },
              ],
              [
                'stale timestamp (10 min old)',
                () =>
                  sims.wechat.post(
                    sims.wechat.notification(pay.payment_no, {
                      timestamp: Math.floor(Date.now() / 1000) - 600,
                    }),
                  ),
              ],
              [
                'encrypted with another APIv3 key',
                () =>
                  sims.wechat.post(
                    sims.wechat.notification(pay.payment_no, {
                      apiV3Key: 'ffffffffffffffffffffffffffffffff',
                    }),
                  ),
              ],
              [
                'amount one fen short',
                () =>
                  sims.wechat.post(
                    sims.wechat.notification(pay.payment_no, {
                      trade: { amount: { total: fen(pay.amount, -1), currency: 'CNY' } },
                    }),
                  ),
              ],
              [
                'amount one fen over',
                () =>
                  sims.wechat.post(
                    sims.wechat.notification(pay.payment_no, {
                      trade: { amount: { total: fen(pay.amount, 1), currency: 'CNY' } },
                    }),
                  ),
              ],
              [
                'another merchant (mchid)',
                () =>
                  sims.wechat.post(
                    sims.wechat.notification(pay.payment_no, { trade: { mchid: '1900000999' } }),
                  ),
              ],
              [
                'another app (appid)',
                () =>
                  sims.wechat.post(
                    sims.wechat.notification(pay.payment_no, { trade: { appid: 'wx0000000000000000' } }),
                  ),
              ],
              [
                'another order’s trade number',
                () =>
                  sims.wechat.post(
                    sims.wechat.notification(pay.payment_no, {
                      trade: { out_trade_no: 'WX20260101AAAAAAAAAAAAAAAA' },
                    }),
                  ),
              ],
              [
                'the other order paid with this amount',
                () =>
                  sims.wechat.post(
                    sims.wechat.notification(pay.payment_no, {
                      trade: {
                        out_trade_no: other.pay.payment_no,
                        amount: { total: fen(pay.amount, 0) - 1, currency: 'CNY' },
                      },
                    }),
                  ),
              ],
              [
                'no signature headers',
                async () => {
                  const n = sims.wechat.notification(pay.payment_no);
                  return sims.wechat.post({ ...n, headers: { 'content-type': 'application/json' } });
                },
              ],
            ]
          : [
              [
                'signed by another key',
                () =>
                  sims.alipay.post(
                    trade.notifyUrl,
                    sims.alipay.notification(pay.payment_no, {}, sims.forger.privatePem),
                  ),
              ],
              [
                'amount changed after signing',
                () =>
                  sims.alipay.post(trade.notifyUrl, {
                    ...sims.alipay.notification(pay.payment_no),
                    total_amount: cent(pay.amount, -1),
                  }),
              ],
              [
                'trade number changed after signing',
                () =>
                  sims.alipay.post(trade.notifyUrl, {
                    ...sims.alipay.notification(pay.payment_no),
                    out_trade_no: other.pay.payment_no,
                  }),
              ],
              [
                'no signature',
                () => {
                  const { sign: _s, ...unsigned } = sims.alipay.notification(pay.payment_no);
                  return sims.alipay.post(trade.notifyUrl, unsigned);
                },
              ],
              [
                'amount one cent short',
                () =>
                  sims.alipay.post(
                    trade.notifyUrl,
                    sims.alipay.notification(pay.payment_no, { total_amount: cent(pay.amount, -1) }),
                  ),
              ],
              [
                'amount one cent over',
                () =>
                  sims.alipay.post(
                    trade.notifyUrl,
                    sims.alipay.notification(pay.payment_no, { total_amount: cent(pay.amount, 1) }),
                  ),
              ],
              [
                'another app (app_id)',
                () =>
                  sims.alipay.post(
                    trade.notifyUrl,
                    sims.alipay.notification(pay.payment_no, { app_id: '2021000000009999' }),
                  ),
              ],
              [
                'another seller (seller_id)',
                () =>
                  sims.alipay.post(
                    trade.notifyUrl,
                    sims.alipay.notification(pay.payment_no, { seller_id: `${ALIPAY_SELLER_ID}9` }),
                  ),
              ],
              [
                'an unknown trade number',
                () =>
                  sims.alipay.post(
                    trade.notifyUrl,
                    sims.alipay.notification(pay.payment_no, {
                      out_trade_no: 'AP20260101AAAAAAAAAAAAAAAA',
                    }),
                  ),
              ],
            ];
      const before = await wholeState();
      const wronglyAccepted: string[] = [];
      for (const [name, send] of hostile) {
        const answer = await send();
        if (accepted(answer)) wronglyAccepted.push(name);
      }
      const stateChanged = JSON.stringify(await wholeState()) !== JSON.stringify(before);
      figures[`${method}Hostile`] = hostile.length;
      figures[`${method}Refused`] = hostile.length - wronglyAccepted.length;
      figures[`${method}StateChanged`] = stateChanged;
      expect(wronglyAccepted).toEqual([]);
      expect(stateChanged).toBe(false);

      // The genuine one, twice (the provider repeats until acknowledged): one payment.
      const genuine = method === 'wechat' ? sims.wechat.notification(pay.payment_no) : null;
      const send = () =>
        genuine
          ? sims.wechat.post(genuine)
          : sims.alipay.post(trade.notifyUrl, sims.alipay.notification(pay.payment_no));
      expect(accepted(await send())).toBe(true);
      expect(accepted(await send())).toBe(true);
      expect(await paymentState(t, order.order_id)).toMatchObject(PAID_ONCE);
      figures[`${method}PaymentsForGenuineTwice`] = (await paymentState(t, order.order_id))?.payments ?? 0;
      expect(await paymentState(t, other.order.order_id)).toMatchObject({
        state: 'pending_payment',
        payments: 0,
      });
    });
  }
});
