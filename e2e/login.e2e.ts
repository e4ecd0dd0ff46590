import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  newPage,
  seriousAxeViolations,
  signInByForm,
  useBrowser,
  waitForShell,
} from './support/browser';

describe('login', () => {
  const browser = useBrowser();

  it('sends a visitor to /login?redirect=… and back to the requested page after signing in', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(`${baseUrl()}/notice/index`);
    await page.waitForURL(/\/login\?redirect=%2Fnotice%2Findex$/);
    await signInByForm(page, 'demo');
    await page.waitForURL(`${baseUrl()}/notice/index`);
    await waitForShell(page);
    expect(await page.locator('h1.page-title').textContent()).toBe('Notice');
    expect(await page.getByTestId('welcome').textContent()).toMatch(/^Welcome, \S/);
    await context.close();
  });

  it('lands on the pinned dashboard tab from /', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(`${baseUrl()}/`);
    await page.waitForURL(/\/login\?redirect=%2F$/);
    await signInByForm(page, 'demo');
    await page.waitForURL(`${baseUrl()}/dashboard`);
    await waitForShell(page);
    const tab = page.locator('.tag-item[data-path="/dashboard"]');
    await expect.poll(() => tab.getAttribute('class')).toContain('tag-active');
    expect(await tab.locator('.tag-close').count()).toBe(0);
    await context.close();
  });

  it("shows the server's message for a wrong password and stays on /login", async () => {
    const { context, page } = await newPage(browser());
    await page.goto(`${baseUrl()}/login`);
    await signInByForm(page, 'demo', 'wrong-password');
    const alert = page.locator('.login-error');
    await expect.poll(() => alert.textContent(), { timeout: 10_000 }).not.toBe('');
    // The message comes from the server, in the request's language (Lng: en).
    const text = (await alert.textContent()) ?? '';
    expect(text.length).toBeGreaterThan(3);
    expect(page.url()).toContain('/login');
    expect(await context.cookies()).not.toContainEqual(expect.objectContaining({ name: 'pp_token' }));
    await context.close();
  });

  it('trims the user id', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(`${baseUrl()}/login`);
    await page.locator('#login-user-id').fill('  demo  ');
    await page.locator('#login-password').fill('demo1234');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${baseUrl()}/dashboard`);
    await context.close();
  });

  it('stores uniqueCode in a cookie and remembers the user id, never the password', async () => {
    const { context, page } = await newPage(browser());
    let loginBody: Record<string, unknown> = {};
    page.on('request', (request) => {
      if (request.url().endsWith('/Auth/Login'))
        loginBody = JSON.parse(request.postData() ?? '{}') as Record<string, unknown>;
    });
    await page.goto(`${baseUrl()}/login?uniqueCode=shop-42`);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'pp_unique_code')?.value).toBe('shop-42');
    await signInByForm(page, 'demo');
    await page.waitForURL(`${baseUrl()}/dashboard`);
    expect(loginBody).toMatchObject({ user_id: 'demo', unique_code: 'shop-42', from: 'web', account_id: 1 });

    const after = await context.cookies();
    expect(after.find((c) => c.name === 'pp_user_id')?.value).toBe('demo');
    expect(after.map((c) => c.value)).not.toContain('demo1234');
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    expect(stored).not.toContain('demo1234');

    // Next visit: the user id is filled in, the password field is left to the browser.
    await context.clearCookies({ name: 'pp_token' });
    await page.goto(`${baseUrl()}/login`);
    expect(await page.locator('#login-user-id').inputValue()).toBe('demo');
    expect(await page.locator('#login-password').inputValue()).toBe('');
    expect(await page.locator('#login-password').getAttribute('autocomplete')).toBe('current-password');
    await context.close();
  });

  it('has no serious or critical axe violations on the login page', async () => {
    const { context, page } = await newPage(browser(), { bypassCSP: true }); // the server's CSP forbids the injected axe script
    await page.goto(`${baseUrl()}/login`);
    await page.locator('#login-user-id').waitFor();
    const violations = await seriousAxeViolations(page);
    expect(
      violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`),
    ).toEqual([]);
    await context.close();
  });
});
