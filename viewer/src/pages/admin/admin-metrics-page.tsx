// /admin/metrics: the server's main figures from /admin/metrics.json, refreshed every 5 seconds:
// memory and request rate over the last minutes as line charts (kept in the page while it is open),
// and per route family the requests, errors and 95th-percentile latency as bar charts. The full set
// is at /metrics for Prometheus.
import { useEffect, useRef, useState } from 'react';
import './admin-metrics.css';
import { AdminLayout } from './admin-layout.tsx';
import { barData } from './admin-format.ts';
import { BarChart } from '../../ui/charts/bar-chart.tsx';
import { LineChart } from '../../ui/charts/line-chart.tsx';
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
            caption
            valueLabels
            data={barData(data.families.map((f) => ({ label: f.family, value: f.requests })))}
            testId="chart-requests"
          />
          <BarChart
            title="Server errors (5xx) by route family"
            caption
            valueLabels
            data={barData(data.families.map((f) => ({ label: f.family, value: f.server_errors })))}
            testId="chart-errors"
          />
          <BarChart
            title="95th percentile latency (ms) by route family"
            caption
            valueLabels
            data={barData(data.families.map((f) => ({ label: f.family, value: f.p95_ms ?? 0 })))}
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

function formatDuration(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}
