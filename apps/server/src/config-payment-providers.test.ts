import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadAlipayConfig, loadConfig, loadWechatPayConfig } from './config';

const dir = mkdtempSync(path.join(tmpdir(), 'pp-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privateFile = path.join(dir, 'private.pem');
const publicFile = path.join(dir, 'public.pem');
writeFileSync(privateFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
writeFileSync(publicFile, publicKey.export({ type: 'spki', format: 'pem' }));

const alipayEnv = {
  ALIPAY_APP_ID: '2021000000000001',
  ALIPAY_PRIVATE_KEY_FILE: privateFile,
  ALIPAY_PUBLIC_KEY_FILE: publicFile,
  ALIPAY_NOTIFY_URL: 'https://shop.example/api/Payment/Notify/alipay',
};
const wechatEnv = {
  WECHATPAY_MCHID: '1900000109',
  WECHATPAY_APPID: 'wxd678efh567hg6787',
  WECHATPAY_MERCHANT_SERIAL: '5157f09efdc096de15ebe81a47057a7232f1b8e1',
  WECHATPAY_PRIVATE_KEY_FILE: privateFile,
  WECHATPAY_APIV3_KEY: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
  WECHATPAY_NOTIFY_URL: 'https://shop.example/api/Payment/Notify/wechat',
  WECHATPAY_PUBLIC_KEY_FILE: publicFile,
  WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0114232134912410000000000000',
};

describe('payment provider configuration (decision 022)', () => {
  it('builds no provider when none of its variables is set (the demo: sandbox only)', () => {
    const config = loadConfig({});
    expect(config.alipay).toBeUndefined();
    expect(config.wechatPay).toBeUndefined();
  });

  it('reads the keys from their files, with production base URLs by default', () => {
    const alipay = loadAlipayConfig(alipayEnv)!;
    expect(alipay.privateKey).toContain('BEGIN PRIVATE KEY');
    expect(alipay.gateway).toBe('https://openapi.alipay.com/gateway.do');
    const wechat = loadWechatPayConfig(wechatEnv)!;
    expect(wechat.baseUrl).toBe('https://api.mch.weixin.qq.com/');
    expect(wechat.merchantSerial).toBe('5157F09EFDC096DE15EBE81A47057A7232F1B8E1');
    expect(Object.keys(wechat.verifiers)).toEqual(['PUB_KEY_ID_0114232134912410000000000000']);
  });

  it('stops start-up on a half configuration, naming what is missing — never printing a key', () => {
    const { ALIPAY_PUBLIC_KEY_FILE: _p, ...noPublicKey } = alipayEnv;
    expect(() => loadAlipayConfig(noPublicKey)).toThrow(
      'Alipay is partly configured: set ALIPAY_PUBLIC_KEY_FILE',
    );
    expect(() => loadWechatPayConfig({ ...wechatEnv, WECHATPAY_APIV3_KEY: 'short' })).toThrow(/32-character/);
    const { WECHATPAY_PUBLIC_KEY_FILE: _f, WECHATPAY_PUBLIC_KEY_ID: _i, ...noVerifier } = wechatEnv;
    expect(() => loadWechatPayConfig(noVerifier)).toThrow(
      /WECHATPAY_PLATFORM_CERT_FILE or WECHATPAY_PUBLIC_KEY_FILE/,
    );
    expect(() => loadWechatPayConfig({ ...noVerifier, WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_1' })).toThrow(
      /needs both/,
    );
    try {
      loadAlipayConfig({ ...alipayEnv, ALIPAY_PUBLIC_KEY_FILE: path.join(dir, 'missing.pem') });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).toMatch(/ALIPAY_PUBLIC_KEY_FILE: cannot read .*missing\.pem.*ENOENT/);
      expect(String(error)).not.toContain('BEGIN');
    }
  });
});
