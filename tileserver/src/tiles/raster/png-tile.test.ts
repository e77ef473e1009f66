// PNG tiles of stored sources, decoded with pngjs: the rule colours at pixels inside parcels picked in
// PostGIS, the @2x size, the transparent empty tile, 304 on If-None-Match, and field access.
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { signedInUser } from '../../testing/accounts.ts';
import { testDb } from '../../testing/db.ts';
import { TestBrowser } from '../../testing/http-client.ts';
import { lonLatToTile } from '../../testing/tiles.ts';
import { lineWidthAt, paintOf } from './svg-of-tile.ts';
import { rasterTemplateOf, tileFormatOf } from './png-tile.ts';

const sql = testDb(3);
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

const cambridge = '/us/ma/middlesex/cambridge';
const HALF = 20037508.342789244;
const Z = 17;
const red = [255, 0, 0, 255];
const blue = [0, 0, 255, 255];

const styled = {
  query: { parcel: true, path: cambridge },
  styles: [
    { field: 'usecode', predicate: 'is', value: '101', fill: '#ff0000', line: '#000000' },
    { predicate: 'default', fill: '#0000ff', line: '#000000' },
  ],
};

interface Spot {
  id: number;
  usecode: string;
  x: number;
  y: number;
}

/** A Cambridge parcel of (or not of) use code 101 whose inscribed circle is wide: its centre is far from any outline. */
async function wideParcel(is101: boolean): Promise<Spot> {
  const [row] = await sql<Spot[]>`
    SELECT id::int AS id, usecode, ST_X(c.center) AS x, ST_Y(c.center) AS y
    FROM parcels p, ST_MaximumInscribedCircle(p.geom_3857) c
    WHERE p.path LIKE ${`${cambridge}/%`} AND (p.usecode = '101') = ${is101}
      AND c.radius BETWEEN 15 AND 60
    ORDER BY p.id LIMIT 1`;
  if (!row) throw new Error('no wide parcel found');
  return row;
}

/** The tile at Z holding a point in web mercator, and the point's pixel in it at `size` pixels. */
function tileAndPixel(mx: number, my: number, size: number): { x: number; y: number; px: number; py: number } {
  const n = 2 ** Z;
  const fx = ((mx + HALF) / (2 * HALF)) * n;
  const fy = ((HALF - my) / (2 * HALF)) * n;
  const x = Math.floor(fx);
  const y = Math.floor(fy);
  return { x, y, px: Math.floor((fx - x) * size), py: Math.floor((fy - y) * size) };
}

function pixel(png: PNG, px: number, py: number): number[] {
  const at = (py * png.width + px) * 4;
  return [...png.data.subarray(at, at + 4)];
}

async function decodePng(res: Response): Promise<PNG> {
  return PNG.sync.read(Buffer.from(await res.arrayBuffer()));
}

/** A GET with the browser's cookies (TestBrowser reads JSON answers only; a PNG's bytes are needed here). */
async function fetchTile(path: string, browser?: TestBrowser, headers: Record<string, string> = {}): Promise<Response> {
  const cookie = [...(browser?.cookies ?? [])].map(([k, v]) => `${k}=${v}`).join('; ');
  return await app.request(
    path,
    { headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) } },
    { incoming: { socket: { remoteAddress: browser?.address ?? '203.0.113.240' } } },
  );
}

async function errorOf(res: Response): Promise<{ code: string; message: string }> {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

/** A tile URL of a TileJSON's template (vector or raster) without the origin. */
function pathOf(template: string, z: number, x: number, y: number, suffix = '.png'): string {
  const url = new URL(
    template
      .replace('{z}', String(z))
      .replace('{x}', String(x))
      .replace('{y}.png', `{y}${suffix}`)
      .replace('{y}', String(y)),
  );
  return `${url.pathname}${url.search}`;
}

let source: { id: string; tiles: string[]; raster_tiles: string[]; printUrl: string; url: string };
const anonymous = new TestBrowser(app);

beforeAll(async () => {
  const made = await anonymous.post('/api/v1/sources', styled);
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  source = made.json;
});

describe('PNG tiles of a stored source', () => {
  it('names the PNG template beside the vector one in the POST answer and the TileJSON', async () => {
    expect(source.raster_tiles).toEqual([source.tiles[0]!.replace('{y}.mvt', '{y}.png')]);
    expect(source.raster_tiles[0]).toContain(`/api/v1/sources/${source.id}/{z}/{x}/{y}.png?token=public`);
    const url = new URL(source.url);
    const tileJson = await anonymous.get(`${url.pathname}${url.search}`);
    expect(tileJson.json.raster_tiles).toEqual(source.raster_tiles);
    // The query layer's printUrl is the 512 px template of the same tiles.
    expect(source.printUrl).toBe(source.tiles[0]!.replace('{y}.mvt', '{y}@2x.png'));
    expect(tileJson.json.printUrl).toBe(source.printUrl);
  });

  it('paints a parcel of the first rule in its fill and another in the default fill, at their inner pixels', async () => {
    for (const [is101, colour] of [
      [true, red],
      [false, blue],
    ] as const) {
      const parcel = await wideParcel(is101);
      const { x, y, px, py } = tileAndPixel(parcel.x, parcel.y, 256);
      const res = await fetchTile(pathOf(source.raster_tiles[0]!, Z, x, y));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const png = await decodePng(res);
      expect([png.width, png.height]).toEqual([256, 256]);
      expect(pixel(png, px, py), `parcel ${parcel.id} (usecode ${parcel.usecode})`).toEqual(colour);
    }
  });

  it('draws @2x tiles at 512 by 512 pixels with the same colours', async () => {
    const parcel = await wideParcel(true);
    const { x, y, px, py } = tileAndPixel(parcel.x, parcel.y, 512);
    const res = await fetchTile(pathOf(source.raster_tiles[0]!, Z, x, y, '@2x.png'));
    expect(res.status).toBe(200);
    const png = await decodePng(res);
    expect([png.width, png.height]).toEqual([512, 512]);
    expect(pixel(png, px, py)).toEqual(red);
  });

  it('answers a tile without parcels with a fully transparent PNG', async () => {
    // Open water in Massachusetts Bay.
    const { z, x, y } = lonLatToTile(-70.6, 42.35, 14);
    const res = await fetchTile(pathOf(source.raster_tiles[0]!, z, x, y));
    expect(res.status).toBe(200);
    const png = await decodePng(res);
    expect([png.width, png.height]).toEqual([256, 256]);
    expect(png.data.every((value, i) => i % 4 !== 3 || value === 0)).toBe(true);
  });

  it('answers 304 when If-None-Match names the PNG it would send', async () => {
    const parcel = await wideParcel(true);
    const { x, y } = tileAndPixel(parcel.x, parcel.y, 256);
    const path = pathOf(source.raster_tiles[0]!, Z, x, y);
    const first = await fetchTile(path);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toMatch(/^public\b/);
    const again = await fetchTile(path, undefined, { 'If-None-Match': etag! });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
  });

  it('refuses a PNG of a source whose rule reads a field the caller may not see, in the JSON error shape', async () => {
    const { browser } = await signedInUser(app, sql, 'pro');
    const made = await browser.post('/api/v1/sources', {
      query: { parcel: true, path: cambridge },
      styles: [{ field: 'fema_flood_zone', predicate: 'exists', fill: '#ff0000', line: '#000000' }],
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const parcel = await wideParcel(true);
    const { x, y } = tileAndPixel(parcel.x, parcel.y, 256);
    const path = pathOf(made.json.raster_tiles[0], Z, x, y);
    const own = await fetchTile(path, browser);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toMatch(/^private\b/);
    expect(own.headers.get('vary')).toMatch(/Cookie/);
    // The same URL without the Pro session: no image, the one error shape.
    const refused = await fetchTile(path);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('FORBIDDEN');
  });

  it('answers a PNG of a layer without raster tiles, and a bad suffix, in the JSON error shape', async () => {
    const parcelsPng = await fetchTile('/api/v1/parcels/16/19829/24234.png');
    expect(parcelsPng.status).toBe(404);
    expect((await errorOf(parcelsPng)).code).toBe('NOT_FOUND');
    const bad = await fetchTile(`/api/v1/sources/${source.id}/16/19829/24234.jpg`);
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe('BAD_REQUEST');
  });
});

describe('raster helpers', () => {
  it('splits a tile URL ending into y, format and scale', () => {
    expect(tileFormatOf('12.mvt')).toEqual({ y: '12', format: 'mvt', scale: 1 });
    expect(tileFormatOf('12.png')).toEqual({ y: '12', format: 'png', scale: 1 });
    expect(tileFormatOf('12@2x.png')).toEqual({ y: '12', format: 'png', scale: 2 });
    expect(() => tileFormatOf('12@3x.png')).not.toThrow(); // y "12@3x" is then refused as not an integer
    expect(() => tileFormatOf('12.pbf')).toThrow(/end in .mvt/);
  });

  it('makes the PNG template from the vector one', () => {
    expect(rasterTemplateOf('http://h/api/v1/sources/a/{z}/{x}/{y}.mvt?token=t&v=1')).toBe(
      'http://h/api/v1/sources/a/{z}/{x}/{y}.png?token=t&v=1',
    );
  });

  it('reads #rrggbbaa colours and skips transparent ones', () => {
    expect(paintOf('#ff000080')).toEqual({ rgb: '#ff0000', opacity: 0.502 });
    expect(paintOf('#00000000')).toBeUndefined();
    expect(paintOf('#8a2be2ff')).toEqual({ rgb: '#8a2be2', opacity: 1 });
  });

  it("follows the viewer's outline widths by zoom", () => {
    expect(lineWidthAt(10)).toBe(0.5);
    expect(lineWidthAt(15)).toBeCloseTo(1.2);
    expect(lineWidthAt(16)).toBeCloseTo(1.6);
    expect(lineWidthAt(22)).toBe(3);
  });
});
