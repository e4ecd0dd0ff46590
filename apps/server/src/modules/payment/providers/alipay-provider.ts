import { AlipayRequestError, AlipaySdk } from 'alipay-sdk';
import type { AlipayConfig } from '../../../config';
import {
  CallbackRefusal,
  ProviderError,
  withRetries,
  type NotifyingProvider,
  type ProviderTrade,
  type VerifiedNotification,
} from './payment-provider';

/** Trade states of Alipay (alipay.trade.query and the notification's trade_status). */
const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

type AlipayResult = Record<string, unknown> & { code?: string; sub_code?: string; sub_msg?: string };

/**
 * Alipay through the official SDK (`alipay-sdk`, open platform v1 gateway, RSA2 in public-key
 * mode): face-to-face precreate (a QR code the buyer scans), query, close, refund, and the
 * asynchronous notification (`trade_status_sync`) verified with Alipay's public key.
 * The gateway comes from configuration, so the tests talk to a local simulator the same way.
 */
export function createAlipayProvider(
  config: AlipayConfig,
  options: { timeoutMs: number; retryDelayMs?: number },
): NotifyingProvider {
  const sdk = new AlipaySdk({
    appId: config.appId,
    privateKey: config.privateKey,
    // The SDK re-wraps the key in the PEM type it is told; PKCS#8 keys say "BEGIN PRIVATE KEY".
    keyType: /BEGIN PRIVATE KEY/.test(config.privateKey) ? 'PKCS8' : 'PKCS1',
    alipayPublicKey: config.alipayPublicKey,
    gateway: config.gateway,
    signType: 'RSA2',
    timeout: options.timeoutMs,
    camelcase: false,
  });
  const retries = { delayMs: options.retryDelayMs ?? 200 };

  /** One gateway call; a response whose signature fails is an error, never data. */
  async function exec(
    method: string,
    bizContent: Record<string, unknown>,
    extra: Record<string, string> = {},
  ) {
    return withRetries(async () => {
      let result: AlipayResult;
      try {
        result = (await sdk.exec(method, { bizContent, ...extra }, { validateSign: true })) as AlipayResult;
      } catch (error) {
        if (error instanceof AlipayRequestError) {
          // Transport failures and 5xx may pass; a bad signature or a malformed answer will not.
          const retryable = /HttpClient Request error|status: 5\d\d/.test(error.message);
          throw new ProviderError(`alipay ${method}: ${error.message.slice(0, 200)}`, retryable);
        }
        throw error;
      }
      // 20000: the service is unavailable for now (Alipay's documented "try again" code).
      if (result.code === '20000')
        throw new ProviderError(`alipay ${method}: 20000 ${result.sub_code ?? ''}`, true);
      return result;
    }, retries);
  }

  const failed = (method: string, result: AlipayResult) =>
    new ProviderError(
      `alipay ${method}: ${result.code} ${result.sub_code ?? ''} ${result.sub_msg ?? ''}`.trim(),
      false,
    );

  return {
    name: 'alipay',

    async createPayment(input) {
      if (input.currency !== 'CNY')
        throw new ProviderError(`alipay: currency ${input.currency} is not CNY`, false);
      const result = await exec(
        'alipay.trade.precreate',
        {
          out_trade_no: input.paymentNo,
          total_amount: input.amount,
          subject: input.description,
          // The QR code stays payable for as long as our pending request normally lives.
          timeout_express: '30m',
        },
        { notifyUrl: config.notifyUrl },
      );
      if (result.code !== '10000' || typeof result.qr_code !== 'string') throw failed('precreate', result);
      return { qrData: result.qr_code };
    },

    async query(paymentNo): Promise<ProviderTrade> {
      const result = await exec('alipay.trade.query', { out_trade_no: paymentNo });
      // A precreated trade exists at Alipay only once the buyer scanned it.
      if (result.sub_code === 'ACQ.TRADE_NOT_EXIST') return { status: 'not_found' };
      if (result.code !== '10000') throw failed('query', result);
      const state = String(result.trade_status);
      const trade = {
        providerRef: String(result.trade_no),
        ...(typeof result.total_amount === 'string' ? { amount: result.total_amount } : {}),
      };
      if (PAID_STATES.has(state)) return { status: 'paid', ...trade };
      if (state === 'TRADE_CLOSED') return { status: 'closed', ...trade };
      return { status: 'pending', ...trade };
    },

    async close(paymentNo) {
      const result = await exec('alipay.trade.close', { out_trade_no: paymentNo });
      // Never scanned: nothing to close, and nobody can pay it once our request is closed.
      if (result.code === '10000' || result.sub_code === 'ACQ.TRADE_NOT_EXIST') return;
      throw failed('close', result);
    },

    async refund(input) {
      const result = await exec('alipay.trade.refund', {
        out_trade_no: input.paymentNo,
        refund_amount: input.amount,
        // Makes the call idempotent: the same out_request_no is the same refund.
        out_request_no: input.refundNo,
        refund_reason: input.reason,
      });
      if (result.code !== '10000') throw failed('refund', result);
      return {
        refundRef: String(result.trade_no),
        status: result.fund_change === 'Y' ? 'success' : 'processing',
      };
    },

    verifyNotification({ rawBody }): VerifiedNotification {
      const fields = Object.fromEntries(new URLSearchParams(rawBody));
      // V2: the values are already URL-decoded by the parse above; decoding again would break
      // any value holding a '%' (alipay-sdk issue 45).
      if (!fields.sign || !sdk.checkNotifySignV2(fields)) throw new CallbackRefusal('bad signature');
      if (fields.app_id !== config.appId) throw new CallbackRefusal('merchant mismatch');
      if (config.sellerId && fields.seller_id !== config.sellerId)
        throw new CallbackRefusal('merchant mismatch');
      const paymentNo = fields.out_trade_no;
      if (!paymentNo) throw new CallbackRefusal('malformed callback');
      const status = fields.trade_status ?? '';
      if (!PAID_STATES.has(status)) return { kind: 'other', paymentNo, status };
      if (!fields.trade_no || !fields.total_amount) throw new CallbackRefusal('malformed callback');
      return { kind: 'paid', paymentNo, amount: fields.total_amount, providerRef: fields.trade_no };
    },

    // Alipay stops re-sending only on the exact text "success".
    answer(ok) {
      return ok
        ? { status: 200, contentType: 'text/plain', body: 'success' }
        : { status: 400, contentType: 'text/plain', body: 'fail' };
    },
  };
}
