import { describe, expect, it } from 'vitest';
import { api, baseUrl, newPage, signInByApi, useBrowser } from './support/browser';
import { staffSignInByApi, useStaffToken } from './support/staff';

/**
 * Issue 15 item 6, as the wholesaler's staff would use it in the morning: a buyer searches for a
 * number the catalogue does not have; the staff home shows today's figures, the sales report
 * draws its chart and totals and exports xlsx, and the demand report lists the number searched.
 */
describe('back office: dashboard and reports', () => {
  const browser = useBrowser();

  it('shows the operator dashboard, the sales report with its chart and export, and the demand report', async () => {
    const missing = `ZX${Date.now().toString(36).toUpperCase()}`;
    const buyer = await newPage(browser());
    const buyerToken = await signInByApi(buyer.context, 'demo');
    const found = await api<{ total: number }>(buyerToken, '/Web/GetProductList', {
      page: 1,
      pageSize: 20,
      keyword: missing,
    });
    expect(found.total).toBe(0);
    await buyer.context.close();

    const token = await staffSignInByApi();
    const staff = await newPage(browser(), { viewport: { width: 1440, height: 900 } });
    await useStaffToken(staff.context, token);
    const { page } = staff;

    await page.goto(`${baseUrl()}/admin/home`);
    await page.getByText('Submitted today').waitFor();
    await page.getByText('Overdue debts').waitFor();
    await page.getByText('Low stock').waitFor();

    await page.goto(`${baseUrl()}/admin/reports`);
    await page.locator('.sales-chart canvas').waitFor();
    await page.locator('.report-total', { hasText: 'Total' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export xlsx' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sales-\d{4}-\d{2}-\d{4}-\d{2}\.xlsx$/);

    await page.getByRole('tab', { name: 'Demand' }).click();
    await page.getByRole('cell', { name: missing }).waitFor();
    expect(page.url()).toContain('tab=demand');

    await staff.context.close();
  });
});
