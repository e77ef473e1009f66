// The boundary of a new neighborhood from what an admin gives: an uploaded GeoJSON file (a geometry,
// a Feature or a FeatureCollection, whose first polygon is taken) or points clicked on the map.
export type BoundaryGeometry =
  | { type: 'Polygon'; coordinates: number[][][] }
  | { type: 'MultiPolygon'; coordinates: number[][][][] };

interface GeoJsonLike {
  type?: string;
  coordinates?: unknown;
  geometry?: GeoJsonLike | null;
  features?: GeoJsonLike[];
}

/** The first Polygon or MultiPolygon of a GeoJSON text; an error names what was found instead. */
export function boundaryFromGeoJson(text: string): BoundaryGeometry {
  let doc: GeoJsonLike;
  try {
    doc = JSON.parse(text) as GeoJsonLike;
  } catch {
    throw new Error('The file is not JSON: upload a GeoJSON file');
  }
  const candidates: GeoJsonLike[] =
    doc.type === 'FeatureCollection'
      ? (doc.features ?? []).map((f) => f.geometry ?? {})
      : doc.type === 'Feature'
        ? [doc.geometry ?? {}]
        : [doc];
  const found = candidates.find((g) => g.type === 'Polygon' || g.type === 'MultiPolygon');
  if (!found) {
    const types = [...new Set(candidates.map((g) => g.type ?? 'no geometry'))].join(', ');
    throw new Error(`The file holds no polygon (${types || 'nothing'}): a neighborhood needs a polygon`);
  }
  return found as BoundaryGeometry;
}

/** A closed polygon from clicked points (three at least). */
export function boundaryFromPoints(points: [number, number][]): BoundaryGeometry | null {
  if (points.length < 3) return null;
  return { type: 'Polygon', coordinates: [[...points, points[0]!]] };
}
