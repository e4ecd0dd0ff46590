import { afterAll, describe, expect, it } from 'vitest';
import { api, baseUrl, newPage, signInByApi, useBrowser, waitForShell } from './support/browser';
import { staffSignInByApi, useStaffToken } from './support/staff';

/**
 * Issue 14 item 4 in the browser: a staff member edits a product's English name, adds an OE
 * number and sets the stock of one store in the back office; a buyer's catalogue then finds the
 * part by that OE number with the new name and stock. The product is put back afterwards, so
 * the other suites see the demo catalogue they expect.
 */

interface Row {
  id: number;
  number: string;
  part_name: string;
}
interface Product {
  id: number;
  name_en: string;
  numbers: Array<{ id: number; number: string }>;
}
interface StoreStock {
  store_id: number;
  store_name: string;
  stock: number;
  available_stock: number;
  reserved: number;
}

describe('back office: products, numbers and stock by hand', () => {
  const browser = useBrowser();
  let token = '';
  let restore: (() => Promise<void>) | undefined;
  afterAll(async () => restore?.());

  it("staff edit a part's name, OE number and stock; the buyers' catalogue finds it by that OE number", async () => {
    token = await staffSignInByApi();
    // A part far down the list, which no other suite looks at.
    const page20 = await api<{ list: Row[] }>(token, '/Admin/Inventory/SearchProducts', {
      status: 'active',
      page: 40,
      pageSize: 20,
    });
    const target = page20.list[7]!;
    const before = await api<Product>(token, '/Admin/Inventory/GetProduct', { id: target.id });
    const stockBefore = await api<StoreStock[]>(token, '/Admin/Inventory/GetStock', { id: target.id });
    const store = stockBefore[0]!;
    const newName = `${before.name_en} (e2e edit)`;
    const oe = '04465-E2E77';
    const newStock = store.reserved + 37;
    restore = async () => {
      const now = await api<Product>(token, '/Admin/Inventory/GetProduct', { id: target.id });
      await api(token, '/Admin/Inventory/UpdateProduct', { id: target.id, name_en: before.name_en });
      for (const n of now.numbers.filter((x) => x.number === oe))
        await api(token, '/Admin/Inventory/RemoveCrossNumber', { product_id: target.id, number_id: n.id });
      await api(token, '/Admin/Inventory/SetStock', {
        product_id: target.id,
        store_id: store.store_id,
        stock: store.stock,
      });
    };

    const { context, page } = await newPage(browser());
    await useStaffToken(context, token);
    await page.goto(`${baseUrl()}/admin/products`);
    await page.getByLabel('Search products').fill(target.number);
    await page.getByLabel('Search products').press('Enter');
    await page
      .locator('.inventory-page tbody tr.ant-table-row a.product-number', { hasText: target.number })
      .first()
      .click();
    await page.waitForURL((url) => url.searchParams.get('id') === String(target.id));

    // Details: the English name.
    const nameEn = page.getByLabel('Name (English)');
    await expect.poll(() => nameEn.inputValue()).toBe(before.name_en);
    await nameEn.fill(newName);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').first().waitFor();

    // Numbers: an OE number.
    await page.getByRole('tab', { name: 'Numbers' }).click();
    await page.getByLabel('Brand / maker').fill('TOYOTA');
    await page.locator('.inventory-numbers').getByLabel('Part number').fill(oe);
    await page.getByRole('button', { name: 'Add number' }).click();
    await page.locator('.inventory-numbers tbody').getByText(oe).waitFor();

    // Stock: one store.
    await page.getByRole('tab', { name: 'Stock' }).click();
    const input = page.getByLabel(`On hand ${store.store_name}`);
    await input.fill(String(newStock));
    await input.press('Enter');
    await expect
      .poll(
        async () =>
          (await api<StoreStock[]>(token, '/Admin/Inventory/GetStock', { id: target.id }))[0]!.stock,
      )
      .toBe(newStock);
    const stockAfter = await api<StoreStock[]>(token, '/Admin/Inventory/GetStock', { id: target.id });
    const available = stockAfter.reduce((sum, s) => sum + s.available_stock, 0);
    await context.close();

    // The buyer: the OE number typed with a space finds the part, with its new name and stock.
    const buyer = await newPage(browser());
    await signInByApi(buyer.context, 'demo');
    await buyer.page.goto(`${baseUrl()}/product/index`);
    await waitForShell(buyer.page);
    await buyer.page.getByLabel('Search parts', { exact: true }).fill('04465 E2E77');
    const row = buyer.page.locator('.catalog-table tbody tr.ant-table-row').first();
    await expect.poll(() => row.locator('.product-number').textContent()).toBe(target.number);
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(newName);
    expect([String(available), available.toLocaleString('en-US')].some((shown) => text.includes(shown))).toBe(
      true,
    );
    await buyer.context.close();
  });
});
