import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, signInByApi, useBrowser, waitForShell } from './support/browser';

const tabs = (page: Page) =>
  page.locator('.tag-item').evaluateAll((items) => items.map((i) => i.getAttribute('data-path')));

async function open(page: Page, path: string) {
  const sidebar = page.locator('nav.sidebar');
  const item = sidebar.locator(`li.ant-menu-item[data-menu-id$="-${path}"]`);
  if (!(await item.isVisible())) {
    // Inside a closed group: open it (group keys are the first path segment, e.g. /order).
    await sidebar.locator(`.ant-menu-submenu-title[data-menu-id$="-/${path.split('/')[1]}"]`).click();
  }
  await item.click();
  await page.locator(`.tag-item[data-path="${path}"].tag-active`).waitFor();
}

const openMenus = (page: Page) => page.locator('.ant-dropdown-menu:visible');

/** Waits until no context menu is on screen, so the next one found is the right one. */
async function menusClosed(page: Page) {
  await expect.poll(() => openMenus(page).count()).toBe(0);
}

async function contextAction(page: Page, path: string, action: string) {
  await menusClosed(page);
  await page.locator(`.tag-item[data-path="${path}"]`).click({ button: 'right' });
  // The click goes to the menu item itself rather than to screen coordinates: on a loaded machine
  // the menu was still moving when clicked, the page heading took the click and the menu closed
  // without acting ("Close" left the tab open; 3 of 4 runs with the CPU throttled 4–6x, 0 of 3 so).
  await openMenus(page).getByRole('menuitem', { name: action, exact: true }).dispatchEvent('click');
  await menusClosed(page);
}

describe('tag views', () => {
  const browser = useBrowser();

  it('opens a tab per page and supports refresh, close, close others and close all; the dashboard stays', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForShell(page);
    await open(page, '/product/index');
    await open(page, '/notice/index');
    // The notice list grows the page when its items arrive (a scrollbar appears, menus re-align).
    await page.locator('.notice-item').first().waitFor();
    await open(page, '/cart/index');
    expect(await tabs(page)).toEqual(['/dashboard', '/product/index', '/notice/index', '/cart/index']);

    // The pinned tab has no close button and its "close" is disabled.
    expect(await page.locator('.tag-item[data-path="/dashboard"] .tag-close').count()).toBe(0);
    await page.locator('.tag-item[data-path="/dashboard"]').click({ button: 'right' });
    const closeItem = openMenus(page).getByRole('menuitem', { name: 'Close', exact: true });
    expect(await closeItem.getAttribute('aria-disabled')).toBe('true');
    await closeItem.click({ force: true });
    expect(await tabs(page)).toContain('/dashboard');
    await page.mouse.click(700, 700);
    await menusClosed(page);

    // Close the active tab → the last remaining tab becomes active.
    await page.locator('.tag-item[data-path="/cart/index"] .tag-close').click();
    await page.waitForURL(`${baseUrl()}/notice/index`);
    expect(await tabs(page)).toEqual(['/dashboard', '/product/index', '/notice/index']);

    // Close via the context menu.
    await contextAction(page, '/product/index', 'Close');
    await expect.poll(() => tabs(page)).toEqual(['/dashboard', '/notice/index']);

    await open(page, '/product/index');
    await open(page, '/order/index');
    // The order list grows the page when its rows arrive (a scrollbar appears, menus re-align).
    await page.locator('.order-table tbody tr.ant-table-row').first().waitFor();
    await contextAction(page, '/product/index', 'Close others');
    await expect.poll(() => tabs(page)).toEqual(['/dashboard', '/product/index']);
    await page.waitForURL(`${baseUrl()}/product/index`);

    await open(page, '/notice/index');
    await contextAction(page, '/notice/index', 'Close all');
    await expect.poll(() => tabs(page)).toEqual(['/dashboard']);
    await page.waitForURL(`${baseUrl()}/dashboard`);
    await context.close();
  });

  // WCAG 2.2 (2.5.8), Lighthouse's target-size: a tab's link was its text alone, 20 px high, and a
  // four-character Chinese title sat 2 px from its close button.
  it('every tab link and close button is a target of at least 24 × 24 px, in zh and at 375 px', async () => {
    const { context, page } = await newPage(browser(), {
      language: 'zh',
      viewport: { width: 375, height: 800 },
    });
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForShell(page);
    await page.goto(`${baseUrl()}/order/index?type=all`);
    await waitForShell(page);
    await page.locator('.tag-item[data-path="/order/index"].tag-active').waitFor();
    const targets = await page.locator('.tag-item a, .tag-item .tag-close').evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return {
          target: element.textContent || element.getAttribute('aria-label'),
          w: box.width,
          h: box.height,
        };
      }),
    );
    // The dashboard's link (pinned, no close button), the order list's link and its close button.
    expect(targets).toHaveLength(3);
    for (const target of targets) {
      expect(target.w, JSON.stringify(target)).toBeGreaterThanOrEqual(24);
      expect(target.h, JSON.stringify(target)).toBeGreaterThanOrEqual(24);
    }
    await context.close();
  });

  it('keeps a filter input across tab switches, and refresh resets it', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/product/index`);
    await waitForShell(page);
    // Hidden tabs stay mounted (display: none), so the visible filter box is the active tab's.
    // The catalogue's search box and the notice list's keyword box (typed, not applied: only the
    // kept-alive component holds it, so a refresh of the tab clears it).
    const filter = (path: string) =>
      path === '/product/index'
        ? page.locator('.catalog-search input:visible').first()
        : page.locator('.notice-keyword input:visible').first();
    await filter('/product/index').fill('brake pad');
    // The catalogue searches as you type and pushes ?q= to /product/index 250 ms later. A menu
    // click just before that push, still rendering on a loaded machine, was overtaken by it: the
    // catalogue stayed active and the notice tab never opened (reproduced with Chromium's CPU
    // throttled 4–6×). So the search lands first.
    await page.waitForURL(/\/product\/index\?(.*&)?q=brake/);
    await open(page, '/notice/index');
    await filter('/notice/index').fill('holiday');
    await open(page, '/dashboard');
    await page.locator('.tag-item[data-path="/product/index"] a').click();
    await page.locator('.tag-item[data-path="/product/index"].tag-active').waitFor();
    expect(await filter('/product/index').inputValue()).toBe('brake pad');
    await page.locator('.tag-item[data-path="/notice/index"] a').click();
    await page.locator('.tag-item[data-path="/notice/index"].tag-active').waitFor();
    expect(await filter('/notice/index').inputValue()).toBe('holiday');

    await contextAction(page, '/notice/index', 'Refresh');
    await expect.poll(() => filter('/notice/index').inputValue()).toBe('');
    // The other tab was not touched by that refresh.
    await page.locator('.tag-item[data-path="/product/index"] a').click();
    await page.locator('.tag-item[data-path="/product/index"].tag-active').waitFor();
    expect(await filter('/product/index').inputValue()).toBe('brake pad');
    await context.close();
  });
});
