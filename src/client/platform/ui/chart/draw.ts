import { BarChart, LineChart, type AxisOptions, type Label } from 'chartist';
import 'chartist/dist/index.css';
import type { ChartProps } from './chart-props';

/** Draws the chart into `element` (Chartist redraws it when the window's width changes). */
export function draw(
  element: HTMLElement,
  { kind, labels, series, stacked = false, horizontal = false, shownLabels }: ChartProps,
): { detach(): void } {
  const every = shownLabels ? Math.max(1, Math.ceil(labels.length / shownLabels)) : 1;
  const categories: AxisOptions = {
    showGrid: false,
    labelInterpolationFnc: (value: Label, index: number) => (index % every === 0 ? value : null),
  };
  const values: AxisOptions = { onlyInteger: true, low: 0 };
  // Horizontal bars are drawn from the bottom up: reversed, the first comes at the top.
  const inOrder = <T>(list: T[]) => (horizontal ? [...list].reverse() : list);
  const data = { labels: inOrder(labels), series: series.map((one) => ({ name: one.name, data: inOrder(one.values) })) };

  if (kind === 'line') {
    return new LineChart(element, data, {
      axisX: categories,
      axisY: values,
      fullWidth: true,
      lineSmooth: false,
      showPoint: labels.length <= 31,
      chartPadding: { top: 12, right: 16, bottom: 0, left: 0 },
    });
  }
  const chart = new BarChart(element, data, {
    axisX: horizontal ? values : categories,
    axisY: horizontal ? { ...categories, offset: 110 } : values,
    stackBars: stacked,
    horizontalBars: horizontal,
    seriesBarDistance: 0,
    chartPadding: { top: 12, right: 16, bottom: 0, left: 0 },
  });
  // Chartist's bars are a fixed 10 px wide: a year of weeks on a phone would overlap. Each bar
  // takes two thirds of its slot instead, whatever the width.
  chart.on('draw', (event) => {
    if (event.type !== 'bar') return;
    const length = horizontal ? event.chartRect.height() : event.chartRect.width();
    const slot = length / Math.max(1, labels.length);
    event.element.attr({ style: `stroke-width: ${Math.max(1, Math.floor((slot * 2) / 3))}px` });
  });
  return chart;
}
