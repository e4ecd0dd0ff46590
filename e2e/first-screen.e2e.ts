import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, baseUrl, newPage, signInByApi, useBrowser, waitForShell } from './support/browser';

// Issue 18: the largest element of the dashboard, the cart and the product detail is drawn by
// the server with the page (apps/server/src/web-hosting/first-screen-pages.ts), and the
// dashboard and the detail bring their first answer, which the client takes instead of calling.

/** API calls and picture requests the page makes, by path. */
function track(page: Page) {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  return requests;
}

describe('the first screen drawn with the page', () => {
  const browser = useBrowser();

  it('shows the dashboard figures from the page itself: React shows the same, with no GetDashboard call', async () => {
    const { context, page } = await newPage(browser());
    const token = await signInByApi(context, 'demo');
    const requests = track(page);
    const response = await page.goto(`${baseUrl()}/dashboard`);
    const drawn = [
      ...((await response?.text()) ?? '').matchAll(/<div class="fs-figure-value">([^<]*)</g),
    ].map((m) => m[1]);
    expect(drawn).toHaveLength(4);
    await waitForShell(page);
    const figures = page.locator('.dashboard-card .ant-statistic-content');
    await expect.poll(() => figures.count()).toBe(4);
    expect(await figures.allTextContents()).toEqual(drawn);
    const carts = await api<{ carts: number }>(token, '/Web/GetDashboard');
    expect(drawn[3]).toBe(String(carts.carts));
    expect(requests.filter((path) => /\/Web\/(GetDashboard|GetUserInfo)$/.test(path))).toEqual([]);
    await context.close();
  });

  it("starts the detail's picture with the HTML and fetches it once; the detail comes with the page", async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(context, 'demo');
    const requests = track(page);
    await page.goto(`${baseUrl()}/product/detail?id=1`);
    await waitForShell(page);
    const picture = page.locator('.gallery img').first();
    await picture.waitFor();
    await expect
      .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    const pictures = requests.filter((path) => path.startsWith('/api/Product/'));
    // The first picture once (the server's <img> and React's share it); the thumbnails after.
    expect(pictures.filter((path) => path === '/api/Product/ProductBigId/1-1')).toHaveLength(1);
    expect(pictures[0]).toBe('/api/Product/ProductBigId/1-1');
    expect(requests.filter((path) => path.includes('/Web/GetProductDetail'))).toEqual([]);
    await context.close();
  });

  it("draws the cart's paste box where React puts it, at a phone's width", async () => {
    const boxes = [];
    for (const javaScriptEnabled of [false, true]) {
      const { context, page } = await newPage(browser(), {
        javaScriptEnabled,
        viewport: { width: 375, height: 800 },
      });
      await signInByApi(context, 'demo');
      await page.goto(`${baseUrl()}/cart/index`);
      const box = page.locator(javaScriptEnabled ? 'textarea.paste-box' : '.fs-paste-box');
      await box.waitFor();
      boxes.push(await box.boundingBox());
      if (javaScriptEnabled) {
        expect(await box.getAttribute('placeholder')).toContain('Paste from Excel or type one part per line');
        // It grows with the lines pasted (CSS field-sizing, not antd's measuring autoSize), up
        // to 10 rows, then scrolls.
        const lines = (count: number) => Array.from({ length: count }, (_, i) => `38805-${i} 2`).join('\n');
        await box.fill(lines(9));
        const nine = (await box.boundingBox())!.height;
        expect(nine).toBeGreaterThan(boxes[1]!.height + 50);
        await box.fill(lines(30));
        const thirty = (await box.boundingBox())!.height;
        expect(thirty).toBeGreaterThan(nine);
        expect(thirty).toBeLessThanOrEqual(232);
      } else expect(await box.textContent()).toContain('Paste from Excel or type one part per line');
      await context.close();
    }
    const [drawn, react] = boxes;
    expect(drawn && react).toBeTruthy();
    // Same place and size (within 3 px): nothing jumps when React takes over.
    for (const key of ['x', 'y', 'width', 'height'] as const)
      expect(Math.abs(drawn![key] - react![key]), key).toBeLessThanOrEqual(3);
  });
  it('brings the shell styles inside the page: nothing blocks the first paint but the HTML', async () => {
    // A <link> stylesheet in the head is one more round trip before anything shows, and in
    // Vite's order it queued behind ~20 module preloads (build-plugins.ts inlineEntryStylesheet).
    for (const [user, path] of [
      [undefined, '/login'],
      ['demo', '/product/index'],
    ] as const) {
      const { context, page } = await newPage(browser());
      if (user) await signInByApi(context, user);
      const response = await page.goto(`${baseUrl()}${path}`);
      const html = (await response?.text()) ?? '';
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, path).not.toMatch(/<link rel="stylesheet"/);
      // The shell's own rules are there (the drawn first screen and the boot splash use them).
      const styles = [...head.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
      expect(
        styles.some((css) => css.includes('.page-title{')),
        path,
      ).toBe(true);
      if (user) await waitForShell(page);
      else await page.locator('#login-user-id').waitFor();
      const blocking = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter(
            (entry) =>
              (entry as PerformanceResourceTiming & { renderBlockingStatus?: string })
                .renderBlockingStatus === 'blocking',
          )
          .map((entry) => entry.name),
      );
      expect(blocking, path).toEqual([]);
      await context.close();
    }
  });
});
