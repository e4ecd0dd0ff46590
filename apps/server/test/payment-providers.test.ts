import type { PayBill, WePayResult } from '@partsportal/contract/payment';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/db/seed/demo-data';
import { createAlipayProvider } from '../src/modules/payment/providers/alipay-provider';
import type { NotifyingProvider } from '../src/modules/payment/providers/payment-provider';
import { createWechatPayProvider } from '../src/modules/payment/providers/wechat-pay-provider';
import { plainProducts } from './checkout-test-kit';
import { PAID_ONCE, paymentState, pendingOrder } from './payment-test-kit';
import {
  injectDeliver,
  startProviderSimulators,
  WECHAT_APPID,
  WECHAT_MCHID,
  type ProviderSimulators,
} from './payment-simulators/provider-fixtures';
import { createTestApp, type TestApp } from './test-app';

// Issue 19: WeChat Pay v3 and Alipay through their real adapters (the SDKs' real code paths:
// request signing, answer verification, notification verification and decryption) against the
// local simulators of their published protocols, on PGlite and PostgreSQL.

const TIMEOUT_MS = 800;

for (const wechatMode of ['public-key', 'certificate'] as const) {
  describe(`real payment providers (WeChat Pay verified by ${wechatMode})`, () => {
    let t: TestApp;
    let sims: ProviderSimulators;
    let token = '';
    let product = 0;
    const adapters: Record<'wechat' | 'alipay', NotifyingProvider> = {} as never;

    beforeAll(async () => {
      sims = await startProviderSimulators({ deliver: injectDeliver(() => t.app), wechatMode, hangMs: 3000 });
      t = await createTestApp({
        config: {
          ...sims.config,
          paymentProviderTimeoutMs: TIMEOUT_MS,
          // Reconciliation runs every second here; it only looks at requests made old below.
          paymentReconcileSeconds: 1,
          paymentReconcileAfterMinutes: 30,
        },
        seed: (database) =>
          seedDemoData(database, { parts: 200, seed: 19, passwordHashMemoryKiB: 1024 }).then(() => {}),
      });
      token = await t.login('demo', 'demo1234');
      [product] = (await plainProducts(t.database, 1)) as [number];
      // The same adapters the server runs, for the calls no route makes yet (refund).
      adapters.wechat = createWechatPayProvider(sims.config.wechatPay!, { timeoutMs: TIMEOUT_MS });
      adapters.alipay = createAlipayProvider(sims.config.alipay!, { timeoutMs: TIMEOUT_MS });
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      await sims?.close();
    });

    const wePay = (orderId: number, method: 'wechat' | 'alipay' | 'account' | 'qr') =>
      t.call<WePayResult>('/Web/WePay', { order_id: orderId, method }, { token, lng: 'en' });

    async function openProviderPayment(method: 'wechat' | 'alipay') {
      const order = await pendingOrder(t, token, product);
      const answer = await wePay(order.order_id, method);
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

    it('offers WeChat and Alipay at checkout once configured', async () => {
      const order = await pendingOrder(t, token, product);
      const bill = await t.call<PayBill>(`/Web/GetPayBill/${order.order_id}`, {}, { token });
      expect(bill.data.methods).toEqual(expect.arrayContaining(['wechat', 'alipay', 'account']));
    });

    for (const method of ['wechat', 'alipay'] as const) {
      const sim = () => sims[method];
      const accepted = (answer: { status: number; body: string }) =>
        method === 'wechat' ? answer.status === 204 : answer.body === 'success';

      it(`${method}: create → scan and pay → notify → query → refund, exactly one payment`, async () => {
        const { order, pay } = await openProviderPayment(method);
        expect(pay.payment_no).toMatch(
          method === 'wechat' ? /^WX\d{8}[0-9A-F]{16}$/ : /^AP\d{8}[0-9A-F]{16}$/,
        );
        // The QR code encodes the provider's own link (here the simulator's scan page).
        expect(pay.confirm_url).toBe(`${sim().url}/scan/${pay.payment_no}`);
        expect(await adapters[method].query(pay.payment_no)).toMatchObject({
          status: method === 'wechat' ? 'pending' : 'not_found',
        });
        // The simulator's "phone" page shows the trade.
        const page = await fetch(pay.confirm_url);
        expect(await page.text()).toContain(pay.amount);

        const delivered = await sim().pay(pay.payment_no);
        expect(accepted(delivered), delivered.body).toBe(true);
        expect(await paymentState(t, order.order_id)).toMatchObject(PAID_ONCE);
        const status = await t.call<{ paid: boolean }>(`/Web/GetPayStatus/${order.order_id}`, {}, { token });
        expect(status.data.paid).toBe(true);
        const trade = await adapters[method].query(pay.payment_no);
        expect(trade).toMatchObject({ status: 'paid', amount: pay.amount });

        // Refund part, then the same refund number again: one refund at the provider.
        const half = (Math.floor(Number(pay.amount) * 50) / 100).toFixed(2);
        const refund = {
          paymentNo: pay.payment_no,
          refundNo: `R${pay.payment_no}`,
          amount: half,
          total: pay.amount,
          reason: 'test',
        };
        const first = await adapters[method].refund(refund);
        const again = await adapters[method].refund(refund);
        expect(again.refundRef).toBe(first.refundRef);
        await expect(
          adapters[method].refund({ ...refund, refundNo: `S${pay.payment_no}`, amount: pay.amount }),
        ).rejects.toThrow();
      });

      it(`${method}: a late notification after the trade was closed changes nothing`, async () => {
        const { order, pay } = await openProviderPayment(method);
        // The buyer switches to paying on account: the open request is superseded and closed at the provider.
        await t.database.db.execute(
          sql`update companies set credit_limit = 1000000 where id = (select company_id from orders where id = ${order.order_id})`,
        );
        const onAccount = await wePay(order.order_id, 'account');
        expect(onAccount.code, onAccount.msg).toBe(200);
        expect(await adapters[method].query(pay.payment_no)).toMatchObject({
          status: method === 'wechat' ? 'closed' : expect.stringMatching(/closed|not_found/),
        });
        const before = await wholeState();
        // A notification of it arrives anyway (signed genuinely, as if paid).
        if (method === 'wechat') sims.wechat.trades.get(pay.payment_no)!.state = 'SUCCESS';
        else sims.alipay.trades.get(pay.payment_no)!.status = 'TRADE_SUCCESS';
        const late =
          method === 'wechat'
            ? await sims.wechat.post(sims.wechat.notification(pay.payment_no))
            : await sims.alipay.post(
                sims.alipay.trades.get(pay.payment_no)!.notifyUrl,
                sims.alipay.notification(pay.payment_no),
              );
        expect(accepted(late)).toBe(false);
        expect(await wholeState()).toEqual(before);
      });

      it(`${method}: a provider that does not answer is reported; a 5xx then success is retried`, async () => {
        const order = await pendingOrder(t, token, product);
        sim().server.faults.push('timeout', 'timeout', 'timeout');
        const started = Date.now();
        const failed = await wePay(order.order_id, method);
        expect(failed.code).toBe(50003);
        expect(failed.msg).toMatch(/not answering/);
        expect(Date.now() - started).toBeLessThan(3 * TIMEOUT_MS + 2_000);
        expect(sim().server.faults).toEqual([]);

        sim().server.faults.push('5xx');
        const callsBefore = sim().server.calls.length;
        const retried = await wePay(order.order_id, method);
        expect(retried.code, retried.msg).toBe(200);
        // One answered call after the refused one: the same trade number, not a second trade.
        expect(sim().server.calls.length - callsBefore).toBe(1);
        if (retried.data.status !== 'pending') throw new Error('not pending');
        expect(sim().trades.has(retried.data.payment_no)).toBe(true);
      });

      it(`${method}: reconciliation settles a paid trade whose notification was lost, and expires an abandoned one`, async () => {
        const lost = await openProviderPayment(method);
        const abandoned = await openProviderPayment(method);
        if (method === 'wechat') sims.wechat.trades.get(lost.pay.payment_no)!.state = 'SUCCESS';
        else sims.alipay.trades.get(lost.pay.payment_no)!.status = 'TRADE_SUCCESS';
        await t.database.db.execute(sql`
          update payment_requests set created_at = now() - interval '1 hour'
          where payment_no in (${lost.pay.payment_no}, ${abandoned.pay.payment_no})`);
        await expect
          .poll(async () => (await paymentState(t, lost.order.order_id))?.state, {
            timeout: 10_000,
            interval: 250,
          })
          .toBe('submitted');
        expect(await paymentState(t, lost.order.order_id)).toMatchObject(PAID_ONCE);
        await expect
          .poll(async () => (await paymentState(t, abandoned.order.order_id))?.requests, {
            timeout: 10_000,
            interval: 250,
          })
          .toBe('expired');
        expect(await paymentState(t, abandoned.order.order_id)).toMatchObject({
          state: 'pending_payment',
          payments: 0,
        });
        // Closed at the provider too: nobody can pay it there now.
        expect((await adapters[method].query(abandoned.pay.payment_no)).status).toMatch(/closed|not_found/);
      });
    }

    it('refuses requests signed with a key the provider does not know (simulators check our signatures)', async () => {
      const forged = createWechatPayProvider(
        { ...sims.config.wechatPay!, privateKey: sims.forger.privatePem },
        { timeoutMs: TIMEOUT_MS, retryDelayMs: 1 },
      );
      await expect(forged.query('WX20260101AAAAAAAAAAAAAAAA')).rejects.toThrow(/401/);
      const forgedAlipay = createAlipayProvider(
        { ...sims.config.alipay!, privateKey: sims.forger.privatePem },
        { timeoutMs: TIMEOUT_MS },
      );
      await expect(forgedAlipay.query('AP20260101AAAAAAAAAAAAAAAA')).rejects.toThrow(/40002/);
      expect([WECHAT_MCHID, WECHAT_APPID]).toHaveLength(2);
    });
  });
}
