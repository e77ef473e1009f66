import { describe, expect, it } from 'vitest';
import type { CatalogueLayer } from '@parcel-map/contracts/map/layers';
import { builtInCatalogue } from './built-in-catalogue.ts';
import { attributionOf, catalogueLayerStyle } from './catalogue-layer.ts';

const base = { type: 'vector' as const, description: '', docs: '', country: 'us' as const };
const origin = 'http://localhost:8080';

const population: CatalogueLayer = {
  ...base,
  id: 'population',
  name: 'Population density',
  source: '/api/v1/layers/population/{z}/{x}/{y}.mvt',
  sourceLayer: 'tracts',
  property: 'density',
  minzoom: 6,
  maxzoom: 14,
  displayMaxzoom: 22,
  opacity: 0.6,
  access: 'paid',
  provenance: { publisher: 'US Census Bureau', licence: 'Public domain', vintage: 'ACS 2022' },
  legend: [
    { label: 'Under 5,000', color: '#fee', range: { max: 5000 } },
    { label: '5,000 and over', color: '#c00', range: { min: 5000 } },
  ],
};

describe('a catalogue entry drawn on the map', () => {
  it('fills polygons coloured by legend ranges, from an absolute tile URL with the token, over-zoomed past maxzoom', () => {
    const style = catalogueLayerStyle(population, origin, 'token=abc');
    expect(style.source).toEqual({
      type: 'vector',
      tiles: ['http://localhost:8080/api/v1/layers/population/{z}/{x}/{y}.mvt?token=abc'],
      minzoom: 6,
      maxzoom: 14,
      attribution: 'Population density: US Census Bureau (Public domain)',
    });
    expect(style.layers).toHaveLength(1);
    const [fill] = style.layers as unknown as Record<string, unknown>[];
    expect(fill).toMatchObject({
      id: 'population-fill',
      type: 'fill',
      source: 'layer-population',
      'source-layer': 'tracts',
      minzoom: 6,
      maxzoom: 23,
      layout: { visibility: 'none' },
    });
    const paint = fill!.paint as Record<string, unknown>;
    expect(paint['fill-opacity']).toBe(0.6);
    expect(JSON.stringify(paint['fill-color'])).toContain('"step",["get","density"],"#fee",5000,"#c00"');
  });

  it('extrudes buildings by their height in feet, as metres', () => {
    const buildings: CatalogueLayer = {
      ...base,
      id: 'buildings',
      name: 'Buildings',
      source: '/api/v1/layers/buildings/{z}/{x}/{y}.mvt',
      geometry: 'extrusion',
      heightProperty: 'height_ft',
      minzoom: 13,
      maxzoom: 16,
    };
    const [layer] = catalogueLayerStyle(buildings, origin).layers as unknown as Record<string, unknown>[];
    expect(layer).toMatchObject({ id: 'buildings-extrusion', type: 'fill-extrusion', minzoom: 13 });
    expect((layer!.paint as Record<string, unknown>)['fill-extrusion-height']).toEqual([
      '*',
      ['coalesce', ['to-number', ['get', 'height_ft']], 0],
      0.3048,
    ]);
  });

  it('draws lines with labels along them from labelMinzoom, and points as circles', () => {
    const contours: CatalogueLayer = {
      ...base,
      id: 'contours',
      name: 'Contours',
      source: '/api/v1/layers/contours/{z}/{x}/{y}.mvt',
      geometry: 'line',
      labelProperty: 'elevation_ft',
      labelMinzoom: 15,
      minzoom: 13,
      maxzoom: 16,
    };
    const layers = catalogueLayerStyle(contours, origin).layers as unknown as Record<string, unknown>[];
    expect(layers.map((l) => [l.id, l.type, l.minzoom])).toEqual([
      ['contours-line', 'line', 13],
      ['contours-label', 'symbol', 15],
    ]);
    expect(layers[1]!.layout).toMatchObject({
      'symbol-placement': 'line',
      'text-field': ['concat', ['to-string', ['get', 'elevation_ft']], ' ft'],
    });
    const spots = catalogueLayerStyle({ ...contours, id: 'spot-elevations', geometry: 'circle' }, origin);
    expect(spots.layers[0]).toMatchObject({ id: 'spot-elevations-circle', type: 'circle' });
  });

  it('colours values by match, and labels flood zones from their labelMinzoom with the built-in credit', () => {
    const flood = builtInCatalogue.find((l) => l.id === 'flood')!;
    const style = catalogueLayerStyle(flood, origin);
    expect(style.layers.map((l) => l.id)).toEqual(['flood-fill', 'flood-label']);
    expect(JSON.stringify((style.layers[0] as unknown as { paint: unknown }).paint)).toContain('"match"');
    expect(attributionOf(flood)).toBe('Flood zones: FEMA National Flood Hazard Layer');
  });

  it('keeps zoning’s own style through its TileJSON', () => {
    const style = catalogueLayerStyle(builtInCatalogue.find((l) => l.id === 'zoning')!, origin, 'token=abc');
    expect(style.source).toEqual({ type: 'vector', url: 'http://localhost:8080/api/v1/zoning?token=abc' });
    expect(style.layers.map((l) => l.id)).toEqual(['zoning-fill', 'zoning-line', 'zoning-label']);
  });
});
