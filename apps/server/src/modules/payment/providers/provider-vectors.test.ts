import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAlipayProvider } from './alipay-provider';
import { CallbackRefusal, fenToYuan, yuanToFen } from './payment-provider';
import { decryptResource } from './wechat-pay-provider';

// Published vectors, so the adapters are proven against the providers' own data and not only
// against the simulators written beside them.

const somePrivateKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

/**
 * A genuine Alipay notification and Alipay's public key, from the official SDK's test suite:
 * github.com/alipay/alipay-sdk-nodejs-all, test/alipay.test.ts, "checkNotifySign(),
 * checkNotifySignV2() › verify sign should delete sign_type" (commit e1676390871e).
 */
const ALIPAY_PUBLIC_KEY_V1 =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqObrdC7hrgAVM98tK0nv3hSQRGGKT4lBsQjHiGjeYZjOPIPHR5knm2jnnz/YGIXIofVHkA/tAlBAd5DrY7YpvI4tP5EONLtZKC2ghBMx7McI2wRD0xiqzxOQr1FuhZGJ8/AUokBzJrzY+aGX2xcOrxFYRlFilvVLTXg4LWjR1tdPkO6+i7wQZAIVMClPkwVRZEbaERRHlKqTzv2gGv5rDU8gRoe1LeaN+6BlbTqHWkQcNCUNrA8C6l17XAXGKDsm/9TFWwO8EPHHHCaQdjtV5/FdcWIt+L8SR1ss7EXTjYDFtxcKVv9rEoY1lX8T4mX+GbXfZHraG5NCF1+XioL5JwIDAQAB';
const ALIPAY_NOTIFICATION: Record<string, string> = {
  gmt_create: '2019-08-15 15:56:22',
  charset: 'utf-8',
  seller_email: 'z97-yuquerevenue@service.aliyun.com',
  subject: '语雀空间 500人规模',
  sign: 'QfTb8tqE1BMhS5qAnXtvsF3/jBkEvu9q9en0pdbBUDDjvKycZhQb7h8GDs4FKfi049PynaNuatxSgLb/nLWZpXyyh0LEWdK2S6Ri7nPwrVgOs08zugLO20vOQz44y3ti2Ncm8/wZts1Fr2gZ7pShnVX3d1B50hbsXnObT1r/U8ONNQjWXd0HIul4TG+Q3fm3svmSvFEy0WnzuhcyHPX5Gm4ELNctL6Qd5YniGJFNcc7kopHYtI/XD9YCKCH6Ct02rzUs9i11C9CsadtZn+WhxF26Dqt9sGEFajkJ8cxUTLi8+VCpLHsgPE8P0y095uQcDdK0YjCh4x7wVSov+lrmOQ==',
  buyer_id: '2088102534368455',
  invoice_amount: '0.10',
  notify_id: '2019081500222155624068450559358070',
  // Sent as this JSON text in the form post (the SDK's test holds it as an array).
  fund_bill_list: '[{"amount":"0.10","fundChannel":"ALIPAYACCOUNT"}]',
  notify_type: 'trade_status_sync',
  trade_status: 'TRADE_SUCCESS',
  receipt_amount: '0.10',
  buyer_pay_amount: '0.10',
  sign_type: 'RSA2',
  app_id: '2019073166072302',
  seller_id: '2088531891668739',
  gmt_payment: '2019-08-15 15:56:24',
  notify_time: '2019-08-15 15:56:25',
  version: '1.0',
  out_trade_no: '20190815155618536-564-57',
  total_amount: '0.10',
  trade_no: '2019081522001468450512505578',
  auth_app_id: '2019073166072302',
  buyer_logon_id: 'xud***@126.com',
  point_amount: '0.00',
};

const alipay = (appId = '2019073166072302', sellerId: string | undefined = '2088531891668739') =>
  createAlipayProvider(
    {
      appId,
      privateKey: somePrivateKey,
      alipayPublicKey: ALIPAY_PUBLIC_KEY_V1,
      sellerId,
      gateway: 'http://127.0.0.1:9/gateway.do',
      notifyUrl: 'http://127.0.0.1/notify',
    },
    { timeoutMs: 1000 },
  );

const form = (fields: Record<string, string>) => ({
  headers: {},
  rawBody: new URLSearchParams(fields).toString(),
});

const refusal = (run: () => unknown) => {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof CallbackRefusal) return error.reason;
    throw error;
  }
};

describe('Alipay: the SDK test suite’s genuine notification', () => {
  it('is accepted as a payment of 0.10 with its trade number', () => {
    expect(alipay().verifyNotification(form(ALIPAY_NOTIFICATION))).toEqual({
      kind: 'paid',
      paymentNo: '20190815155618536-564-57',
      amount: '0.10',
      providerRef: '2019081522001468450512505578',
    });
  });

  it('is refused when any signed field changes, or addressed to another app or seller', () => {
    expect(
      refusal(() => alipay().verifyNotification(form({ ...ALIPAY_NOTIFICATION, total_amount: '0.11' }))),
    ).toBe('bad signature');
    expect(
      refusal(() => alipay().verifyNotification(form({ ...ALIPAY_NOTIFICATION, out_trade_no: 'X' }))),
    ).toBe('bad signature');
    const { sign: _sign, ...unsigned } = ALIPAY_NOTIFICATION;
    expect(refusal(() => alipay().verifyNotification(form(unsigned)))).toBe('bad signature');
    expect(refusal(() => alipay('2021000000000001').verifyNotification(form(ALIPAY_NOTIFICATION)))).toBe(
      'merchant mismatch',
    );
    expect(
      refusal(() => alipay(undefined, '2088000000000000').verifyNotification(form(ALIPAY_NOTIFICATION))),
    ).toBe('merchant mismatch');
  });
});

describe('WeChat Pay: AEAD_AES_256_GCM vectors of wechatpay-axios-plugin’s test suite', () => {
  // github.com/TheNorthMemory/wechatpay-axios-plugin, tests/lib/aes.test.js, "Aes::AesGcm::decrypt"
  // (commit f5bc863b9044): key 0123456789abcdef0123456789abcdef, iv 0123456789abcdef.
  const key = '0123456789abcdef0123456789abcdef';
  const nonce = '0123456789abcdef';

  it('decrypts "hello" with aad "world", and the empty text', () => {
    expect(
      decryptResource({ ciphertext: 'APoZlYpivU3HjbAiB4CvW1rAFr8J', nonce, associated_data: 'world' }, key),
    ).toBe('hello');
    expect(decryptResource({ ciphertext: 'GvpmmdtYwexXIPhySs9Tlg==', nonce, associated_data: '' }, key)).toBe(
      '',
    );
  });

  it('refuses a changed tag, aad or key (GCM authenticates)', () => {
    expect(() =>
      decryptResource({ ciphertext: 'APoZlYpivU3HjbAiB4CvW1rAFr8K', nonce, associated_data: 'world' }, key),
    ).toThrow();
    expect(() =>
      decryptResource({ ciphertext: 'APoZlYpivU3HjbAiB4CvW1rAFr8J', nonce, associated_data: 'World' }, key),
    ).toThrow();
    expect(() =>
      decryptResource(
        { ciphertext: 'APoZlYpivU3HjbAiB4CvW1rAFr8J', nonce, associated_data: 'world' },
        key.replace('0', '1'),
      ),
    ).toThrow();
  });
});

describe('amounts between yuan and fen', () => {
  it('converts exactly, without floating point', () => {
    expect(yuanToFen('12.34')).toBe(1234);
    expect(yuanToFen('0.1')).toBe(10);
    expect(yuanToFen('19.99')).toBe(1999);
    expect(yuanToFen('100')).toBe(10000);
    expect(fenToYuan(1234)).toBe('12.34');
    expect(fenToYuan(5)).toBe('0.05');
    expect(() => yuanToFen('1.234')).toThrow();
  });
});
