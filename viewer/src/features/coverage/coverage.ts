// Coverage page logic: the {headers, rows} answer of /coverage.json as records (columns found by header
// name, so the server may add some), and the colour bands of spec 9 (over 80 strong, over 50, over 20).

export interface CoverageEntry {
  path: string;
  kind: 'state' | 'county';
  name: string;
  headline: string;
  parcels: number;
  percent: number;
}

export interface CoverageTable {
  headers: string[];
  rows: unknown[][];
}

export type Band = 'over80' | 'over50' | 'over20' | 'low';

export const bands: { id: Band; label: string; color: string }[] = [
  // A heat ramp (ColorBrewer OrRd): the lowest band stays visibly tinted against the plain land.
  { id: 'over80', label: 'Over 80%', color: '#b30000' },
  { id: 'over50', label: 'Over 50%', color: '#e34a33' },
  { id: 'over20', label: 'Over 20%', color: '#fdbb84' },
  { id: 'low', label: '20% or less', color: '#fee8c8' },
];

export function bandOf(percent: number): Band {
  if (percent > 80) return 'over80';
  if (percent > 50) return 'over50';
  if (percent > 20) return 'over20';
  return 'low';
}

export function bandColor(percent: number): string {
  const band = bandOf(percent);
  return bands.find((b) => b.id === band)!.color;
}

export function parseCoverage(table: CoverageTable): CoverageEntry[] {
  const col = (name: string) => {
    const i = table.headers.indexOf(name);
    if (i < 0) throw new Error(`coverage answer has no ${name} column`);
    return i;
  };
  const [path, kind, name, headline, parcels, percent] = [
    'path',
    'kind',
    'name',
    'headline',
    'parcels',
    'coverage_percent',
  ].map(col) as [number, number, number, number, number, number];
  return table.rows.map((row) => ({
    path: String(row[path]),
    kind: row[kind] === 'state' ? 'state' : 'county',
    name: String(row[name]),
    headline: String(row[headline]),
    parcels: Number(row[parcels]),
    percent: Number(row[percent]),
  }));
}

/** Percent for the table: two decimals below 1 so a small county does not read as 0. */
export function formatPercent(percent: number): string {
  if (percent > 0 && percent < 1) return `${percent.toFixed(2)}%`;
  return `${percent.toFixed(1)}%`;
}
