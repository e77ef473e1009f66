// Builds the street basemap's place data for the view: outlines of the places around the centre, the
// sub-boundaries (one level down for the zoom, or the level chosen in the Layers panel) and name labels.
import type { Feature, FeatureCollection, Geometry, Point } from 'geojson';
import { getBoundary, getChildren } from '../../../api/places.ts';
import type { AtPoint, BBox, BoundaryFeature, PlaceChild, PlaceRef } from '@parcel-map/contracts/map/places';
import type { SubBoundaryLevel } from '../../../state/layers.ts';

export interface PlacesData {
  outlines: FeatureCollection;
  children: FeatureCollection;
  labels: FeatureCollection<Point>;
}

function bboxCenter([w, s, e, n]: BBox): [number, number] {
  return [(w + e) / 2, (s + n) / 2];
}

function label(place: PlaceRef, bbox: BBox): Feature<Point> {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: bboxCenter(bbox) },
    properties: { name: place.name, kind: place.kind, path: place.path },
  };
}

function outline(b: BoundaryFeature): Feature<Geometry> {
  return {
    type: 'Feature',
    geometry: b.geometry,
    properties: { kind: b.properties.kind, name: b.properties.name, path: b.properties.path },
  };
}

/** The bbox goes along as four numbers: a clicked feature's geometry is clipped to its tile, and
 * maplibre hands array properties back as JSON text. */
function childOutline(c: PlaceChild & { geometry: Geometry }): Feature<Geometry> {
  const [w, s, e, n] = c.bbox;
  return {
    type: 'Feature',
    geometry: c.geometry,
    properties: { kind: c.kind, name: c.name, path: c.path, w, s, e, n },
  };
}

/** The parent whose sub-places are worth showing at this zoom (thresholds 6, 10, 12 as in the header). */
export function childParent(at: AtPoint, zoom: number): PlaceRef | null {
  if (zoom >= 12) return at.city ?? at.county;
  if (zoom >= 8) return at.county ?? at.state;
  if (zoom >= 5) return at.state;
  return at.country;
}

const parentKind = { state: 'country', county: 'state', city: 'county', neighborhood: 'city' } as const;

/** The place whose children are outlined: the chosen level's parent in the viewed hierarchy, or the
 * zoom's choice when the view has moved where that parent does not exist (no city outside cities). */
export function subBoundaryParent(at: AtPoint, zoom: number, level: SubBoundaryLevel): PlaceRef | null {
  const chosen = level === 'auto' ? null : at[parentKind[level]];
  return chosen ?? childParent(at, zoom);
}

export interface SubBoundaryOption {
  id: SubBoundaryLevel;
  label: string;
}

/** The levels the selector offers at this place: a level needs its parent in the viewed hierarchy.
 * Canada has provinces and census divisions only, named as such. */
export function subBoundaryOptions(at: AtPoint | null, country: string | null): SubBoundaryOption[] {
  const ca = country === 'ca';
  const all: { id: Exclude<SubBoundaryLevel, 'auto'>; label: string }[] = [
    { id: 'state', label: ca ? 'Provinces' : 'States' },
    { id: 'county', label: ca ? 'Census divisions' : 'Counties' },
    { id: 'city', label: 'Cities' },
    { id: 'neighborhood', label: 'Neighborhoods' },
  ];
  // Outside the US our data stops at the second level (the panel says so).
  const levels = country && country !== 'us' ? all.filter((o) => o.id === 'state' || o.id === 'county') : all;
  return [{ id: 'auto', label: 'Follow zoom' }, ...levels.filter((o) => at?.[parentKind[o.id]])];
}

export async function loadPlacesData(at: AtPoint, zoom: number, level: SubBoundaryLevel = 'auto'): Promise<PlacesData> {
  const hierarchy = [at.state, at.county, at.city].filter((p): p is PlaceRef => Boolean(p));
  const parent = subBoundaryParent(at, zoom, level);
  const [own, kids] = await Promise.all([
    Promise.all(hierarchy.map((p) => getBoundary(p.path))),
    parent ? getChildren(parent.path) : Promise.resolve([]),
  ]);
  const ownFeatures = own.filter((b): b is BoundaryFeature => b !== null);
  const labels: Feature<Point>[] = kids.map((c) => label(c, c.bbox));
  // Name the parent itself too when it has no sub-places loaded (a city without neighbourhoods).
  if (labels.length === 0) for (const b of ownFeatures) labels.push(label(b.properties, b.properties.bbox));
  return {
    outlines: { type: 'FeatureCollection', features: ownFeatures.map(outline) },
    children: {
      type: 'FeatureCollection',
      features: kids.filter((c): c is PlaceChild & { geometry: Geometry } => Boolean(c.geometry)).map(childOutline),
    },
    labels: { type: 'FeatureCollection', features: labels },
  };
}
