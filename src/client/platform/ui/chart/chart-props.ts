// What a chart shows: apart from Chart.tsx, so that draw.ts (loaded on first use) needs nothing of it.
interface ChartSeries {
  name: string;
  values: number[];
}

export interface ChartProps {
  kind: 'line' | 'bar';
  /** One label per value: the dates along the bottom, or the names beside horizontal bars. */
  labels: string[];
  /** At most four: each has its colour (chart.css). */
  series: ChartSeries[];
  /** Bars of the series on top of each other, their total the bar's height. */
  stacked?: boolean;
  /** Horizontal bars, the first label at the top. */
  horizontal?: boolean;
  /** How many of the labels are written along the axis, evenly spread, so they never overlap on a phone. */
  shownLabels?: number;
}
