// Keystroke-to-results on the catalogue search: a part number typed into the search box,
// timed inside the page from the Enter keydown to the frame after the table shows that part
// first (results rendered), with the bare API call's time from the same searches beside it.
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from './lighthouse';

export interface KeystrokeResult {
  /** Enter → results rendered, per search (ms). */
  totals: number[];
  /** The GetProductList request alone (Resource Timing), per search (ms). */
  api: number[];
}

/**
 * Runs in the page (plain JavaScript: the bench compiles without DOM types). Resolves
 * window.__ppSearchDone with the time from the Enter keydown to the frame after the table
 * shows `wanted` as its first part, not spinning, and the GetProductList call's own time.
 */
const INSTALL_TIMER = `(wanted) => {
  const input = document.querySelector('.catalog-search input');
  if (!input) throw new Error('no catalogue search box');
  window.__ppSearchDone = new Promise((resolve, reject) => {
    let start = 0;
    setTimeout(() => reject(new Error('no rendered results for ' + wanted + ' within 15 s')), 15000);
    const rendered = () => {
      const table = document.querySelector('.catalog-table');
      // The spinner wraps the table (catalog-page.tsx), so look for it around the table too.
      if (!table || document.querySelector('.catalog-page .ant-spin-spinning')) return false;
      const first = table.querySelector('.ant-table-tbody .product-number');
      return first !== null && first.textContent.trim() === wanted;
    };
    const observer = new MutationObserver(() => {
      if (!start || !rendered()) return;
      observer.disconnect();
      // The frame after the DOM change: the rows are on screen, not only in the DOM.
      requestAnimationFrame(() => {
        const end = performance.now();
        const calls = performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes('/Web/GetProductList') && entry.startTime >= start);
        const call = calls[calls.length - 1];
        resolve({ total: end - start, api: call ? call.responseEnd - call.startTime : NaN });
      });
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') start = performance.now();
    }, { capture: true, once: true });
  });
}`;

export async function measureKeystrokes(
  baseUrl: string,
  token: string,
  partNumbers: string[],
): Promise<KeystrokeResult> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.addCookies([
      { name: 'pp_token', value: token, url: baseUrl },
      { name: 'pp_language', value: 'en', url: baseUrl },
    ]);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${baseUrl}/product/index`);
    await page.locator('.catalog-table .ant-table-tbody .product-number').first().waitFor();
    const search = page.locator('.catalog-search input');

    const totals: number[] = [];
    const api: number[] = [];
    // The first number warms the code paths (JIT, the server's prepared statements) and is not
    // counted; every number differs from the one before, so old rows never pass for new ones.
    for (const [index, number] of partNumbers.entries()) {
      // Typed key by key, then Enter at once: the Enter search runs, the type-ahead one
      // (debounced) finds the same words in the address and does not search again.
      await search.fill('');
      await search.pressSequentially(number);
      await page.evaluate(`(${INSTALL_TIMER})(${JSON.stringify(number)})`);
      await search.press('Enter');
      const result = (await page.evaluate('window.__ppSearchDone')) as
        { total: number; api: number } | undefined;
      if (!result) throw new Error('search timing was not installed');
      if (index === 0) continue;
      totals.push(result.total);
      api.push(result.api);
    }
    await context.close();
    return { totals, api };
  } finally {
    await browser.close();
  }
}
