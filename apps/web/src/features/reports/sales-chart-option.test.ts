import { describe, expect, it } from 'vitest';
import type { SalesReportRow } from '@partsportal/contract/reports';
import { buildSalesChartOption, MAX_SERIES } from './sales-chart-option';

const row = (month: string, company: number, amount: string): SalesReportRow => ({
  month,
  company_id: company,
  company_code: `C${company}`,
  company_name: `Company ${company}`,
  brand_id: null,
  brand: null,
  part_type_id: null,
  part_type: null,
  lines: 1,
  qty: 1,
  amount,
});
const texts = { amount: 'Amount', other: 'Other', noPartType: '(none)' };

describe('sales chart option', () => {
  it('puts months in order along the axis, the biggest companies as series and the rest as "other"', () => {
    const rows: SalesReportRow[] = [];
    for (const month of ['2026-02', '2026-01'])
      for (let company = 1; company <= MAX_SERIES + 2; company++)
        rows.push(row(month, company, String(company * 10)));
    const option = buildSalesChartOption(rows, ['month', 'company'], { locale: 'en', texts });
    expect((option.xAxis as { data: string[] }).data).toEqual(['2026-01', '2026-02']);
    const series = option.series as Array<{ name: string; data: number[] }>;
    expect(series).toHaveLength(MAX_SERIES + 1);
    expect(series[0]!.name).toBe(`C${MAX_SERIES + 2}`);
    expect(series.at(-1)).toEqual(expect.objectContaining({ name: 'Other', data: [30, 30] }));
    // Nothing is lost: the bars add up to the rows.
    const drawn = series.reduce((sum, s) => sum + s.data.reduce((a, b) => a + b, 0), 0);
    expect(drawn).toBe(rows.reduce((sum, r) => sum + Number(r.amount), 0));
  });

  it('draws one series when grouped by one dimension', () => {
    const option = buildSalesChartOption([row('2026-01', 1, '5.5'), row('2026-01', 2, '4.5')], ['company'], {
      locale: 'en',
      texts,
    });
    expect(option.series).toEqual([expect.objectContaining({ name: 'Amount', data: [5.5, 4.5] })]);
  });
});
