// A small horizontal bar chart in plain HTML and CSS (no chart library for a handful of bars): each
// bar's width is its share of the largest value, and the number is printed beside it.
export interface Bar {
  label: string;
  value: number;
}

export function BarChart(props: { title: string; bars: Bar[]; testId?: string }) {
  const max = Math.max(1, ...props.bars.map((b) => b.value));
  return (
    <figure className="bar-chart" data-testid={props.testId}>
      <figcaption>{props.title}</figcaption>
      {props.bars.length === 0 && <p className="muted small">Nothing to show yet.</p>}
      <ul>
        {props.bars.map((bar) => (
          <li key={bar.label} data-label={bar.label} data-value={bar.value}>
            <span className="bar-label">{bar.label}</span>
            <span className="bar-track">
              <span className="bar-fill" style={{ width: `${(bar.value / max) * 100}%` }} />
            </span>
            <span className="bar-value">{bar.value.toLocaleString('en-US')}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
