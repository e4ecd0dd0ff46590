import { useEffect, useRef } from 'react';
import { BarChart } from 'echarts/charts';
import { GridSimpleComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerEchartsParts, type EChartsType } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { SalesChartOption } from './sales-chart-option';

// Only what this chart draws, in this lazily loaded chunk (the report page opens without it).
registerEchartsParts([BarChart, GridSimpleComponent, TooltipComponent, LegendPlainComponent, CanvasRenderer]);

/** An ECharts canvas that follows its container's size. */
export default function SalesChart({ option, label }: { option: SalesChartOption; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

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
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={host} className="sales-chart" role="img" aria-label={label} />;
}
