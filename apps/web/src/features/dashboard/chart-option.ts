import type { LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { Dashboard } from '@partsportal/contract/dashboard';
import { formatMoney } from '@partsportal/contract/money-format';

export type DashboardChartOption = ComposeOption<
  LineSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption
>;

/** The delivery line's colour; the order line takes the theme colour. */
export const DELIVERY_COLOR = '#fa8c16';

export interface ChartTexts {
  orders: string;
  deliveries: string;
}

/**
 * "2026-03" → the month in the user's language ("3月 26", "Mar 26", "mar 26"); the year is
 * written on January and on the first month so 12 months across a new year stay unambiguous.
 */
export function monthLabels(months: readonly string[], locale: string): string[] {
  const short = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
  const withYear = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return months.map((month, index) => {
    const match = /^(\d{4})-(\d{2})$/.exec(month);
    if (!match) return month;
    const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
    return (index === 0 || match[2] === '01' ? withYear : short).format(date);
  });
}

/** Money strings → numbers for the plot only (the cards show the server's exact strings). */
const toNumbers = (amounts: readonly string[]): number[] => amounts.map((a) => Number(a) || 0);

/**
 * The line chart of order and delivery amounts by month from GetDashboard's `chart`. A series
 * the user may not see (null in the answer) is left out, legend entry included.
 */
export function buildChartOption(
  chart: Dashboard['chart'],
  options: { themeColor: string; locale: string; texts: ChartTexts; currency: string },
): DashboardChartOption {
  const compact = new Intl.NumberFormat(options.locale, { notation: 'compact', maximumFractionDigits: 1 });
  const series: LineSeriesOption[] = [];
  if (chart.order_amounts) {
    series.push({
      type: 'line',
      name: options.texts.orders,
      data: toNumbers(chart.order_amounts),
      smooth: true,
      color: options.themeColor,
      areaStyle: { opacity: 0.08 },
    });
  }
  if (chart.delivery_amounts) {
    series.push({
      type: 'line',
      name: options.texts.deliveries,
      data: toNumbers(chart.delivery_amounts),
      smooth: true,
      color: DELIVERY_COLOR,
    });
  }
  return {
    animation: false,
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    legend: { top: 0, data: series.map((s) => String(s.name)) },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value) => formatMoney(String(value), options.currency, options.locale),
    },
    xAxis: { type: 'category', boundaryGap: false, data: monthLabels(chart.months, options.locale) },
    yAxis: { type: 'value', axisLabel: { formatter: (value: number) => compact.format(value) } },
    series,
  };
}
