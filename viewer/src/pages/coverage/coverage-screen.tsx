// The coverage page (/coverage, spec 2): a choropleth of the counties that have parcels (or of their
// states), coloured by the share of their area the parcels cover, with the legend of the bands and the
// table of states and counties from GET /coverage.json beside it.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { getJson } from '../../api/client.ts';
import {
  bandColor,
  bands,
  formatPercent,
  parseCoverage,
  type CoverageEntry,
  type CoverageTable,
} from '../../features/coverage/coverage.ts';
import {
  createCoverageMap,
  loadCoverageShapes,
  showHeatLevel,
  type CoverageShapes,
  type HeatLevel,
} from '../../features/coverage/coverage-map.ts';

function Legend() {
  return (
    <ul className="legend-list coverage-legend" data-testid="coverage-legend">
      {bands.map((b) => (
        <li key={b.id}>
          <span className="swatch" style={{ background: b.color }} />
          {b.label}
        </li>
      ))}
    </ul>
  );
}

function Table({ entries }: { entries: CoverageEntry[] }) {
  return (
    <table className="coverage-table" data-testid="coverage-table">
      <thead>
        <tr>
          <th>Place</th>
          <th className="num">Parcels</th>
          <th className="num">Coverage</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.path} className={`coverage-${e.kind}`} data-path={e.path}>
            <td>
              <span className="swatch" style={{ background: bandColor(e.percent) }} />
              <a href={e.path}>{e.kind === 'state' ? e.name : e.headline}</a>
            </td>
            <td className="num">{e.parcels.toLocaleString('en-US')}</td>
            <td className="num">{formatPercent(e.percent)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function CoverageScreen() {
  const [entries, setEntries] = useState<CoverageEntry[] | null>(null);
  const [shapes, setShapes] = useState<CoverageShapes | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [level, setLevel] = useState<HeatLevel>('county');
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    getJson<CoverageTable>('/coverage.json')
      .then(async (table) => {
        const parsed = parseCoverage(table);
        setEntries(parsed);
        setShapes(await loadCoverageShapes(parsed));
      })
      .catch((e: unknown) => setError((e as Error).message));
  }, []);

  useEffect(() => {
    if (!shapes || !container.current) return;
    const created = createCoverageMap(container.current, shapes);
    window.__map = created;
    created.once('load', () => setMap(created));
    return () => created.remove();
  }, [shapes]);

  useEffect(() => {
    if (map) showHeatLevel(map, level);
  }, [map, level]);

  return (
    <div className="coverage-page" data-testid="coverage-page">
      <header className="coverage-header">
        <h1>Parcel Coverage</h1>
        <a href="/">Back to the map</a>
      </header>
      <div className="coverage-body">
        <div className="coverage-map" ref={container} data-testid="coverage-map" />
        <aside className="coverage-side">
          <p className="muted small">
            Share of each county's or state's area covered by parcels (sum of parcel acres, capped at 100%).
          </p>
          <div className="coverage-levels" role="radiogroup" aria-label="Heat by">
            {(['county', 'state'] as const).map((l) => (
              <label key={l} className="radio" data-testid={`coverage-level-${l}`}>
                <input type="radio" name="coverage-level" checked={level === l} onChange={() => setLevel(l)} />
                <span>{l === 'county' ? 'Counties' : 'States'}</span>
              </label>
            ))}
          </div>
          <Legend />
          {error && (
            <p className="error" role="alert">
              Could not load coverage: {error}
            </p>
          )}
          {!entries && !error && <p className="muted">Loading coverage...</p>}
          {entries && entries.length === 0 && <p className="muted">No parcels are loaded yet.</p>}
          {entries && entries.length > 0 && <Table entries={entries} />}
        </aside>
      </div>
    </div>
  );
}
