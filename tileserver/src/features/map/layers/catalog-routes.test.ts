import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInAdmin, signedInUser } from '../../../testing/accounts.ts';
import { layerCatalogue } from '@parcel-map/contracts/map/layers';
import { testDb } from '../../../testing/db.ts';

const sql = testDb();
afterAll(() => sql.end());

function appWith(env: Record<string, string>) {
  return createApp({ config: loadConfig(env), sql, logger: createLogger('silent') });
}

describe('GET /api/v1/config.json', () => {
  it('lists only the configured basemaps and terrain, and the parcel minimum zoom', async () => {
    const bare = await (await appWith({}).request('/api/v1/config.json')).json();
    expect(bare).toEqual({ basemaps: {}, parcelMinZoom: 11 });
    // Terrain is for site-control callers (see the Low 10 test below): asked with the admin token.
    const admin = 'catalog-admin-token-0123456789abcdef';
    const full = await (
      await appWith({
        BASEMAP_SATELLITE_URL: 'https://tiles.example/sat/{z}/{x}/{y}.jpg',
        BASEMAP_SATELLITE2_URL: 'https://tiles.example/sat2/{z}/{x}/{y}.jpg',
        TERRAIN_URL: 'https://tiles.example/dem/{z}/{x}/{y}.png',
        ADMIN_TOKEN: admin,
      }).request('/api/v1/config.json', { headers: { Authorization: `Bearer ${admin}` } })
    ).json();
    expect(full).toEqual({
      basemaps: {
        satellite: 'https://tiles.example/sat/{z}/{x}/{y}.jpg',
        satellite2: 'https://tiles.example/sat2/{z}/{x}/{y}.jpg',
      },
      terrain: 'https://tiles.example/dem/{z}/{x}/{y}.png',
      parcelMinZoom: 11,
    });
  });

  it('Low 10: gives the 3D terrain URL only to the levels the viewer offers 3D to (Pro, Team, admin), privately', async () => {
    const app = appWith({ TERRAIN_URL: 'https://tiles.example/dem/{z}/{x}/{y}.png' });
    const anonymous = await app.request('/api/v1/config.json');
    expect(await anonymous.json()).toEqual({ basemaps: {}, parcelMinZoom: 11 });
    expect(anonymous.headers.get('cache-control')).toMatch(/^private\b/);
    expect(anonymous.headers.get('vary')).toMatch(/Cookie, Authorization/);
    const terrainOf = async (level: 'free' | 'pro' | 'team') =>
      (await (await signedInUser(app, sql, level)).browser.get('/api/v1/config.json')).json.terrain;
    expect(await terrainOf('free')).toBeUndefined();
    expect(await terrainOf('pro')).toBe('https://tiles.example/dem/{z}/{x}/{y}.png');
    expect(await terrainOf('team')).toBe('https://tiles.example/dem/{z}/{x}/{y}.png');
  });

  it('answers 401 for an unknown token', async () => {
    expect((await appWith({}).request('/api/v1/config.json?token=nope')).status).toBe(401);
  });
});

describe('GET /api/v1/layers.json', () => {
  it('lists flood, wetlands, zoning and the map layers with source, zooms, country and legend', async () => {
    const layers = await (await appWith({}).request('/api/v1/layers.json')).json();
    expect(layers.map((l: { id: string }) => l.id)).toEqual([
      'flood',
      'wetlands',
      'zoning',
      'population',
      'census-block-groups',
      'census-blocks',
      'open-space',
      'land-cover',
      'buildings',
      'contours',
    ]);
    const [flood, wetlands] = layers;
    expect(flood).toMatchObject({
      name: 'FEMA Flood Zones',
      type: 'vector',
      source: '/api/v1/static/fema/{z}/{x}/{y}.mvt',
      country: 'us',
      maxzoom: 14,
      labelMinzoom: 12,
      docs: expect.stringMatching(/^https:\/\//),
      description: expect.any(String),
    });
    const colorOf = (zone: string) => flood.legend.find((e: { values: string[] }) => e.values.includes(zone)).color;
    for (const zone of ['A', 'A99', 'AE', 'AH', 'AO', 'V', 'VE']) expect(colorOf(zone)).toBe(colorOf('AE'));
    expect(colorOf('X')).not.toBe(colorOf('AE'));
    expect(wetlands).toMatchObject({
      name: 'Wetlands',
      source: '/api/v1/static/wetlands/{z}/{x}/{y}.mvt',
      minzoom: 10,
      displayMaxzoom: 22,
    });
    expect(wetlands.legend).toHaveLength(8);
    expect(new Set(wetlands.legend.map((e: { color: string }) => e.color)).size).toBe(8);
  });

  it('names wetland types exactly as the tiles carry them', async () => {
    const layers = await (await appWith({}).request('/api/v1/layers.json')).json();
    const types = await sql<{ wetland_type: string }[]>`SELECT DISTINCT wetland_type FROM wetlands`;
    const known = new Set(layers[1].legend.flatMap((e: { values: string[] }) => e.values));
    for (const { wetland_type } of types)
      expect(known.has(wetland_type) || wetland_type === null, wetland_type).toBe(true);
  });

  it('lists each layer with how it is drawn, who may draw it and its publisher and licence', async () => {
    const layers = layerCatalogue.parse(await (await appWith({}).request('/api/v1/layers.json')).json());
    for (const layer of layers) {
      expect(layer.access, layer.id).toMatch(/^(everyone|paid)$/);
      expect(layer.geometry, layer.id).toBeDefined();
      expect(layer.provenance?.publisher.length, layer.id).toBeGreaterThan(3);
      expect(layer.provenance?.licence, layer.id).toMatch(/PDDL|Public domain/);
      expect(layer.legend?.length, layer.id).toBeGreaterThan(0);
    }
    const byId = new Map(layers.map((l) => [l.id, l]));
    expect(byId.get('population')).toMatchObject({
      source: '/api/v1/layers/population/{z}/{x}/{y}.mvt',
      minzoom: 6,
      property: 'density',
      access: 'everyone',
      provenance: { publisher: expect.stringContaining('US Census Bureau') },
    });
    expect(byId.get('population')!.legend![0]).toMatchObject({ range: { max: 5000 } });
    expect(byId.get('buildings')).toMatchObject({
      minzoom: 13,
      maxzoom: 16,
      displayMaxzoom: 21,
      geometry: 'extrusion',
      heightProperty: 'height_ft',
      access: 'paid',
    });
    expect(byId.get('contours')).toMatchObject({
      minzoom: 13,
      geometry: 'line',
      labelProperty: 'elevation_ft',
      note: 'Approximate: interpolated from the city’s 2010 spot elevations, not surveyed contours',
    });
    expect(byId.get('land-cover')).toMatchObject({ opacity: 0.7, access: 'paid', property: 'lc_class' });
    expect(byId.get('land-cover')!.legend!.flatMap((e) => e.values)).toEqual([
      'vegetation',
      'water',
      'impervious_parking',
      'impervious_road',
      'impervious_other',
      'impervious_plaza',
    ]);
    expect(byId.get('flood')).toMatchObject({
      access: 'paid',
      provenance: { publisher: expect.stringContaining('FEMA') },
    });
    expect(byId.get('zoning')).toMatchObject({ access: 'everyone' });
  });

  it('names land cover classes and open space owner classes as the tiles carry them', async () => {
    const layers = await (await appWith({}).request('/api/v1/layers.json')).json();
    const valuesOf = (id: string) =>
      new Set(layers.find((l: { id: string }) => l.id === id).legend.flatMap((e: { values: string[] }) => e.values));
    const classes = await sql<{ lc_class: string }[]>`SELECT DISTINCT lc_class FROM land_cover`;
    for (const { lc_class } of classes) expect(valuesOf('land-cover').has(lc_class), lc_class).toBe(true);
  });

  it('lists the admin-only layers to admins alone, privately', async () => {
    const app = appWith({});
    const idsOf = async (res: Response) => ((await res.json()) as { id: string }[]).map((l) => l.id);
    const anonymous = await app.request('/api/v1/layers.json');
    expect(anonymous.headers.get('cache-control')).toMatch(/^private\b/);
    expect(anonymous.headers.get('vary')).toMatch(/Cookie, Authorization/);
    expect(await idsOf(anonymous)).not.toContain('spot-elevations');
    for (const level of ['free', 'pro', 'team'] as const) {
      const ids = (await (await signedInUser(app, sql, level)).browser.get('/api/v1/layers.json')).json.map(
        (l: { id: string }) => l.id,
      );
      expect(ids, level).not.toContain('spot-elevations');
      expect(ids, level).not.toContain('flood-2010');
    }
    const admin = (await (await signedInAdmin(app, sql)).get('/api/v1/layers.json')).json as {
      id: string;
      access: string;
    }[];
    expect(admin.filter((l) => l.access === 'admin').map((l) => l.id)).toEqual(['spot-elevations', 'flood-2010']);
  });
});
