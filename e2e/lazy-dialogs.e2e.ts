import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, signInByApi, useBrowser, waitForShell } from './support/browser';

// The error log and change-password dialogs load on first use (their chunks are not in the
// first load of the signed-in pages); a broken lazy import would only show when opened.
describe('lazily loaded top-bar dialogs', () => {
  const browser = useBrowser();

  it('opens the error log with the recorded error and loads its table on demand', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForShell(page);
    const dialogChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/error-log-dialog-/.test(request.url())) dialogChunks.push(request.url());
    });
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('lazy dialog probe');
      });
    });
    // The log lives in the user menu (issue 17 item 9), its label counting the entries.
    await page.locator('.user-menu').click();
    await page.locator('.menu-error-log').getByText('Error log (1)').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Uncaught Error: lazy dialog probe').waitFor();
    expect(await dialog.locator('.ant-table-row').count()).toBe(1);
    expect(dialogChunks.length).toBe(1);
    await context.close();
  });

  it('opens the change-password dialog from the user menu', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(context, 'demo');
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForShell(page);
    await page.locator('.user-menu').click();
    await page.locator('.ant-dropdown-menu').getByText('Change Password', { exact: true }).click();
    const dialog = page.getByRole('dialog');
    // Current password (decision 007), new password, confirmation.
    await dialog.locator('input[type=password]').first().waitFor();
    expect(await dialog.locator('input[type=password]').count()).toBe(3);
    await context.close();
  });

  it('a dialog whose code cannot come says so, keeps the page, and opens on the next click (en)', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(context, 'demo');
    const dialogChunk = /\/assets\/change-password-dialog-[^/]*\.js$/;
    await page.route(dialogChunk, (route) => route.abort());
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForShell(page);
    const openDialog = async () => {
      await page.locator('.user-menu').click();
      await page.locator('.ant-dropdown-menu').getByText('Change Password', { exact: true }).click();
    };
    await openDialog();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('Network error');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.locator('[data-testid=welcome]').isVisible()).toBe(true);
    await page.unroute(dialogChunk);
    await openDialog();
    await page.getByRole('dialog').locator('input[type=password]').first().waitFor();
    await context.close();
  });

  it('the cart’s file tab whose code cannot come: "Error de red", the cart stays, the drop zone comes by itself once it can (es)', async () => {
    const { context, page } = await newPage(browser(), { language: 'es' });
    await signInByApi(context, 'demo');
    const dropChunk = /\/assets\/bulk-file-drop-[^/]*\.js$/;
    await page.route(dropChunk, (route) => route.abort());
    await page.goto(`${baseUrl()}/cart/index`);
    await waitForShell(page);
    await page.getByRole('tab', { name: 'Importar archivo' }).click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('Error de red');
    // The tab stays chosen with the drop zone's place kept; the paste box is still one tab away.
    expect(await page.locator('.bulk-file-waiting').isVisible()).toBe(true);
    expect(await page.locator('.cart-table').isVisible()).toBe(true);
    await page.unroute(dropChunk);
    await expect
      .poll(() => page.locator('.import-upload').textContent(), { timeout: 15_000 })
      .toContain('Haga clic o suelte');
    expect(await page.locator('.import-upload input[type=file]').count()).toBe(1);
    await context.close();
  });

  it('a page whose code cannot come says so in its place, the menu stays, and Reload brings it (es)', async () => {
    const { context, page } = await newPage(browser(), { language: 'es' });
    await signInByApi(context, 'demo');
    const pageChunk = /\/assets\/notice-page-[^/]*\.js$/;
    await page.route(pageChunk, (route) => route.abort());
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForShell(page);
    await page.locator('nav.sidebar').getByText('Avisos', { exact: true }).click();
    await page.waitForURL(`${baseUrl()}/notice/index`);
    const failed = page.getByRole('alert').filter({ hasText: 'No se pudo mostrar esta página' });
    await failed.waitFor();
    // In the page's place only: the top bar and the menu stay, and the dashboard's tab still opens.
    expect(await page.locator('[data-testid=welcome]').isVisible()).toBe(true);
    expect(await page.locator('nav.sidebar').isVisible()).toBe(true);
    await page.locator('nav.sidebar').getByText('Inicio', { exact: true }).click();
    await page.waitForURL(`${baseUrl()}/dashboard`);
    await expect.poll(() => failed.isVisible()).toBe(false);
    expect(await page.locator('.dashboard-page').isVisible()).toBe(true);
    await page.locator('nav.sidebar').getByText('Avisos', { exact: true }).click();
    await failed.waitFor();
    await page.unroute(pageChunk);
    await failed.getByRole('button', { name: 'Volver a cargar' }).click();
    await page.locator('.notice-item').first().waitFor();
    await context.close();
  });
});
