import { useEffect, useMemo, useRef } from 'react';
import { LineChart } from 'echarts/charts';
import { GridSimpleComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerEchartsParts, type EChartsType } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { Dashboard } from '@partsportal/contract/dashboard';
import { buildChartOption, type ChartTexts } from './chart-option';

// Only what this chart draws: the modular build keeps the dashboard chunk small.
registerEchartsParts([
  LineChart,
  GridSimpleComponent,
  TooltipComponent,
  LegendPlainComponent,
  CanvasRenderer,
]);

/** An ECharts canvas that follows its container's size (window resize, sidebar collapse). */
export default function DashboardChart({
  chart: data,
  themeColor,
  locale,
  currency,
  texts,
  label,
}: {
  chart: Dashboard['chart'];
  themeColor: string;
  locale: string;
  currency: string;
  texts: ChartTexts;
  label: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const option = useMemo(
    () => buildChartOption(data, { themeColor, locale, currency, texts }),
    [data, themeColor, locale, currency, texts],
  );

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // notMerge: a series that disappears (language or permission change) must not linger.
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={host} className="dashboard-chart" role="img" aria-label={label} />;
}
