import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newPage, useBrowser } from './support/browser';
import {
  freshStaffCode,
  readStaffSecret,
  STAFF_OWNER,
  staffSignInByApi,
  totpCode,
  usedStaffStep,
} from './support/staff';

/*
 * Issue 14: the back office's sign-in and its owner screens, as the demo owner would use them the
 * first time — enrol a TOTP app, keep the recovery codes, create a sales member, find the create
 * in the audit log, sign out, sign in again with a code (a wrong one first).
 */

async function signInWithPassword(page: Page) {
  await page.locator('#admin-login').fill(STAFF_OWNER.login);
  await page.locator('#admin-password').fill(STAFF_OWNER.password);
  await page.locator('#admin-password').press('Enter');
}

describe('back office: staff sign-in with TOTP, staff screen, audit log', () => {
  const browser = useBrowser();
  let context: BrowserContext;
  let page: Page;
  /** The sales member the owner creates, and the temporary password shown for it. */
  const member = { login: `e2e-sales-${Date.now() % 100000}`, password: '' };
  /** The owner's recovery codes, shown once at the enrolment. */
  let recoveryCodes: string[] = [];

  beforeAll(async () => {
    // Another file (the accessibility walk) may have enrolled the demo owner through the API:
    // the owner resets their own second factor, so this page starts at the enrolment.
    if (readStaffSecret()) {
      const token = await staffSignInByApi();
      const response = await fetch(`${baseUrl()}/api/Admin/Staff/ResetSecondFactor`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Token: token },
        body: JSON.stringify({ id: 1 }),
      });
      expect(((await response.json()) as { code: number }).code).toBe(200);
    }
    ({ context, page } = await newPage(browser()));
  });
  afterAll(async () => context?.close());

  it('enrols at the first sign-in: QR and key, a code from the app, recovery codes kept', async () => {
    await page.goto(`${baseUrl()}/admin/staff`);
    await page.waitForURL(/\/admin\/login\?redirect=%2Fadmin%2Fstaff/);
    await signInWithPassword(page);

    const secret = await page.locator('[data-secret]').getAttribute('data-secret');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    // The server's QR (an SVG) is drawn as an image: it can run nothing in the page.
    expect(await page.locator('img.admin-qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const at = Date.now();
    await page.locator('#admin-enrol-code').fill(totpCode(secret!, Math.floor(at / 30_000)));
    await page.locator('#admin-enrol-code').press('Enter');
    usedStaffStep(secret!, at);

    const codes = page.locator('.admin-recovery-codes li');
    await expect.poll(() => codes.count()).toBe(10);
    recoveryCodes = await codes.allTextContents();
    const go = page.getByRole('button', { name: 'Continue' });
    expect(await go.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'I have saved them' }).check();
    await go.click();

    // Back to the page asked for, in the back office, as the owner.
    await page.waitForURL(`${baseUrl()}/admin/staff`);
    await page.locator('.admin-header-title', { hasText: 'Staff' }).waitFor();
    expect(await page.locator('.admin-user').textContent()).toContain('Owner');
    const menu = await page.locator('nav.sidebar .ant-menu-item').allTextContents();
    expect(menu).toEqual([
      'Home',
      'Orders',
      'Products',
      'Price levels',
      'Purchases',
      'Customers',
      'Payments',
      'Notices',
      'Reports',
      'Imports',
      'Names',
      'Staff',
      'API keys',
      'Audit log',
    ]);
  });

  it('creates a sales member with a temporary password shown once; the audit log shows the create', async () => {
    const login = member.login;
    await page.getByRole('button', { name: 'New member' }).click();
    const dialog = page.locator('.ant-modal');
    await dialog.getByLabel('Login').fill(login);
    await dialog.getByLabel('Name').fill('Sam Sales');
    await dialog.getByRole('button', { name: 'Create' }).click();

    const shown = page.locator('[data-temporary-password]');
    const password = await shown.getAttribute('data-temporary-password');
    expect(password!.length).toBeGreaterThanOrEqual(8);
    member.password = password!;
    expect(await page.locator('.ant-modal-title').last().textContent()).toBe(`${login} created`);
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    const row = page.locator('.ant-table-row', { hasText: login });
    await row.waitFor();
    expect(await row.textContent()).toContain('Sales');
    expect(await row.textContent()).toContain('Temporary password');

    await page.locator('nav.sidebar').getByText('Audit log').click();
    await page.waitForURL(`${baseUrl()}/admin/audit`);
    // Newest first: the create is the top row; its changed fields show the new member.
    const first = page.locator('.ant-table-row').first();
    await expect.poll(() => first.textContent()).toContain('staff.create');
    await first.getByRole('button', { name: /expand/i }).click();
    const changes = page.locator('.audit-changes');
    await expect.poll(() => changes.textContent()).toContain(login);
    expect(await changes.textContent()).toContain('Sam Sales');

    // The export holds the filtered rows under the table's headers.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{8}-\d{6}\.xlsx$/);
    const file = join(mkdtempSync(join(tmpdir(), 'pp-audit-')), download.suggestedFilename());
    await download.saveAs(file);
    const book = XLSX.read(readFileSync(file));
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]).toEqual([
      'Time',
      'Who',
      'Kind',
      'IP address',
      'Action',
      'Entity',
      'Entity ID',
      'Changed fields',
      'Details',
    ]);
    expect(rows[1]![4]).toBe('staff.create');
    expect(rows[1]![7]).toContain(`login:  → ${login}`);

    // A filter the log does not match leaves no rows.
    await page.getByLabel('Action').fill('no-such-action.');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No entries for these filters').waitFor();
  });

  it('signs out, then in again with a code; a wrong code says so', async () => {
    await page.locator('.admin-user').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/\/admin\/login/);
    expect(await page.evaluate(() => localStorage.getItem('pp_staff_token'))).toBeNull();

    await signInWithPassword(page);
    const field = page.locator('#admin-verify-code');
    await field.waitFor();
    const { secret } = readStaffSecret()!;
    const now = Math.floor(Date.now() / 30_000);
    const valid = new Set([-1, 0, 1].map((d) => totpCode(secret, now + d)));
    const wrong = ['000000', '111111', '222222', '333333'].find((code) => !valid.has(code))!;
    await field.fill(wrong);
    await field.press('Enter');
    await expect
      .poll(() => page.locator('.login-error').textContent())
      .toBe('The code is wrong or has expired. Enter the code your app shows now.');

    await field.fill(await freshStaffCode());
    await field.press('Enter');
    await page.waitForURL(`${baseUrl()}/admin/home`);
    await page.getByText('Welcome, Demo Owner').waitFor();

    // A lost phone: a recovery code instead, once.
    await page.locator('.admin-user').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await signInWithPassword(page);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.locator('#admin-recovery-code').fill(recoveryCodes[0]!);
    await page.locator('#admin-recovery-code').press('Enter');
    await page.getByText('Welcome, Demo Owner').waitFor();
  });

  it('a new member signs in with the temporary password, enrols, must choose a password, sees only their menu', async () => {
    const { context: other, page: memberPage } = await newPage(browser());
    await memberPage.goto(`${baseUrl()}/admin/login`);
    await memberPage.locator('#admin-login').fill(member.login);
    await memberPage.locator('#admin-password').fill(member.password);
    await memberPage.locator('#admin-password').press('Enter');
    const secret = await memberPage.locator('[data-secret]').getAttribute('data-secret');
    await memberPage.locator('#admin-enrol-code').fill(totpCode(secret!, Math.floor(Date.now() / 30_000)));
    await memberPage.locator('#admin-enrol-code').press('Enter');
    await memberPage.getByRole('checkbox', { name: 'I have saved them' }).check();
    await memberPage.getByRole('button', { name: 'Continue' }).click();

    // GetStaffInfo says must_change_password: the dialog is open and cannot be dismissed.
    const dialog = memberPage.locator('.ant-modal');
    await dialog.getByText('Your password is temporary.', { exact: false }).waitFor();
    expect(await dialog.locator('.ant-modal-close').count()).toBe(0);
    await dialog.getByLabel('Current password').fill(member.password);
    await dialog.getByLabel('New password').fill('sales-own-pass-1');
    await dialog.getByLabel('Confirm password').fill('sales-own-pass-1');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await memberPage.getByText('Password changed').waitFor();
    await expect.poll(() => dialog.count()).toBe(0);

    // A sales member has no owner or catalogue pages, and /admin/staff is refused.
    expect(await memberPage.locator('nav.sidebar .ant-menu-item').allTextContents()).toEqual([
      'Home',
      'Orders',
      'Customers',
      'Payments',
      'Notices',
      'Reports',
    ]);
    await memberPage.goto(`${baseUrl()}/admin/staff`);
    await memberPage.getByText('Your role may not open this page.').waitFor();
    await other.close();
  });
});
