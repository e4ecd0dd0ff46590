import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser';

/** The demo owner of the back office (README); no TOTP until the first sign-in enrols one. */
export const STAFF_OWNER = { login: 'staff', password: 'staff1234' } as const;
/** Where the web client keeps the staff token (apps/web/src/shared/stores/staff-session.ts). */
export const STAFF_TOKEN_KEY = 'pp_staff_token';

const STEP_MS = 30_000;

/*
 * The e2e files share one server, and the demo owner has one TOTP secret once enrolled: whoever
 * enrols it (the admin-staff suite through the page, or the accessibility walk through the API)
 * writes it here for the others, keyed by the server's address. Each code works once (the server
 * refuses a step at or before the last accepted one), so the last used step is kept too — and
 * so is the owner's last API token: the server accepts one new code per 30 s step (one step of
 * drift), so a dozen files each signing in afresh waited ~15 s apiece for the clock (CI run of
 * 2026-11-27: the one-test admin files took 18–24 s). A file that needs a sign-in of its own
 * (admin-staff, admin-customers) still does one; a token the server no longer accepts is replaced.
 */
interface Enrolled {
  secret: string;
  lastStep: number;
  token?: string;
}

const stateFile = () => join(tmpdir(), `pp-e2e-staff-${new URL(baseUrl()).port}.json`);

export function readStaffSecret(): Enrolled | null {
  return existsSync(stateFile()) ? (JSON.parse(readFileSync(stateFile(), 'utf8')) as Enrolled) : null;
}

export function saveStaffSecret(secret: string, lastStep: number, token?: string): void {
  const before = readStaffSecret();
  // A token outlives a new step, not a new secret (a reset second factor ends the sessions).
  const kept = token ?? (before?.secret === secret ? before.token : undefined);
  writeFileSync(stateFile(), JSON.stringify({ secret, lastStep, token: kept } satisfies Enrolled));
}

export const totpCode = (secret: string, step: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: step * STEP_MS,
  });

/**
 * A code for the demo owner that the server has not seen yet: the current step, or the next one
 * (one step of drift is accepted) when the current one was used; beyond that, wait for the clock.
 */
export async function freshStaffCode(): Promise<string> {
  const enrolled = readStaffSecret();
  if (!enrolled) throw new Error('the demo owner has not enrolled a TOTP in this run');
  let step = Math.max(Math.floor(Date.now() / STEP_MS), enrolled.lastStep + 1);
  while (step > Math.floor(Date.now() / STEP_MS) + 1) await new Promise((r) => setTimeout(r, 500));
  step = Math.max(step, Math.floor(Date.now() / STEP_MS));
  saveStaffSecret(enrolled.secret, step);
  return totpCode(enrolled.secret, step);
}

/** Marks the step of a code typed at `at` (ms) as used. */
export function usedStaffStep(secret: string, at = Date.now()): void {
  saveStaffSecret(secret, Math.floor(at / STEP_MS));
}

async function call<T>(
  path: string,
  body: object,
  token?: string,
): Promise<{ code: number; msg: string; data: T }> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Lng: 'en', ...(token ? { Token: token } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; msg: string; data: T };
}

/**
 * The demo owner's API token: the one an earlier file of this run signed in with while the server
 * still accepts it, else a new sign-in (enrolling a TOTP when none is yet).
 */
export async function staffSignInByApi(): Promise<string> {
  const cached = readStaffSecret()?.token;
  if (cached && (await call('/Admin/Auth/GetStaffInfo', {}, cached)).code === 200) return cached;
  const login = await call<{ token: string; second_factor: 'enrol' | 'verify' }>(
    '/Admin/Auth/Login',
    STAFF_OWNER,
  );
  expect(login.code, login.msg).toBe(200);
  const token = login.data.token;
  if (login.data.second_factor === 'enrol') {
    const enrolment = await call<{ secret: string }>('/Admin/Auth/StartTotpEnrolment', {}, token);
    expect(enrolment.code, enrolment.msg).toBe(200);
    const step = Math.floor(Date.now() / STEP_MS);
    const confirmed = await call(
      '/Admin/Auth/ConfirmTotpEnrolment',
      { code: totpCode(enrolment.data.secret, step) },
      token,
    );
    expect(confirmed.code, confirmed.msg).toBe(200);
    saveStaffSecret(enrolment.data.secret, step, token);
  } else {
    const verified = await call('/Admin/Auth/VerifySecondFactor', { code: await freshStaffCode() }, token);
    expect(verified.code, verified.msg).toBe(200);
    const enrolled = readStaffSecret()!;
    saveStaffSecret(enrolled.secret, enrolled.lastStep, token);
  }
  return token;
}

/** Makes every page of the context start with this staff token (the web client reads it from localStorage). */
export async function useStaffToken(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    [STAFF_TOKEN_KEY, token] as const,
  );
}
