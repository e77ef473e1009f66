// GET /api/v1/styles/default.json: a complete MapLibre style for any client, every URL ours: sources by
// TileJSON (with the caller's token), glyphs and sprite. It draws the street basemap, zoning, parcels
// and, for site-control callers (Pro, Team, admins) whose token opens them, flood zones and wetlands.
import { hasSiteControl } from './policy.ts';
import type { Caller } from '../../../auth/caller.ts';
import { basemapAttribution } from './basemap-source.ts';
import {
  basemapLabelLayers,
  basemapLayers,
  labelFont,
  zoningLayers,
  type StyleLayer,
} from '@parcel-map/contracts/map/basemap-style';
import { additionalLayers } from './catalog.ts';

function fillByLegend(id: string): StyleLayer[] {
  const entry = additionalLayers.find((l) => l.id === id)!;
  const color = [
    'match',
    ['get', entry.property],
    ...entry.legend.flatMap((l) => (l.values ? [l.values.length === 1 ? l.values[0] : l.values, l.color] : [])),
    '#b0b0b0',
  ];
  return [
    {
      id: `${id}-fill`,
      type: 'fill',
      source: id,
      'source-layer': entry.sourceLayer,
      minzoom: entry.minzoom,
      paint: { 'fill-color': color, 'fill-opacity': entry.opacity },
    },
  ];
}

export function defaultStyle(origin: string, caller: Caller): Record<string, unknown> {
  const token = new URLSearchParams({ token: caller.token }).toString();
  const siteControl = hasSiteControl(caller.level);
  const sources: Record<string, unknown> = {
    basemap: { type: 'vector', url: `${origin}/api/v1/basemap?${token}`, attribution: basemapAttribution },
    zoning: { type: 'vector', url: `${origin}/api/v1/zoning?${token}` },
    parcels: { type: 'vector', url: `${origin}/api/v1/parcels?format=mvt&${token}` },
  };
  if (siteControl) {
    sources.flood = { type: 'vector', url: `${origin}/api/v1/static/fema?${token}` };
    sources.wetlands = { type: 'vector', url: `${origin}/api/v1/static/wetlands?${token}` };
  }
  const layers: StyleLayer[] = [
    ...basemapLayers(),
    ...(siteControl ? [...fillByLegend('wetlands'), ...fillByLegend('flood')] : []),
    ...zoningLayers('zoning', true).filter((l) => l.id !== 'zoning-label'),
    {
      id: 'parcels-fill',
      type: 'fill',
      source: 'parcels',
      'source-layer': 'parcels',
      minzoom: 11,
      paint: { 'fill-color': '#000000', 'fill-opacity': 0 },
    },
    {
      id: 'parcels-line',
      type: 'line',
      source: 'parcels',
      'source-layer': 'parcels',
      minzoom: 11,
      paint: {
        'line-color': '#7b3fb8',
        'line-width': ['interpolate', ['linear'], ['zoom'], 11, 0.5, 15, 1.2, 17, 2, 19, 3],
      },
    },
    ...zoningLayers('zoning', true).filter((l) => l.id === 'zoning-label'),
    ...basemapLabelLayers(),
  ];
  return {
    version: 8,
    name: 'Parcel map default',
    metadata: { 'parcel-map:font': labelFont[0] },
    center: [-71.1097, 42.3736],
    zoom: 14,
    glyphs: `${origin}/api/v1/fonts/{fontstack}/{range}.pbf`,
    sprite: `${origin}/api/v1/sprites/basemap`,
    sources,
    layers,
  };
}
