import { createSign, createVerify, randomBytes } from 'node:crypto';
import {
  deliverByFetch,
  scanPage,
  startSimulatorServer,
  type Deliver,
  type SimulatorServer,
} from './simulator-http';

/**
 * A local Alipay open-platform gateway (test code): the documented v1 protocol of
 * https://opendocs.alipay.com/open/02ekfg (precreate), 02ekfh (query), 02o6e7 (close),
 * 02ekfk (refund) and the asynchronous notification 203/105286:
 * - requests: common parameters + biz_content, RSA2 (SHA256withRSA) over the sorted
 *   `key=value&…` of every parameter but `sign`, verified with the app's public key;
 * - answers: `{"<method>_response":{…},"sign":"…"}`, signed over the exact text of the
 *   `…_response` value with Alipay's private key;
 * - notifications: form-urlencoded, signed over the sorted parameters without `sign` and
 *   `sign_type`, posted to notify_url until it answers `success`.
 */
export interface AlipayTrade {
  outTradeNo: string;
  tradeNo: string;
  totalAmount: string;
  subject: string;
  notifyUrl: string;
  /** CREATED: precreated, not scanned yet (Alipay's query says TRADE_NOT_EXIST). */
  status: 'CREATED' | 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  refunds: Map<string, string>;
}

export const signRsa2 = (text: string, privateKey: string) =>
  createSign('RSA-SHA256').update(text, 'utf8').sign(privateKey, 'base64');

const sortedText = (fields: Record<string, string>, omit: string[]) =>
  Object.keys(fields)
    .filter((key) => !omit.includes(key) && fields[key] !== '')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');

export async function startAlipaySimulator(options: {
  appId: string;
  /** The app's public key: verifies requests. */
  appPublicKey: string;
  /** Alipay's private key: signs answers and notifications. */
  alipayPrivateKey: string;
  sellerId: string;
  deliver?: Deliver;
  port?: number;
  hangMs?: number;
}) {
  const trades = new Map<string, AlipayTrade>();
  const deliver = options.deliver ?? deliverByFetch;
  // Known once listening; the handlers only run after that.
  let baseUrl = '';

  const answer = (method: string, payload: Record<string, unknown>) => {
    const inner = JSON.stringify(payload);
    const key = `${method.replaceAll('.', '_')}_response`;
    return `{"${key}":${inner},"sign":"${signRsa2(inner, options.alipayPrivateKey)}"}`;
  };
  const ok = (extra: Record<string, unknown>) => ({ code: '10000', msg: 'Success', ...extra });
  const fail = (subCode: string, subMsg: string) => ({
    code: '40004',
    msg: 'Business Failed',
    sub_code: subCode,
    sub_msg: subMsg,
  });

  function handleApi(params: Record<string, string>): string {
    const method = params.method ?? '';
    const { sign, ...unsigned } = params;
    const valid =
      !!sign &&
      createVerify('RSA-SHA256')
        .update(sortedText(unsigned, []), 'utf8')
        .verify(options.appPublicKey, sign, 'base64');
    if (!valid) {
      return answer(method, {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-signature',
        sub_msg: 'invalid signature',
      });
    }
    if (params.app_id !== options.appId) {
      return answer(method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-app-id' });
    }
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    const trade = biz.out_trade_no ? trades.get(biz.out_trade_no) : undefined;
    switch (method) {
      case 'alipay.trade.precreate': {
        if (trade && trade.status === 'TRADE_SUCCESS')
          return answer(method, fail('ACQ.TRADE_HAS_SUCCESS', 'paid'));
        if (trade && trade.status === 'TRADE_CLOSED')
          return answer(method, fail('ACQ.TRADE_HAS_CLOSE', 'closed'));
        if (!biz.out_trade_no || !/^\d+(\.\d{1,2})?$/.test(biz.total_amount ?? '')) {
          return answer(method, {
            code: '40002',
            msg: 'Invalid Arguments',
            sub_code: 'isv.missing-parameter',
          });
        }
        // Repeating a precreate of the same trade answers the same QR code (idempotent).
        const next: AlipayTrade = trade ?? {
          outTradeNo: biz.out_trade_no,
          tradeNo: `2026${Date.now()}${randomBytes(4).toString('hex')}`,
          totalAmount: biz.total_amount!,
          subject: biz.subject ?? '',
          notifyUrl: params.notify_url ?? '',
          status: 'CREATED',
          refunds: new Map(),
        };
        trades.set(next.outTradeNo, next);
        return answer(
          method,
          ok({ out_trade_no: next.outTradeNo, qr_code: `${baseUrl}/scan/${next.outTradeNo}` }),
        );
      }
      case 'alipay.trade.query': {
        if (!trade || trade.status === 'CREATED')
          return answer(method, fail('ACQ.TRADE_NOT_EXIST', 'not exist'));
        return answer(
          method,
          ok({
            trade_no: trade.tradeNo,
            out_trade_no: trade.outTradeNo,
            trade_status: trade.status,
            total_amount: trade.totalAmount,
          }),
        );
      }
      case 'alipay.trade.close': {
        if (!trade) return answer(method, fail('ACQ.TRADE_NOT_EXIST', 'not exist'));
        if (trade.status === 'TRADE_SUCCESS') return answer(method, fail('ACQ.TRADE_STATUS_ERROR', 'paid'));
        const unscanned = trade.status === 'CREATED';
        trade.status = 'TRADE_CLOSED';
        return unscanned
          ? answer(method, fail('ACQ.TRADE_NOT_EXIST', 'not exist'))
          : answer(method, ok({ trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo }));
      }
      case 'alipay.trade.refund': {
        if (!trade || trade.status === 'CREATED')
          return answer(method, fail('ACQ.TRADE_NOT_EXIST', 'not exist'));
        if (trade.status !== 'TRADE_SUCCESS')
          return answer(method, fail('ACQ.TRADE_STATUS_ERROR', 'not paid'));
        const requestNo = biz.out_request_no ?? trade.outTradeNo;
        const repeated = trade.refunds.has(requestNo);
        if (!repeated) {
          const refunded = [...trade.refunds.values()].reduce(
            (sum, v) => sum + Math.round(Number(v) * 100),
            0,
          );
          const wanted = Math.round(Number(biz.refund_amount) * 100);
          if (!(wanted > 0) || refunded + wanted > Math.round(Number(trade.totalAmount) * 100)) {
            return answer(method, fail('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', 'refund amount too large'));
          }
          trade.refunds.set(requestNo, biz.refund_amount!);
        }
        const total = [...trade.refunds.values()].reduce((sum, v) => sum + Math.round(Number(v) * 100), 0);
        return answer(
          method,
          ok({
            trade_no: trade.tradeNo,
            out_trade_no: trade.outTradeNo,
            refund_fee: (total / 100).toFixed(2),
            // Alipay: "Y" when this call moved money, "N" for a repeat of a done refund.
            fund_change: repeated ? 'N' : 'Y',
          }),
        );
      }
      default:
        return answer(method, { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' });
    }
  }

  /** The notification fields of a trade, signed; `overrides` apply before signing. */
  function notification(outTradeNo: string, overrides: Record<string, string> = {}, signingKey?: string) {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo}`);
    const fields: Record<string, string> = {
      notify_time: new Date().toISOString().slice(0, 19).replace('T', ' '),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      app_id: options.appId,
      charset: 'utf-8',
      version: '1.0',
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      trade_status: trade.status,
      total_amount: trade.totalAmount,
      receipt_amount: trade.totalAmount,
      seller_id: options.sellerId,
      buyer_id: '2088102177846880',
      subject: trade.subject,
      gmt_payment: new Date().toISOString().slice(0, 19).replace('T', ' '),
      ...overrides,
    };
    const sign = signRsa2(sortedText(fields, ['sign', 'sign_type']), signingKey ?? options.alipayPrivateKey);
    return { ...fields, sign_type: 'RSA2', sign };
  }

  const post = (url: string, fields: Record<string, string>) =>
    deliver(url, {
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(fields).toString(),
    });

  /** The buyer scans and pays: the trade succeeds and its notification is posted. */
  async function pay(outTradeNo: string) {
    const trade = trades.get(outTradeNo);
    if (!trade || (trade.status !== 'CREATED' && trade.status !== 'WAIT_BUYER_PAY')) {
      throw new Error(`trade ${outTradeNo} cannot be paid (${trade?.status ?? 'unknown'})`);
    }
    trade.status = 'TRADE_SUCCESS';
    return post(trade.notifyUrl, notification(outTradeNo));
  }

  const server: SimulatorServer = await startSimulatorServer(
    async (request, body, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const scan = /^\/scan\/([A-Za-z0-9]+)(\/pay)?$/.exec(url.pathname);
      if (scan) {
        const trade = trades.get(scan[1]!);
        if (!trade) {
          response.writeHead(404).end('no such trade');
          return;
        }
        if (scan[2] && request.method === 'POST') {
          const delivered = await pay(trade.outTradeNo).catch((error: Error) => ({
            status: 0,
            body: error.message,
          }));
          response
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end(
              scanPage(
                'Alipay (simulator)',
                [`Paid ${trade.totalAmount} CNY`, `Shop answered: ${delivered.body}`],
                null,
              ),
            );
          return;
        }
        if (trade.status === 'CREATED') trade.status = 'WAIT_BUYER_PAY';
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            scanPage(
              'Alipay (simulator)',
              [trade.subject, `${trade.totalAmount} CNY`, `Status: ${trade.status}`],
              trade.status === 'WAIT_BUYER_PAY' ? `/scan/${trade.outTradeNo}/pay` : null,
            ),
          );
        return;
      }
      if (url.pathname !== '/gateway.do' || request.method !== 'POST') {
        response.writeHead(404).end();
        return;
      }
      const params = {
        ...Object.fromEntries(url.searchParams),
        ...Object.fromEntries(new URLSearchParams(body)),
      };
      response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' }).end(handleApi(params));
    },
    {
      ...(options.port ? { port: options.port } : {}),
      ...(options.hangMs ? { hangMs: options.hangMs } : {}),
    },
  );
  baseUrl = server.url;

  return {
    server,
    url: server.url,
    gateway: `${server.url}/gateway.do`,
    trades,
    pay,
    notification,
    post,
    close: () => server.close(),
  };
}

export type AlipaySimulator = Awaited<ReturnType<typeof startAlipaySimulator>>;
