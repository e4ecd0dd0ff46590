import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, signInByApi, signInByForm, useBrowser, waitForShell } from './support/browser';

// antd runs with zeroRuntime: its components take their rules from the static antd.css, and
// only the CSS variables change at run time. A switch of colour or size that only reached the
// variables of some components, or a stylesheet that failed to load, shows up here.
describe('antd static styles follow the user settings', () => {
  const browser = useBrowser();

  it('colours the primary button with the chosen theme colour and sizes it with the chosen size', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/product/index`);
    await waitForShell(page);
    const button = page.locator('button.add-to-cart');
    await button.waitFor();
    const background = () => button.evaluate((el) => getComputedStyle(el).backgroundColor);
    const height = () => button.evaluate((el) => el.getBoundingClientRect().height);

    // The default theme colour #409EFF and antd's middle size (32 px controls).
    expect(await background()).toBe('rgb(64, 158, 255)');
    expect(await height()).toBe(32);

    await page.locator('.nav-theme').click();
    await page.getByRole('button', { name: '#11a983' }).click();
    await page.getByText('Theme color changed').waitFor();
    await expect.poll(background).toBe('rgb(17, 169, 131)');

    await page.locator('.nav-size').click();
    await page.locator('.ant-dropdown-menu').getByText('Large', { exact: true }).click();
    await page.getByText('Size switched').waitFor();
    await expect.poll(height).toBe(40);

    // After a reload the settings come from the cookies, before any run-time switch.
    await page.reload();
    await waitForShell(page);
    await button.waitFor();
    expect(await background()).toBe('rgb(17, 169, 131)');
    expect(await height()).toBe(40);
    await context.close();
  });

  it('styles the login page before antd.css arrives, then uses the stylesheet after signing in', async () => {
    const { page } = await newPage(browser());
    await page.goto(`${baseUrl()}/login`);
    const submit = page.locator('button[type=submit]');
    await submit.waitFor();
    // Run-time styles: the login page does not wait for the static stylesheet.
    expect(await submit.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(64, 158, 255)');
    await page.locator('link[rel=stylesheet][href*="/assets/antd-"]').waitFor({ state: 'attached' });
    await signInByForm(page, 'demo');
    await waitForShell(page);
    await page.goto(`${baseUrl()}/product/index`);
    const button = page.locator('button.add-to-cart');
    await button.waitFor();
    expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(64, 158, 255)');
    expect(await button.evaluate((el) => el.getBoundingClientRect().height)).toBe(32);
    await page.context().close();
  });
});
