// /admin/map: what is loaded, on a map and in two tables: each parcel source's extent and count, and
// every map layer's (admin-only ones included, marked), from GET /admin/map.json.
import { useEffect, useRef } from 'react';
import type { AdminMapAnswer } from '@parcel-map/contracts/people/admin-content';
import { useRemote } from '../../api/use-remote.ts';
import { scrollRegion } from '../../ui/scroll-region.ts';
import { AdminLayout } from './admin-layout.tsx';
import { boxFeature, createExtentMap, unionBbox, type Bbox } from './extent-map.ts';

const count = (n: number) => n.toLocaleString('en-US');
const extentText = (b: Bbox | null) => (b ? b.map((d) => d.toFixed(3)).join(', ') : 'none');

export function AdminMapPage() {
  const [state] = useRemote<AdminMapAnswer>('/admin/map.json', {}, { keepValue: true });
  const container = useRef<HTMLDivElement>(null);
  const data = state.status === 'done' ? state.value : null;

  useEffect(() => {
    if (!data || !container.current) return;
    const features = [
      ...data.sources.flatMap((s) => (s.bbox ? [boxFeature(s.bbox, { name: s.source, color: '#1f6fb2' })] : [])),
      ...data.layers.flatMap((l) => (l.bbox ? [boxFeature(l.bbox, { name: l.table, color: '#2e8540' })] : [])),
    ];
    const map = createExtentMap(
      container.current,
      { type: 'FeatureCollection', features },
      unionBbox(data.sources.map((s) => s.bbox)),
    );
    window.__map = map;
    return () => map.remove();
  }, [data]);

  return (
    <AdminLayout title="Loaded Data" path="/admin/map" state={state}>
      <p className="muted">Extents of the parcel sources (blue) and of the map layers (green).</p>
      <div ref={container} className="admin-extent-map" data-testid="admin-extent-map" />
      <h2>Parcel sources</h2>
      <div className="table-scroll" {...scrollRegion('Parcel sources')}>
        <table className="admin-table" data-testid="admin-map-sources">
          <thead>
            <tr>
              <th>Source</th>
              <th>Parcels</th>
              <th>Extent (W, S, E, N)</th>
            </tr>
          </thead>
          <tbody>
            {data?.sources.map((s) => (
              <tr key={s.source}>
                <td>{s.source}</td>
                <td>{count(s.parcels)}</td>
                <td>{extentText(s.bbox)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>Layers</h2>
      <div className="table-scroll" {...scrollRegion('Layers')}>
        <table className="admin-table" data-testid="admin-map-layers">
          <thead>
            <tr>
              <th>Layer</th>
              <th>Rows</th>
              <th>Sources</th>
              <th>Shown to</th>
              <th>Extent (W, S, E, N)</th>
            </tr>
          </thead>
          <tbody>
            {data?.layers.map((l) => (
              <tr key={l.table} data-table={l.table}>
                <td>{l.label}</td>
                <td>
                  {count(l.rows)}
                  {l.synthetic_rows > 0 && ` (${count(l.synthetic_rows)} synthetic)`}
                </td>
                <td>{l.sources}</td>
                <td>{l.admin_only ? 'Admins only' : 'Users'}</td>
                <td>{extentText(l.bbox)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>Catalogue</h2>
      <ul data-testid="admin-map-catalogue">
        {data?.catalogue.map((l) => (
          <li key={l.id}>
            {l.name}: {l.access === 'admin' ? 'admins only' : l.access === 'paid' ? 'paid plans' : 'everyone'}
          </li>
        ))}
      </ul>
    </AdminLayout>
  );
}
