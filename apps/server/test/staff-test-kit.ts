import type { StaffRole } from '@partsportal/contract/endpoint';
import { currentCode } from '../src/platform/totp';
import type { TestApp } from './test-app';

/** Known TOTP secrets of the test staff (base32), one per role. */
export const STAFF_SECRETS: Record<StaffRole, string> = {
  owner: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  sales: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU',
  catalogue: 'MFRGGZDFMZTWQ2LKMFRGGZDFMZTWQ2LK',
};

/**
 * Staff sign-in through both steps, as the back office does it: password, then the authenticator
 * app's code for the clock `now` (each code is accepted once, so callers that sign the same
 * member in twice move the clock on by 30 s in between).
 */
export async function staffSignIn(t: TestApp, login: string, password: string, secret: string, now: Date) {
  const step1 = await t.call<{ token: string; second_factor: string }>('/Admin/Auth/Login', {
    login,
    password,
  });
  if (step1.code !== 200) throw new Error(`staff login ${login} failed: ${step1.msg}`);
  const step2 = await t.call(
    '/Admin/Auth/VerifySecondFactor',
    { code: currentCode(secret, now) },
    { token: step1.data.token },
  );
  if (step2.code !== 200) throw new Error(`second factor for ${login} failed: ${step2.msg}`);
  return step1.data.token;
}

/** The same over HTTP, for suites that run a real server process (a kill test, the bench). */
export async function staffSignInOverHttp(baseUrl: string, login: string, password: string, secret: string) {
  const post = async <T>(path: string, body: unknown, token?: string) =>
    (await (
      await fetch(`${baseUrl}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
        body: JSON.stringify(body),
      })
    ).json()) as { code: number; msg: string; data: T };
  const step1 = await post<{ token: string }>('/Admin/Auth/Login', { login, password });
  if (step1.code !== 200) throw new Error(`staff login ${login}: ${step1.msg}`);
  const step2 = await post(
    '/Admin/Auth/VerifySecondFactor',
    { code: currentCode(secret, new Date()) },
    step1.data.token,
  );
  if (step2.code !== 200) throw new Error(`second factor for ${login}: ${step2.msg}`);
  return step1.data.token;
}
