import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, signInByApi, useBrowser, waitForShell } from './support/browser';

// Issue 17 item 9: the top menu at 1440 px, the error log and the address form.
describe('shell fixes (issue 17 item 9)', () => {
  const browser = useBrowser();

  /** Top-level entries of the horizontal menu that are shown, and whether "···" is shown. */
  async function topMenu(page: Page) {
    const menu = page.locator('.top-menu');
    await menu.locator('.ant-menu-item, .ant-menu-submenu').first().waitFor();
    return menu.evaluate((element) => {
      const shown = (item: Element) => {
        const style = getComputedStyle(item);
        const box = item.getBoundingClientRect();
        return (
          style.display !== 'none' && style.visibility !== 'hidden' && style.opacity !== '0' && box.width > 0
        );
      };
      const items = [...element.children].filter(
        (item) => !item.classList.contains('ant-menu-overflow-item-rest'),
      );
      const rest = [...element.children].find((item) =>
        item.classList.contains('ant-menu-overflow-item-rest'),
      );
      return {
        labels: items.filter(shown).map((item) => item.textContent?.trim() ?? ''),
        hidden: items.filter((item) => !shown(item)).map((item) => item.textContent?.trim() ?? ''),
        overflow: rest ? shown(rest) : false,
      };
    });
  }

  /** A call as the signed-in user (from Node, with the token). */
  async function api<T>(token: string, path: string, body: object): Promise<T> {
    const response = await fetch(`${baseUrl()}/api${path}`, {
      method: 'POST',
      headers: { Token: token, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return ((await response.json()) as { data: T }).data;
  }

  for (const [language, cart, notice, personal] of [
    ['en', 'Shopping Cart', 'Notice', 'Personal Center'],
    ['es', 'Carrito', 'Avisos', 'Mi cuenta'],
  ] as const) {
    it(`shows every top menu entry with the cart badge at 1440 px (${language})`, async () => {
      const { context, page } = await newPage(browser(), {
        language,
        viewport: { width: 1440, height: 900 },
      });
      const token = await signInByApi(context, 'demo');
      // Something in the cart, whatever other tests left there: the badge must show.
      const products = await api<{ list: { id: number; buy_qty: number }[] }>(token, '/Web/GetProductList', {
        inStock: true,
        pageSize: 1,
      });
      const product = products.list[0]!;
      await api(token, '/Web/AddCart', { cpid: product.id, qty: product.buy_qty || 1 });
      await page.goto(`${baseUrl()}/dashboard`);
      await waitForShell(page);
      const { labels, hidden, overflow } = await topMenu(page);
      expect(hidden).toEqual([]);
      expect(overflow).toBe(false);
      expect(labels.some((label) => label.startsWith(cart))).toBe(true);
      expect(labels).toEqual(expect.arrayContaining([notice, personal]));
      // The badge is on the cart entry, in view.
      const badge = page.locator('.top-menu .cart-badge .ant-badge-count');
      await badge.waitFor();
      const box = await badge.boundingBox();
      expect(box && box.x + box.width <= 1440).toBe(true);
      await context.close();
    });
  }

  it('a refusal the server answers is toasted but not counted in the error log', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForShell(page);
    // A wrong current password: the server refuses (40000) with its message.
    await page.locator('.user-menu').click();
    await page.locator('.ant-dropdown-menu').getByText('Change Password', { exact: true }).click();
    await page.locator('#current-password').fill('not-my-password');
    await page.locator('#new-password').fill('another-password');
    await page.locator('#confirm-password').fill('another-password');
    await page.locator('#confirm-password').press('Enter');
    await page.getByText('The current password is not correct!').waitFor();
    await page.locator('.ant-modal-close').click();
    // No bug icon or badge in the header; the log in the user menu has nothing in it.
    expect(await page.locator('.navbar .ant-badge:not(.cart-badge), .nav-error-log').count()).toBe(0);
    await page.locator('.user-menu').click();
    expect((await page.locator('.menu-error-log').textContent())?.trim()).toBe('Error log');
    await context.close();
  });

  it('the address form shows every problem at once, in the spec order', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/personalCenter/address`);
    await waitForShell(page);
    await page.locator('.add-address').click();
    await page.locator('#address-phone').fill('12345');
    await page.locator('.address-modal .ant-btn-primary').click();
    const errors = page.locator('.address-modal .ant-form-item-explain-error');
    await expect
      .poll(() => errors.allTextContents())
      .toEqual([
        'Please enter the recipient!',
        'Please select the region!',
        'Please enter the detailed address!',
        'Please enter the correct mobile phone number!',
      ]);
    // Focus is on the first field in that order; fixing a field clears only its own message.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('address-contact');
    await page.locator('#address-contact').fill('Li Lei');
    await expect.poll(() => errors.count()).toBe(3);
    await context.close();
  });
});
