// The part of parse-prometheus-text-format (no bundled types) that the metrics tests read: one entry per
// metric family, samples as strings, in the shape prom2json writes.
declare module 'parse-prometheus-text-format' {
  export interface MetricFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: {
      value?: string;
      labels?: Record<string, string>;
      buckets?: Record<string, string>;
      count?: string;
      sum?: string;
    }[];
  }
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
