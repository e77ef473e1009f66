// /admin/neighborhoods/new: a neighborhood place made by an admin: its name, its parent city, and a
// boundary uploaded as GeoJSON or drawn by clicking its corners on the map. The server checks it is
// a valid polygon inside the city and not too large, then it is a place like the loaded ones.
import { useEffect, useRef, useState } from 'react';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type { AdminMapAnswer } from '@parcel-map/contracts/people/admin-content';
import { ApiError, sendJson } from '../../api/client.ts';
import { getBoundary } from '../../api/places.ts';
import { useRemote } from '../../api/use-remote.ts';
import { AdminLayout } from './admin-layout.tsx';
import { boundaryFromGeoJson, boundaryFromPoints, type BoundaryGeometry } from './boundary-input.ts';
import { boxFeature, createExtentMap } from './extent-map.ts';

export function AdminNeighborhoodNewPage() {
  const [state] = useRemote<AdminMapAnswer>('/admin/map.json', {}, { keepValue: true });
  const cities = state.status === 'done' ? state.value.cities : [];
  const [name, setName] = useState('');
  const [parent, setParent] = useState('');
  const [points, setPoints] = useState<[number, number][]>([]);
  const [uploaded, setUploaded] = useState<BoundaryGeometry | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean; path?: string } | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const city = cities.find((c) => c.path === parent) ?? cities[0];
  const boundary = uploaded ?? boundaryFromPoints(points);

  useEffect(() => {
    if (!city || !container.current) return;
    const created = createExtentMap(
      container.current,
      { type: 'FeatureCollection', features: city.bbox ? [boxFeature(city.bbox, { color: '#1f6fb2' })] : [] },
      city.bbox,
    );
    window.__map = created;
    let alive = true;
    created.getCanvas().style.cursor = 'crosshair';
    created.on('click', (e) => {
      setUploaded(null);
      setPoints((p) => [...p, [Math.round(e.lngLat.lng * 1e6) / 1e6, Math.round(e.lngLat.lat * 1e6) / 1e6]]);
    });
    created.once('load', () => {
      setMap(created);
      // The city's own outline replaces its box once it arrives: the boundary must lie inside it.
      void getBoundary(city.path).then((outline) => {
        if (!outline || !alive) return;
        const source = created.getSource('extents') as GeoJSONSource | undefined;
        source?.setData({
          type: 'FeatureCollection',
          features: [{ type: 'Feature', geometry: outline.geometry, properties: { color: '#1f6fb2' } }],
        });
      });
    });
    return () => {
      alive = false;
      created.remove();
    };
  }, [city]);

  useEffect(() => {
    const source = map?.getSource('draft') as GeoJSONSource | undefined;
    const pointFeatures = points.map((p) => ({
      type: 'Feature' as const,
      properties: {},
      geometry: { type: 'Point' as const, coordinates: p },
    }));
    const shape = boundary ? [{ type: 'Feature' as const, properties: {}, geometry: boundary }] : [];
    source?.setData({ type: 'FeatureCollection', features: [...shape, ...(uploaded ? [] : pointFeatures)] });
  }, [map, points, uploaded, boundary]);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    try {
      setUploaded(boundaryFromGeoJson(await file.text()));
      setPoints([]);
      setMessage(null);
    } catch (e) {
      setMessage({ text: (e as Error).message, error: true });
    }
  };

  const save = async () => {
    if (!city || !boundary) return;
    try {
      const made = await sendJson<{ path: string; area_sq_km: number }>('POST', '/admin/neighborhoods.json', {
        name,
        parent: city.path,
        geometry: boundary,
      });
      setMessage({ text: `${name} made (${made.area_sq_km} km²): `, error: false, path: made.path });
    } catch (e) {
      setMessage({ text: e instanceof ApiError ? e.message : (e as Error).message, error: true });
    }
  };

  return (
    <AdminLayout title="New Neighborhood" path="/admin/neighborhoods/new" state={state}>
      <form
        className="account-form admin-stack-form"
        data-testid="neighborhood-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label>
          Name
          <input
            data-testid="neighborhood-name"
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <label>
          City
          <select
            data-testid="neighborhood-parent"
            value={city?.path ?? ''}
            onChange={(e) => setParent(e.target.value)}
          >
            {cities.map((c) => (
              <option key={c.path} value={c.path}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Boundary file (GeoJSON)
          <input
            type="file"
            accept=".geojson,.json,application/geo+json,application/json"
            data-testid="neighborhood-file"
            onChange={(e) => void upload(e.target.files?.[0])}
          />
        </label>
        <p className="muted">Or click the boundary's corners on the map (three at least).</p>
        <div ref={container} className="admin-extent-map" data-testid="neighborhood-map" />
        <div className="admin-draw-actions">
          <span data-testid="neighborhood-points">
            {uploaded ? 'Boundary from the file' : `${points.length} corner${points.length === 1 ? '' : 's'}`}
          </span>
          <button
            type="button"
            onClick={() => {
              setPoints([]);
              setUploaded(null);
            }}
          >
            Clear the boundary
          </button>
        </div>
        {message && (
          <p role="status" className={message.error ? 'error' : 'follow-message'} data-testid="neighborhood-message">
            {message.text}
            {message.path && <a href={message.path}>{message.path}</a>}
          </p>
        )}
        <button
          type="submit"
          className="primary"
          data-testid="neighborhood-save"
          disabled={!boundary || name.trim().length < 2 || !city}
        >
          Create neighborhood
        </button>
      </form>
    </AdminLayout>
  );
}
