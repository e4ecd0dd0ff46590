import { describe, expect, it } from 'vitest';
import type { Dashboard } from '@partsportal/contract/dashboard';
import { buildChartOption, DELIVERY_COLOR, monthLabels } from './chart-option';

const chart: Dashboard['chart'] = {
  months: ['2025-12', '2026-01', '2026-02'],
  order_amounts: ['697308.63', '870475.83', '0.00'],
  delivery_amounts: ['902367.05', '933488.26', '424167.48'],
};
const options = {
  themeColor: '#1890ff',
  locale: 'en',
  currency: 'CNY',
  texts: { orders: 'Orders', deliveries: 'Deliveries' },
};

describe('dashboard chart option', () => {
  it('draws the order line in the theme colour and the deliveries beside it', () => {
    const option = buildChartOption(chart, options);
    const series = option.series as { name: string; data: number[]; color: string }[];
    expect(series.map((s) => s.name)).toEqual(['Orders', 'Deliveries']);
    expect(series[0]?.color).toBe('#1890ff');
    expect(series[0]?.data).toEqual([697308.63, 870475.83, 0]);
    expect(series[1]?.color).toBe(DELIVERY_COLOR);
    expect((option.legend as { data: string[] }).data).toEqual(['Orders', 'Deliveries']);
  });

  it('leaves out a series the user may not see (null in the answer)', () => {
    const option = buildChartOption({ ...chart, order_amounts: null }, options);
    const series = option.series as { name: string }[];
    expect(series.map((s) => s.name)).toEqual(['Deliveries']);
    expect((option.legend as { data: string[] }).data).toEqual(['Deliveries']);
  });

  it('labels the months in the user language', () => {
    const en = (buildChartOption(chart, options).xAxis as { data: string[] }).data;
    expect(en).toEqual(['Dec 2025', 'Jan 2026', 'Feb']);
    expect(monthLabels(chart.months, 'zh')).toEqual(['2025年12月', '2026年1月', '2月']);
    expect(monthLabels(['2026-03'], 'es')[0]).toMatch(/mar/);
  });

  it('formats tooltip values as money with the currency', () => {
    const tooltip = buildChartOption(chart, { ...options, locale: 'es' }).tooltip as {
      valueFormatter: (value: number) => string;
    };
    expect(tooltip.valueFormatter(1234.5).replace('\u00a0', ' ')).toBe('1234,50 CNY');
  });
});
