import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { CategorySeries, DailyRegistrations, Slice } from './series';

/**
 * The charts' echarts options, built from the series of series.ts. Only echarts' types are imported
 * here: the library itself is loaded by EChart.tsx, in a chunk of its own.
 */
export type ChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | PieSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

/** Colours by state key, as the lists' tags show the same states (antd's preset colours). */
const STATE_COLORS: Record<string, string> = {
  pending: '#fa8c16',
  approved: '#52c41a',
  rejected: '#ff4d4f',
  cancelled: '#bfbfbf',
  assigned: '#1677ff',
  reserved: '#faad14',
  free: '#d9d9d9',
  qr: '#1677ff',
  import: '#13c2c2',
  staff: '#722ed1',
  unknown: '#8c8c8c',
};

const TEXT = '#595959';
const AXIS_LABEL = { color: TEXT, fontSize: 12 };
const LEGEND: LegendComponentOption = { top: 0, textStyle: { color: TEXT, fontSize: 12 }, itemWidth: 14, itemHeight: 10 };
const GRID: GridComponentOption = { left: 8, right: 16, top: 36, bottom: 8, containLabel: true };
const INTEGER_AXIS = { type: 'value' as const, minInterval: 1, axisLabel: AXIS_LABEL, splitLine: { lineStyle: { color: '#f0f0f0' } } };

/**
 * Every category is labelled while they fit; past `turnAfter` the labels turn, and past twice that
 * echarts leaves out those that would overlap (weeks of days: every few days are named).
 */
const categoryAxis = (categories: string[], turnAfter: number) => ({
  type: 'category' as const,
  data: categories,
  axisLabel: {
    ...AXIS_LABEL,
    interval: categories.length > turnAfter * 2 ? ('auto' as const) : 0,
    rotate: categories.length > turnAfter ? 40 : 0,
  },
  axisTick: { alignWithLabel: true },
});

const stacked = (s: CategorySeries['series'][number], stack: string, horizontal = false): BarSeriesOption => ({
  type: 'bar',
  name: s.name,
  stack,
  data: s.data,
  barMaxWidth: horizontal ? 28 : 40,
  itemStyle: { color: STATE_COLORS[s.key] },
  emphasis: { focus: 'series' },
});

/** 每日登记: columns per source stacked per day, and the running total on the right axis. */
export function registrationsOption(daily: DailyRegistrations): ChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: LEGEND,
    grid: GRID,
    xAxis: categoryAxis(daily.categories, 14),
    yAxis: [
      { ...INTEGER_AXIS, name: '人数', nameTextStyle: AXIS_LABEL },
      { ...INTEGER_AXIS, name: '累计', nameTextStyle: AXIS_LABEL, splitLine: { show: false } },
    ],
    series: [
      ...daily.series.map((s) => stacked(s, 'day')),
      {
        type: 'line',
        name: '累计登记',
        yAxisIndex: 1,
        data: daily.cumulative,
        smooth: true,
        symbolSize: 6,
        itemStyle: { color: '#fa541c' },
        lineStyle: { width: 2 },
      },
    ],
  };
}

/**
 * 人员类别: a donut, each kind named with its count in a row of legend above it (labels around a narrow
 * donut would be cut short; a legend beside the ring ran into it on narrow cards, where the ring's
 * radius follows the card's width); hovering a slice names it in the middle with its share.
 */
export function kindsOption(slices: Slice[]): ChartOption {
  const counts = new Map(slices.map((s) => [s.name, s.value]));
  return {
    tooltip: { trigger: 'item', formatter: '{b}：{c} 人（{d}%）' },
    legend: {
      ...LEGEND,
      type: 'scroll',
      orient: 'horizontal',
      left: 'center',
      itemGap: 12,
      formatter: (name: string) => `${name}  ${counts.get(name) ?? 0} 人`,
    },
    series: [
      {
        type: 'pie',
        name: '人员类别',
        radius: ['38%', '60%'],
        center: ['50%', '44%'],
        label: { show: false, position: 'center', formatter: '{b}\n{d}%', fontSize: 14, fontWeight: 'bold', color: TEXT, lineHeight: 20 },
        emphasis: { label: { show: true } },
        labelLine: { show: false },
        data: slices,
      },
    ],
  };
}

/** 审核情况: per kind, stacked by registration state. */
export function approvalsOption(stacks: CategorySeries): ChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: LEGEND,
    grid: GRID,
    xAxis: categoryAxis(stacks.categories, 6),
    yAxis: INTEGER_AXIS,
    series: stacks.series.map((s) => stacked(s, 'status')),
  };
}

/** 入场时段: entries per hour. */
export function hourlyOption(hourly: { categories: string[]; data: number[] }): ChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { ...GRID, top: 16 },
    xAxis: { ...categoryAxis(hourly.categories, 8), axisLabel: { ...AXIS_LABEL, rotate: hourly.categories.length > 8 ? 40 : 0 } },
    yAxis: INTEGER_AXIS,
    series: [{ type: 'bar', name: '入场人次', data: hourly.data, barMaxWidth: 32, itemStyle: { color: '#1677ff' }, label: { show: hourly.data.length <= 24, position: 'top', color: TEXT } }],
  };
}

/** 闸机入场: entries per gate, the busiest on top. */
export function gatesOption(gates: { categories: string[]; data: number[] }): ChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { ...GRID, top: 8, right: 40 },
    xAxis: INTEGER_AXIS,
    yAxis: { type: 'category', data: gates.categories, axisLabel: AXIS_LABEL, axisTick: { show: false } },
    series: [{ type: 'bar', name: '入场人次', data: gates.data, barMaxWidth: 24, itemStyle: { color: '#13c2c2' }, label: { show: true, position: 'right', color: TEXT } }],
  };
}

/** 座位占用: per hall, stacked by seat state. */
export function seatsOption(stacks: CategorySeries): ChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: LEGEND,
    grid: GRID,
    xAxis: INTEGER_AXIS,
    yAxis: { type: 'category', data: stacks.categories, axisLabel: AXIS_LABEL, axisTick: { show: false } },
    series: stacks.series.map((s) => stacked(s, 'seat', true)),
  };
}
