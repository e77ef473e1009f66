// A bar chart in SVG: horizontal rows (labels on the left, bars growing right) or vertical columns over a
// value axis; per-bar colours, value labels, a tooltip on hover or keyboard focus, and callbacks for
// hover and selection. It draws in the container's real pixels, so text keeps its size on a phone.
// The SVG is a named group (its <title>) of bars, each focusable with an aria-label saying its value
// (role graphics-symbol, or button when selectable): role="img" on the whole chart would hide them.
import { useId, type KeyboardEvent } from 'react';
import { ChartTooltip } from './chart-tooltip.tsx';
import { bands, fitText, linear, textWidth, ticks } from './scale.ts';
import { useActivePoint } from './use-active-point.ts';
import { useWidth } from './use-width.ts';
import './charts.css';

export interface BarDatum {
  /** Stable id, passed to onHover and onSelect. */
  key: string;
  /** The full category name (axis, tooltip, aria-label, data-label). */
  label: string;
  value: number;
  /** Shorter text for the category axis, where the full label would not fit. */
  tick?: string;
  /** Fill colour; the page's accent colour when absent. */
  color?: string;
  stroke?: string;
  /** The text printed beside the bar with valueLabels; the formatted value when absent. */
  valueLabel?: string;
  /** With onSelect: whether this bar is the selected one (aria-pressed). */
  pressed?: boolean;
}

export interface BarChartProps {
  title: string;
  data: BarDatum[];
  orientation?: 'horizontal' | 'vertical';
  /** Shows the title above the chart (it is always the chart's accessible name). */
  caption?: boolean;
  /** Prints each bar's value (or valueLabel) at its end. */
  valueLabels?: boolean;
  /** What the values count ("Parcels"), for the tooltip and the bars' aria-labels. */
  valueName?: string;
  format?: (value: number) => string;
  /** Vertical charts: the total height in pixels. Horizontal charts grow with their rows. */
  height?: number;
  /** Horizontal charts: the most room the category labels take. */
  labelWidth?: number;
  emptyText?: string;
  testId?: string;
  onHover?: (key: string | null) => void;
  onSelect?: (key: string) => void;
}

const fontSize = 12;
const tickSize = 11;
const rowHeight = 26;
const defaultFormat = (value: number) => value.toLocaleString('en-US');

interface Placed {
  datum: BarDatum;
  bar: { x: number; y: number; width: number; height: number };
  band: { x: number; y: number; width: number; height: number };
  tick: { x: number; y: number; anchor: 'end' | 'middle'; text: string };
  value: { x: number; y: number; anchor: 'start' | 'middle'; text: string };
}

export function BarChart(props: BarChartProps) {
  const [ref, width] = useWidth<HTMLElement>();
  const { active, pointProps } = useActivePoint(props.onHover);
  const titleId = useId();
  const format = props.format ?? defaultFormat;
  const vertical = props.orientation === 'vertical';
  const layout = vertical ? layoutVertical(props, width, format) : layoutHorizontal(props, width, format);
  const shown = layout.bars.find((b) => b.datum.key === active);
  const describe = (d: BarDatum) => {
    const value = `${props.valueName ? `${props.valueName}: ` : ''}${format(d.value)}`;
    return d.valueLabel && d.valueLabel !== format(d.value) ? `${value} (${d.valueLabel})` : value;
  };
  const onKey = (d: BarDatum) => (event: KeyboardEvent) => {
    if (!props.onSelect || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    props.onSelect(d.key);
  };

  return (
    <figure className="chart" data-testid={props.testId} ref={ref}>
      {props.caption && <figcaption>{props.title}</figcaption>}
      {props.data.length === 0 ? (
        <p className="muted small">{props.emptyText ?? 'Nothing to show yet.'}</p>
      ) : (
        <div className="chart-plot">
          <svg
            width={width}
            height={layout.height}
            role="group"
            aria-labelledby={titleId}
            className={vertical ? 'chart-vertical' : 'chart-horizontal'}
          >
            <title id={titleId}>{props.title}</title>
            {layout.axis}
            {layout.bars.map(({ datum: d, bar, band, tick, value }) => (
              <g
                key={d.key}
                className="chart-bar"
                {...pointProps(d)}
                role={props.onSelect ? 'button' : 'graphics-symbol'}
                aria-pressed={props.onSelect ? Boolean(d.pressed) : undefined}
                aria-label={`${d.label}, ${describe(d)}`}
                onClick={props.onSelect ? () => props.onSelect?.(d.key) : undefined}
                onKeyDown={onKey(d)}
              >
                <rect className="chart-hit" {...band} />
                <rect className="chart-bar-fill" {...bar} fill={d.color} stroke={d.stroke} />
                <text className="chart-tick" x={tick.x} y={tick.y} textAnchor={tick.anchor}>
                  {tick.text}
                </text>
                {props.valueLabels && (
                  <text className="chart-value" x={value.x} y={value.y} textAnchor={value.anchor}>
                    {value.text}
                  </text>
                )}
              </g>
            ))}
          </svg>
          {shown && (
            <ChartTooltip x={shown.bar.x + shown.bar.width / 2} y={vertical ? shown.bar.y : shown.band.y} width={width}>
              <strong>{shown.datum.label}</strong>
              <br />
              {describe(shown.datum)}
            </ChartTooltip>
          )}
        </div>
      )}
    </figure>
  );
}

/** Rows: labels in a left column sized to the longest (at most 40% of the width), values after the bars. */
function layoutHorizontal(props: BarChartProps, width: number, format: (v: number) => string) {
  const texts = props.data.map((d) => d.valueLabel ?? format(d.value));
  const labelRoom = Math.min(
    props.labelWidth ?? 180,
    Math.max(...props.data.map((d) => textWidth(d.tick ?? d.label, fontSize))) + 10,
    Math.round(width * 0.4),
  );
  const valueRoom = props.valueLabels ? Math.max(...texts.map((t) => textWidth(t, tickSize))) + 8 : 4;
  const plot = Math.max(10, width - labelRoom - valueRoom);
  const max = Math.max(0, ...props.data.map((d) => d.value));
  const x = linear(max, plot);
  const bars: Placed[] = props.data.map((datum, i) => {
    const top = i * rowHeight;
    const length = datum.value > 0 ? Math.max(2, x(datum.value)) : 0;
    const middle = top + rowHeight / 2;
    return {
      datum,
      bar: { x: labelRoom, y: top + 4, width: length, height: rowHeight - 8 },
      band: { x: 0, y: top, width, height: rowHeight },
      tick: {
        x: labelRoom - 6,
        y: middle + 4,
        anchor: 'end',
        text: fitText(datum.tick ?? datum.label, labelRoom - 8, fontSize),
      },
      value: { x: labelRoom + length + 4, y: middle + 4, anchor: 'start', text: texts[i]! },
    };
  });
  return { bars, height: props.data.length * rowHeight, axis: null };
}

/** Columns over a value axis with round whole-number ticks; category labels under the columns. */
function layoutVertical(props: BarChartProps, width: number, format: (v: number) => string) {
  const height = props.height ?? 220;
  const max = Math.max(0, ...props.data.map((d) => d.value));
  const axisTicks = ticks(max);
  const top = axisTicks.at(-1)!;
  const left = Math.max(24, ...axisTicks.map((t) => textWidth(format(t), tickSize))) + 8;
  const margin = { top: props.valueLabels ? 18 : 8, right: 8, bottom: 22 };
  const plotHeight = Math.max(10, height - margin.top - margin.bottom);
  const plotWidth = Math.max(10, width - left - margin.right);
  const y = linear(top, plotHeight);
  const band = bands(props.data.length, plotWidth, 0.2);
  const base = margin.top + plotHeight;
  const bars: Placed[] = props.data.map((datum, i) => {
    const length = datum.value > 0 ? Math.max(1, y(datum.value)) : 0;
    const x = left + band.start(i);
    const centre = x + band.size / 2;
    return {
      datum,
      bar: { x, y: base - length, width: band.size, height: length },
      band: { x: left + i * band.step, y: margin.top, width: band.step, height: plotHeight + margin.bottom },
      tick: {
        x: centre,
        y: base + 15,
        anchor: 'middle',
        text: fitText(datum.tick ?? datum.label, band.step, tickSize),
      },
      value: { x: centre, y: base - length - 4, anchor: 'middle', text: datum.valueLabel ?? format(datum.value) },
    };
  });
  const axis = (
    <g className="chart-axis">
      {axisTicks.map((t) => (
        <g key={t}>
          <line x1={left} x2={left + plotWidth} y1={base - y(t)} y2={base - y(t)} />
          <text className="chart-tick" x={left - 6} y={base - y(t) + 4} textAnchor="end">
            {format(t)}
          </text>
        </g>
      ))}
    </g>
  );
  return { bars, height, axis };
}
