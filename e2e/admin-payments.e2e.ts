import { describe, expect, it } from 'vitest';
import { api, baseUrl, newPage, signInByApi, useBrowser } from './support/browser';
import { staffSignInByApi, useStaffToken } from './support/staff';

/**
 * Issue 15 item 3, as a wholesaler's staff would do it: the Payments page records a bank
 * transfer for the demo company, allocated to one of its open items, and the buyer's payment
 * history shows it with the new balance.
 */
describe('back office: payments', () => {
  const browser = useBrowser();

  it("staff record a payment for the demo company; the buyer's payment history shows it", async () => {
    const reference = `E2E-${Date.now().toString(36).toUpperCase()}`;
    const staff = await newPage(browser(), { viewport: { width: 1440, height: 900 } });
    await useStaffToken(staff.context, await staffSignInByApi());
    await staff.page.goto(`${baseUrl()}/admin/payments`);

    // The demo company (code C0002) by its code in the picker; its credit panel opens.
    const picker = staff.page.locator('.payments-company');
    await picker.click();
    await staff.page.keyboard.type('C0002');
    await staff.page.locator('.ant-select-item-option', { hasText: 'C0002' }).click();
    await staff.page.getByText('Credit position').waitFor();

    await staff.page.getByRole('button', { name: 'Record payment' }).click();
    const dialog = staff.page.getByRole('dialog', { name: 'Record payment' });
    await dialog.getByLabel('Amount').fill('321.45');
    await dialog.getByLabel('Reference').fill(reference);
    // Pay the first open item with part of it.
    await dialog.locator('.payments-allocations tbody .ant-checkbox-input').first().check();
    await dialog.getByRole('spinbutton', { name: /^Pay / }).fill('21.45');
    await dialog.getByText(/Allocated .*21\.45/).waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    const toast = staff.page.getByText(/^Payment SK\d{14} recorded$/);
    await toast.waitFor();
    const no = /SK\d{14}/.exec((await toast.textContent()) ?? '')![0];
    await staff.page.getByRole('cell', { name: no }).waitFor();

    // The buyer, in a browser of their own.
    const buyer = await newPage(browser());
    const token = await signInByApi(buyer.context, 'demo');
    await buyer.page.goto(`${baseUrl()}/Payment/index`);
    await buyer.page.getByText(no).waitFor();
    const list = await api<{ list: Array<{ no: string; amount: string; method: string }> }>(
      token,
      '/Web/GetPaymentList',
      { page: 1, pageSize: 20, no },
    );
    expect(list.list).toEqual([expect.objectContaining({ no, amount: '321.45', method: 'bank_transfer' })]);

    await staff.context.close();
    await buyer.context.close();
  });
});
