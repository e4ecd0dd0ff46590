import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadAlipayConfig, loadWechatPayConfig, type Config } from '../../src/config';
import { startAlipaySimulator } from './alipay-simulator';
import type { Deliver } from './simulator-http';
import { startWechatPaySimulator } from './wechat-pay-simulator';

/** Test code: key pairs made here, simulators on 127.0.0.1, and the server's configuration for them. */
export const ALIPAY_APP_ID = '2021000000000001';
export const ALIPAY_SELLER_ID = '2088000000000001';
export const WECHAT_MCHID = '1900000109';
export const WECHAT_APPID = 'wxd678efh567hg6787';
export const WECHAT_MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
export const WECHAT_PUBLIC_KEY_ID = 'PUB_KEY_ID_0114232134912410000000000000';
export const APIV3_KEY = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';

export const rsaKeys = () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
};

/** A self-signed "platform certificate" (openssl; Node cannot issue certificates). */
function selfSignedCertificate(dir: string, privatePem: string) {
  const keyFile = path.join(dir, 'platform-key.pem');
  const certFile = path.join(dir, 'platform-cert.pem');
  writeFileSync(keyFile, privatePem);
  execFileSync('openssl', [
    'req',
    '-x509',
    '-new',
    '-key',
    keyFile,
    '-out',
    certFile,
    '-days',
    '2',
    '-subj',
    '/CN=Tenpay.com Root CA simulator',
    '-set_serial',
    '0x3C9E5A1B2D4F6071',
  ]);
  return { certFile, serial: new X509Certificate(readFileSync(certFile, 'utf8')).serialNumber.toUpperCase() };
}

/** Delivers a simulator's notification through the app's HTTP stack (inject), as a POST would. */
export const injectDeliver =
  (app: () => FastifyInstance): Deliver =>
  async (url, request) => {
    const response = await app().inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: request.headers,
      payload: request.body,
    });
    return { status: response.statusCode, body: response.body };
  };

/**
 * Both simulators and the Config that points the real adapters at them. WeChat Pay verifies with
 * a platform certificate (`mode: 'certificate'`) or a WeChat Pay public key (`'public-key'`).
 */
export async function startProviderSimulators(options: {
  deliver: Deliver;
  wechatMode?: 'certificate' | 'public-key';
  hangMs?: number;
  notifyBase?: string;
  /** Fixed ports (npm run dev:payments); 0 = any free port (tests). */
  ports?: { alipay: number; wechat: number };
  /** Where the key files go (kept for a local try); a fresh temporary folder by default. */
  dir?: string;
}) {
  const dir = options.dir ?? mkdtempSync(path.join(tmpdir(), 'pp-payments-'));
  const app = rsaKeys();
  const alipay = rsaKeys();
  const merchant = rsaKeys();
  const platform = rsaKeys();
  const files = {
    alipayAppKey: path.join(dir, 'alipay-app-private.pem'),
    alipayPublic: path.join(dir, 'alipay-public.pem'),
    wechatMerchantKey: path.join(dir, 'wechat-merchant-private.pem'),
    wechatPublicKey: path.join(dir, 'wechat-pay-public.pem'),
  };
  writeFileSync(files.alipayAppKey, app.privatePem);
  writeFileSync(files.alipayPublic, alipay.publicPem);
  writeFileSync(files.wechatMerchantKey, merchant.privatePem);
  writeFileSync(files.wechatPublicKey, platform.publicPem);
  const mode = options.wechatMode ?? 'public-key';
  const cert = mode === 'certificate' ? selfSignedCertificate(dir, platform.privatePem) : undefined;
  const hang = options.hangMs ? { hangMs: options.hangMs } : {};

  const alipaySim = await startAlipaySimulator({
    appId: ALIPAY_APP_ID,
    appPublicKey: app.publicPem,
    alipayPrivateKey: alipay.privatePem,
    sellerId: ALIPAY_SELLER_ID,
    deliver: options.deliver,
    ...hang,
    ...(options.ports ? { port: options.ports.alipay } : {}),
  });
  const wechatSim = await startWechatPaySimulator({
    mchid: WECHAT_MCHID,
    appid: WECHAT_APPID,
    merchantSerial: WECHAT_MERCHANT_SERIAL,
    merchantPublicKey: merchant.publicPem,
    platformPrivateKey: platform.privatePem,
    platformSerial: cert ? cert.serial : WECHAT_PUBLIC_KEY_ID,
    apiV3Key: APIV3_KEY,
    deliver: options.deliver,
    ...hang,
    ...(options.ports ? { port: options.ports.wechat } : {}),
  });
  const notifyBase = options.notifyBase ?? 'http://127.0.0.1:8080/api';
  // Through config.ts's own loaders, as the server reads its environment.
  const env: NodeJS.ProcessEnv = {
    ALIPAY_APP_ID: ALIPAY_APP_ID,
    ALIPAY_PRIVATE_KEY_FILE: files.alipayAppKey,
    ALIPAY_PUBLIC_KEY_FILE: files.alipayPublic,
    ALIPAY_SELLER_ID: ALIPAY_SELLER_ID,
    ALIPAY_GATEWAY: alipaySim.gateway,
    ALIPAY_NOTIFY_URL: `${notifyBase}/Payment/Notify/alipay`,
    WECHATPAY_MCHID: WECHAT_MCHID,
    WECHATPAY_APPID: WECHAT_APPID,
    WECHATPAY_MERCHANT_SERIAL: WECHAT_MERCHANT_SERIAL,
    WECHATPAY_PRIVATE_KEY_FILE: files.wechatMerchantKey,
    WECHATPAY_APIV3_KEY: APIV3_KEY,
    WECHATPAY_BASE_URL: `${wechatSim.url}/`,
    WECHATPAY_NOTIFY_URL: `${notifyBase}/Payment/Notify/wechat`,
    ...(cert
      ? { WECHATPAY_PLATFORM_CERT_FILE: cert.certFile }
      : { WECHATPAY_PUBLIC_KEY_FILE: files.wechatPublicKey, WECHATPAY_PUBLIC_KEY_ID: WECHAT_PUBLIC_KEY_ID }),
  };
  const config: Partial<Config> = {
    alipay: loadAlipayConfig(env),
    wechatPay: loadWechatPayConfig(env),
  };
  return {
    alipay: alipaySim,
    wechat: wechatSim,
    config,
    env,
    /** Keys a forger would use: right format, wrong owner. */
    forger: rsaKeys(),
    platformSerial: cert ? cert.serial : WECHAT_PUBLIC_KEY_ID,
    async close() {
      await alipaySim.close();
      await wechatSim.close();
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type ProviderSimulators = Awaited<ReturnType<typeof startProviderSimulators>>;
