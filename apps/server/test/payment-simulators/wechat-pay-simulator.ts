import { createCipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import {
  deliverByFetch,
  scanPage,
  startSimulatorServer,
  type Deliver,
  type SimulatorServer,
} from './simulator-http';

/**
 * A local WeChat Pay API v3 server (test code), to the documented protocol
 * (https://pay.weixin.qq.com/doc/v3/merchant/4012365336 signing, 4013070356 verifying,
 * 4012791898 callbacks; Native pay 4012791877, query 4012791879, close 4012791881,
 * refund 4012791883):
 * - requests carry `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=…,nonce_str=…,signature=…,
 *   timestamp=…,serial_no=…`, the signature SHA256withRSA over
 *   `METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n`, verified with the merchant's public key;
 * - answers and notifications are signed over `TIMESTAMP\nNONCE\nBODY\n` with the platform key,
 *   named by `Wechatpay-Serial` (a platform certificate serial or `PUB_KEY_ID_…`);
 * - a notification's resource is AEAD_AES_256_GCM with the APIv3 key.
 */
export interface WechatTrade {
  outTradeNo: string;
  transactionId: string;
  total: number;
  description: string;
  notifyUrl: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  refunds: Map<string, { refundId: string; amount: number }>;
}

export function encryptResource(plaintext: string, apiV3Key: string, nonce: string, aad: string) {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(aad));
  const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return encrypted.toString('base64');
}

export function signedHeaders(body: string, privateKey: string, serial: string, timestamp?: number) {
  const ts = String(timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256').update(`${ts}\n${nonce}\n${body}\n`).sign(privateKey, 'base64');
  return {
    'Wechatpay-Timestamp': ts,
    'Wechatpay-Nonce': nonce,
    'Wechatpay-Serial': serial,
    'Wechatpay-Signature': signature,
    'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
  };
}

export async function startWechatPaySimulator(options: {
  mchid: string;
  appid: string;
  merchantSerial: string;
  merchantPublicKey: string;
  /** The key WeChat Pay signs with, and the serial it names (certificate serial or PUB_KEY_ID_…). */
  platformPrivateKey: string;
  platformSerial: string;
  apiV3Key: string;
  deliver?: Deliver;
  port?: number;
  hangMs?: number;
}) {
  const trades = new Map<string, WechatTrade>();
  const deliver = options.deliver ?? deliverByFetch;
  // Known once listening; the handlers only run after that.
  let baseUrl = '';

  function verifyAuthorization(
    method: string,
    pathAndQuery: string,
    header: string | undefined,
    body: string,
  ) {
    const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header ?? '');
    if (!match) return 'no authorization';
    const parts = Object.fromEntries(
      [...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!] as const),
    );
    if (parts.mchid !== options.mchid) return 'mchid';
    if (parts.serial_no?.toUpperCase() !== options.merchantSerial.toUpperCase()) return 'serial';
    if (Math.abs(Date.now() / 1000 - Number(parts.timestamp)) > 300) return 'timestamp';
    const message = `${method}\n${pathAndQuery}\n${parts.timestamp}\n${parts.nonce_str}\n${body}\n`;
    const ok = createVerify('RSA-SHA256')
      .update(message)
      .verify(options.merchantPublicKey, parts.signature ?? '', 'base64');
    return ok ? null : 'signature';
  }

  const transaction = (trade: WechatTrade) => ({
    appid: options.appid,
    mchid: options.mchid,
    out_trade_no: trade.outTradeNo,
    ...(trade.state === 'NOTPAY' ? {} : { transaction_id: trade.transactionId }),
    trade_type: 'NATIVE',
    trade_state: trade.state,
    trade_state_desc: trade.state,
    ...(trade.state === 'SUCCESS' ? { success_time: new Date().toISOString(), bank_type: 'OTHERS' } : {}),
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    amount: { total: trade.total, payer_total: trade.total, currency: 'CNY', payer_currency: 'CNY' },
  });

  function handleApi(method: string, path: string, query: URLSearchParams, body: string) {
    const json = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    const error = (status: number, code: string, message: string) => ({ status, body: { code, message } });
    if (method === 'POST' && path === '/v3/pay/transactions/native') {
      const amount = json.amount as { total?: number; currency?: string } | undefined;
      if (json.mchid !== options.mchid || json.appid !== options.appid)
        return error(400, 'PARAM_ERROR', 'mchid/appid');
      if (!Number.isInteger(amount?.total) || (amount?.total ?? 0) <= 0)
        return error(400, 'PARAM_ERROR', 'amount');
      const no = String(json.out_trade_no);
      const existing = trades.get(no);
      if (existing && existing.state === 'SUCCESS') return error(400, 'ORDERPAID', 'paid');
      if (existing && existing.state === 'CLOSED') return error(400, 'ORDER_CLOSED', 'closed');
      const trade = existing ?? {
        outTradeNo: no,
        transactionId: `4200${Date.now()}${randomBytes(3).toString('hex')}`,
        total: amount!.total!,
        description: String(json.description ?? ''),
        notifyUrl: String(json.notify_url ?? ''),
        state: 'NOTPAY' as const,
        refunds: new Map(),
      };
      trades.set(no, trade);
      return { status: 200, body: { code_url: `${baseUrl}/scan/${no}` } };
    }
    const byNo = /^\/v3\/pay\/transactions\/out-trade-no\/([A-Za-z0-9_*-]+)(\/close)?$/.exec(path);
    if (byNo) {
      const trade = trades.get(byNo[1]!);
      if (byNo[2] && method === 'POST') {
        if (json.mchid !== options.mchid) return error(400, 'PARAM_ERROR', 'mchid');
        if (!trade) return error(404, 'ORDER_NOT_EXIST', 'not exist');
        if (trade.state === 'SUCCESS' || trade.state === 'REFUND') return error(400, 'ORDERPAID', 'paid');
        trade.state = 'CLOSED';
        return { status: 204, body: null };
      }
      if (method === 'GET') {
        if (query.get('mchid') !== options.mchid) return error(400, 'PARAM_ERROR', 'mchid');
        if (!trade) return error(404, 'ORDER_NOT_EXIST', 'not exist');
        return { status: 200, body: transaction(trade) };
      }
    }
    if (method === 'POST' && path === '/v3/refund/domestic/refunds') {
      const trade = trades.get(String(json.out_trade_no));
      if (!trade) return error(404, 'RESOURCE_NOT_EXISTS', 'not exist');
      if (trade.state !== 'SUCCESS' && trade.state !== 'REFUND') return error(403, 'NOT_ENOUGH', 'not paid');
      const amount = json.amount as { refund: number; total: number };
      const refundNo = String(json.out_refund_no);
      let refund = trade.refunds.get(refundNo);
      if (!refund) {
        const done = [...trade.refunds.values()].reduce((sum, r) => sum + r.amount, 0);
        if (amount.total !== trade.total || amount.refund <= 0 || done + amount.refund > trade.total) {
          return error(400, 'PARAM_ERROR', 'refund amount');
        }
        refund = { refundId: `5030${Date.now()}${randomBytes(3).toString('hex')}`, amount: amount.refund };
        trade.refunds.set(refundNo, refund);
        trade.state = 'REFUND';
      }
      return {
        status: 200,
        body: {
          refund_id: refund.refundId,
          out_refund_no: refundNo,
          transaction_id: trade.transactionId,
          out_trade_no: trade.outTradeNo,
          channel: 'ORIGINAL',
          status: 'SUCCESS',
          amount: { total: trade.total, refund: refund.amount, currency: 'CNY' },
        },
      };
    }
    return error(404, 'NOT_FOUND', 'no such API');
  }

  /**
   * A signed notification of a trade. `trade` overrides fields of the decrypted transaction;
   * `signingKey`/`serial`/`timestamp`/`apiV3Key` make hostile ones.
   */
  function notification(
    outTradeNo: string,
    hostile: {
      trade?: Record<string, unknown>;
      signingKey?: string;
      serial?: string;
      timestamp?: number;
      apiV3Key?: string;
      eventType?: string;
    } = {},
  ) {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo}`);
    const nonce = randomBytes(6).toString('hex');
    const plaintext = JSON.stringify({ ...transaction(trade), ...hostile.trade });
    const body = JSON.stringify({
      id: randomBytes(16).toString('hex'),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type:
        hostile.eventType ?? (trade.state === 'SUCCESS' ? 'TRANSACTION.SUCCESS' : 'TRANSACTION.CLOSED'),
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: encryptResource(plaintext, hostile.apiV3Key ?? options.apiV3Key, nonce, 'transaction'),
        associated_data: 'transaction',
        nonce,
      },
    });
    const headers = {
      'content-type': 'application/json',
      ...signedHeaders(
        body,
        hostile.signingKey ?? options.platformPrivateKey,
        hostile.serial ?? options.platformSerial,
        hostile.timestamp,
      ),
    };
    return { url: trade.notifyUrl, headers, body };
  }

  const post = (n: { url: string; headers: Record<string, string>; body: string }) =>
    deliver(n.url, { headers: n.headers, body: n.body });

  async function pay(outTradeNo: string) {
    const trade = trades.get(outTradeNo);
    if (!trade || trade.state !== 'NOTPAY')
      throw new Error(`trade ${outTradeNo} cannot be paid (${trade?.state ?? 'unknown'})`);
    trade.state = 'SUCCESS';
    return post(notification(outTradeNo));
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
        const yuan = (trade.total / 100).toFixed(2);
        if (scan[2] && request.method === 'POST') {
          const delivered = await pay(trade.outTradeNo).catch((error: Error) => ({
            status: 0,
            body: error.message,
          }));
          response
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end(
              scanPage(
                'WeChat Pay (simulator)',
                [`Paid ${yuan} CNY`, `Shop answered HTTP ${delivered.status}`],
                null,
              ),
            );
          return;
        }
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            scanPage(
              'WeChat Pay (simulator)',
              [trade.description, `${yuan} CNY`, `Status: ${trade.state}`],
              trade.state === 'NOTPAY' ? `/scan/${trade.outTradeNo}/pay` : null,
            ),
          );
        return;
      }
      const refusal = verifyAuthorization(
        request.method ?? 'GET',
        request.url ?? '/',
        request.headers.authorization,
        body,
      );
      const result = refusal
        ? { status: 401, body: { code: 'SIGN_ERROR', message: `signature check failed: ${refusal}` } }
        : handleApi(request.method ?? 'GET', url.pathname, url.searchParams, body);
      const text = result.body === null ? '' : JSON.stringify(result.body);
      response
        .writeHead(result.status, {
          ...(text ? { 'content-type': 'application/json' } : {}),
          'Request-ID': randomBytes(8).toString('hex'),
          ...signedHeaders(text, options.platformPrivateKey, options.platformSerial),
        })
        .end(text);
    },
    {
      ...(options.port ? { port: options.port } : {}),
      ...(options.hangMs ? { hangMs: options.hangMs } : {}),
    },
  );
  baseUrl = server.url;

  return { server, url: server.url, trades, pay, notification, post, close: () => server.close() };
}

export type WechatPaySimulator = Awaited<ReturnType<typeof startWechatPaySimulator>>;
