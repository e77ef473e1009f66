import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInAdmin, signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import type { TestBrowser } from '../../../testing/http-client.ts';
import { decodeTile, type DecodedFeature, lonLatToTile } from '../../../testing/tiles.ts';
import { layerSources } from './layer-sources.ts';

const sql = testDb();
const app = createApp({ config: loadConfig(), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

type Who = 'anonymous' | 'free' | 'pro' | 'admin';
const cookies: Partial<Record<Who, string>> = {};
const cookieOf = (browser: TestBrowser) => [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

beforeAll(async () => {
  cookies.free = cookieOf((await signedInUser(app, sql, 'free')).browser);
  cookies.pro = cookieOf((await signedInUser(app, sql, 'pro')).browser);
  cookies.admin = cookieOf(await signedInAdmin(app, sql));
});

/** A raw request as a caller (tiles are not JSON). */
const as = (who: Who, path: string) =>
  app.request(path, {
    headers: { 'Accept-Encoding': 'gzip', ...(cookies[who] ? { Cookie: cookies[who] } : {}) },
  });

// A tile of a layer around a point, Harvard Square unless given.
const tileAt = (id: string, z: number, lon = -71.1097, lat = 42.3736) => {
  const { x, y } = lonLatToTile(lon, lat, z);
  return `/api/v1/layers/${id}/${z}/${x}/${y}.mvt`;
};

/** The attributes each layer's features carry (nearly all of them: a row may leave one NULL). */
const expected: Record<string, { layer: string; always: string[]; access: 'everyone' | 'paid' | 'admin' }> = {
  population: {
    layer: 'population',
    always: ['geoid', 'name', 'town', 'total_pop', 'density', 'under18_pct', 'age65plus_pct', 'white_pct', 'asian_pct'],
    access: 'everyone',
  },
  'census-block-groups': { layer: 'census_block_groups', always: ['geoid', 'name'], access: 'everyone' },
  'census-blocks': { layer: 'census_blocks', always: ['geoid', 'name'], access: 'everyone' },
  'open-space': { layer: 'open_space', always: ['owner_class', 'acres'], access: 'everyone' },
  'land-cover': { layer: 'land_cover', always: ['lc_class'], access: 'paid' },
  buildings: { layer: 'buildings', always: ['building_type', 'height_ft'], access: 'paid' },
  contours: { layer: 'contours', always: ['elevation_ft', 'approximate'], access: 'paid' },
  'spot-elevations': { layer: 'spot_elevations', always: ['spot_type', 'elevation_ft'], access: 'admin' },
  'flood-2010': { layer: 'flood_2010', always: ['fld_zone', 'sfha'], access: 'admin' },
};
// Where each layer's tiles are asked for: on its row nearest Harvard Square (the partial building set,
// the 2010 flood zones along the rivers and the open spaces do not all reach the square itself).
const tables: Record<string, string> = {
  population: 'census_tracts',
  'census-block-groups': 'census_block_groups',
  'census-blocks': 'census_blocks',
  'open-space': 'open_spaces',
  'land-cover': 'land_cover',
  buildings: 'buildings',
  contours: 'contours',
  'spot-elevations': 'spot_elevations',
  'flood-2010': 'flood_zones',
};
const where: Record<string, [number, number]> = {};

beforeAll(async () => {
  for (const [id, table] of Object.entries(tables)) {
    const legacy = id === 'flood-2010' ? sql`source LIKE '%legacy%'` : sql`true`;
    const [row] = await sql<{ lon: number; lat: number }[]>`
      SELECT ST_X(p) AS lon, ST_Y(p) AS lat FROM (
        SELECT ST_PointOnSurface(ST_ClosestPoint(geom, ST_SetSRID(ST_MakePoint(-71.1097, 42.3736), 4326))) AS p
        FROM ${sql(table)} WHERE ${legacy}
        ORDER BY geom <-> ST_SetSRID(ST_MakePoint(-71.1097, 42.3736), 4326) LIMIT 1) f`;
    where[id] = [row!.lon, row!.lat];
  }
});

async function featuresOf(id: string, z: number): Promise<DecodedFeature[]> {
  const [lon, lat] = where[id] ?? [-71.1097, 42.3736];
  const res = await as('admin', tileAt(id, z, lon, lat));
  expect(res.status, `${id} z${z}`).toBe(200);
  return decodeTile(res, expected[id]!.layer);
}

describe('the map layers at /api/v1/layers/:id', () => {
  it('registers exactly the catalogued ids, each with its access', () => {
    expect(Object.fromEntries(layerSources.map((s) => [s.layerId, s.access]))).toEqual(
      Object.fromEntries(Object.entries(expected).map(([id, e]) => [id, e.access])),
    );
  });

  it('describe themselves as TileJSON with their zooms, attribution and the fields their tiles carry', async () => {
    for (const source of layerSources) {
      const res = await as('admin', source.path);
      expect(res.status, source.layerId).toBe(200);
      const body = await res.json();
      expect(body, source.layerId).toMatchObject({
        tilejson: '3.0.0',
        minzoom: source.minzoom,
        maxzoom: source.maxzoom,
      });
      expect(body.tiles[0]).toMatch(new RegExp(`/api/v1/layers/${source.layerId}/\\{z\\}/\\{x\\}/\\{y\\}\\.mvt\\?`));
      expect(body.attribution.length, source.layerId).toBeGreaterThan(10);
      const layer = body.vector_layers[0];
      expect(layer.id).toBe(expected[source.layerId]!.layer);
      for (const field of expected[source.layerId]!.always) expect(Object.keys(layer.fields)).toContain(field);
    }
  });

  it('put the extent of their table in the TileJSON as bounds', async () => {
    for (const source of layerSources) {
      const body = await (await as('admin', source.path)).json();
      const [row] = await sql<{ w: number; s: number; e: number; n: number }[]>`
        SELECT ST_XMin(x) AS w, ST_YMin(x) AS s, ST_XMax(x) AS e, ST_YMax(x) AS n
        FROM (SELECT ST_Extent(geom) AS x FROM ${sql(tables[source.layerId]!)}) extent`;
      const [w, s, e, n] = body.bounds as [number, number, number, number];
      expect(w, source.layerId).toBeCloseTo(row!.w, 5);
      expect(s, source.layerId).toBeCloseTo(row!.s, 5);
      expect(e, source.layerId).toBeCloseTo(row!.e, 5);
      expect(n, source.layerId).toBeCloseTo(row!.n, 5);
      // Real data around Cambridge, not the whole world.
      expect(e - w, source.layerId).toBeLessThan(5);
    }
  });

  it('serve tiles that decode with the expected fields at their lowest and highest zoom', async () => {
    for (const source of layerSources) {
      const fields = (await (await as('admin', source.path)).json()).vector_layers[0].fields as Record<string, string>;
      for (const z of [source.minzoom, source.maxzoom]) {
        const features = await featuresOf(source.layerId, z);
        expect(features.length, `${source.layerId} z${z}`).toBeGreaterThan(0);
        // Each field on the features (a row may leave one NULL: one of the city's buildings has no type
        // or height), and no field the TileJSON does not list.
        for (const field of expected[source.layerId]!.always) {
          const carrying = features.filter((f) => field in f.properties).length;
          expect(carrying / features.length, `${source.layerId} z${z} ${field}`).toBeGreaterThan(0.9);
        }
        for (const f of features)
          for (const key of Object.keys(f.properties)) expect(Object.keys(fields), source.layerId).toContain(key);
      }
    }
  });

  it('answer 404 below their minzoom and above their maxzoom, and for an unknown id with the ids there are', async () => {
    for (const source of layerSources) {
      expect((await as('admin', tileAt(source.layerId, source.minzoom - 1))).status, source.layerId).toBe(404);
      expect((await as('admin', tileAt(source.layerId, source.maxzoom + 1))).status, source.layerId).toBe(404);
    }
    for (const id of ['rivers', '__proto__', 'constructor']) {
      const res = await as('admin', `/api/v1/layers/${id}`);
      expect(res.status, id).toBe(404);
      const body = await res.json();
      expect(body.error.code).toBe('NOT_FOUND');
      expect(body.error.message).toContain('population, census-block-groups');
      expect(body.error.message).not.toContain('spot-elevations');
    }
  });

  it('give population with its density in people per square mile from the tract area, from zoom 6', async () => {
    const features = await featuresOf('population', 6);
    const [row] = await sql<{ density: number; total_pop: number }[]>`
      SELECT total_pop, round(total_pop / (ST_Area(geom::geography) / 2589988.110336))::int AS density
      FROM census_tracts WHERE geoid = ${features[0]!.properties.geoid as string}`;
    expect(features[0]!.properties).toMatchObject({ total_pop: row!.total_pop, density: row!.density });
    // Cambridge and Somerville are among the densest places in the country: 10,000 to 40,000 a square mile.
    const cambridge = features.filter((f) => f.properties.town === 'Cambridge');
    expect(cambridge.length).toBeGreaterThan(20);
    for (const f of cambridge) expect(f.properties.density as number).toBeGreaterThan(1_000);
  });

  it('draw every building of the table whatever its source, a row added later included', async () => {
    // Every footprint the z14 tile grid (0.6 Web Mercator metres) can draw: the city's file also holds 21
    // slivers under 1 m² and a few long ones under a metre wide, which ST_AsMVTGeom drops as it should.
    const drawable = await sql<{ id: number }[]>`
      SELECT id FROM buildings WHERE ST_Area(geom_3857) >= 4 AND ST_Area(geom_3857) / ST_Perimeter(geom_3857) >= 0.5`;
    expect(drawable.length).toBeGreaterThan(980);
    const ids = async () => {
      const [box] = await sql<{ w: number; s: number; e: number; n: number }[]>`
        SELECT ST_XMin(x) AS w, ST_YMin(x) AS s, ST_XMax(x) AS e, ST_YMax(x) AS n FROM (SELECT ST_Extent(geom) AS x FROM buildings) b`;
      const from = lonLatToTile(box!.w, box!.n, 14);
      const to = lonLatToTile(box!.e, box!.s, 14);
      const seen = new Set<number>();
      for (let x = from.x; x <= to.x; x++)
        for (let y = from.y; y <= to.y; y++) {
          const res = await as('pro', `/api/v1/layers/buildings/14/${x}/${y}.mvt`);
          if (res.status === 200) for (const f of await decodeTile(res, 'buildings')) seen.add(f.id);
        }
      return seen;
    };
    const first = await ids();
    expect(drawable.filter((b) => !first.has(b.id))).toEqual([]);
    const [added] = await sql<{ id: number }[]>`
      INSERT INTO buildings (source, building_id, building_type, height_ft, geom, geom_3857)
      SELECT 'operator-import', 'OP-1', 'BLDG', 33, g, ST_Transform(g, 3857)
      FROM (SELECT ST_Multi(ST_Buffer(ST_SetSRID(ST_MakePoint(-71.1097, 42.3736), 4326), 0.0001)) AS g) b RETURNING id`;
    await sql`SELECT bump_layer_version('buildings')`;
    let seen = await ids();
    for (let tries = 0; tries < 50 && !seen.has(added!.id); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen = await ids();
    }
    expect(seen.has(added!.id)).toBe(true);
    await sql`DELETE FROM buildings WHERE id = ${added!.id}`;
    await sql`SELECT bump_layer_version('buildings')`;
  });

  it('label contours with their elevation and mark them approximate', async () => {
    const features = await featuresOf('contours', 13);
    for (const f of features) {
      expect(f.properties.approximate).toBe(true);
      expect((f.properties.elevation_ft as number) % 5).toBe(0);
    }
  });
});

describe('who may read each layer', () => {
  const levels: Who[] = ['anonymous', 'free', 'pro', 'admin'];
  const mayRead = { everyone: levels, paid: ['pro', 'admin'], admin: ['admin'] };

  it('everyone-layers for all, paid ones from Pro with the upgrade link, admin-only ones for admins', async () => {
    const answers: Record<string, number> = {};
    const wanted: Record<string, number> = {};
    for (const source of layerSources) {
      for (const who of levels) {
        for (const path of [source.path, tileAt(source.layerId, source.maxzoom)]) {
          const res = await as(who, path);
          const key = `${who} ${path}`;
          answers[key] = res.status === 204 ? 200 : res.status;
          wanted[key] = mayRead[source.access].includes(who) ? 200 : 403;
          if (res.status === 403) {
            const body = await res.json();
            expect(body.error.code, key).toBe('FORBIDDEN');
            if (source.access === 'paid') {
              expect(body.error.message, key).toMatch(/available to Pro customers\. Upgrade to Pro/);
              expect(body.error.details, key).toEqual({ upgrade: '/plans#p=level1' });
            }
          } else await res.arrayBuffer();
        }
      }
    }
    expect(answers).toEqual(wanted);
  });

  it('keeps tiles of everyone-layers public and the others private', async () => {
    for (const source of layerSources) {
      const [lon, lat] = where[source.layerId]!;
      const res = await as('admin', tileAt(source.layerId, source.maxzoom, lon, lat));
      await res.arrayBuffer();
      const policy = res.headers.get('cache-control') ?? '';
      if (source.access === 'everyone') expect(policy, source.layerId).toMatch(/^public\b/);
      else expect(policy, source.layerId).toMatch(/^private\b/);
    }
  });
});
