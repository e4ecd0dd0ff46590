// The buyer's journeys on a workshop phone (issue 18 item 5): Chromium (playwright-core, the
// system browser) with the profile Lighthouse's mobile preset simulates, applied for real through
// CDP — CPU 4× slower (Emulation.setCPUThrottlingRate) and 1.6 Mbps down / 750 kbps up with
// 150 ms round trips (Network.emulateNetworkConditions) — at 412 × 823 px. Times come from inside
// the page: named DOM markers, counted once React owns the element (a drawn first screen's
// look-alike does not count), in the frame after they appear.
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from './lighthouse';

/** Lighthouse 12's mobile throttling (constants.throttling.mobileSlow4G). */
export const MOBILE_PROFILE = { rttMs: 150, downKbps: 1638.4, upKbps: 750, cpuSlowdown: 4 } as const;
export const VIEWPORT = { width: 412, height: 823 };

/** The named markers: "usable" means this element is on screen and React drew it. */
export const MARKERS = {
  loginForm: '.login-panel #login-user-id',
  welcome: '[data-testid="welcome"]',
  dashboardFigures: '[class*="dashboard-card-"] .ant-statistic-content',
  catalogueRow: '.catalog-page .product-number',
  cartRow: '.cart-page .product-number',
  orderRow: '.order-list-page .order-no',
  productDetail: '.product-detail .gallery-card',
  floorRow: '.floor-table .ant-table-tbody td',
} as const;
export type MarkerName = keyof typeof MARKERS;

/**
 * Installed before any script of every document: records performance.now() of the frame after
 * each marker first appears React-drawn, the last pointerdown and keydown (the user's action),
 * and first-contentful-paint. Plain JavaScript (the bench compiles without DOM types).
 */
const INSTALL_MARKERS = `(markers) => {
  const marks = (window.__ppMarks = {});
  window.__ppAction = { pointer: 0, key: 0 };
  const reactOwned = (el) => Object.keys(el).some((key) => key.startsWith('__reactFiber'));
  const check = () => {
    for (const [name, selector] of Object.entries(markers)) {
      if (name in marks) continue;
      const el = document.querySelector(selector);
      if (!el || !reactOwned(el)) continue;
      marks[name] = -1;
      requestAnimationFrame(() => (marks[name] = performance.now()));
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  addEventListener('pointerdown', () => (window.__ppAction.pointer = performance.now()), true);
  addEventListener('keydown', () => (window.__ppAction.key = performance.now()), true);
  window.__ppForget = (names) => { for (const name of names) delete marks[name]; check(); };
}`;

export interface Throttled {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
}

export async function throttledPage(context: BrowserContext, throttle = true): Promise<Throttled> {
  await context.addInitScript(`(${INSTALL_MARKERS})(${JSON.stringify(MARKERS)})`);
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (throttle) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE_PROFILE.rttMs,
      downloadThroughput: (MOBILE_PROFILE.downKbps * 1024) / 8,
      uploadThroughput: (MOBILE_PROFILE.upKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_PROFILE.cpuSlowdown });
  }
  return { context, page, cdp };
}

/** Waits until the marker has its painted time; returns it (ms since the document's start). */
/** The page's globals as the in-page functions below read them (no DOM types in the bench). */
type PageGlobals = {
  __ppMarks?: Record<string, number>;
  performance: { getEntriesByName(name: string): { startTime: number }[] };
};

/**
 * Waits until the marker has its painted time; returns it (ms since the document's start).
 * Function predicates, not strings: the app's CSP forbids eval, which string predicates need.
 */
export async function markerTime(page: Page, name: MarkerName, timeoutMs = 60_000): Promise<number> {
  const handle = await page.waitForFunction(
    (marker: string) => {
      const time = (globalThis as unknown as PageGlobals).__ppMarks?.[marker] ?? 0;
      return time > 0 ? time : 0;
    },
    name,
    { timeout: timeoutMs, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}

export const firstContentfulPaint = async (page: Page): Promise<number> => {
  const handle = await page.waitForFunction(
    () =>
      (globalThis as unknown as PageGlobals).performance.getEntriesByName('first-contentful-paint')[0]
        ?.startTime ?? 0,
    undefined,
    { timeout: 60_000, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
};

export const lastAction = async (page: Page, kind: 'pointer' | 'key'): Promise<number> =>
  (await page.evaluate(`window.__ppAction.${kind}`)) as number;

/** Bytes on the wire (encodedDataLength: headers + compressed body) of one page load, by kind. */
export class WireCounter {
  private readonly types = new Map<string, string>();
  /** `prefetch`: the next pages' files (app/prefetch-next.ts), not part of this page's load nor of `total`. */
  readonly bytes = { total: 0, script: 0, api: 0, document: 0, other: 0, prefetch: 0 };
  constructor(cdp: CDPSession) {
    cdp.on('Network.responseReceived', (event) => {
      const url = event.response.url;
      this.types.set(
        event.requestId,
        event.type === 'Prefetch'
          ? 'prefetch'
          : event.type === 'Script'
            ? 'script'
            : url.includes('/api/')
              ? 'api'
              : event.type === 'Document'
                ? 'document'
                : 'other',
      );
    });
    cdp.on('Network.loadingFinished', (event) => {
      const kind = (this.types.get(event.requestId) ?? 'other') as keyof WireCounter['bytes'];
      this.bytes[kind] += event.encodedDataLength;
      if (kind !== 'prefetch') this.bytes.total += event.encodedDataLength;
    });
  }
}

export interface JourneyRun {
  /** Journey name → ms (markers and first paints). */
  times: Record<string, number>;
  /** Route name → bytes on the wire of its cold load. */
  wire: Record<string, WireCounter['bytes']>;
  /** Steps that did not reach their marker (the run went on without them). */
  failures?: string[];
}

export interface JourneyOptions {
  baseUrl: string;
  userId: string;
  password: string;
  /** A part number the catalogue search finds first (typed key by key). */
  partNumber: string;
  productId: number;
}

async function newContext(browser: Browser, baseUrl: string, token?: string) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addCookies([
    { name: 'pp_language', value: 'en', url: baseUrl },
    ...(token ? [{ name: 'pp_token', value: token, url: baseUrl }] : []),
  ]);
  return context;
}

/**
 * One run of the journeys, each in a fresh browser context (empty cache):
 * - cold /login → the form React drew ("usable"), and its first paint;
 * - sign-in: the Log in click → the dashboard's figures (and the welcome line React drew);
 * - the sidebar (the drawer at this width): the Catalogue click → the first catalogue row;
 * - search on the catalogue reloaded: the last keystroke of a part number → that part first;
 * - cold loads of the cart, the order list and the product detail as a signed-in user: first
 *   paint and rows; and a reload of the cart and the order list with the files cached.
 */
export async function runJourneys(options: JourneyOptions, token: string): Promise<JourneyRun> {
  const { baseUrl } = options;
  // BENCH_WEB_VERBOSE=1 names each step as it starts (to see where a run hangs).
  const step = (name: string) => {
    if (process.env.BENCH_WEB_VERBOSE === '1')
      console.log(`    ${new Date().toISOString().slice(11, 19)} ${name}`);
  };
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const times: Record<string, number> = {};
  const wire: JourneyRun['wire'] = {};
  const failures: string[] = [];
  try {
    // 1–4: the sign-in journey in one context.
    {
      const context = await newContext(browser, baseUrl);
      const { page, cdp } = await throttledPage(context);
      const counter = new WireCounter(cdp);
      step('/login');
      await page.goto(`${baseUrl}/login`);
      times['/login first paint'] = await firstContentfulPaint(page);
      times['/login usable form'] = await markerTime(page, 'loginForm');
      wire.login = { ...counter.bytes };
      step('sign-in');
      await page.locator('#login-user-id').fill(options.userId);
      await page.locator('#login-password').fill(options.password);
      await page.locator('.login-panel button[type="submit"]').click();
      const clicked = await lastAction(page, 'pointer');
      await page.waitForURL(/\/dashboard/);
      // Same document (client-side navigation): times are on the same clock as the click.
      times['sign-in → dashboard figures'] = (await markerTime(page, 'dashboardFigures')) - clicked;
      times['sign-in → welcome line'] = (await markerTime(page, 'welcome')) - clicked;

      step('menu');
      await page.locator('.hamburger').click();
      const item = page.locator('.sidebar-drawer li.ant-menu-item[data-menu-id$="-/product/index"]');
      await item.waitFor();
      await item.click();
      const menuClick = await lastAction(page, 'pointer');
      times['menu click → catalogue rows'] = (await markerTime(page, 'catalogueRow')) - menuClick;

      // The catalogue loaded anew, with the files cached (the drawn page, its early request).
      step('catalogue reload');
      await page.goto(`${baseUrl}/product/index`);
      times['/product/index reload first paint'] = await firstContentfulPaint(page);
      times['/product/index reload rows'] = await markerTime(page, 'catalogueRow');
      step('search');
      const search = page.locator('.catalog-search input');
      // Results = the whole number typed and its part the first row, in the frame after: from
      // the last keystroke, also when the answer for the beginning already showed that part (the
      // check runs on each input then, not only when the rows change).
      await page.evaluate(`window.__ppSearched = new Promise((resolve) => {
        const wanted = ${JSON.stringify(options.partNumber)};
        setTimeout(() => {
          const first = document.querySelector('.catalog-page .product-number');
          resolve('no ' + wanted + ' first within 30 s; first row: ' + (first ? first.textContent : 'none') + ' at ' + location.href + ' calls ' + performance.getEntriesByType('resource').filter((e) => e.name.includes('GetProductList')).length);
        }, 30000);
        const check = () => {
          const input = document.querySelector('.catalog-search input');
          const first = document.querySelector('.catalog-page .product-number');
          if (!input || input.value !== wanted || !first || first.textContent.trim() !== wanted) return;
          observer.disconnect();
          removeEventListener('input', check, true);
          requestAnimationFrame(() => resolve(performance.now() - window.__ppAction.key));
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        addEventListener('input', check, true);
      });
      // Not the promise itself: page.evaluate would wait for it before anything is typed.
      0`);
      await search.pressSequentially(options.partNumber, { delay: 60 });
      const searched = (await page.evaluate('window.__ppSearched')) as number | string;
      // Not fatal: the run goes on, and the failure is reported with the figures.
      if (typeof searched === 'string') failures.push(`search: ${searched}`);
      else times['last keystroke → results'] = searched;
      // The reloads below start from a quiet page: the search's last answers, the next page asked
      // ahead and the prefetch the typing started are still on the line when the part shows, and
      // a build that shows it sooner would otherwise have its reloads share the line with them.
      await page.waitForTimeout(3000);

      // Reloads with the files cached (the session is the cookie the client keeps).
      for (const [route, url, marker] of [
        ['/cart/index reload', '/cart/index', 'cartRow'],
        ['/order/index reload', '/order/index?type=all', 'orderRow'],
      ] as const) {
        step(route);
        await page.goto(`${baseUrl}${url}`);
        times[`${route} first paint`] = await firstContentfulPaint(page);
        times[`${route} rows`] = await markerTime(page, marker);
      }
      await context.close();
    }

    // 4b: the menu tap of a buyer who read the dashboard for 5 s first (the next pages' files are
    // prefetched once the page is quiet, decision 035; the journey above taps at once).
    {
      const context = await newContext(browser, baseUrl, token);
      const { page } = await throttledPage(context);
      step('menu after reading');
      await page.goto(`${baseUrl}/dashboard`);
      await markerTime(page, 'dashboardFigures');
      await page.waitForTimeout(5000);
      await page.locator('.hamburger').click();
      const item = page.locator('.sidebar-drawer li.ant-menu-item[data-menu-id$="-/product/index"]');
      await item.waitFor();
      await item.click();
      const menuClick = await lastAction(page, 'pointer');
      times['menu click → catalogue rows, 5 s after the dashboard'] =
        (await markerTime(page, 'catalogueRow')) - menuClick;
      await context.close();
    }

    // 5: cold loads, signed in (the page request carries the cookie: the server draws it).
    for (const [route, url, marker] of [
      ['dashboard', '/dashboard', 'dashboardFigures'],
      ['catalogue', '/product/index', 'catalogueRow'],
      ['cart', '/cart/index', 'cartRow'],
      ['order list', '/order/index?type=all', 'orderRow'],
      ['product detail', `/product/detail?id=${options.productId}`, 'productDetail'],
    ] as const) {
      const context = await newContext(browser, baseUrl, token);
      const { page, cdp } = await throttledPage(context);
      const counter = new WireCounter(cdp);
      step(`${route} cold`);
      await page.goto(`${baseUrl}${url}`);
      times[`${route} cold first paint`] = await firstContentfulPaint(page);
      times[`${route} cold usable`] = await markerTime(page, marker);
      // What the page loads in its first second after that (lazy chunks, pictures, counts).
      await page.waitForTimeout(1000);
      wire[route] = { ...counter.bytes };
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { times, wire, failures };
}

/** The floor page under the same profile: first paint and its table's first cell. */
export async function runFloor(url: string): Promise<JourneyRun> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: VIEWPORT, isMobile: true });
    const { page, cdp } = await throttledPage(context);
    const counter = new WireCounter(cdp);
    await page.goto(url);
    const times = {
      'floor cold first paint': await firstContentfulPaint(page),
      'floor cold usable': await markerTime(page, 'floorRow'),
    };
    await page.waitForTimeout(500);
    const wire = { floor: { ...counter.bytes } };
    await context.close();
    return { times, wire };
  } finally {
    await browser.close();
  }
}
