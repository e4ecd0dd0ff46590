import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  newPage,
  seriousAxeViolations,
  signInByApi,
  useBrowser,
  waitForShell,
} from './support/browser';

/** Sales, purchases, finance and notices (issue 6). */
describe('records and finance', () => {
  const browser = useBrowser();

  it('demo (es): sales list shows airway bill numbers and keeps filters in the URL; detail shows the ship status', async () => {
    const { context, page } = await newPage(browser(), { language: 'es', acceptDownloads: true });
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/sales/index`);
    await waitForShell(page);
    const rows = page.locator('.sales-table tbody tr.ant-table-row');
    await rows.first().waitFor();
    await expect.poll(() => page.locator('.sales-table thead').textContent()).toContain('N.º de guía');
    const airwayBill = (await rows.first().locator('.logistics-no').textContent())?.trim() ?? '';
    expect(airwayBill).toMatch(/\S{6,}/);
    expect(await page.getByTestId('record-totals').textContent()).toContain('Totales');
    // Issue 17 item 16: a waybill of a carrier with a tracking page links to it, in a new tab.
    const tracked = page.locator('.sales-table a.logistics-no').first();
    const waybill = (await tracked.textContent())?.trim() ?? '';
    expect(await tracked.getAttribute('href')).toMatch(new RegExp(`^https://\\S+${waybill}`));
    expect(await tracked.getAttribute('target')).toBe('_blank');
    expect(await tracked.getAttribute('rel')).toContain('noopener');
    expect(await tracked.getAttribute('title')).toContain(waybill);

    // A filter goes into the URL and comes back after a reload.
    await page.getByLabel('N.º de guía', { exact: true }).fill(airwayBill);
    await page.getByLabel('N.º de guía', { exact: true }).press('Enter');
    await page.waitForURL(/lno=/);
    await page.reload();
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await page.getByLabel('N.º de guía', { exact: true }).inputValue()).toBe(airwayBill);

    // Export of the current filter: one bill, read back with SheetJS.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('.export-xlsx').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sales-\d{8}-\d{4}\.xlsx$/);
    const file = join(mkdtempSync(join(tmpdir(), 'pp-export-')), download.suggestedFilename());
    await download.saveAs(file);
    const book = XLSX.read(readFileSync(file));
    const sheet = book.Sheets[book.SheetNames[0] ?? ''];
    const exported = XLSX.utils.sheet_to_json<unknown[]>(sheet!, { header: 1 });
    expect(exported).toHaveLength(2);
    expect(exported[0]).toContain('N.º de guía');
    expect(exported[1]).toContain(airwayBill);

    const no = (await rows.first().locator('a').first().textContent()) ?? '';
    await rows.first().locator('a').first().click();
    await page.waitForURL(/\/sales\/detail\?id=\d+/);
    await page.locator('.sales-lines tbody tr.ant-table-row').first().waitFor();
    const header = (await page.locator('.record-header').textContent()) ?? '';
    expect(header).toContain('Estado de envío');
    expect(header).toContain(airwayBill);
    expect(await page.locator('#sales-detail-title').textContent()).toContain(no);
    await context.close();
  });

  it('demo (es): the account statement has a running balance with opening and closing rows; payment days shows five buckets', async () => {
    const { context, page } = await newPage(browser(), { language: 'es', bypassCSP: true });
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/finance/account`);
    await waitForShell(page);
    await page.locator('.statement-table tbody tr.statement-opening').waitFor();
    expect(await page.locator('.statement-table thead').textContent()).toContain('Saldo');
    expect(await page.locator('.statement-table tbody td.running-balance').count()).toBeGreaterThan(5);
    expect(await page.locator('.finance-cards').textContent()).toContain('Límite de crédito');
    // Issue 17 item 16: the statement as a PDF, the link's own URL fetched as the browser would.
    const pdfUrl = await page.getByTestId('statement-pdf').getAttribute('href');
    const pdf = await page.request.get(new URL(pdfUrl!, page.url()).toString());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await page.goto(`${baseUrl()}/finance/paymentdays`);
    await page.locator('.aging-buckets').waitFor();
    expect(await page.locator('.aging-card').count()).toBe(5);
    const labels = await page.locator('.aging-label').allTextContents();
    expect(labels).toEqual(['Al corriente', '1–30 días', '31–60 días', '61–90 días', '> 90 días']);
    await page.locator('.open-items-table tbody tr.ant-table-row').first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]); // bypassCSP: the server's CSP forbids the injected axe script

    // The top menu's spelling of the payment history works as well as the route table's.
    await page.goto(`${baseUrl()}/payment/index`);
    await page.locator('.payment-table tbody tr.ant-table-row').first().waitFor();
    await page.goto(`${baseUrl()}/Payment/index`);
    await page.locator('.payment-table tbody tr.ant-table-row').first().waitFor();
    await page.locator('.payment-table tbody tr.ant-table-row a').first().click();
    await page.waitForURL(/\/Payment\/detail\?id=\d+/);
    await page.locator('.record-header').waitFor();
    expect(await page.locator('.record-header').textContent()).toContain('Descuento');
    await context.close();
  });

  it('demo (es): opening an unread notice marks it read in the list', async () => {
    const { context, page } = await newPage(browser(), { language: 'es', bypassCSP: true });
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/notice/index`);
    await waitForShell(page);
    await page.locator('.notice-item').first().waitFor();
    const unread = page.locator('.notice-item.is-unread');
    expect(await unread.count()).toBeGreaterThan(0);
    const id = await unread.first().getAttribute('data-notice-id');
    await unread.first().locator('a.notice-title').click();
    await page.waitForURL(`${baseUrl()}/notice/detail?id=${id}`);
    await page.locator('.notice-content').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // No script survives in the rendered content.
    expect(await page.locator('.notice-content script').count()).toBe(0);

    await page.goBack();
    await page.waitForURL(`${baseUrl()}/notice/index`);
    await expect
      .poll(() => page.locator(`.notice-item[data-notice-id="${id}"]`).getAttribute('class'))
      .toContain('is-read');

    // The dashboard feed (refetched on every visit) shows it read too, when it is among the latest.
    await page.goto(`${baseUrl()}/dashboard`);
    await page.locator('.dashboard-notices').waitFor();
    const feedLink = page.locator(`.dashboard-notices a[href="/notice/detail?id=${id}"]`);
    if ((await feedLink.count()) > 0) {
      expect(await feedLink.locator('xpath=ancestor::li[1]').getAttribute('class')).toContain('notice-read');
    }
    await page.goto(`${baseUrl()}/notice/index`);
    await page.locator('.notice-item').first().waitFor();

    // Unread-only lives in the URL and hides the notice just read.
    await page.getByRole('switch').click();
    await page.waitForURL(/unread=1/);
    await expect.poll(() => page.locator(`.notice-item[data-notice-id="${id}"]`).count()).toBe(0);
    await context.close();
  });

  it('notice HTML that slipped past the server is scrubbed on the client (defence in depth)', async () => {
    const { context, page } = await newPage(browser(), { language: 'en' });
    await signInByApi(context, 'demo');
    // Answer the detail call with hostile markup, as if the server's sanitizer had a bug.
    await page.route('**/api/Web/GetNoticeDetail/**', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          code: 200,
          msg: 'ok',
          data: {
            id: 1,
            title: 'Hostile',
            content:
              '<p id="ok">Hello</p><script>window.__pwned = 1</script><img src="x.png" onerror="window.__pwned = 2">' +
              '<a id="js" href="javascript:window.__pwned=3">click</a><iframe srcdoc="<script>parent.__pwned=4</script>"></iframe>',
            published_at: 1795119904,
            is_pinned: false,
            attachments: [],
          },
        }),
      }),
    );
    await page.goto(`${baseUrl()}/notice/detail?id=1`);
    await waitForShell(page);
    await page.locator('.notice-content #ok').waitFor();
    await page.waitForTimeout(300);
    const content = page.locator('.notice-content');
    expect(await content.locator('script, iframe').count()).toBe(0);
    expect(await content.locator('img').getAttribute('onerror')).toBeNull();
    expect(await content.locator('#js').getAttribute('href')).toBeNull();
    expect(await content.locator('#js').getAttribute('rel')).toBe('noopener noreferrer');
    await content.locator('#js').click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await context.close();
  });

  it('partner (en): purchase list shows its supplier records and the detail lines; demo has none', async () => {
    const { context, page } = await newPage(browser(), { language: 'en', acceptDownloads: true });
    await signInByApi(context, 'partner');
    await page.goto(`${baseUrl()}/pur/index`);
    await waitForShell(page);
    const rows = page.locator('.purchase-table tbody tr.ant-table-row');
    await rows.first().waitFor();
    expect(await page.locator('.purchase-table thead').textContent()).toContain('Supplier');
    expect(await rows.first().textContent()).toContain('Yuexin');
    // The export pages through the whole filter (more rows than one table page).
    const total = Number(/\d+/.exec((await page.getByTestId('record-totals').textContent()) ?? '')?.[0]);
    expect(total).toBeGreaterThan(20);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('.export-xlsx').click(),
    ]);
    const file = join(mkdtempSync(join(tmpdir(), 'pp-export-')), download.suggestedFilename());
    await download.saveAs(file);
    const book = XLSX.read(readFileSync(file));
    const exported = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0] ?? '']!, {
      header: 1,
    });
    expect(exported).toHaveLength(total + 1);
    expect(exported[0]?.[0]).toBe('Supplier');
    await rows.first().locator('a').first().click();
    await page.waitForURL(/\/pur\/detail\?id=\d+/);
    await page.locator('.purchase-lines tbody tr.ant-table-row').first().waitFor();
    const head = () => page.locator('.purchase-lines thead').textContent();
    expect(await head()).toContain('Received');
    // The other purchase fields are in the column chooser (the defaults fit 1440 px).
    await page.locator('.column-chooser-button').click();
    for (const column of ['Product ID', 'Last price', 'Stock']) {
      await page.getByRole('checkbox', { name: column }).check();
    }
    await expect.poll(head).toContain('Product ID');
    for (const column of ['Last price', 'Stock']) expect(await head()).toContain(column);
    await context.close();

    const demo = await newPage(browser(), { language: 'en' });
    await signInByApi(demo.context, 'demo');
    await demo.page.goto(`${baseUrl()}/pur/index`);
    await waitForShell(demo.page);
    await demo.page.getByText('No purchases from your company').first().waitFor();
    expect(await demo.page.locator('.purchase-table tbody tr.ant-table-row').count()).toBe(0);
    await demo.context.close();
  });

  it('line searches (en): a part number filter in the URL, the lines exported, a link to the bill; the purchase one keeps type=all', async () => {
    const { context, page } = await newPage(browser(), { language: 'en', acceptDownloads: true });
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/sales/detailSearch`);
    await waitForShell(page);
    const rows = page.locator('.sales-line-table tbody tr.ant-table-row');
    await rows.first().waitFor();
    const head = (await page.locator('.sales-line-table thead').textContent()) ?? '';
    for (const column of ['Number', 'Delivered qty', 'Ship status']) expect(head).toContain(column);
    const number = ((await rows.first().locator('td').nth(2).textContent()) ?? '').trim();
    expect(number).not.toBe('');
    const totalShown = async () =>
      Number(/\d+/.exec((await page.locator('.ant-pagination-total-text').textContent()) ?? '')?.[0]);
    const unfiltered = await totalShown();

    await page.getByRole('searchbox', { name: 'Number', exact: true }).fill(number);
    await page.getByRole('searchbox', { name: 'Number', exact: true }).press('Enter');
    await page.waitForURL(/pn=/);
    await expect.poll(totalShown).toBeLessThan(unfiltered);
    const total = await totalShown();
    expect(total).toBeGreaterThan(0);
    await expect.poll(() => rows.first().locator('td').nth(2).textContent()).toBe(number);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('.export-xlsx').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sales-lines-\d{8}-\d{4}\.xlsx$/);
    const file = join(mkdtempSync(join(tmpdir(), 'pp-export-')), download.suggestedFilename());
    await download.saveAs(file);
    const book = XLSX.read(readFileSync(file));
    const exported = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0] ?? '']!, {
      header: 1,
    });
    expect(exported).toHaveLength(total + 1);
    expect(exported[0]?.[7]).toBe('Delivered qty');
    expect(exported[1]?.[2]).toBe(number);

    const no = ((await rows.first().locator('a').first().textContent()) ?? '').trim();
    await rows.first().locator('a').first().click();
    await page.waitForURL(/\/sales\/detail\?id=\d+/);
    await page.locator('.sales-lines tbody tr.ant-table-row').first().waitFor();
    expect(await page.locator('#sales-detail-title').textContent()).toContain(no);
    await context.close();

    const partner = await newPage(browser(), { language: 'en' });
    await signInByApi(partner.context, 'partner');
    await partner.page.goto(`${baseUrl()}/pur/detailSearch?type=all`);
    await waitForShell(partner.page);
    const lines = partner.page.locator('.purchase-line-table tbody tr.ant-table-row');
    await lines.first().waitFor();
    expect(await partner.page.locator('.purchase-line-table thead').textContent()).toContain('Received');
    const part = ((await lines.first().locator('td').nth(2).textContent()) ?? '').trim();
    await partner.page.getByRole('searchbox', { name: 'Number', exact: true }).fill(part);
    await partner.page.getByRole('searchbox', { name: 'Number', exact: true }).press('Enter');
    await partner.page.waitForURL(/\?type=all&pn=/);
    await expect.poll(() => lines.first().locator('td').nth(2).textContent()).toBe(part);
    await partner.context.close();
  });

  it('viewer opens notices but gets the 401 page on /sales/index', async () => {
    const { context, page } = await newPage(browser(), { language: 'en' });
    await signInByApi(context, 'viewer');
    await page.goto(`${baseUrl()}/notice/index`);
    await waitForShell(page);
    await page.locator('.notice-item').first().waitFor();
    await page.goto(`${baseUrl()}/sales/index`);
    await page.waitForURL(`${baseUrl()}/401?noGoBack=true`);
    expect(await page.locator('h1').textContent()).toBe('No permission');
    await context.close();
  });
});
