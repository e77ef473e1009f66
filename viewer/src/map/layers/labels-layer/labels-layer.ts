// Floating labels drawn with deck.gl text layers: owner names and parcel numbers from the parcel tiles'
// attributes (zoom 17+), and the selected parcel's edge lengths in feet and meters.
import { TextLayer } from '@deck.gl/layers';
import type { Geometry, Position } from 'geojson';
import type { LonLat } from '@parcel-map/contracts/map/places';

export const labelMinZoom = 17;

export interface ParcelLabel {
  id: string | number;
  position: LonLat;
  owner: string | null;
  parcelnumb: string | null;
  weight: number;
}

/** Area-weighted centroid and area of a ring (planar, fine at parcel size). */
function ringCentroid(ring: Position[]): { c: LonLat; a: number } {
  let a = 0;
  let x = 0;
  let y = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x0, y0] = ring[i] as [number, number];
    const [x1, y1] = ring[i + 1] as [number, number];
    const f = x0 * y1 - x1 * y0;
    a += f;
    x += (x0 + x1) * f;
    y += (y0 + y1) * f;
  }
  if (Math.abs(a) < 1e-18) {
    const [x0, y0] = (ring[0] ?? [0, 0]) as [number, number];
    return { c: [x0, y0], a: 0 };
  }
  return { c: [x / (3 * a), y / (3 * a)], a: Math.abs(a / 2) };
}

/** The label point of the largest polygon of a (possibly tile-clipped) parcel geometry. */
export function labelPoint(geometry: Geometry): { position: LonLat; weight: number } | null {
  const polygons =
    geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
  let best: { position: LonLat; weight: number } | null = null;
  for (const polygon of polygons) {
    const outer = polygon[0];
    if (!outer || outer.length < 4) continue;
    const { c, a } = ringCentroid(outer);
    if (!best || a > best.weight) best = { position: c, weight: a };
  }
  return best;
}

/** One label per parcel: a parcel cut by tile edges keeps its largest piece. */
export function parcelLabels(
  features: { id?: string | number; geometry: Geometry; properties: Record<string, unknown> }[],
): ParcelLabel[] {
  const byId = new Map<string | number, ParcelLabel>();
  for (const f of features) {
    if (f.id === undefined) continue;
    const point = labelPoint(f.geometry);
    if (!point) continue;
    const existing = byId.get(f.id);
    if (existing && existing.weight >= point.weight) continue;
    const p = f.properties;
    byId.set(f.id, {
      id: f.id,
      position: point.position,
      weight: point.weight,
      owner: (p.owner as string) ?? null,
      parcelnumb: (p.parcelnumb as string) ?? null,
    });
  }
  return [...byId.values()];
}

/** Greedy screen-space declutter: keeps the largest parcel's label in each cell of a label-sized grid,
 * so dense blocks stay readable (deck.gl's TextLayer does no collision of its own). */
export function declutter(
  labels: ParcelLabel[],
  project: (p: LonLat) => { x: number; y: number },
  cell = { w: 64, h: 18 },
): ParcelLabel[] {
  const taken = new Set<string>();
  const kept: ParcelLabel[] = [];
  for (const label of [...labels].sort((a, b) => b.weight - a.weight)) {
    const p = project(label.position);
    const key = `${Math.floor(p.x / cell.w)}:${Math.floor(p.y / cell.h)}`;
    if (taken.has(key)) continue;
    taken.add(key);
    kept.push(label);
  }
  return kept;
}

const textStyle = {
  fontFamily: 'DejaVu Sans, sans-serif',
  characterSet: 'auto' as const,
  getSize: 12,
  sizeUnits: 'pixels' as const,
  outlineWidth: 3,
  outlineColor: [255, 255, 255, 255] as [number, number, number, number],
  fontSettings: { sdf: true },
  getColor: [30, 30, 30, 255] as [number, number, number, number],
};

export function parcelLabelLayers(
  labels: ParcelLabel[],
  show: { owner: boolean; parcelnumb: boolean },
): TextLayer<ParcelLabel>[] {
  const layers: TextLayer<ParcelLabel>[] = [];
  const both = show.owner && show.parcelnumb;
  if (show.owner) {
    layers.push(
      new TextLayer<ParcelLabel>({
        id: 'label-owner',
        data: labels.filter((l) => l.owner),
        ...textStyle,
        getPosition: (d) => d.position,
        getText: (d) => d.owner ?? '',
        getPixelOffset: both ? [0, -8] : [0, 0],
      }),
    );
  }
  if (show.parcelnumb) {
    layers.push(
      new TextLayer<ParcelLabel>({
        id: 'label-parcelnumb',
        data: labels.filter((l) => l.parcelnumb),
        ...textStyle,
        getColor: [80, 30, 110, 255],
        getPosition: (d) => d.position,
        getText: (d) => d.parcelnumb ?? '',
        getPixelOffset: both ? [0, 8] : [0, 0],
      }),
    );
  }
  return layers;
}

export interface DimensionLabel {
  position: LonLat;
  text: string;
}

export function dimensionLabels(
  lengths: [number, number, LonLat][],
  show: { feet: boolean; meters: boolean },
): DimensionLabel[] {
  return lengths
    .map(([ft, m, position]) => {
      const parts = [show.feet ? `${Math.round(ft)} ft` : '', show.meters ? `${m.toFixed(1)} m` : ''].filter(Boolean);
      return { position, text: parts.join(' / ') };
    })
    .filter((d) => d.text !== '');
}

export function dimensionLayer(labels: DimensionLabel[]): TextLayer<DimensionLabel> {
  return new TextLayer<DimensionLabel>({
    id: 'label-dimensions',
    data: labels,
    ...textStyle,
    getColor: [180, 0, 90, 255],
    getSize: 13,
    getPosition: (d) => d.position,
    getText: (d) => d.text,
  });
}
