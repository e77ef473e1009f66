// A pie or donut chart in SVG with per-slice colours and a tooltip (value and share) on hover or keyboard
// focus. Sized to its container's width up to its height, so it fits a phone. Like the bar chart, the SVG
// is a named group of focusable slices, each with an aria-label giving its value and share.
import { useId } from 'react';
import { ChartTooltip } from './chart-tooltip.tsx';
import { arcPath, pieAngles, polar } from './scale.ts';
import { useActivePoint } from './use-active-point.ts';
import { useWidth } from './use-width.ts';
import './charts.css';

export interface SliceDatum {
  key: string;
  label: string;
  value: number;
  color: string;
}

export interface PieChartProps {
  title: string;
  data: SliceDatum[];
  /** Total height in pixels; the pie's outer radius fits inside it with a small margin. */
  height?: number;
  /** The hole's share of the radius: 0 draws a pie, 0.5 a donut. */
  hole?: number;
  format?: (value: number) => string;
  testId?: string;
  onHover?: (key: string | null) => void;
}

const defaultFormat = (value: number) => value.toLocaleString('en-US');

export function PieChart(props: PieChartProps) {
  const [ref, width] = useWidth<HTMLElement>();
  const { active, pointProps } = useActivePoint(props.onHover);
  const titleId = useId();
  const format = props.format ?? defaultFormat;
  const height = props.height ?? 220;
  const outer = Math.max(10, Math.min(height, width) / 2 - 6);
  const inner = outer * (props.hole ?? 0.5);
  const cx = width / 2;
  const cy = height / 2;
  const slices = props.data.filter((d) => d.value > 0);
  const total = slices.reduce((sum, d) => sum + d.value, 0);
  const angles = pieAngles(slices.map((d) => d.value));
  const share = (d: SliceDatum) => `${Math.round((d.value / total) * 1000) / 10}%`;
  const shownIndex = slices.findIndex((d) => d.key === active);
  const shown = slices[shownIndex];
  const anchor = shown
    ? polar(cx, cy, (outer + inner) / 2, (angles[shownIndex]!.start + angles[shownIndex]!.end) / 2)
    : null;

  return (
    <figure className="chart" data-testid={props.testId} ref={ref}>
      <div className="chart-plot">
        <svg width={width} height={height} role="group" aria-labelledby={titleId}>
          <title id={titleId}>{props.title}</title>
          {slices.map((d, i) => (
            // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: graphics-symbol is ARIA's role for a chart's data point; it takes focus so keyboard users reach its value
            <g
              key={d.key}
              className="chart-slice"
              {...pointProps(d)}
              role="graphics-symbol"
              aria-label={`${d.label}, ${format(d.value)} (${share(d)})`}
            >
              <path d={arcPath(cx, cy, outer, inner, angles[i]!)} fill={d.color} />
            </g>
          ))}
        </svg>
        {shown && anchor && (
          <ChartTooltip x={anchor[0]} y={anchor[1]} width={width}>
            <strong>{shown.label}</strong>
            <br />
            {format(shown.value)} ({share(shown)})
          </ChartTooltip>
        )}
      </div>
    </figure>
  );
}
