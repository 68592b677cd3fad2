import { useEffect, useRef } from 'react';
import type { ChartProps } from './chart-props';
import './chart.css';

/**
 * A chart drawn in SVG by Chartist, whose code is loaded the first time a chart is shown, so
 * only the pages that have one load it. The drawing is for the eyes: screen readers skip it,
 * and the caller puts its numbers beside it, in words and in a table.
 */
export function Chart(props: ChartProps) {
  const drawing = useRef<HTMLDivElement>(null);
  // Drawn again only when what it shows changes, not on every render of the page.
  const shown = JSON.stringify(props);
  useEffect(() => {
    let chart: { detach(): void } | undefined;
    let gone = false;
    import('./draw')
      .then(({ draw }) => {
        if (!gone && drawing.current) chart = draw(drawing.current, JSON.parse(shown) as ChartProps);
      })
      // Without its code (a lost connection), the chart stays empty: its numbers are beside it.
      .catch(() => {});
    return () => {
      gone = true;
      chart?.detach();
    };
  }, [shown]);

  return (
    <div className="chart" aria-hidden="true">
      {props.series.length > 1 && (
        <ul className="chart__legend">
          {props.series.map((series) => (
            <li key={series.name}>{series.name}</li>
          ))}
        </ul>
      )}
      {/* Horizontal bars: a line of the same height for each label, whatever their number. */}
      <div
        className="chart__drawing"
        ref={drawing}
        style={props.horizontal ? { height: `${3 + 2.5 * props.labels.length}rem` } : undefined}
      />
    </div>
  );
}
