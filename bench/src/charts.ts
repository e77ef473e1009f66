// SVG bar charts drawn from the result JSON (no chart library: a grouped bar chart is a few rects):
// tiles/s per list and mode against the limits, and gzip tile size per zoom against the 500 KB limit.

export interface Series {
  name: string;
  color: string;
  values: (number | null)[];
}

export interface BarChart {
  title: string;
  subtitle?: string;
  groups: string[];
  series: Series[];
  yLabel: string;
  log?: boolean;
  refLine?: { value: number; label: string };
  format?: (v: number) => string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function niceTicks(max: number, log: boolean, min: number): number[] {
  if (log) {
    const ticks: number[] = [];
    // Up to the first power of ten at or above the largest value, so no bar leaves the plot.
    for (let p = Math.floor(Math.log10(min)); ticks.length === 0 || ticks[ticks.length - 1]! < max; p++)
      ticks.push(10 ** p);
    return ticks;
  }
  const step = 10 ** Math.floor(Math.log10(max / 4 || 1));
  const mult = [1, 2, 5, 10].find((m) => max / (step * m) <= 6) ?? 10;
  const ticks: number[] = [];
  for (let v = 0; v <= max * 1.0001 + step * mult; v += step * mult) ticks.push(v);
  return ticks;
}

export function groupedBarChart(chart: BarChart): string {
  const format = chart.format ?? ((v: number) => (v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toPrecision(2)));
  const values = chart.series
    .flatMap((s) => s.values)
    .filter((v): v is number => v !== null && Number.isFinite(v) && v > 0);
  const maxValue = Math.max(chart.refLine?.value ?? 0, ...values, 1);
  const minValue = chart.log ? Math.max(0.1, 10 ** Math.floor(Math.log10(Math.min(...values, maxValue)))) : 0;
  const ticks = niceTicks(maxValue, chart.log ?? false, minValue);
  const top = ticks[ticks.length - 1]!;
  const barW = 12;
  const groupW = chart.series.length * barW + 18;
  const left = 70;
  const plotH = 260;
  const width = Math.max(640, left + chart.groups.length * groupW + 20, left + chart.title.length * 8);
  const plotTop = 60;
  const legendY = plotTop + plotH + 110;
  const legendColumns = Math.max(1, Math.floor((width - left) / 220));
  const height = legendY + Math.ceil(chart.series.length / legendColumns) * 18 + 10;
  const y = (v: number) => {
    if (chart.log) {
      const lo = Math.log10(minValue);
      const t = (Math.log10(Math.max(v, minValue)) - lo) / (Math.log10(top) - lo);
      return plotTop + plotH * (1 - t);
    }
    return plotTop + plotH * (1 - v / top);
  };
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Arial, sans-serif" font-size="11">`,
  );
  out.push(`<rect width="100%" height="100%" fill="#ffffff"/>`);
  out.push(`<text x="${left}" y="20" font-size="14" font-weight="bold">${esc(chart.title)}</text>`);
  if (chart.subtitle) out.push(`<text x="${left}" y="38" fill="#555">${esc(chart.subtitle)}</text>`);
  for (const t of ticks) {
    out.push(
      `<line x1="${left}" x2="${width - 10}" y1="${y(t).toFixed(1)}" y2="${y(t).toFixed(1)}" stroke="#e3e3e3"/>`,
    );
    out.push(
      `<text x="${left - 6}" y="${(y(t) + 4).toFixed(1)}" text-anchor="end" fill="#444">${esc(format(t))}</text>`,
    );
  }
  out.push(
    `<text transform="translate(16 ${plotTop + plotH / 2}) rotate(-90)" text-anchor="middle" fill="#444">${esc(chart.yLabel)}${chart.log ? ' (log scale)' : ''}</text>`,
  );
  chart.groups.forEach((group, gi) => {
    const x0 = left + 10 + gi * groupW;
    chart.series.forEach((s, si) => {
      const v = s.values[gi];
      if (v === null || v === undefined || !Number.isFinite(v) || v <= 0) return;
      const yTop = y(v);
      out.push(
        `<rect x="${x0 + si * barW}" y="${yTop.toFixed(1)}" width="${barW - 2}" height="${(plotTop + plotH - yTop).toFixed(1)}" fill="${s.color}"><title>${esc(`${group} / ${s.name}: ${format(v)}`)}</title></rect>`,
      );
    });
    const cx = x0 + (chart.series.length * barW) / 2;
    out.push(`<text transform="translate(${cx} ${plotTop + plotH + 12}) rotate(35)" fill="#222">${esc(group)}</text>`);
  });
  out.push(`<line x1="${left}" x2="${width - 10}" y1="${plotTop + plotH}" y2="${plotTop + plotH}" stroke="#888"/>`);
  if (chart.refLine) {
    const ry = y(chart.refLine.value).toFixed(1);
    out.push(`<line x1="${left}" x2="${width - 10}" y1="${ry}" y2="${ry}" stroke="#c00" stroke-dasharray="6 4"/>`);
    out.push(
      `<text x="${width - 12}" y="${Number(ry) - 4}" text-anchor="end" fill="#c00">${esc(chart.refLine.label)}</text>`,
    );
  }
  chart.series.forEach((s, si) => {
    const lx = left + (si % legendColumns) * 220;
    const ly = legendY + Math.floor(si / legendColumns) * 18;
    out.push(
      `<rect x="${lx}" y="${ly - 9}" width="10" height="10" fill="${s.color}"/><text x="${lx + 14}" y="${ly}">${esc(s.name)}</text>`,
    );
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

export const targetColors: Record<string, string> = {
  'db-limit': '#7f7f7f',
  canonical: '#9467bd',
  cold: '#1f77b4',
  warm: '#2ca02c',
  'http-limit': '#bcbd22',
  mapserver: '#d62728',
};

export const targetLabels: Record<string, string> = {
  'db-limit': 'database limit',
  canonical: 'canonical query (generic PostGIS server)',
  cold: 'ours, cold (cache off)',
  warm: 'ours, warm (cache filled)',
  'http-limit': 'HTTP limit (node:http)',
  mapserver: 'MapServer (FastCGI + nginx)',
};
