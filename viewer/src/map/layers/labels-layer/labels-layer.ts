// Floating labels drawn with deck.gl text layers: owner names and parcel numbers from the parcel tiles'
// attributes (zoom 17+), and the selected parcel's side lengths in feet and meters: one label per side
// (the server merges a curve's short segments), along the side, just inside the parcel.
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
  /** Text angle in degrees counter-clockwise on screen, kept upright. */
  angle: number;
  /** Screen offset in pixels (y down) from the side's midpoint towards the parcel's inside. */
  offset: [number, number];
}

const dimensionSize = 13;
/** The spec's midpoint offset ratio: the gap between a side and its label, as a share of the label's
 * size, so the label sits just inside the parcel instead of on (and under) its line. */
export const midpointOffsetRatio = 0.385;

/** Angle and offset of a side's label for a side bearing (degrees clockwise from north, the parcel's
 * inside on its right) on a map turned by `mapBearing`. */
export function sidePlacement(
  bearing: number,
  mapBearing = 0,
  size = dimensionSize,
): Pick<DimensionLabel, 'angle' | 'offset'> {
  const b = ((bearing - mapBearing) * Math.PI) / 180;
  // The right of the direction of travel on screen (x right, y down): inward for a clockwise ring.
  const inward: [number, number] = [Math.cos(b), Math.sin(b)];
  // The text's centre sits half its height plus the gap away from the line.
  const distance = size * (0.5 + midpointOffsetRatio);
  let angle = 90 - (bearing - mapBearing);
  angle = ((((angle + 180) % 360) + 360) % 360) - 180;
  if (angle > 90) angle -= 180;
  if (angle <= -90) angle += 180;
  const round = (v: number) => Math.round(v * 100) / 100 + 0;
  return { angle: round(angle), offset: [round(inward[0] * distance), round(inward[1] * distance)] };
}

export function dimensionLabels(
  lengths: [number, number, LonLat, number?][],
  show: { feet: boolean; meters: boolean },
  mapBearing = 0,
): DimensionLabel[] {
  return lengths
    .map(([ft, m, position, bearing]) => {
      const parts = [show.feet ? `${Math.round(ft)} ft` : '', show.meters ? `${m.toFixed(1)} m` : ''].filter(Boolean);
      const placement =
        bearing === undefined ? { angle: 0, offset: [0, 0] as [number, number] } : sidePlacement(bearing, mapBearing);
      return { position, text: parts.join(' / '), ...placement };
    })
    .filter((d) => d.text !== '');
}

export function dimensionLayer(labels: DimensionLabel[]): TextLayer<DimensionLabel> {
  return new TextLayer<DimensionLabel>({
    id: 'label-dimensions',
    data: labels,
    ...textStyle,
    getColor: [180, 0, 90, 255],
    getSize: dimensionSize,
    getPosition: (d) => d.position,
    getText: (d) => d.text,
    getAngle: (d) => d.angle,
    getPixelOffset: (d) => d.offset,
  });
}
