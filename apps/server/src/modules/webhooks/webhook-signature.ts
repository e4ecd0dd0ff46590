import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new endpoint secret: 32 random bytes, recognisable in a config file by its prefix. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * The `PartsPortal-Signature` header of one delivery (Stripe-style): `t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<body>">`, keyed with the whole secret string. The timestamp is inside
 * the signed text, so a receiver can refuse old replays.
 */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/**
 * The receiver's check, as README documents it: the header's `v1` matches the HMAC of
 * `t.body` and `t` is within `toleranceSeconds` of now. Exported for the tests, which verify
 * every delivery with it.
 */
export function verifyWebhook(
  secret: string,
  body: string,
  header: string | undefined,
  options: { toleranceSeconds?: number; nowSeconds?: number } = {},
): boolean {
  const parts = new Map(
    (header ?? '').split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(v1)) return false;
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (options.toleranceSeconds ?? 300)) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}
