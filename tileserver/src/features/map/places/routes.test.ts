import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { testDb } from '../../../testing/db.ts';

const sql = testDb();
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

const cambridge = '/us/ma/middlesex/cambridge';
// A point inside Cambridge: the interior point of the parcel 127-123 (23 ROCKWELL ST).
let point: { lat: number; lon: number };

beforeAll(async () => {
  const [row] = await sql<{ lat: number; lon: number }[]>`
    SELECT lat, lon FROM parcels WHERE parcelnumb = '127-123' AND path LIKE ${`${cambridge}/%`}`;
  expect(row, 'the Cambridge parcel 127-123 is loaded').toBeDefined();
  point = { lat: Number(row!.lat), lon: Number(row!.lon) };
});

async function json(url: string) {
  const res = await app.request(url);
  return { status: res.status, body: await res.json() };
}

describe('GET /at_point.json', () => {
  it('gives Massachusetts / Middlesex / Cambridge for a point in Cambridge', async () => {
    const { status, body } = await json(`/at_point.json?lat=${point.lat}&lon=${point.lon}`);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['country', 'state', 'county', 'city', 'neighborhood']);
    expect(body.country).toMatchObject({ path: '/us', kind: 'country' });
    expect(body.state).toEqual({
      path: '/us/ma',
      name: 'Massachusetts',
      headline: 'Massachusetts',
      headline_alt: 'Massachusetts, United States',
      kind: 'state',
    });
    expect(body.county.path).toBe('/us/ma/middlesex');
    expect(body.county.headline).toContain('Middlesex');
    expect(body.city).toEqual({
      path: cambridge,
      name: 'Cambridge',
      headline: 'Cambridge, MA',
      headline_alt: 'Cambridge, Middlesex County, MA',
      kind: 'city',
    });
    expect(body.county.headline_alt).toBe('Middlesex County, Massachusetts');
    expect(body.country.headline_alt).toBe(body.country.headline);
    expect(body.neighborhood.headline_alt).toBe(`${body.neighborhood.name}, Cambridge, MA`);
    expect(body.neighborhood.kind).toBe('neighborhood');
    expect(body.neighborhood.path.startsWith(`${cambridge}/`)).toBe(true);
  });

  it('I27.1: at 1-3 Rockingham Pl (42.3557073, -71.1106625) answers Middlesex and Cambridge, not Suffolk', async () => {
    const { status, body } = await json('/at_point.json?lat=42.3557073&lon=-71.1106625');
    expect(status).toBe(200);
    expect(body.county).toMatchObject({ path: '/us/ma/middlesex', kind: 'county' });
    expect(body.city).toMatchObject({ path: cambridge, name: 'Cambridge' });
    expect(body.state.path).toBe('/us/ma');
  });

  it('a point in Somerville answers Middlesex and Somerville', async () => {
    // Davis Square.
    const { body } = await json('/at_point.json?lat=42.3967&lon=-71.1223');
    expect(body.county?.path).toBe('/us/ma/middlesex');
    expect(body.city).toMatchObject({ path: '/us/ma/middlesex/somerville', name: 'Somerville' });
    expect(body.neighborhood).toBeNull();
  });

  it('I27.2: near the Cambridge/Boston line every ancestor comes from the place’s own path', async () => {
    // Every Cambridge parcel within 150 m of Suffolk County: the answer names Cambridge and its own
    // county, whatever a county outline says there.
    const near = await sql<{ lat: number; lon: number }[]>`
      SELECT p.lat, p.lon FROM parcels p, places s
      WHERE s.path = '/us/ma/suffolk' AND p.path LIKE ${`${cambridge}/%`}
        AND ST_DWithin(p.geom::geography, s.geom::geography, 150)
      ORDER BY p.id LIMIT 12`;
    expect(near.length).toBeGreaterThan(5);
    for (const p of near) {
      const { body } = await json(`/at_point.json?lat=${p.lat}&lon=${p.lon}`);
      expect(body.city?.path, `${p.lat},${p.lon}`).toBe(cambridge);
      expect(body.county?.path, `${p.lat},${p.lon}`).toBe('/us/ma/middlesex');
      if (body.neighborhood) expect(body.neighborhood.path.startsWith(`${cambridge}/`)).toBe(true);
    }
  });

  it('answers nulls for a point in the ocean', async () => {
    const { status, body } = await json('/at_point.json?lat=0&lon=-30');
    expect(status).toBe(200);
    expect(body).toEqual({ country: null, state: null, county: null, city: null, neighborhood: null });
  });

  it('answers 400 naming the problem for missing, non-numeric or out-of-range coordinates', async () => {
    const cases: [string, string][] = [
      ['/at_point.json?lon=-71.1', 'lat is required'],
      ['/at_point.json?lat=abc&lon=-71.1', 'lat must be a number'],
      ['/at_point.json?lat=42.3&lon=1e999', 'lon must be a number'],
      ['/at_point.json?lat=95&lon=-71.1', 'lat must be between -90 and 90'],
      ['/at_point.json?lat=42.3&lon=-200', 'lon must be between -180 and 180'],
      ["/at_point.json?lat=42.3'%20OR%201=1--&lon=-71.1", 'lat must be a number'],
    ];
    for (const [url, message] of cases) {
      const { status, body } = await json(url);
      expect(status, url).toBe(400);
      expect(body.error).toMatchObject({ code: 'BAD_REQUEST', message });
    }
  });

  it('answers 401 for an unknown token', async () => {
    const { status, body } = await json(`/at_point.json?lat=${point.lat}&lon=${point.lon}&token=nope`);
    expect(status).toBe(401);
    expect(body.error.code).toBe('UNAUTHORIZED');
  });
});

describe('GET {place}/boundaries.json', () => {
  it('returns the Cambridge outline as a GeoJSON feature with its bbox', async () => {
    const { status, body } = await json(`${cambridge}/boundaries.json`);
    expect(status).toBe(200);
    expect(body.type).toBe('Feature');
    expect(['Polygon', 'MultiPolygon']).toContain(body.geometry.type);
    expect(body.properties).toMatchObject({
      path: cambridge,
      name: 'Cambridge',
      headline: 'Cambridge, MA',
      kind: 'city',
      parent_path: '/us/ma/middlesex',
      synthetic: false,
      outline_derived: false,
    });
    const [w, s, e, n] = body.properties.bbox;
    expect(w).toBeLessThan(point.lon);
    expect(e).toBeGreaterThan(point.lon);
    expect(s).toBeLessThan(point.lat);
    expect(n).toBeGreaterThan(point.lat);
    // Cambridge is about 8 km across: the box is city-sized, not county-sized.
    expect(e - w).toBeGreaterThan(0.05);
    expect(e - w).toBeLessThan(0.2);
  });

  it('simplifies big outlines but keeps the same extent', async () => {
    const { status, body } = await json('/us/ma/boundaries.json');
    expect(status).toBe(200);
    expect(JSON.stringify(body.geometry).length).toBeLessThan(2_000_000);
    const [[dbBox]] = await Promise.all([
      sql<{ w: number }[]>`SELECT ST_XMin(geom) AS w FROM places WHERE path = '/us/ma'`,
    ]);
    expect(body.properties.bbox[0]).toBeCloseTo(dbBox!.w, 5);
  });

  it('answers 404 for an unknown place', async () => {
    const { status, body } = await json('/us/ma/middlesex/atlantis/boundaries.json');
    expect(status).toBe(404);
    expect(body.error.code).toBe('NOT_FOUND');
  });

  it('answers 400 "Invalid context path" for malformed paths', async () => {
    for (const url of [
      '/US/ma/boundaries.json',
      '/us/ma%20x/boundaries.json',
      '/fr/paris/boundaries.json',
      '/boundaries.json',
      '/us//boundaries.json',
    ]) {
      const { status, body } = await json(url);
      expect(status, url).toBe(400);
      expect(body.error).toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid context path' });
    }
  });
});

describe('/us/neighborhoods/{slug or id}', () => {
  it('answers the boundary and children of the neighbourhood it names, with its own path and headlines', async () => {
    const [hood] = await sql<{ id: number; path: string; headline: string }[]>`
      SELECT id, path, headline FROM places WHERE kind = 'neighborhood' AND parent_path = ${cambridge} ORDER BY path LIMIT 1`;
    const slug = hood!.path.split('/').pop()!;
    for (const alias of [`/us/neighborhoods/${slug}`, `/us/neighborhoods/${hood!.id}`]) {
      const { status, body } = await json(`${alias}/boundaries.json`);
      expect(status, alias).toBe(200);
      expect(body.properties).toMatchObject({
        path: hood!.path,
        kind: 'neighborhood',
        headline: hood!.headline,
        headline_alt: hood!.headline,
        parent_path: cambridge,
      });
      expect((await json(`${alias}/children.json`)).status, alias).toBe(200);
    }
    // Every child answers its headline within the city's.
    const children = (await json(`${cambridge}/children.json`)).body.children as {
      name: string;
      headline_alt: string;
    }[];
    expect(children.length).toBeGreaterThan(0);
    for (const child of children) expect(child.headline_alt).toBe(`${child.name}, Cambridge, MA`);
    const missing = await json('/us/neighborhoods/no-such-neighborhood/boundaries.json');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
  });
});

describe('GET {place}/children.json', () => {
  it('lists the sub-places sorted by name with their bboxes', async () => {
    const { status, body } = await json('/us/ma/middlesex/children.json');
    expect(status).toBe(200);
    const paths = body.children.map((c: { path: string }) => c.path);
    expect(paths).toEqual(expect.arrayContaining([cambridge, '/us/ma/middlesex/somerville']));
    const names = body.children.map((c: { name: string }) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const child = body.children.find((c: { path: string }) => c.path === cambridge);
    expect(child).toMatchObject({ name: 'Cambridge', headline: 'Cambridge, MA', kind: 'city' });
    expect(child.bbox).toHaveLength(4);
    expect(child.geometry).toBeUndefined();
  });

  it('lists the states of the United States and includes outlines when asked', async () => {
    const { body } = await json('/us/children.json');
    expect(body.children.length).toBeGreaterThanOrEqual(50);
    expect(body.children).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: '/us/ma', name: 'Massachusetts', kind: 'state' })]),
    );
    const withOutlines = await json(`${cambridge}/children.json?geometry=1`);
    expect(withOutlines.body.children.length).toBeGreaterThan(0);
    expect(withOutlines.body.children[0].geometry.type).toMatch(/Polygon/);
  });

  it('answers an empty list for a place without sub-places and 404 for an unknown one', async () => {
    const { body: somerville } = await json('/us/ma/middlesex/somerville/children.json');
    expect(somerville).toEqual({ children: [] });
    const { status } = await json('/us/zz-nowhere/children.json');
    expect(status).toBe(404);
  });
});

describe('routing beside the viewer and the API', () => {
  it('leaves place pages to the viewer and unknown API routes to the 404 handler', async () => {
    const viewerDir = mkdtempSync(join(tmpdir(), 'viewer-'));
    writeFileSync(join(viewerDir, 'index.html'), '<!doctype html><title>viewer</title>');
    const withViewer = createApp({ config: loadConfig({}), sql, logger: createLogger('silent'), viewerDir });
    const page = await withViewer.request(cambridge);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>viewer</title>');
    const outline = await withViewer.request(`${cambridge}/boundaries.json`);
    expect(outline.headers.get('content-type')).toContain('application/json');
    expect((await outline.json()).type).toBe('Feature');
    const api = await withViewer.request('/api/v1/nothing-here/boundaries.json');
    expect(api.status).toBe(404);
    expect((await api.json()).error.code).toBe('NOT_FOUND');
  });
});
