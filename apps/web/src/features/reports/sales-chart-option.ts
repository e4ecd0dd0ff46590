import type { BarSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { SalesDimension, SalesReportRow } from '@partsportal/contract/reports';

export type SalesChartOption = ComposeOption<
  BarSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption
>;

/** Series drawn by name; the rest are summed into one "other" series so the legend stays short. */
export const MAX_SERIES = 8;

/** The label of a row's value of one dimension. */
export function dimensionLabel(row: SalesReportRow, dimension: SalesDimension, noPartType: string): string {
  switch (dimension) {
    case 'month':
      return row.month ?? '';
    case 'company':
      return row.company_code ?? '';
    case 'brand':
      return row.brand ?? '';
    case 'part_type':
      return row.part_type_id === 0 ? noPartType : (row.part_type ?? '');
  }
}

/**
 * Stacked bars of amounts: the first grouped dimension along the axis (months in order when
 * grouped by month), the second as series (its biggest MAX_SERIES by amount, the rest as
 * "other"); a third or fourth dimension is summed in.
 */
export function buildSalesChartOption(
  rows: readonly SalesReportRow[],
  groupBy: readonly SalesDimension[],
  options: { locale: string; texts: { amount: string; other: string; noPartType: string } },
): SalesChartOption {
  const [axisDim, seriesDim] = groupBy;
  if (!axisDim) return {};
  const label = (row: SalesReportRow, dim: SalesDimension) =>
    dimensionLabel(row, dim, options.texts.noPartType);
  const axisTotals = new Map<string, number>();
  for (const row of rows) {
    const key = label(row, axisDim);
    axisTotals.set(key, (axisTotals.get(key) ?? 0) + Number(row.amount));
  }
  // Months in time order; anything else biggest first, at most 30 bars.
  const axis =
    axisDim === 'month'
      ? [...axisTotals.keys()].sort()
      : [...axisTotals.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 30)
          .map(([key]) => key);
  const index = new Map(axis.map((key, i) => [key, i]));

  const seriesTotals = new Map<string, number>();
  if (seriesDim) {
    for (const row of rows) {
      const key = label(row, seriesDim);
      seriesTotals.set(key, (seriesTotals.get(key) ?? 0) + Number(row.amount));
    }
  }
  const named = [...seriesTotals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_SERIES)
    .map(([key]) => key);
  const names = seriesDim
    ? [...named, ...(seriesTotals.size > MAX_SERIES ? [options.texts.other] : [])]
    : [options.texts.amount];
  const data = new Map(names.map((name) => [name, axis.map(() => 0)]));
  for (const row of rows) {
    const at = index.get(label(row, axisDim));
    if (at === undefined) continue;
    const name = seriesDim
      ? named.includes(label(row, seriesDim))
        ? label(row, seriesDim)
        : options.texts.other
      : options.texts.amount;
    const values = data.get(name)!;
    values[at] = Math.round((values[at]! + Number(row.amount)) * 100) / 100;
  }
  const compact = new Intl.NumberFormat(options.locale, { notation: 'compact', maximumFractionDigits: 1 });
  return {
    // A legend of many series wraps to two lines on a phone: room for it above the plot.
    grid: { left: 8, right: 8, top: names.length > 4 ? 64 : 40, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { type: 'plain', top: 0, show: names.length > 1 },
    xAxis: { type: 'category', data: axis, axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', axisLabel: { formatter: (value: number) => compact.format(value) } },
    series: names.map((name) => ({ type: 'bar', name, stack: 'amount', data: data.get(name)! })),
  };
}
