import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, signInByApi, useBrowser, waitForShell } from './support/browser';

describe('mobile mode (375 px)', () => {
  const browser = useBrowser();

  it('closes the sidebar into a drawer, navigates from it, and does not overflow horizontally', async () => {
    const { context, page } = await newPage(browser(), {
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    await page.goto(`${baseUrl()}/login`);
    const loginOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(loginOverflow).toBeLessThanOrEqual(0);

    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForShell(page);
    expect(await page.locator('.app-layout.is-mobile').count()).toBe(1);
    expect(await page.locator('.app-sider').count()).toBe(0);
    expect(await page.locator('.top-menu').count()).toBe(0);
    expect(await page.locator('nav.sidebar').count()).toBe(0);

    await page.locator('.hamburger').click();
    const drawer = page.locator('.sidebar-drawer');
    await drawer.locator('nav.sidebar').waitFor();
    await drawer.locator('li.ant-menu-item[data-menu-id$="-/notice/index"]').click();
    await page.waitForURL(`${baseUrl()}/notice/index`);
    await expect.poll(() => drawer.isVisible()).toBe(false);
    expect(await page.locator('h1.page-title:visible').textContent()).toBe('Notice');

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('a drawer whose code cannot come says so, keeps the page, and opens on the next tap (es)', async () => {
    const { context, page } = await newPage(browser(), {
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
      language: 'es',
    });
    await signInByApi(context, 'demo');
    // The phone lost its connection: the drawer's chunk (also its prefetch) does not come.
    const drawerChunk = /\/assets\/mobile-sidebar-[^/]*\.js$/;
    await page.route(drawerChunk, (route) => route.abort());
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForShell(page);
    const hamburger = page.locator('.hamburger');
    await hamburger.click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('Error de red');
    // The dashboard stays (React.lazy sent it to the route's error page), the drawer shows closed.
    expect(await page.locator('[data-testid=welcome]').isVisible()).toBe(true);
    expect(await page.locator('.sidebar-drawer').count()).toBe(0);
    expect(await hamburger.getAttribute('aria-expanded')).toBe('false');
    await page.unroute(drawerChunk);
    await hamburger.click();
    await page.locator('.sidebar-drawer nav.sidebar').waitFor();
    await context.close();
  });

  it('switches to mobile mode when a desktop window narrows below 992 px', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForShell(page);
    expect(await page.locator('.app-sider').count()).toBe(1);
    await page.setViewportSize({ width: 991, height: 800 });
    await page.locator('.app-layout.is-mobile').waitFor();
    expect(await page.locator('.app-sider').count()).toBe(0);
    await page.setViewportSize({ width: 992, height: 800 });
    await page.locator('.app-sider').waitFor();
    await context.close();
  });
});
