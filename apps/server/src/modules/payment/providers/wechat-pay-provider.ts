import { createPublicKey, type KeyObject } from 'node:crypto';
import { isAxiosError } from 'axios';
import { Aes, Formatter, Rsa, Wechatpay } from 'wechatpay-axios-plugin';
import type { WechatPayConfig } from '../../../config';
import {
  CallbackRefusal,
  fenToYuan,
  ProviderError,
  withRetries,
  yuanToFen,
  type NotifyingProvider,
  type ProviderTrade,
  type VerifiedNotification,
} from './payment-provider';

/** WeChat Pay refuses responses and notifications more than 5 minutes off; so do we. */
export const WECHAT_MAX_CLOCK_OFFSET_SECONDS = 300;

interface Transaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number; currency?: string };
}

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Decrypts a notification's `resource` (AEAD_AES_256_GCM with the APIv3 key; the tag is the last
 * 16 bytes of the base64 ciphertext). Exported for the published test vectors.
 */
export function decryptResource(
  resource: { ciphertext: string; nonce: string; associated_data?: string },
  apiV3Key: string,
): string {
  return Aes.AesGcm.decrypt(resource.ciphertext, apiV3Key, resource.nonce, resource.associated_data ?? '');
}

/**
 * WeChat Pay API v3 (Native pay: a `code_url` the buyer scans) through `wechatpay-axios-plugin`
 * (decision 022): it signs every request (WECHATPAY2-SHA256-RSA2048) and verifies every response
 * against the configured platform certificate(s) / WeChat Pay public key, by `Wechatpay-Serial`.
 * Notifications are verified here with the same keys and decrypted with the APIv3 key.
 */
export function createWechatPayProvider(
  config: WechatPayConfig,
  options: { timeoutMs: number; retryDelayMs?: number; now?: () => Date },
): NotifyingProvider {
  const now = options.now ?? (() => new Date());
  const client = new Wechatpay({
    mchid: config.mchid,
    serial: config.merchantSerial,
    privateKey: config.privateKey,
    certs: config.verifiers,
    baseURL: config.baseUrl,
    timeout: options.timeoutMs,
  }).client;
  const verifiers = new Map<string, KeyObject>(
    Object.entries(config.verifiers).map(([serial, pem]) => [serial, createPublicKey(pem)]),
  );
  const retries = { delayMs: options.retryDelayMs ?? 200 };

  async function call<T>(what: string, pathname: string, method: 'get' | 'post', data?: object) {
    return withRetries(async () => {
      try {
        const response = await client.request<T>(pathname, method, data, {});
        return { status: (response as { status: number }).status, data: (response as { data: T }).data };
      } catch (error) {
        if (isAxiosError(error)) {
          const status = error.response?.status;
          const body = error.response?.data as { code?: string; message?: string } | undefined;
          if (status !== undefined && status < 500) {
            // 4xx carries WeChat Pay's own code (ORDER_NOT_EXIST, ORDER_CLOSED …): the caller decides.
            return { status, data: body as T, code: body?.code };
          }
          // No answer (timeout, refused connection), a 5xx, or an answer whose signature failed.
          const retryable = status !== undefined || !error.message.includes('EV3_RES');
          throw new ProviderError(
            `wechat ${what}: ${status ?? error.code ?? ''} ${error.message.slice(0, 200)}`,
            retryable,
          );
        }
        throw error;
      }
    }, retries);
  }

  const failed = (what: string, answer: { status: number; code?: string | undefined }) =>
    new ProviderError(`wechat ${what}: HTTP ${answer.status} ${answer.code ?? ''}`.trim(), false);

  const outTradeNo = (paymentNo: string) =>
    `v3/pay/transactions/out-trade-no/${encodeURIComponent(paymentNo)}`;

  return {
    name: 'wechat',

    async createPayment(input) {
      if (input.currency !== 'CNY')
        throw new ProviderError(`wechat: currency ${input.currency} is not CNY`, false);
      const answer = await call<{ code_url?: string }>('native', 'v3/pay/transactions/native', 'post', {
        appid: config.appid,
        mchid: config.mchid,
        description: input.description,
        out_trade_no: input.paymentNo,
        notify_url: config.notifyUrl,
        amount: { total: yuanToFen(input.amount), currency: 'CNY' },
      });
      if (answer.status !== 200 || !answer.data?.code_url) throw failed('native', answer);
      return { qrData: answer.data.code_url };
    },

    async query(paymentNo): Promise<ProviderTrade> {
      const answer = await call<Transaction>(
        'query',
        `${outTradeNo(paymentNo)}?mchid=${encodeURIComponent(config.mchid)}`,
        'get',
      );
      if (answer.status === 404) return { status: 'not_found' };
      if (answer.status !== 200) throw failed('query', answer);
      const trade = answer.data;
      if (trade.mchid !== config.mchid || trade.appid !== config.appid) {
        throw new ProviderError('wechat query: answer for another merchant', false);
      }
      const facts = {
        ...(trade.transaction_id ? { providerRef: trade.transaction_id } : {}),
        ...(typeof trade.amount?.total === 'number' ? { amount: fenToYuan(trade.amount.total) } : {}),
      };
      switch (trade.trade_state) {
        case 'SUCCESS':
          return { status: 'paid', ...facts };
        case 'REFUND':
          return { status: 'refunded', ...facts };
        case 'CLOSED':
        case 'REVOKED':
        case 'PAYERROR':
          return { status: 'closed', ...facts };
        default:
          return { status: 'pending', ...facts };
      }
    },

    async close(paymentNo) {
      const answer = await call('close', `${outTradeNo(paymentNo)}/close`, 'post', { mchid: config.mchid });
      // 204 closed; an order WeChat Pay never saw needs no closing.
      if (answer.status === 204 || answer.status === 200 || answer.status === 404) return;
      throw failed('close', answer);
    },

    async refund(input) {
      const answer = await call<{ refund_id?: string; status?: string }>(
        'refund',
        'v3/refund/domestic/refunds',
        'post',
        {
          out_trade_no: input.paymentNo,
          // Makes the call idempotent: the same out_refund_no is the same refund.
          out_refund_no: input.refundNo,
          reason: input.reason,
          amount: { refund: yuanToFen(input.amount), total: yuanToFen(input.total), currency: 'CNY' },
        },
      );
      if (answer.status !== 200 || !answer.data?.refund_id) throw failed('refund', answer);
      const status = answer.data.status;
      if (status !== 'SUCCESS' && status !== 'PROCESSING')
        throw failed('refund', { status: 200, code: status });
      return { refundRef: answer.data.refund_id, status: status === 'SUCCESS' ? 'success' : 'processing' };
    },

    verifyNotification({ headers, rawBody }): VerifiedNotification {
      const timestamp = header(headers, 'Wechatpay-Timestamp');
      const nonce = header(headers, 'Wechatpay-Nonce');
      const serial = header(headers, 'Wechatpay-Serial');
      const signature = header(headers, 'Wechatpay-Signature');
      if (!timestamp || !nonce || !serial || !signature) throw new CallbackRefusal('malformed callback');
      const key = verifiers.get(serial);
      // An unknown serial: a certificate or key we were not given (or a forger's).
      if (!key) throw new CallbackRefusal('bad signature');
      if (!Rsa.verify(Formatter.response(timestamp, nonce, rawBody), signature, key)) {
        throw new CallbackRefusal('bad signature');
      }
      const age = Math.floor(now().getTime() / 1000) - Number(timestamp);
      if (!Number.isFinite(age) || Math.abs(age) > WECHAT_MAX_CLOCK_OFFSET_SECONDS) {
        throw new CallbackRefusal('stale timestamp');
      }
      let event: {
        event_type?: string;
        resource?: { algorithm?: string; ciphertext: string; nonce: string; associated_data?: string };
      };
      let trade: Transaction;
      try {
        event = JSON.parse(rawBody) as typeof event;
        if (event.resource?.algorithm !== 'AEAD_AES_256_GCM') throw new Error('algorithm');
        trade = JSON.parse(decryptResource(event.resource, config.apiV3Key)) as Transaction;
      } catch {
        // Signed by WeChat Pay yet not decryptable with our APIv3 key: not ours to act on.
        throw new CallbackRefusal('malformed callback');
      }
      if (trade.mchid !== config.mchid || trade.appid !== config.appid) {
        throw new CallbackRefusal('merchant mismatch');
      }
      if (!trade.out_trade_no) throw new CallbackRefusal('malformed callback');
      if (event.event_type !== 'TRANSACTION.SUCCESS' || trade.trade_state !== 'SUCCESS') {
        return {
          kind: 'other',
          paymentNo: trade.out_trade_no,
          status: trade.trade_state ?? String(event.event_type),
        };
      }
      if (
        !trade.transaction_id ||
        typeof trade.amount?.total !== 'number' ||
        trade.amount.currency !== 'CNY'
      ) {
        throw new CallbackRefusal('malformed callback');
      }
      return {
        kind: 'paid',
        paymentNo: trade.out_trade_no,
        amount: fenToYuan(trade.amount.total),
        providerRef: trade.transaction_id,
      };
    },

    // WeChat Pay: 200/204 is received; 4xx/5xx with {code, message} makes it send again later.
    answer(ok, reason) {
      return ok
        ? { status: 204, contentType: 'application/json', body: '' }
        : {
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'FAIL', message: reason ?? 'refused' }),
          };
    },
  };
}
