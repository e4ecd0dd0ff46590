import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, baseUrl, newPage, signInByApi, useBrowser } from './support/browser';
import { staffSignInByApi, useStaffToken } from './support/staff';

/**
 * Issue 19 item 6, as staff would do it: an order paid online (the sandbox's phone page), part
 * of it refunded from the payments desk's Refund dialog, and the buyer's payment history shows
 * the refund as a negative amount. Screenshots of the dialog and the history in en and zh at
 * 1440 and 375 px go to test-results/e2e/refunds.
 */
const SHOTS = resolve(import.meta.dirname, '..', 'test-results', 'e2e', 'refunds');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
const SIZES = [
  { name: '1440', viewport: { width: 1440, height: 900 } },
  { name: '375', viewport: { width: 375, height: 740 } },
] as const;

describe('back office: refunds', () => {
  const browser = useBrowser();

  it("staff refund part of an online payment; the buyer's payment history shows it", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const buyer = await newPage(browser(), { viewport: { width: 1440, height: 900 } });
    const buyerToken = await signInByApi(buyer.context, 'demo');
    const products = await api<{ list: Array<{ id: number; buy_qty: number; stock: number }> }>(
      buyerToken,
      '/Web/GetProductList',
      { keyword: 'filter', inStock: true, pageSize: 20 },
    );
    const product = products.list.find((row) => row.buy_qty <= 1)!;
    await api(buyerToken, '/Web/AddCart', { cpid: product.id, qty: 2 });
    const cart = await api<{ list: Array<{ id: number; cpid: number }> }>(buyerToken, '/Web/GetCartList');
    const order = await api<{ order_id: number; no: string }>(buyerToken, '/Web/SaveSubmits', {
      items: [cart.list.find((row) => row.cpid === product.id)!.id],
    });
    const pay = await api<{ payment_no: string; amount: string }>(buyerToken, '/Web/WePay', {
      order_id: order.order_id,
      method: 'qr',
    });
    // The "phone" confirms: the sandbox sends its signed callback, as a provider would.
    const confirmed = await fetch(`${baseUrl()}/api/sandbox/pay/${pay.payment_no}/confirm?lng=en`, {
      method: 'POST',
    });
    expect(await confirmed.text()).toContain('Payment confirmed');
    const paid = await api<{ list: Array<{ no: string; amount: string; order_no: string | null }> }>(
      buyerToken,
      '/Web/GetPaymentList',
      { page: 1, pageSize: 50 },
    );
    const payment = paid.list.find((row) => row.order_no === order.no)!;

    const staffToken = await staffSignInByApi();
    const openDialog = async (language: 'en' | 'zh', size: (typeof SIZES)[number]) => {
      const staff = await newPage(browser(), { language, viewport: size.viewport });
      await useStaffToken(staff.context, staffToken);
      await staff.page.goto(`${baseUrl()}/admin/payments`);
      await staff.page.locator('.payments-search input').fill(payment.no);
      await staff.page.locator('.payments-search input').press('Enter');
      await staff.page.locator('.payments-refund').first().click();
      const dialog = staff.page.locator('.refund-modal');
      await dialog.waitFor();
      // Past antd's opening animation (the screenshots would catch it half faded in).
      await staff.page.waitForFunction(
        () => !document.querySelector('.refund-modal')?.closest('.ant-zoom-appear, .ant-zoom-enter'),
      );
      await staff.page.waitForTimeout(300);
      return { ...staff, dialog };
    };

    // The dialog in both languages and sizes (cancelled), then the real refund in English.
    for (const language of ['en', 'zh'] as const) {
      for (const size of SIZES) {
        const staff = await openDialog(language, size);
        await shot(staff.page, `refund-dialog-${language}-${size.name}`);
        await staff.context.close();
      }
    }
    const staff = await openDialog('en', SIZES[0]);
    const half = (Math.floor(Number(payment.amount) * 50) / 100).toFixed(2);
    const amount = staff.dialog.getByRole('spinbutton', { name: 'Amount to refund' });
    // More than is left is refused in the dialog before anything is sent.
    await amount.fill((Number(payment.amount) + 1).toFixed(2));
    await staff.dialog.getByLabel('Reason (the buyer sees it)').fill('one part was damaged');
    await staff.dialog.getByRole('button', { name: 'Refund' }).click();
    await staff.dialog.getByText(/^At most /).waitFor();
    await amount.fill(half);
    await staff.dialog.getByRole('button', { name: 'Refund' }).click();
    const toast = staff.page.getByText(/^Refund SK\d{14} of .* booked$/);
    await toast.waitFor();
    const refundNo = /SK\d{14}/.exec((await toast.textContent()) ?? '')![0];
    // The list (filtered to the payment's number) shows what is left refundable of it.
    await staff.page.getByText(/^Refundable: /).waitFor();
    await staff.context.close();

    // The buyer's payment history: the refund, negative, tagged, in en and zh, wide and narrow.
    await buyer.page.goto(`${baseUrl()}/Payment/index`);
    const row = buyer.page.locator('tr', { hasText: refundNo });
    // The amount column's tag (the one under the number shows below 576 px only).
    await row.getByText('Refund', { exact: true }).last().waitFor();
    expect(await row.textContent()).toContain(`-`);
    // Negative and red, as antd's danger text (the theme's error colour).
    const [red, green] = await row
      .locator('.payment-amount-negative')
      .last()
      .evaluate((element) => getComputedStyle(element).color.match(/\d+/g)!.map(Number));
    expect(red! - green!).toBeGreaterThan(100);
    await buyer.context.close();
    // One page per language, resized (a page load less per shot on a busy machine).
    for (const language of ['en', 'zh'] as const) {
      const view = await newPage(browser(), { language, viewport: SIZES[0].viewport });
      await signInByApi(view.context, 'demo');
      await view.page.goto(`${baseUrl()}/Payment/index`);
      await view.page.locator('tr', { hasText: refundNo }).waitFor();
      for (const size of SIZES) {
        await view.page.setViewportSize(size.viewport);
        await view.page.waitForTimeout(300);
        await shot(view.page, `payment-history-${language}-${size.name}`);
      }
      await view.context.close();
    }
    const history = await api<{ list: Array<{ no: string; amount: string; kind: string }> }>(
      buyerToken,
      '/Web/GetPaymentList',
      { page: 1, pageSize: 50, no: refundNo },
    );
    expect(history.list).toEqual([
      expect.objectContaining({ no: refundNo, amount: `-${half}`, kind: 'refund' }),
    ]);
  });
});
