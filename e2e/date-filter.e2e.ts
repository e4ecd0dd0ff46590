// Issue 18: the record lists' day range filter is a CSS stand-in until antd's RangePicker has come
// (shared/records/day-range-filter.tsx). A touch on the stand-in opens the real picker on the
// touched field; a range picked filters the list and stays in the URL; a picker whose code cannot
// come says so in the user's language and the next touch asks again. The stand-in and the picker
// have the same boxes, so nothing moves when the picker takes its place.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, baseUrl, newPage, signInByApi, useBrowser, waitForShell } from './support/browser';

const PICKER_CHUNK = /\/assets\/day-range-picker-[^/]*\.js$/;

/** The focused element's placeholder (which of the picker's two fields has the cursor). */
const focusedPlaceholder = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.placeholder ?? '');

/**
 * Boxes and text metrics of the filter's parts, relative to the page: the root, both inputs, the
 * arrow between them and the calendar icon. The same list for the stand-in and for antd's picker.
 */
const filterGeometry = (page: Page, root: string) =>
  page.locator(root).evaluate((element) => {
    const box = (part: Element | null) => {
      if (!part) return null;
      const r = part.getBoundingClientRect();
      return [r.x, r.y, r.width, r.height].map((n) => Math.round(n * 2) / 2);
    };
    const inputs = [...element.querySelectorAll('input')];
    // antd's clear button sits over the calendar icon, hidden until the pointer is on the field.
    const svgs = [...element.querySelectorAll('svg')].filter((svg) => !svg.closest('.ant-picker-clear'));
    return {
      root: box(element),
      inputs: inputs.map(box),
      icons: svgs.map(box),
      text: inputs.map((input) => {
        const style = getComputedStyle(input);
        return `${style.fontSize}/${style.lineHeight} ${style.color}`;
      }),
      border: `${getComputedStyle(element).borderTopWidth} ${getComputedStyle(element).borderRadius}`,
    };
  });

describe('day range filter', () => {
  const browser = useBrowser();

  // The stand-in copies antd 6's picker metrics in CSS (styles.css, .day-range-facade): an antd
  // upgrade that changes them would make the filter jump when the picker arrives. Checked at each
  // control size the user can choose, at 1400 px and on a 375 px phone, without and with dates.
  it('the stand-in has the boxes of the picker: root, inputs, arrow, icon, font, border — each size, 1400 and 375 px', async () => {
    const cases = [
      { size: 'small', width: 1400, query: '' },
      { size: 'middle', width: 1400, query: '&from=2026-01-05&to=2026-02-10' },
      { size: 'large', width: 1400, query: '' },
      { size: 'middle', width: 375, query: '' },
    ];
    for (const { size, width, query } of cases) {
      const { context, page } = await newPage(browser(), {
        language: 'en',
        viewport: { width, height: 800 },
      });
      await context.addCookies([{ name: 'pp_size', value: size, url: baseUrl() }]);
      await signInByApi(context, 'demo');
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(PICKER_CHUNK, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${baseUrl()}/order/index?type=all${query}`);
      await waitForShell(page);
      await page.locator('.order-table tbody tr.ant-table-row').first().waitFor();
      const facade = await filterGeometry(page, '.day-range-facade');
      expect(facade.inputs, `${size} ${width}`).toHaveLength(2);
      expect(facade.icons, `${size} ${width}`).toHaveLength(2);
      release();
      // The picker comes in the background, without a touch, and takes the stand-in's place.
      await page.locator('.filter-dates.ant-picker-range').waitFor();
      expect(await page.locator('.day-range-facade').count()).toBe(0);
      const picker = await filterGeometry(page, '.filter-dates.ant-picker-range');
      expect(picker, `${size} at ${width} px${query ? ' with dates' : ''}`).toEqual(facade);
      await context.close();
    }
  });

  it('a touch on the stand-in while the picker is on its way opens the calendar on that field; a range filters the order list and survives a reload (en)', async () => {
    const { context, page } = await newPage(browser(), { language: 'en' });
    const token = await signInByApi(context, 'demo');
    // A range from the demo data (generated up to the day it was seeded): the days of the 15th and
    // the 5th newest orders, so that at least 11 orders fall in it.
    const newest = await api<{ list: { bill_date: number }[] }>(token, '/Web/GetOrderList', {
      page: 1,
      pageSize: 15,
    });
    const day = (seconds: number) => new Date(seconds * 1000).toLocaleDateString('sv');
    const first = day(newest.list[14]?.bill_date ?? 0);
    const last = day(newest.list[4]?.bill_date ?? 0);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(PICKER_CHUNK, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl()}/order/index?type=all`);
    await waitForShell(page);
    await page.locator('.order-table tbody tr.ant-table-row').first().waitFor();
    // The stand-in, with the picker's placeholders, while the code is held back.
    await expect(page.locator('.day-range-facade').getAttribute('aria-label')).resolves.toBe('Date range');
    expect(
      await page
        .locator('.day-range-facade input')
        .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).placeholder)),
    ).toEqual(['From', 'To']);

    await page.locator('.day-range-facade input[placeholder="From"]').click();
    release();
    const dropdown = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
    await dropdown.waitFor();
    expect(await page.locator('.day-range-facade').count()).toBe(0);
    await expect.poll(() => focusedPlaceholder(page)).toBe('From');

    // Typed as a keyboard user would: the start, Tab to the end, the end, Enter.
    const start = page.locator('.filter-dates input[placeholder="From"]');
    await start.fill(first);
    await start.press('Tab');
    await expect.poll(() => focusedPlaceholder(page)).toBe('To');
    const end = page.locator('.filter-dates input[placeholder="To"]');
    await end.fill(last);
    await end.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('to')).toBe(last);
    expect(new URL(page.url()).searchParams.get('from')).toBe(first);
    const inRange = async () => {
      const dates = await page
        .locator('.order-table tbody tr.ant-table-row td:nth-child(3)')
        .allTextContents();
      return (
        dates.length >= 11 &&
        dates.every((d) => {
          const shown = new Date(`${d} 12:00`).toLocaleDateString('sv');
          return shown >= first && shown <= last;
        })
      );
    };
    await expect.poll(inRange).toBe(true);

    await page.reload();
    await waitForShell(page);
    await expect.poll(inRange).toBe(true);
    expect(
      await page
        .locator('.filter-dates input')
        .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
    ).toEqual([first, last]);
    await context.close();
  });

  it('a picker whose code cannot come: "Error de red", the list stays, the next touch opens it (es)', async () => {
    const { context, page } = await newPage(browser(), { language: 'es' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInByApi(context, 'demo');
    await page.route(PICKER_CHUNK, (route) => route.abort());
    await page.goto(`${baseUrl()}/sales/index`);
    await waitForShell(page);
    await page.locator('.day-range-facade').waitFor();
    await page.locator('.day-range-facade input[placeholder="Desde"]').click();
    await page.getByText('Error de red').waitFor();
    expect(await page.locator('.day-range-facade').count()).toBe(1);
    expect(await page.locator('h1').textContent()).toBe('Buscar ventas');

    await page.unroute(PICKER_CHUNK);
    await page.locator('.day-range-facade input[placeholder="Hasta"]').click();
    await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').waitFor();
    await expect.poll(() => focusedPlaceholder(page)).toBe('Hasta');
    expect(errors).toEqual([]);
    await context.close();
  });
});
