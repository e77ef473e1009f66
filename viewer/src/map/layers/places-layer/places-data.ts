// Builds the street basemap's place data for the view: outlines of the places around the centre, the
// sub-places one level down (neighbourhoods in a city, cities in a county...) and their name labels.
import type { Feature, FeatureCollection, Geometry, Point } from 'geojson';
import { getBoundary, getChildren } from '../../../api/places.ts';
import type { AtPoint, BBox, BoundaryFeature, PlaceRef } from '../../../api/types.ts';

export interface PlacesData {
  outlines: FeatureCollection;
  children: FeatureCollection;
  labels: FeatureCollection<Point>;
}

const maxChildOutlines = 40;

function bboxCenter([w, s, e, n]: BBox): [number, number] {
  return [(w + e) / 2, (s + n) / 2];
}

function label(place: PlaceRef, bbox: BBox): Feature<Point> {
  return { type: 'Feature', geometry: { type: 'Point', coordinates: bboxCenter(bbox) }, properties: { name: place.name, kind: place.kind, path: place.path } };
}

function outline(b: BoundaryFeature): Feature<Geometry> {
  return { type: 'Feature', geometry: b.geometry, properties: { kind: b.properties.kind, name: b.properties.name, path: b.properties.path } };
}

/** The parent whose sub-places are worth showing at this zoom (thresholds 6, 10, 12 as in the header). */
export function childParent(at: AtPoint, zoom: number): PlaceRef | null {
  if (zoom >= 12) return at.city ?? at.county;
  if (zoom >= 8) return at.county ?? at.state;
  if (zoom >= 5) return at.state;
  return at.country;
}

export async function loadPlacesData(at: AtPoint, zoom: number): Promise<PlacesData> {
  const hierarchy = [at.state, at.county, at.city].filter((p): p is PlaceRef => Boolean(p));
  const parent = childParent(at, zoom);
  const [own, kids] = await Promise.all([
    Promise.all(hierarchy.map((p) => getBoundary(p.path))),
    parent ? getChildren(parent.path) : Promise.resolve([]),
  ]);
  const childOutlines = await Promise.all(kids.slice(0, maxChildOutlines).map((c) => getBoundary(c.path)));
  const ownFeatures = own.filter((b): b is BoundaryFeature => b !== null);
  const labels: Feature<Point>[] = kids.map((c) => label(c, c.bbox));
  // Name the parent itself too when it has no sub-places loaded (a city without neighbourhoods).
  if (labels.length === 0) for (const b of ownFeatures) labels.push(label(b.properties, b.properties.bbox));
  return {
    outlines: { type: 'FeatureCollection', features: ownFeatures.map(outline) },
    children: { type: 'FeatureCollection', features: childOutlines.filter((b): b is BoundaryFeature => b !== null).map(outline) },
    labels: { type: 'FeatureCollection', features: labels },
  };
}
