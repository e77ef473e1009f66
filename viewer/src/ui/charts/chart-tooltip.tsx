// The tooltip of a chart's hovered or focused mark: plain HTML over the SVG (so it wraps and reads like
// the page's text), placed above a point given in the chart's pixels and kept inside the chart's width.
import type { ReactNode } from 'react';

export function ChartTooltip(props: { x: number; y: number; width: number; children: ReactNode }) {
  // The tooltip is centred on x; keep its middle far enough from the edges that it stays on screen.
  const margin = Math.min(80, props.width / 2);
  const left = Math.min(Math.max(props.x, margin), props.width - margin);
  return (
    <div className="chart-tooltip" role="tooltip" data-testid="chart-tooltip" style={{ left, top: props.y }}>
      {props.children}
    </div>
  );
}
