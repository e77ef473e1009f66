// A line chart in SVG over timed samples, scaled to its own maximum, with the latest value in its caption:
// a live trend at a glance rather than an axis to read. The drawing stretches to its container's width.
import './charts.css';

/** An SVG line over the samples kept so far, scaled to its own maximum. */
export function LineChart(props: { title: string; points: { at: number; value: number }[]; testId?: string }) {
  const width = 320;
  const height = 90;
  const max = Math.max(1e-9, ...props.points.map((p) => p.value));
  const first = props.points[0]?.at ?? 0;
  const span = Math.max(1, (props.points.at(-1)?.at ?? 0) - first);
  const path = props.points
    .map(
      (p, i) =>
        `${i ? 'L' : 'M'}${(((p.at - first) / span) * width).toFixed(1)},${(height - (p.value / max) * (height - 4)).toFixed(1)}`,
    )
    .join(' ');
  const last = props.points.at(-1)?.value;
  return (
    <figure className="line-chart" data-testid={props.testId} data-points={props.points.length}>
      <figcaption>
        {props.title}: <strong>{last === undefined ? '–' : last.toFixed(1)}</strong>{' '}
        <span className="muted small">(max {max.toFixed(1)})</span>
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" role="img" aria-label={props.title}>
        {props.points.length > 1 ? (
          <path d={path} fill="none" stroke="currentColor" strokeWidth="2" vectorEffect="non-scaling-stroke" />
        ) : (
          <text x="8" y={height / 2} className="muted">
            Collecting…
          </text>
        )}
      </svg>
    </figure>
  );
}
