// /admin/metrics: the server's main figures from /admin/metrics.json, refreshed every 5 seconds:
// memory and request rate over the last minutes as line charts (kept in the page while it is open),
// and per route family the requests, errors and 95th-percentile latency as bar charts. The full set
// is at /metrics for Prometheus.
import { useEffect, useRef, useState } from 'react';
import './admin-metrics.css';
import { AdminLayout } from './admin-layout.tsx';
import { BarChart } from './bar-chart.tsx';
import { useRemote } from '../../api/use-remote.ts';

export interface MetricsSummary {
  uptime_s: number;
  memory: { rss_bytes: number; heap_used_bytes: number };
  families: {
    family: string;
    requests: number;
    client_errors: number;
    server_errors: number;
    p50_ms: number | null;
    p95_ms: number | null;
  }[];
  tile_cache: { hits: number; misses: number; bytes: number; entries: number };
  pools: Record<string, Record<string, number>>;
  jobs: Record<string, number>;
}

interface Sample {
  at: number;
  rssMb: number;
  requests: number;
}

const refreshMs = 5000;
const keptSamples = 120;

export function AdminMetricsPage() {
  const [state, reload] = useRemote<MetricsSummary>('/admin/metrics.json', {}, { keepValue: true });
  const [samples, setSamples] = useState<Sample[]>([]);
  const lastData = useRef<MetricsSummary | null>(null);

  useEffect(() => {
    const timer = setInterval(reload, refreshMs);
    return () => clearInterval(timer);
  }, [reload]);

  useEffect(() => {
    if (state.status !== 'done' || state.value === lastData.current) return;
    lastData.current = state.value;
    const requests = state.value.families.reduce((n, f) => n + f.requests, 0);
    setSamples((old) =>
      [...old, { at: Date.now(), rssMb: state.value.memory.rss_bytes / 1e6, requests }].slice(-keptSamples),
    );
  }, [state]);

  const data = state.status === 'done' ? state.value : undefined;
  // Requests per second between consecutive samples.
  const rates = samples.slice(1).map((s, i) => ({
    at: s.at,
    value: Math.max(0, (s.requests - samples[i]!.requests) / ((s.at - samples[i]!.at) / 1000)),
  }));
  const cache = data?.tile_cache;
  const hitRate =
    cache && cache.hits + cache.misses > 0 ? Math.round((cache.hits / (cache.hits + cache.misses)) * 100) : null;

  return (
    <AdminLayout title="Metrics" path="/admin/metrics" state={state}>
      {data && (
        <div className="metrics-page" data-testid="admin-metrics">
          <p className="muted small">
            Up {formatDuration(data.uptime_s)} · refreshed every {refreshMs / 1000} s · Prometheus scrapes{' '}
            <code>/metrics</code> with the admin token
          </p>
          <div className="metrics-tiles">
            <Figure label="Memory (RSS)" value={`${Math.round(data.memory.rss_bytes / 1e6)} MB`} testId="metric-rss" />
            <Figure
              label="Tile cache"
              value={`${Math.round(cache!.bytes / 1e6)} MB · ${cache!.entries.toLocaleString('en-US')} tiles`}
            />
            <Figure
              label="Tile cache hit rate"
              value={hitRate === null ? '–' : `${hitRate}%`}
              testId="metric-hit-rate"
            />
            <Figure
              label="App pool"
              value={`${data.pools.app?.running ?? 0} of ${data.pools.app?.size ?? 0} busy · ${data.pools.app?.waiting ?? 0} waiting`}
            />
            <Figure
              label="Tile pool"
              value={`${data.pools.tiles?.running ?? 0} of ${data.pools.tiles?.size ?? 0} busy · ${data.pools.tiles?.waiting ?? 0} waiting`}
            />
            <Figure
              label="Jobs"
              value={
                Object.keys(data.jobs).length
                  ? Object.entries(data.jobs)
                      .map(([k, v]) => `${v} ${k}`)
                      .join(' · ')
                  : 'none'
              }
            />
          </div>
          <div className="metrics-lines">
            <LineChart
              title="Memory (RSS, MB)"
              points={samples.map((s) => ({ at: s.at, value: s.rssMb }))}
              testId="chart-rss"
            />
            <LineChart title="Requests per second" points={rates} testId="chart-rate" />
          </div>
          <BarChart
            title="Requests by route family"
            bars={data.families.map((f) => ({ label: f.family, value: f.requests }))}
            testId="chart-requests"
          />
          <BarChart
            title="Server errors (5xx) by route family"
            bars={data.families.map((f) => ({ label: f.family, value: f.server_errors }))}
            testId="chart-errors"
          />
          <BarChart
            title="95th percentile latency (ms) by route family"
            bars={data.families.map((f) => ({ label: f.family, value: f.p95_ms ?? 0 }))}
            testId="chart-latency"
          />
        </div>
      )}
    </AdminLayout>
  );
}

function Figure(props: { label: string; value: string; testId?: string }) {
  return (
    <div className="metrics-figure" data-testid={props.testId}>
      <span className="muted small">{props.label}</span>
      <strong>{props.value}</strong>
    </div>
  );
}

/** An SVG line over the samples kept so far, scaled to its own maximum. */
function LineChart(props: { title: string; points: { at: number; value: number }[]; testId?: string }) {
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

function formatDuration(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}
