import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, newPage, USERS, useBrowser } from './support/browser';
import { staffSignInByApi, useStaffToken } from './support/staff';

/*
 * Issue 14 item 3, as a new wholesaler tries it: download the product template, fill it with a
 * couple of hundred parts of their own (odd number spellings, OE numbers, one bad row), read the
 * dry run's report pointing at the bad row, commit with the progress bar (a reload on the way
 * keeps it), and find an imported part by its OE number as a buyer.
 */

const ROWS = 200;
/** The bad row: a brand the catalogue does not know. Spreadsheet row = data index + 2. */
const BAD_INDEX = 137;
const BAD_ROW = BAD_INDEX + 2;

/** Unique per run, so a second run against the same server creates parts again. */
const run = String(Date.now() % 100_000).padStart(5, '0');
const number = (i: number) => {
  const digits = `${run}${String(i).padStart(5, '0')}`;
  // The spellings wholesalers' files really hold: spaces, dots, dashes, plain.
  const [a, b] = [digits.slice(0, 5), digits.slice(5)];
  return [`${a} ${b}`, `${a}.${b}`, `${a}-${b}`, `${a}${b}`][i % 4]!;
};
const oeNumber = (i: number) => `90915-Y${run}${String(i).padStart(3, '0')}`;

const cell = (value: string) => (/[",;\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

function productsCsv(brand: string): Buffer {
  const lines = [['Brand', 'Number', 'Name (English)', 'List price', 'Cross numbers'].join(',')];
  for (let i = 0; i < ROWS; i++) {
    const price = i % 3 === 0 ? `${10 + i},50` : `${10 + i}.25`;
    lines.push(
      [
        i === BAD_INDEX ? 'No Such Brand E2E' : brand,
        number(i),
        `E2E oil filter ${run}-${i}`,
        price,
        `OE TOYOTA:${oeNumber(i)}`,
      ]
        .map(cell)
        .join(','),
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

describe('back office: product import from a file, dry run, commit, found by the buyer', () => {
  const browser = useBrowser();
  let context: BrowserContext;
  let page: Page;
  let brand: string;
  let buyerToken: string;

  beforeAll(async () => {
    const login = await fetch(`${baseUrl()}/api/Auth/Login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        user_id: USERS.demo.id,
        password: USERS.demo.password,
        account_id: 1,
        from: 'web',
      }),
    });
    buyerToken = ((await login.json()) as { data: string }).data;
    // A brand the demo catalogue knows, as a wholesaler's file would name its own.
    const some = await api<{ list: Array<{ factory: string }> }>(buyerToken, '/Web/GetProductList', {
      page: 1,
      pageSize: 1,
    });
    brand = some.list[0]!.factory;
    ({ context, page } = await newPage(browser()));
    await useStaffToken(context, await staffSignInByApi());
  });
  afterAll(async () => context?.close());

  it('downloads the template, uploads 200 parts, the dry run names the bad row, commit survives a reload', async () => {
    await page.goto(`${baseUrl()}/admin/imports`);
    await page.getByRole('button', { name: 'New import' }).click();
    await page.waitForURL(/\/admin\/imports\?new=products/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('import-template').click(),
    ]);
    expect(download.suggestedFilename()).toBe('products-template-en.xlsx');
    const template = await download.createReadStream();
    const head = await new Promise<Buffer>((resolve) =>
      template.once('data', (chunk: Buffer) => resolve(chunk)),
    );
    expect(head.subarray(0, 2).toString()).toBe('PK'); // an xlsx is a zip

    // The server's refusal is shown in the member's language, and the wizard stays at the upload.
    await page.locator('.imports-dragger input[type=file]').setInputFiles({
      name: 'empty.csv',
      mimeType: 'text/csv',
      buffer: Buffer.alloc(0),
    });
    await expect
      .poll(() => page.locator('.imports-file-step [role=alert]').textContent())
      .toContain('no header row or no data rows');

    await page.locator('.imports-dragger input[type=file]').setInputFiles({
      name: 'my-parts.csv',
      mimeType: 'text/csv',
      buffer: productsCsv(brand),
    });
    await page.waitForURL(/\/admin\/imports\?id=\d+/);
    const importId = Number(new URL(page.url()).searchParams.get('id'));

    // The mapping is prefilled from the English headers; every required field has its column.
    await expect.poll(() => page.locator('.imports-field-select').count()).toBe(5);
    await expect(page.locator('.imports-mapping .ant-alert-warning').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Start the dry run' }).click();

    const counts = page.getByTestId('import-check-counts');
    await counts.waitFor({ timeout: 30_000 });
    await expect.poll(() => counts.textContent()).toContain(`${ROWS} rows in the file`);
    expect(await counts.textContent()).toContain(`Created ${ROWS - 1}`);
    expect(await counts.textContent()).toContain('Errors 1');
    // Errors first: the table opens on the bad row, its field and the reason.
    const firstRow = page.locator('.imports-rows tbody tr.ant-table-row').first();
    await expect.poll(() => firstRow.locator('td').first().textContent()).toBe(String(BAD_ROW));
    expect(await firstRow.textContent()).toContain('Brand');
    expect(await firstRow.textContent()).toMatch(/No Such Brand E2E|brand/i);

    await page.getByTestId('import-commit').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    // The progress (or already the end) is on screen; a reload finds the same import from the server.
    await page.locator('[data-testid=import-progress], .ant-result').first().waitFor({ timeout: 30_000 });
    await page.reload();
    await page.getByText('Import finished').waitFor({ timeout: 45_000 });
    expect(page.url()).toContain(`id=${importId}`);
    expect(await page.locator('.imports-finished').textContent()).toContain(`Created ${ROWS - 1}`);

    // The list shows it, newest first, with who ran it.
    await page.getByRole('button', { name: 'All imports' }).click();
    const newest = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await expect.poll(() => newest.textContent()).toContain('my-parts.csv');
    expect(await newest.textContent()).toContain('Done');
  });

  it('a buyer finds an imported part by its OE number', async () => {
    const wanted = 42;
    const found = await api<{ list: Array<{ number: string; factory: string }> }>(
      buyerToken,
      '/Web/GetProductList',
      { page: 1, pageSize: 10, keyword: oeNumber(wanted).replace('-', ' ') },
    );
    expect(found.list.map((row) => row.number)).toContain(number(wanted));
  });
});
