import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * RFC 6238 TOTP through `otpauth` (maintained, no engine limit; otplib 13 needs Node 22.18):
 * SHA-1, 6 digits, 30-second steps — what every authenticator app reads from a QR code.
 */
const PERIOD_SECONDS = 30;

const totpOf = (secret: string, label = '', issuer = 'PartsPortal') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export async function enrolment(secret: string, label: string, issuer: string) {
  const uri = totpOf(secret, label, issuer).toString();
  return {
    secret,
    uri,
    qr_svg: await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
  };
}

/**
 * The 30-second step a code belongs to, if it is valid now (one step of clock drift either way),
 * else null. The caller refuses a step at or before the last accepted one: each code works once.
 */
export function acceptedStep(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** The current code, for tests and the e2e (an authenticator app's view). */
export const currentCode = (secret: string, now: Date) =>
  totpOf(secret).generate({ timestamp: now.getTime() });

/** Ten one-time codes like `7KQ2M-XR4TD`; only their hashes are stored. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 10 }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Case, spaces and dashes don't matter when a code is typed back. */
export const hashRecoveryCode = (code: string) =>
  createHash('sha256')
    .update(code.toUpperCase().replace(/[^A-Z0-9]/g, ''))
    .digest('hex');

/** What a second factor's owner (a staff member or a customer user) keeps of it. */
export interface SecondFactorHolder {
  totpSecret: string | null;
  totpLastStep: number | null;
  recoveryCodeHashes: string[];
}

export type SecondFactorOutcome =
  | {
      ok: true;
      /** What to store: the accepted step, or the recovery codes without the one just used. */
      update: { totpLastStep: number } | { recoveryCodeHashes: string[] };
      usedRecoveryCode: boolean;
    }
  | { ok: false; messageKey: 'secondFactorWrong' | 'secondFactorReplayed' | 'recoveryCodeWrong' };

/**
 * Checks a TOTP code (each 30-s step accepted once: a code of the last accepted step or earlier is
 * a replay) or a recovery code (each works once). The caller holds the holder's row locked, so
 * two requests with one code cannot both pass, and stores `update` in the same transaction.
 */
export function checkSecondFactor(
  holder: SecondFactorHolder,
  input: { code?: string | undefined; recoveryCode?: string | undefined },
  now: Date,
): SecondFactorOutcome {
  if (input.code) {
    if (!holder.totpSecret) return { ok: false, messageKey: 'secondFactorWrong' };
    const step = acceptedStep(holder.totpSecret, input.code, now);
    if (step === null) return { ok: false, messageKey: 'secondFactorWrong' };
    if (holder.totpLastStep !== null && step <= holder.totpLastStep) {
      return { ok: false, messageKey: 'secondFactorReplayed' };
    }
    return { ok: true, update: { totpLastStep: step }, usedRecoveryCode: false };
  }
  const codeHash = hashRecoveryCode(input.recoveryCode ?? '');
  if (!input.recoveryCode || !holder.recoveryCodeHashes.includes(codeHash)) {
    return { ok: false, messageKey: 'recoveryCodeWrong' };
  }
  return {
    ok: true,
    update: { recoveryCodeHashes: holder.recoveryCodeHashes.filter((h) => h !== codeHash) },
    usedRecoveryCode: true,
  };
}

/**
 * The first code from the app confirms a pending enrolment (staff and customer users alike): the
 * holder's row as it must be stored, and the recovery codes to show once; null for a wrong code.
 * The caller has checked that no secret is enrolled yet and that one is pending.
 */
export function confirmEnrolment(pendingSecret: string, code: string, now: Date) {
  const step = acceptedStep(pendingSecret, code, now);
  if (step === null) return null;
  const recoveryCodes = newRecoveryCodes();
  return {
    recoveryCodes,
    update: {
      totpSecret: pendingSecret,
      totpPendingSecret: null,
      totpLastStep: step,
      recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode),
    },
  };
}
