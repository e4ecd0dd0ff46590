import type { OrderDetail, OrderList } from '@partsportal/contract/orders';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, signInByApi, useBrowser, waitForShell } from './support/browser';

/** A call with the signed-in page's token in the language `lng`. */
async function api<T>(page: Page, path: string, body: object | undefined, lng: string): Promise<T> {
  return page.evaluate(
    async ({ path, body, lng }) => {
      const token = document.cookie.match(/pp_token=([^;]+)/)?.[1] ?? '';
      const response = await fetch(`/api${path}`, {
        method: 'POST',
        headers: { Token: decodeURIComponent(token), Lng: lng, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return ((await response.json()) as { data: T }).data;
    },
    { path, body, lng },
  );
}

// Issue 17 item 3: order lines showed the Chinese name the order was written with in en and es.
describe('part names in the reader’s language', () => {
  const browser = useBrowser();

  it('order detail in es shows the Spanish part name, not the Chinese one', async () => {
    const { context, page } = await newPage(browser(), { language: 'es' });
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/order/index?type=all`);
    await waitForShell(page);
    const orders = await api<OrderList>(page, '/Web/GetOrderList', { page: 1, pageSize: 20 }, 'es');
    const order = orders.list[0]!;
    const zh = await api<OrderDetail>(page, `/Web/GetOrderDetail/${order.id}`, undefined, 'zh');
    const es = await api<OrderDetail>(page, `/Web/GetOrderDetail/${order.id}`, undefined, 'es');
    const [zhName, esName] = [zh.lines[0]!.part_name, es.lines[0]!.part_name];
    expect(esName).not.toBe(zhName);
    expect(esName).not.toMatch(/[\u4e00-\u9fff]/);

    await page.goto(`${baseUrl()}/order/detail?id=${order.id}`);
    await waitForShell(page);
    const lines = page.locator('.order-lines tbody tr.ant-table-row');
    await lines.first().waitFor();
    await expect(lines.first().textContent()).resolves.toContain(esName);
    const table = (await page.locator('.order-lines').textContent()) ?? '';
    expect(table).not.toContain(zhName);
    await context.close();
  });
});

// Issue 14 item 7 / issue 17 item 3 (decision 011): data names follow the reader's language.
describe('data names in the reader’s language', () => {
  const browser = useBrowser();

  it('product detail in zh: parameter names, unit and store names in Chinese', async () => {
    const { context, page } = await newPage(browser(), { language: 'zh' });
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/product/index`);
    await waitForShell(page);
    const list = await api<{ list: Array<{ id: number; unit: string }> }>(
      page,
      '/Web/GetProductList',
      { keyword: '刹车片', page: 1, pageSize: 20 },
      'zh',
    );
    const pad = list.list.find((row) => row.unit === '套')!;
    expect(pad).toBeDefined();
    await page.goto(`${baseUrl()}/product/detail?id=${pad.id}`);
    await waitForShell(page);
    await page.getByText('宽度 [mm]').first().waitFor();
    const text = (await page.locator('main').first().textContent()) ?? '';
    expect(text).toContain('套');
    expect(text).not.toContain('Width [mm]');
    await page.locator('.ant-select').filter({ hasText: '任意仓库' }).first().click();
    await page
      .getByText(/广州总仓/)
      .first()
      .waitFor();
    await context.close();
  });

  it('address list in es: area paths in Spanish whoever wrote them', async () => {
    const { context, page } = await newPage(browser(), { language: 'es' });
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/personalCenter/address`);
    await waitForShell(page);
    await page.getByText('China / Cantón / Shenzhen').first().waitFor();
    await context.close();
  });
});
