import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, signInByApi, useBrowser, waitForShell } from './support/browser';
import { staffSignInByApi, useStaffToken } from './support/staff';

/*
 * Issue 17 item 10: axe (WCAG 2.0–2.2 A/AA; 2.2 adds target-size, the 24 × 24 px touch target)
 * on EVERY page a buyer can open — each leaf of the route table, plus the error pages — at 1440
 * and 375 px, in one browser context. A serious or critical
 * violation fails, named by page and width. The list of leaves is read from route-table.ts, so a
 * new page without a visit here fails the first test until it is added to VISITS. It took over
 * the catalogue and cart checks this file held before (both pages are in the walk, with rows).
 */

const routeTable = readFileSync(resolve(import.meta.dirname, '../apps/web/src/app/route-table.ts'), 'utf8');
const adminRouteTable = readFileSync(
  resolve(import.meta.dirname, '../apps/web/src/app/admin/admin-route-table.ts'),
  'utf8',
);

/** Leaf paths of the route table: entries with a `page` loader (groups have `children`). */
function leafPaths(source: string): string[] {
  const entries = [...source.matchAll(/path: '([^']+)'/g)];
  return entries
    .filter((entry, index) => {
      const end = entries[index + 1]?.index ?? source.length;
      return /\bpage: \(\) =>/.test(source.slice(entry.index, end));
    })
    .map((entry) => entry[1]!);
}

interface Ids {
  product: number;
  order: number;
  pendingOrder: number;
  delivery: number;
  sales: number;
  payment: number;
  notice: number;
  cartLines: number[];
  /** The cart line the walk added (removed again at the end). */
  walkLine: number;
  freightDetail: string;
}

/** Where each page is opened (with a real record where it shows one); null = outside the shell. */
const VISITS: Record<string, (ids: Ids) => string> = {
  '/dashboard': () => '/dashboard',
  '/product/index': () => '/product/index',
  '/product/detail': (ids) => `/product/detail?id=${ids.product}`,
  '/stockProduct/index': () => '/stockProduct/index',
  '/proCFreight/index': (ids) => `/proCFreight/index?ids=${ids.product}`,
  '/proCFreight/ProCFreightDetail': (ids) => `/proCFreight/ProCFreightDetail?${ids.freightDetail}`,
  '/order/index': () => '/order/index?type=all',
  '/order/detail': (ids) => `/order/detail?id=${ids.pendingOrder}`,
  '/order/detailSearch': () => '/order/detailSearch?type=all',
  '/export/index': () => '/export/index',
  '/export/detail': (ids) => `/export/detail?id=${ids.delivery}`,
  '/sales/index': () => '/sales/index',
  '/sales/detail': (ids) => `/sales/detail?id=${ids.sales}`,
  '/sales/detailSearch': () => '/sales/detailSearch',
  '/pur/index': () => '/pur/index',
  // demo supplies nothing: the page's "not found" state is what a buyer sees.
  '/pur/detail': () => '/pur/detail?id=1',
  '/pur/detailSearch': () => '/pur/detailSearch?type=all',
  '/Payment/index': () => '/Payment/index',
  '/Payment/detail': (ids) => `/Payment/detail?id=${ids.payment}`,
  '/finance/account': () => '/finance/account',
  '/finance/paymentdays': () => '/finance/paymentdays',
  '/cart/index': () => '/cart/index',
  '/cart/lists': () => '/cart/lists',
  '/cart/submit': (ids) => `/cart/submit?ids=${ids.cartLines.join(',')}`,
  '/cart/submitConfirm': (ids) => `/cart/submitConfirm?ids=${ids.cartLines.join(',')}`,
  '/cart/pay': (ids) => `/cart/pay?id=${ids.pendingOrder}`,
  '/cart/paySuccess': (ids) => `/cart/paySuccess?id=${ids.order}`,
  '/notice/index': () => '/notice/index',
  '/notice/detail': (ids) => `/notice/detail?id=${ids.notice}`,
  '/personalCenter/index': () => '/personalCenter/index',
  '/personalCenter/address': () => '/personalCenter/address',
  '/help/index': () => '/help/index',
};
/** The back office (issue 14): every page of its own route table, as the demo owner. */
const ADMIN_VISITS: Record<string, string> = {
  '/admin/home': '/admin/home',
  '/admin/orders': '/admin/orders',
  '/admin/products': '/admin/products',
  '/admin/prices': '/admin/prices',
  '/admin/purchases': '/admin/purchases',
  '/admin/customers': '/admin/customers',
  '/admin/payments': '/admin/payments',
  '/admin/imports': '/admin/imports',
  '/admin/names': '/admin/names',
  '/admin/notices': '/admin/notices',
  '/admin/reports': '/admin/reports',
  '/admin/staff': '/admin/staff',
  '/admin/api-keys': '/admin/api-keys',
  '/admin/audit': '/admin/audit',
};

/**
 * Findings on pages another engineer is reworking (catalogue, stock catalogue, cart — worktree
 * wt-tables), by page and rule: reported on every run, not failed here, so that this walk can
 * guard every other page meanwhile. Remove an entry when its page is fixed; anything else on
 * those pages still fails.
 */
/** Pages outside the layout (no welcome line to wait for). */
const OUTSIDE_SHELL = ['/401?noGoBack=true', '/404'];

/** A call with the signed-in page's token. */
async function api<T>(page: Page, path: string, body: object = {}): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const token = document.cookie.match(/pp_token=([^;]+)/)?.[1] ?? '';
      const response = await fetch(`/api${path}`, {
        method: 'POST',
        headers: { Token: decodeURIComponent(token), 'Content-Type': 'application/json', Lng: 'en' },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { code: number; msg: string; data: T };
      if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
      return answer.data;
    },
    { path, body },
  );
}

async function collectIds(page: Page): Promise<Ids> {
  const first = async (path: string, body: object = { page: 1, pageSize: 1 }) =>
    (await api<{ list: { id: number }[] }>(page, path, body)).list[0]!.id;
  const products = await api<{ list: { id: number; available_stock: number; buy_qty: number }[] }>(
    page,
    '/Web/GetProductList',
    {
      inStock: true,
      pageSize: 20,
    },
  );
  // Products not in the cart yet, so that the walk's lines are its own and can be taken out
  // again without touching what other tests expect there.
  const before = await api<{ list: { cpid: number }[] }>(page, '/Web/GetCartList');
  const [product, other] = products.list.filter(
    (p) => p.available_stock > 10 && !before.list.some((line) => line.cpid === p.id),
  );
  // A pending order of its own (its detail shows the pay / cancel / edit actions, the pay page
  // needs one) and cart lines for the checkout steps.
  await api(page, '/Web/AddCart', { cpid: product!.id, qty: product!.buy_qty || 1 });
  const inCart = await api<{ list: { id: number; cpid: number }[] }>(page, '/Web/GetCartList');
  const pending = await api<{ order_id: number }>(page, '/Web/SaveSubmits', {
    items: inCart.list.filter((line) => line.cpid === product!.id).map((line) => line.id),
  });
  await api(page, '/Web/AddCart', { cpid: other!.id, qty: other!.buy_qty || 1 });
  const cart = await api<{ list: { id: number; cpid: number }[] }>(page, '/Web/GetCartList');
  const views = await api<{ carrier: string; mode: string }[]>(page, '/Common/Post', {
    type: 'Freight',
    m: 'GetFreightViews',
    // China → Chaoyang District of the demo areas.
    data: JSON.stringify({ items: [{ id: product!.id }], fromAreaId: 2, toAreaId: 4 }),
  });
  const freightDetail = new URLSearchParams({
    items: `${product!.id}:1`,
    from: '2',
    to: '4',
    carrier: views[0]!.carrier,
    mode: views[0]!.mode,
  }).toString();
  return {
    product: product!.id,
    order: await first('/Web/GetOrderList'),
    pendingOrder: pending.order_id,
    delivery: await first('/Web/GetDeliveryList'),
    sales: await first('/Web/GetSalesList'),
    payment: await first('/Web/GetPaymentList'),
    // The oldest notice: opening it marks it read, and other tests count the unread ones of the
    // dashboard's five newest.
    notice: (
      await api<{ list: { id: number }[] }>(page, '/Web/GetNoticeList', { page: 1, pageSize: 200 })
    ).list.at(-1)!.id,
    cartLines: cart.list.slice(0, 2).map((line) => line.id),
    walkLine: cart.list.find((line) => line.cpid === other!.id)!.id,
    freightDetail,
  };
}

const axeSource = readFileSync(resolve(import.meta.dirname, '../node_modules/axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Serious and critical findings of axe's WCAG 2.0–2.2 A/AA rules, one line each. */
async function seriousFindings(page: Page): Promise<string[]> {
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: Violation[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.slice(0, 5).map((n) => n.target))}`);
}

/**
 * Requests in flight on a page, counted from its creation, for settle(): Playwright's
 * 'networkidle' waits for 500 ms without any request after the last one, on each of the walk's
 * ~100 pages (50 s of a CI run's waiting); this waits for the same quiet, 150 ms long.
 */
interface Requests {
  quiet: (timeoutMs: number) => Promise<void>;
}
function trackRequests(page: Page): Requests {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta: number) => {
    inFlight = Math.max(0, inFlight + delta);
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return {
    async quiet(timeoutMs) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until && (inFlight > 0 || Date.now() - lastChange < 150)) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}
/**
 * Until the page has drawn its data: the network quiet, no skeleton, no spinning loader, and no
 * finite animation running (antd's entry animations: colours are measured after them).
 */
async function settle(page: Page, requests: Requests): Promise<void> {
  await requests.quiet(10_000);
  await page
    .waitForFunction(
      () =>
        !document.querySelector('.ant-skeleton, .ant-spin-spinning, .page-spinner') &&
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 10_000, polling: 50 },
    )
    .catch(() => undefined);
  // A request the drawn page started last (a lazy chunk, a picture) ends before axe looks.
  await requests.quiet(10_000);
}

const WIDTHS = [
  { name: '1440 px', viewport: { width: 1440, height: 900 } },
  { name: '375 px', viewport: { width: 375, height: 812 } },
];

describe('accessibility walk over every buyer page (axe WCAG 2 A/AA; serious and critical fail)', () => {
  const browser = useBrowser();

  it('visits every leaf of the route table', () => {
    expect(leafPaths(routeTable).sort()).toEqual(Object.keys(VISITS).sort());
  });

  it(
    'finds no serious or critical violation on any page at 1440 and 375 px (demo, en)',
    { timeout: 600_000 },
    async () => {
      const { context, page } = await newPage(browser(), { bypassCSP: true });
      const requests = trackRequests(page);
      // Injected into every document before its own scripts; the server's CSP is bypassed for it.
      await context.addInitScript({ content: axeSource });
      await signInByApi(context, 'demo');
      await page.goto(`${baseUrl()}/dashboard`);
      await waitForShell(page);
      const ids = await collectIds(page);

      const failures: Record<string, string[]> = {};
      for (const { name, viewport } of WIDTHS) {
        await page.setViewportSize(viewport);
        const targets = [...Object.values(VISITS).map((url) => url(ids)), ...OUTSIDE_SHELL];
        for (const target of targets) {
          await page.goto(`${baseUrl()}${target}`);
          if (!OUTSIDE_SHELL.includes(target)) await waitForShell(page);
          await settle(page, requests);
          const found = await seriousFindings(page);
          if (found.length > 0) failures[`${target} (${name})`] = found;
        }
      }
      // Leave demo as the other files expect it: the walk's cart line taken out, its pending
      // order cancelled (its stock released).
      await api(page, '/Web/RemoveCart', { ids: [ids.walkLine] });
      await api(page, `/Web/CancelOrder/${ids.pendingOrder}`);
      expect(failures).toEqual({});
      await context.close();
    },
  );

  it('visits every page of the back office route table', () => {
    expect(leafPaths(adminRouteTable).sort()).toEqual(Object.keys(ADMIN_VISITS).sort());
  });

  it(
    'finds no serious or critical violation on the back office pages at 1440 and 375 px (owner, en)',
    { timeout: 180_000 },
    async () => {
      // The sign-in page first, without a session.
      const signedOut = await newPage(browser(), { bypassCSP: true });
      const signedOutRequests = trackRequests(signedOut.page);
      await signedOut.context.addInitScript({ content: axeSource });
      const failures: Record<string, string[]> = {};
      for (const { name, viewport } of WIDTHS) {
        await signedOut.page.setViewportSize(viewport);
        await signedOut.page.goto(`${baseUrl()}/admin/login`);
        await signedOut.page.locator('#admin-login').waitFor();
        await settle(signedOut.page, signedOutRequests);
        const found = await seriousFindings(signedOut.page);
        if (found.length > 0) failures[`/admin/login (${name})`] = found;
      }
      await signedOut.context.close();

      const { context, page } = await newPage(browser(), { bypassCSP: true });
      const requests = trackRequests(page);
      await context.addInitScript({ content: axeSource });
      await useStaffToken(context, await staffSignInByApi());
      for (const { name, viewport } of WIDTHS) {
        await page.setViewportSize(viewport);
        for (const target of Object.values(ADMIN_VISITS)) {
          await page.goto(`${baseUrl()}${target}`);
          // An admin page is an .admin-card (most) or a section.page (the inventory pages).
          await page.locator('.admin-layout .admin-content :is(.admin-card, section.page)').first().waitFor();
          await settle(page, requests);
          const found = await seriousFindings(page);
          if (found.length > 0) failures[`${target} (${name})`] = found;
        }
      }
      expect(failures).toEqual({});
      await context.close();
    },
  );
});
