import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { testDb } from '../../../testing/db.ts';
import { toEdgeLength } from './dimension-lengths.ts';

const sql = testDb();
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

// A rectangular-ish Cambridge parcel: one polygon whose ring has 4 edges, none tiny.
let quad: { path: string; perimeter: number };

beforeAll(async () => {
  const [row] = await sql<{ path: string; perimeter: number }[]>`
    SELECT path, ST_Perimeter(geography(geom)) AS perimeter
    FROM parcels
    WHERE path LIKE '/us/ma/middlesex/cambridge/%' AND ST_NumGeometries(geom) = 1 AND ST_NPoints(geom) = 5
      AND ST_NumInteriorRings(ST_GeometryN(geom, 1)) = 0 AND ST_Area(geography(geom)) BETWEEN 300 AND 3000
    ORDER BY id LIMIT 1`;
  expect(row, 'a four-sided Cambridge parcel exists').toBeDefined();
  quad = row!;
});

describe('GET /api/v1/dimensions.json', () => {
  it('returns one geodesic length per edge whose sum matches the parcel perimeter within 1%', async () => {
    const res = await app.request(`/api/v1/dimensions.json?path=${quad.path}`);
    expect(res.status).toBe(200);
    const { lengths } = (await res.json()) as { lengths: [number, number, [number, number], number][] };
    expect(lengths).toHaveLength(4);
    const meters = lengths.reduce((sum, [, m]) => sum + m, 0);
    expect(Math.abs(meters - quad.perimeter) / quad.perimeter).toBeLessThan(0.01);
    const feet = lengths.reduce((sum, [ft]) => sum + ft, 0);
    expect(Math.abs(feet * 0.3048 - quad.perimeter) / quad.perimeter).toBeLessThan(0.01);
    const [[box]] = await Promise.all([
      sql<{ w: number; s: number; e: number; n: number }[]>`
      SELECT ST_XMin(geom) AS w, ST_YMin(geom) AS s, ST_XMax(geom) AS e, ST_YMax(geom) AS n FROM parcels WHERE path = ${quad.path}`,
    ]);
    for (const [ft, m, [lon, lat], bearing] of lengths) {
      expect(bearing).toBeGreaterThanOrEqual(0);
      expect(bearing).toBeLessThan(360);
      expect(Number.isInteger(ft)).toBe(true);
      expect(Math.round(m * 10)).toBeCloseTo(m * 10, 9);
      expect(Math.abs(ft - m / 0.3048)).toBeLessThanOrEqual(0.5 + 0.05 / 0.3048);
      // Each midpoint lies on the parcel's outline, so inside its bounding box.
      expect(lon).toBeGreaterThanOrEqual(box!.w - 1e-7);
      expect(lon).toBeLessThanOrEqual(box!.e + 1e-7);
      expect(lat).toBeGreaterThanOrEqual(box!.s - 1e-7);
      expect(lat).toBeLessThanOrEqual(box!.n + 1e-7);
    }
  });

  it('merges a curved front of many short segments into one side with the summed length (20 Sidney St)', async () => {
    // 20 Sidney St, Cambridge: 32 ring segments, eleven of them one curved side turning under 5 degrees
    // from each segment to the next.
    const [parcel] = await sql<{ path: string; segments: number; perimeter: number }[]>`
      SELECT path, ST_NPoints(geom) - 1 AS segments, ST_Perimeter(geography(geom)) AS perimeter
      FROM parcels WHERE path LIKE '/us/ma/middlesex/cambridge/%' AND address = '20 SIDNEY ST' LIMIT 1`;
    expect(parcel, '20 Sidney St is in the Cambridge data').toBeDefined();
    const res = await app.request(`/api/v1/dimensions.json?path=${parcel!.path}`);
    const { lengths } = (await res.json()) as { lengths: [number, number, [number, number], number][] };
    expect(parcel!.segments).toBe(32);
    expect(lengths).toHaveLength(8);
    const sides = await sql<{ segments: number; meters: number }[]>`
      SELECT segments, meters FROM parcel_side_lengths(${parcel!.path}) ORDER BY segments DESC`;
    expect(sides[0]!.segments).toBe(11);
    expect(sides[0]!.meters).toBeGreaterThan(150);
    expect(lengths.map(([, m]) => m)).toContain(Math.round(sides[0]!.meters * 10) / 10);
    const meters = lengths.reduce((sum, [, m]) => sum + m, 0);
    expect(Math.abs(meters - parcel!.perimeter) / parcel!.perimeter).toBeLessThan(0.01);
  });

  it('splits sides at a turn of 5 degrees or more and merges below it', async () => {
    const sides = (threshold: number) => sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM parcel_side_lengths(${quad.path}, ${threshold})`;
    // A four-sided lot keeps its four sides; with a 180-degree threshold nothing ever turns enough.
    expect((await sides(5))[0]!.n).toBe(4);
    expect((await sides(180))[0]!.n).toBe(1);
  });

  it('rounds feet to whole feet and meters to a tenth', () => {
    const at = { mid_lon: 0, mid_lat: 0, bearing: 90 };
    expect(toEdgeLength({ ...at, meters: 10, mid_lon: -71.123456789, mid_lat: 42.1, bearing: 153.04 })).toEqual([
      33,
      10,
      [-71.1234568, 42.1],
      153,
    ]);
    expect(toEdgeLength({ ...at, meters: 15.24 })).toEqual([50, 15.2, [0, 0], 90]);
    expect(toEdgeLength({ ...at, meters: 0.149 })).toEqual([0, 0.1, [0, 0], 90]);
  });

  it('answers 404 for an unknown parcel and 400 for a missing or malformed path', async () => {
    const missing = await app.request('/api/v1/dimensions.json?path=/us/ma/middlesex/cambridge/999999999');
    expect(missing.status).toBe(404);
    for (const url of [
      '/api/v1/dimensions.json',
      '/api/v1/dimensions.json?path=/us/ma/middlesex/cambridge',
      "/api/v1/dimensions.json?path=/us/ma/1'%3BDROP",
    ]) {
      const res = await app.request(url);
      expect(res.status, url).toBe(400);
      expect((await res.json()).error.code).toBe('BAD_REQUEST');
    }
  });
});
