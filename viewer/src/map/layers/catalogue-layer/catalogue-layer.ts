// One catalogue entry of /api/v1/layers.json turned into a maplibre source and its layers, so a new
// server layer needs no viewer code: polygons filled, lines, points as circles or footprints extruded
// by a height in feet; coloured from the legend (match on values, step on numeric ranges); labelled from
// labelProperty at labelMinzoom; tiles to maxzoom over-zoomed up to displayMaxzoom. Zoning keeps its own
// style (shared with the server's style documents) and its TileJSON, which carries the data version.
import { dataAttribution } from '@parcel-map/contracts/map/attribution';
import type { CatalogueLayer } from '@parcel-map/contracts/map/layers';
import type { ExpressionSpecification, LayerSpecification, SourceSpecification } from 'maplibre-gl';
import { absolute, withQuery } from '../../tile-url.ts';
import { legendColorExpression } from '../legend-style.ts';
import { zoningLayers, zoningSource } from '../zoning-layer/zoning-layer.ts';

export interface CatalogueLayerStyle {
  sourceId: string;
  source: SourceSpecification;
  layers: LayerSpecification[];
}

const defaultColor = '#3b7dd8';
const fallbackColor = '#b0b0b0';
const feetToMeters = 0.3048;
const labelFont = ['DejaVu Sans Book'];

function colorOf(entry: CatalogueLayer): ExpressionSpecification | string {
  if (!entry.property || !entry.legend) return entry.legend?.[0]?.color ?? defaultColor;
  return legendColorExpression(entry.property, entry.legend, fallbackColor) ?? defaultColor;
}

/** The credit for the attribution control: the built-in one, else the publisher and licence the entry names. */
export function attributionOf(entry: CatalogueLayer): string | undefined {
  const builtIn = (dataAttribution as Record<string, string>)[entry.id];
  if (builtIn) return builtIn;
  const p = entry.provenance;
  return p ? `${entry.name}: ${p.publisher} (${p.licence})` : undefined;
}

function sourceOf(entry: CatalogueLayer, origin: string, query: string): SourceSpecification {
  const url = withQuery(absolute(entry.source, origin), query);
  const attribution = attributionOf(entry);
  // A template is drawn as is; anything else is a TileJSON address.
  if (!entry.source.includes('{z}')) return { type: 'vector', url, ...(attribution ? { attribution } : {}) };
  return {
    type: 'vector',
    tiles: [url],
    minzoom: entry.minzoom,
    maxzoom: entry.maxzoom,
    ...(attribution ? { attribution } : {}),
  };
}

function labelLayer(entry: CatalogueLayer, common: Record<string, unknown>): LayerSpecification | null {
  const property = entry.labelProperty ?? (entry.labelMinzoom !== undefined ? entry.property : undefined);
  if (!property) return null;
  // Heights and elevations in feet say so on the map.
  const text = property.endsWith('_ft')
    ? ['concat', ['to-string', ['get', property]], ' ft']
    : ['to-string', ['get', property]];
  return {
    id: `${entry.id}-label`,
    type: 'symbol',
    ...common,
    minzoom: Math.max(entry.minzoom, entry.labelMinzoom ?? entry.minzoom),
    layout: {
      visibility: 'none',
      'text-field': text,
      'text-font': labelFont,
      'text-size': 12,
      ...(entry.geometry === 'line' ? { 'symbol-placement': 'line', 'symbol-spacing': 400 } : {}),
    },
    paint: { 'text-color': '#1f2a44', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
  } as LayerSpecification;
}

function drawLayer(entry: CatalogueLayer, common: Record<string, unknown>): LayerSpecification {
  const color = colorOf(entry);
  const layout = { visibility: 'none' as const };
  switch (entry.geometry ?? 'fill') {
    case 'line':
      return {
        id: `${entry.id}-line`,
        type: 'line',
        ...common,
        layout,
        paint: { 'line-color': color, 'line-width': 1.2, 'line-opacity': entry.opacity ?? 1 },
      } as LayerSpecification;
    case 'circle':
      return {
        id: `${entry.id}-circle`,
        type: 'circle',
        ...common,
        layout,
        paint: {
          'circle-color': color,
          'circle-radius': 4,
          'circle-opacity': entry.opacity ?? 1,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1,
        },
      } as LayerSpecification;
    case 'extrusion': {
      const height = entry.heightProperty
        ? ['*', ['coalesce', ['to-number', ['get', entry.heightProperty]], 0], feetToMeters]
        : 10;
      return {
        id: `${entry.id}-extrusion`,
        type: 'fill-extrusion',
        ...common,
        layout,
        paint: {
          'fill-extrusion-color': color,
          'fill-extrusion-height': height,
          'fill-extrusion-opacity': entry.opacity ?? 0.85,
        },
      } as LayerSpecification;
    }
    default:
      return {
        id: `${entry.id}-fill`,
        type: 'fill',
        ...common,
        layout,
        paint: { 'fill-color': color, 'fill-opacity': entry.opacity ?? 0.7, 'fill-outline-color': '#5b5b5b' },
      } as LayerSpecification;
  }
}

/** The source and layers (hidden until shown) of one catalogue entry; `query` carries a paid token. */
export function catalogueLayerStyle(entry: CatalogueLayer, origin: string, query = ''): CatalogueLayerStyle {
  const sourceId = `layer-${entry.id}`;
  if (entry.id === 'zoning') {
    const layers = zoningLayers().map((l) => ({ ...l, source: sourceId })) as LayerSpecification[];
    return { sourceId, source: zoningSource(withQuery(absolute('/api/v1/zoning', origin), query)), layers };
  }
  const common = {
    source: sourceId,
    'source-layer': entry.sourceLayer ?? entry.id,
    minzoom: entry.minzoom,
    ...(entry.displayMaxzoom !== undefined ? { maxzoom: entry.displayMaxzoom + 1 } : {}),
  };
  const label = labelLayer(entry, common);
  return {
    sourceId,
    source: sourceOf(entry, origin, query),
    layers: [drawLayer(entry, common), ...(label ? [label] : [])],
  };
}
