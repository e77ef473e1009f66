// Turns geodesic side lengths into the dimension labels' numbers: [feet, meters, [lon, lat], bearing] with
// feet rounded to whole feet and meters to 0.1 m (the spec's rounding), midpoints to 7 decimals (~1 cm)
// and the bearing to a tenth of a degree.
import type { EdgeLength } from '@parcel-map/contracts/map/parcels';
import type { EdgeRow } from './dimension-queries.ts';

const metersPerFoot = 0.3048;

export function toEdgeLength(edge: Pick<EdgeRow, 'meters' | 'mid_lon' | 'mid_lat' | 'bearing'>): EdgeLength {
  return [
    Math.round(edge.meters / metersPerFoot),
    Math.round(edge.meters * 10) / 10,
    [Math.round(edge.mid_lon * 1e7) / 1e7, Math.round(edge.mid_lat * 1e7) / 1e7],
    Math.round(edge.bearing * 10) / 10,
  ];
}
