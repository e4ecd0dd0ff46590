import { TOTP, Secret } from 'otpauth';
import { afterAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  newPage,
  signInByApi,
  signInByForm,
  useBrowser,
  USERS,
  waitForShell,
} from './support/browser';

/** What the buyer's authenticator app shows for this secret at `at`. */
const codeOf = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

async function post(path: string, body: object, token?: string) {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Lng: 'en', ...(token ? { Token: token } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; msg: string; data: unknown };
}

describe('optional two-step sign-in for a buyer (decision 012)', () => {
  const browser = useBrowser();
  let secret = '';
  // The files share one server and `admin` is signed in elsewhere by password alone: whatever
  // happened here, admin leaves without a second factor (a recovery code needs no clock).
  let recoveryCodes: string[] = [];
  afterAll(async () => {
    if (recoveryCodes.length === 0) return;
    const base = { user_id: USERS.admin.id, password: USERS.admin.password, account_id: 1, from: 'web' };
    const plain = await post('/Auth/Login', base);
    if (plain.code === 200) return;
    const signedIn = await post('/Auth/Login', { ...base, recovery_code: recoveryCodes.at(-1) });
    expect(signedIn.code, signedIn.msg).toBe(200);
    const off = await post(
      '/Web/DisableTotp',
      { current_password: USERS.admin.password, recovery_code: recoveryCodes.at(-2) },
      signedIn.data as string,
    );
    expect(off.code, off.msg).toBe(200);
  });

  it('turns on from the user menu, then the login form asks for the code and takes it', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(context, 'admin');
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForShell(page);
    await page.locator('.user-menu').click();
    await page.locator('.ant-dropdown-menu').getByText('Two-step sign-in', { exact: true }).click();
    const dialog = page.locator('.ant-modal');
    await dialog.getByText('Two-step sign-in is off').waitFor();
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    // Once (CI, full run) the QR code never came and the next test found two-step sign-in off:
    // should it happen again, the failure says what the page showed instead (a toast, another
    // dialog such as the relogin one) rather than only that it waited.
    await dialog
      .locator('img.two-factor-qr')
      .waitFor()
      .catch(async (error: unknown) => {
        const shown = await page
          .locator('.ant-message-notice, .ant-notification-notice, .ant-modal-title, .ant-modal-body')
          .allInnerTexts();
        throw new Error(`no QR code after "Turn on"; the page showed: ${JSON.stringify(shown)}`, {
          cause: error,
        });
      });
    secret = (await dialog.locator('.two-factor-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await dialog.locator('#tf-new-code').fill('000000');
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expect
      .poll(() => page.locator('.ant-message-notice').last().innerText())
      .toContain('The code is wrong');
    await dialog.locator('#tf-new-code').fill(codeOf(secret));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    const codes = dialog.locator('.two-factor-codes');
    await codes.waitFor();
    recoveryCodes = (await codes.innerText())
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    expect(recoveryCodes).toHaveLength(10);
    // Done waits until the user says the codes are saved.
    await expect.poll(() => dialog.getByRole('button', { name: 'Done' }).isDisabled()).toBe(true);
    await dialog.getByText('I have saved my recovery codes').click();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await context.close();

    // A fresh browser: password first, then the form asks for the code.
    const second = await newPage(browser());
    await second.page.goto(`${baseUrl()}/login`);
    await signInByForm(second.page, 'admin');
    await second.page.locator('#login-code').waitFor();
    await expect
      .poll(() => second.page.locator('.login-error').innerText())
      .toBe('Enter the 6-digit code from your authenticator app.');
    // The enrolment used this step's code; the app's next code is accepted (one step of clock
    // drift) and is not a replay.
    await second.page.locator('#login-code').fill(codeOf(secret, Date.now() + 30_000));
    await second.page.locator('#login-code').press('Enter');
    await waitForShell(second.page);
    await second.context.close();
  }, 90_000);

  it('a recovery code signs in once instead of the code', async () => {
    const { page, context } = await newPage(browser());
    await page.goto(`${baseUrl()}/login`);
    await signInByForm(page, 'admin');
    await page.locator('#login-code').waitFor();
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.locator('#login-code').fill(recoveryCodes[0]!);
    await page.locator('#login-code').press('Enter');
    await waitForShell(page);
    await context.close();
    const again = await post('/Auth/Login', {
      user_id: USERS.admin.id,
      password: USERS.admin.password,
      account_id: 1,
      recovery_code: recoveryCodes[0],
    });
    expect(again.code).toBe(40001);
  });
});
