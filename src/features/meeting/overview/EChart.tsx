import { useEffect, useRef } from 'react';
// echarts' `use` registers parts; it is no React hook, hence the other name.
import { init, use as registerParts, type ECharts } from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ChartOption } from './options';

// Only what the overview draws: its chunk holds these, not the whole library.
registerParts([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface EChartProps {
  option: ChartOption;
  height: number;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  label: string;
}

/**
 * One echarts canvas. The chart follows its box's size (a tab shown again, the window resized) and
 * is disposed when the component goes, so a page kept in a hidden tab holds no canvas.
 */
export default function EChart({ option, height, label }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    const element = box.current!;
    const instance = init(element, undefined, { renderer: 'canvas', locale: 'ZH' });
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

  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
