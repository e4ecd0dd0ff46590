import type { Page, Route } from 'playwright-core';
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

  // While a page waits for its answer, its skeleton must not need the main thread each frame:
  // antd's own shimmer (background-position) cost a phone 5–10 ms of style and paint per frame,
  // taken from the render that replaces it (styles.css, "Skeletons shimmer on the compositor").
  it("animates loading skeletons by transform only, the catalogue's and the dashboard chart's", async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(context, 'demo');
    const held: Route[] = [];
    const hold = (route: Route) => void held.push(route);
    await page.route('**/api/Web/GetProductList', hold);
    await page.route('**/assets/dashboard-chart-*.js', hold);
    /**
     * The properties each running CSS animation changes, as "name: property, property". Not
     * transitions: a one-off colour change (an input's border as the static stylesheet arrives)
     * is not a loading animation, and whether one is running at this moment is timing.
     */
    const animated = (p: Page) =>
      p.evaluate(() =>
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSAnimation)
          .map((animation) => {
            const frames = animation.effect instanceof KeyframeEffect ? animation.effect.getKeyframes() : [];
            const properties = new Set(
              frames.flatMap((frame) =>
                Object.keys(frame).filter(
                  (key) => !['offset', 'easing', 'composite', 'computedOffset'].includes(key),
                ),
              ),
            );
            return `${(animation as CSSAnimation).animationName ?? ''}: ${[...properties].sort().join(', ')}`;
          })
          .sort(),
      );

    await page.goto(`${baseUrl()}/product/index`);
    await waitForShell(page);
    const line = page.locator('.catalog-page .ant-skeleton-active .ant-skeleton-paragraph > li').first();
    await line.waitFor();
    expect(await line.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    expect(await line.evaluate((el) => getComputedStyle(el, '::after').animationName)).toBe(
      'pp-skeleton-shimmer',
    );
    const catalogue = await animated(page);
    expect(catalogue.length).toBeGreaterThanOrEqual(9); // title + 8 lines
    for (const entry of catalogue)
      expect(entry).toMatch(/^[\w-]*: (opacity|transform)(, (opacity|transform))?$/);
    // Still for those who ask for less motion.
    const playState = () => line.evaluate((el) => getComputedStyle(el, '::after').animationPlayState);
    expect(await playState()).toBe('running');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await playState()).toBe('paused');
    await page.emulateMedia({ reducedMotion: 'no-preference' });

    await page.goto(`${baseUrl()}/dashboard`);
    await page.locator('[class*="dashboard-card-"] .ant-statistic-content').first().waitFor();
    const chart = page.locator('.dashboard-chart-placeholder');
    await chart.waitFor();
    expect(await chart.evaluate((el) => getComputedStyle(el, '::after').animationName)).toBe(
      'pp-skeleton-shimmer',
    );
    for (const entry of await animated(page))
      expect(entry).toMatch(/^[\w-]*: (opacity|transform)(, (opacity|transform))?$/);

    for (const route of held.splice(0)) await route.continue().catch(() => undefined);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  });
});
