import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, signInByForm, useBrowser, waitForShell } from './support/browser';

// Issue 18: the files of the pages a buyer opens next are prefetched while the page shown sits
// idle (app/prefetch-next.ts, the list written by the build), and a tap on a menu entry or the
// sign-in starts the new page's first request beside its chunks (first-request.ts).

const PREFETCHED = (request: Request) => request.headers()['sec-purpose'] === 'prefetch';

/** Every request of the page, in order, with whether it was a prefetch. */
function recordRequests(page: Page): { url: string; prefetch: boolean; body: string; at: number }[] {
  const seen: { url: string; prefetch: boolean; body: string; at: number }[] = [];
  page.on('request', (request) =>
    seen.push({
      url: request.url(),
      prefetch: PREFETCHED(request),
      body: request.postData() ?? '',
      at: Date.now(),
    }),
  );
  return seen;
}

const apiCall = (name: string) => (r: { url: string }) => r.url.endsWith(`/api/Web/${name}`);

const pageChunk = (name: string) => new RegExp(`/assets/${name}-[\\w-]+\\.js$`);

describe('the next pages, before they are opened', () => {
  const browser = useBrowser();

  it('/login prefetches the layout and the home page; the sign-in asks for the figures once', async () => {
    const { context, page } = await newPage(browser());
    const seen = recordRequests(page);
    await page.goto(`${baseUrl()}/login`);
    await page.locator('form').first().waitFor();
    // Not while the page loads: when the user acts (or after the page was quiet for 2 s).
    expect(seen.filter((r) => r.prefetch)).toEqual([]);
    await page.locator('#login-user-id').fill('demo');
    // While the user types: the signed-in layout's and the dashboard's chunks, at low priority.
    await expect
      .poll(() => seen.filter((r) => r.prefetch && pageChunk('dashboard-page').test(r.url)).length, {
        timeout: 10_000,
      })
      .toBe(1);
    expect(seen.some((r) => r.prefetch && pageChunk('app-layout').test(r.url))).toBe(true);
    // Nothing the login page itself needs is fetched twice.
    expect(seen.filter((r) => pageChunk('login-page').test(r.url))).toHaveLength(1);

    await signInByForm(page, 'demo');
    await page.waitForURL(/\/dashboard/);
    await page.locator('.dashboard-figures, .ant-statistic').first().waitFor();
    expect(seen.filter(apiCall('GetDashboard'))).toHaveLength(1);
    // Asked for with the sign-in's answer, before the user info (the page itself asks after it).
    expect(seen.findIndex(apiCall('GetDashboard'))).toBeLessThan(seen.findIndex(apiCall('GetUserInfo')));
    await context.close();
  });

  it('a signed-in page prefetches the catalogue; the menu tap asks for its first page once', async () => {
    const { context, page } = await newPage(browser());
    const seen = recordRequests(page);
    // Where the page's chunk comes from when the page runs it (CDP: Playwright's own events do
    // not tell a cached answer from the server's; the prefetch's own answer is not counted).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const chunkFrom: string[] = [];
    const cartFrom: string[] = [];
    cdp.on('Network.responseReceived', ({ response, type }) => {
      const from = response.fromDiskCache || response.fromPrefetchCache ? 'cache' : 'server';
      if (type !== 'Script') return;
      if (pageChunk('catalog-page').test(response.url)) chunkFrom.push(from);
      if (pageChunk('cart-page').test(response.url)) cartFrom.push(from);
    });
    await page.goto(`${baseUrl()}/login`);
    await signInByForm(page, 'demo');
    await waitForShell(page);
    await expect
      .poll(() => seen.filter((r) => r.prefetch && pageChunk('catalog-page').test(r.url)).length, {
        timeout: 10_000,
      })
      .toBe(1);
    // A prefetch link goes once its file is in the cache: Vite's preload helper skips a file any
    // <link> names, and the page's chunks then came level by level as their imports were parsed.
    await expect.poll(() => page.locator('link[rel="prefetch"]').count(), { timeout: 10_000 }).toBe(0);
    // Then the page is imported ahead (next-page.ts importAhead), from the cache, with all of its
    // chunks preloaded, also those two imports deep — before any tap.
    await expect
      .poll(() => page.locator('link[rel="modulepreload"][href*="/assets/quantity-input-"]').count(), {
        timeout: 10_000,
      })
      .toBe(1);
    await expect.poll(() => chunkFrom, { timeout: 10_000 }).toEqual(['cache']);
    // The next page of the ordering path in a later idle moment (one page per moment).
    await expect.poll(() => cartFrom, { timeout: 10_000 }).toEqual(['cache']);
    const before = seen.length;
    await page.locator('nav.sidebar li.ant-menu-item[data-menu-id$="-/product/index"]').click();
    await page.locator('.catalog-page .product-number').first().waitFor();
    const after = seen.slice(before);
    // The tap loads no JavaScript: the page ran from what was imported ahead.
    expect(after.filter((r) => /\/assets\/[^/]+\.js$/.test(r.url)).map((r) => r.url)).toEqual([]);
    // The page took the request the tap started: one call for the first page, not two (the
    // second page is asked for ahead, catalog-page.tsx).
    const firstPages = after.filter(
      (r) => apiCall('GetProductList')(r) && (JSON.parse(r.body || '{}') as { page?: number }).page === 1,
    );
    expect(firstPages).toHaveLength(1);
    // Asked for at the tap, not when the page rendered: the page's other reads come later.
    const filters = after.find(apiCall('GetCatalogFilters'));
    expect(filters!.at - firstPages[0]!.at).toBeGreaterThanOrEqual(50);
    expect(chunkFrom).toEqual(['cache']);
    await context.close();
  });
});
