import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, signInByApi, useBrowser, waitForShell } from './support/browser';

// Decision 034: main.tsx loads the app's start (React DOM, antd's core, the route table) with
// import(), so it evaluates in a task of its own, and index.html preloads it; a page's answer
// renders in a second, interruptible render, the page showing its skeleton until then.

const START_PRELOAD = /<link rel="modulepreload" crossorigin href="\/assets\/start-app-[\w-]+\.js">/;

describe('the boot in pieces', () => {
  const browser = useBrowser();

  it("preloads the app's start from the HTML of /login and of a signed-in page, and fetches it once", async () => {
    const { context, page } = await newPage(browser());
    const starts: string[] = [];
    page.on('request', (request) => {
      if (/\/start-app-[\w-]+\.js$/.test(request.url())) starts.push(request.url());
    });
    const login = await (await page.goto(`${baseUrl()}/login`))!.text();
    expect(login).toMatch(START_PRELOAD);
    // Before the entry script: the browser fetches it while it parses.
    expect(login.search(START_PRELOAD)).toBeLessThan(login.indexOf('<script type="module"'));
    await page.locator('form').first().waitFor();
    expect(starts).toHaveLength(1);

    await signInByApi(context, 'demo');
    const signedIn = await (await page.goto(`${baseUrl()}/order/index?type=all`))!.text();
    expect(signedIn.match(new RegExp(START_PRELOAD.source, 'g'))).toHaveLength(1);
    await waitForShell(page);
    await context.close();
  });

  it('never shows an empty list while the answer is on its way: skeleton, then rows', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(context, 'demo');
    // The answer comes after the page has mounted, as on a slow line.
    await page.route('**/api/Web/GetOrderList', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const state = document.querySelector('.ant-table-row')
          ? 'rows'
          : document.querySelector('.ant-table .ant-empty, .ant-table-placeholder .ant-empty')
            ? 'empty'
            : document.querySelector('.ant-skeleton')
              ? 'skeleton'
              : undefined;
        if (state && seen[seen.length - 1] !== state) seen.push(state);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${baseUrl()}/order/index?type=all`);
    await page.locator('.ant-table-row').first().waitFor();
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen).toEqual(['skeleton', 'rows']);
    await context.close();
  });
});
