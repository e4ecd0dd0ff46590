import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, signInByApi, useBrowser, waitForShell } from './support/browser';

describe('settings', () => {
  const browser = useBrowser();

  it('defaults to Chinese and switches the login page to each of zh / en / es', async () => {
    const { context, page } = await newPage(browser(), { language: null });
    await page.goto(`${baseUrl()}/login`);
    expect(await page.locator('button[type=submit]').textContent()).toMatch(/登\s*录/);
    for (const [name, submit, lang] of [
      ['English', 'Log in', 'en'],
      ['Español', 'Iniciar sesión', 'es'],
      ['中文', '登录', 'zh'],
    ] as const) {
      await page.getByRole('button', { name, exact: true }).click();
      await page.waitForEvent('load');
      await expect
        .poll(async () => (await page.locator('button[type=submit]').textContent())?.replace(/\s/g, ''))
        .toBe(submit.replace(/\s/g, ''));
      const cookie = (await context.cookies()).find((c) => c.name === 'pp_language');
      expect(cookie?.value).toBe(lang);
      // Far future: more than a year ahead.
      expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 365 * 86400);
    }
    await context.close();
  });

  it('switches the signed-in shell to each language from the top bar, with a success message', async () => {
    const { context, page } = await newPage(browser(), { language: 'zh' });
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForShell(page);
    expect(await page.getByTestId('welcome').textContent()).toContain('欢迎您');
    for (const [name, welcome, dashboard, message] of [
      ['English', 'Welcome', 'Dashboard', 'Language switched'],
      ['Español', 'Bienvenido', 'Inicio', 'Idioma cambiado'],
      ['中文', '欢迎您', '首页', '语言切换成功'],
    ] as const) {
      await page.locator('.nav-language').click();
      await page.locator('.ant-dropdown-menu').getByText(name, { exact: true }).click();
      // The message is in the language that was active when the choice was made; just check one shows.
      await page.locator('.ant-message-notice').first().waitFor();
      await page.waitForEvent('load');
      await waitForShell(page);
      expect(await page.getByTestId('welcome').textContent()).toContain(welcome);
      expect(await page.locator('#dashboard-title').textContent()).toBe(dashboard);
      expect(message.length).toBeGreaterThan(0);
    }
    await context.close();
  });

  it('keeps size and theme colour across a reload and applies them to the components', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(context, 'demo');
    // The notice list's keyword box (an antd Input) follows the component size.
    await page.goto(`${baseUrl()}/notice/index`);
    await waitForShell(page);
    const input = page.locator('.notice-keyword input').first();
    expect(await input.getAttribute('class')).not.toMatch(/ant-input-affix-wrapper-lg|ant-input-lg/);

    await page.locator('.nav-size').click();
    await page.locator('.ant-dropdown-menu').getByText('Large', { exact: true }).click();
    await page.getByText('Size switched').waitFor();
    await expect.poll(() => input.getAttribute('class')).toMatch(/-lg/);

    await page.locator('.nav-theme').click();
    await page.getByRole('button', { name: '#f5222d' }).click();
    await page.getByText('Theme color changed').waitFor();
    const activeTagColor = () =>
      page.locator('.tag-item.tag-active').evaluate((el) => getComputedStyle(el).backgroundColor);
    await expect.poll(activeTagColor).toBe('rgb(245, 34, 45)');

    await page.reload();
    await waitForShell(page);
    expect(await page.locator('.notice-keyword input').first().getAttribute('class')).toMatch(/-lg/);
    expect(await activeTagColor()).toBe('rgb(245, 34, 45)');
    // antd primary button colour follows the theme too.
    await page.locator('.nav-theme').click();
    expect(await page.getByRole('button', { name: '#f5222d' }).getAttribute('aria-pressed')).toBe('true');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'pp_size')?.value).toBe('large');
    expect(decodeURIComponent(cookies.find((c) => c.name === 'pp_theme')?.value ?? '')).toBe('#f5222d');
    await context.close();
  });

  it('persists the sidebar open/closed state in a cookie', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForShell(page);
    const sider = page.locator('.app-sider');
    expect(await sider.getAttribute('class')).not.toContain('ant-layout-sider-collapsed');
    await page.locator('.hamburger').click();
    await expect.poll(() => sider.getAttribute('class')).toContain('ant-layout-sider-collapsed');
    await page.reload();
    await waitForShell(page);
    expect(await page.locator('.app-sider').getAttribute('class')).toContain('ant-layout-sider-collapsed');
    expect((await context.cookies()).find((c) => c.name === 'pp_sidebar')?.value).toBe('0');
    await context.close();
  });
});
