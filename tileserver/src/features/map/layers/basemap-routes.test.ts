import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { testDb } from '../../../testing/db.ts';
import { lonLatToTile } from '../../../testing/tiles.ts';

const sql = testDb();
const app = createApp({ config: loadConfig(), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

async function tile(z: number, lon: number, lat: number): Promise<VectorTile> {
  const { x, y } = lonLatToTile(lon, lat, z);
  const res = await app.request(`/api/v1/basemap/${z}/${x}/${y}.mvt?token=public`, {
    headers: { 'Accept-Encoding': 'gzip' },
  });
  expect(res.status).toBe(200);
  return new VectorTile(new PbfReader(gunzipSync(Buffer.from(await res.arrayBuffer()))));
}

function values(t: VectorTile, layer: string, key: string): unknown[] {
  const l = t.layers[layer];
  return l ? Array.from({ length: l.length }, (_, i) => l.feature(i).properties[key]) : [];
}

describe('the basemap tiles', () => {
  it('describe the four layers in TileJSON', async () => {
    const body = await (await app.request('/api/v1/basemap?token=public')).json();
    expect(body).toMatchObject({ tilejson: '3.0.0', name: 'basemap', minzoom: 0, maxzoom: 16 });
    expect(body.vector_layers.map((l: { id: string }) => l.id)).toEqual([
      'water',
      'streets',
      'boundaries',
      'place_labels',
    ]);
    expect(body.tiles[0]).toMatch(/\/api\/v1\/basemap\/\{z\}\/\{x\}\/\{y\}\.mvt\?token=public&v=\d+$/);
  });

  it('carry streets by class with their names, water, boundaries and place labels at zoom 14 in Cambridge', async () => {
    const t = await tile(14, -71.1097, 42.3736);
    const names = values(t, 'streets', 'name');
    expect(names).toContain('Cambridge St');
    expect(new Set(values(t, 'streets', 'class'))).toEqual(new Set(['primary', 'secondary', 'minor']));
    expect(t.layers.streets!.feature(0).type).toBe(2); // LineString
    expect(values(t, 'boundaries', 'kind')).toEqual(expect.arrayContaining(['city', 'neighborhood']));
    expect(values(t, 'place_labels', 'name').length).toBeGreaterThan(0);
    const fresh = await tile(14, -71.1466, 42.3858); // Fresh Pond
    expect(values(fresh, 'water', 'type')).toContain('POND');
  });

  it('leave minor streets and names out at zoom 12, and keep state outlines and names at zoom 5', async () => {
    const t = await tile(12, -71.1097, 42.3736);
    expect(new Set(values(t, 'streets', 'class'))).toEqual(new Set(['primary', 'secondary']));
    expect(values(t, 'streets', 'name').every((n) => n === undefined)).toBe(true);
    const low = await tile(5, -71.1, 42.4);
    expect(values(low, 'boundaries', 'kind')).toContain('state');
    expect(values(low, 'place_labels', 'name')).toContain('Massachusetts');
    expect(low.layers.streets).toBeUndefined();
  });
});

describe('glyphs and sprite', () => {
  it('serve a glyph range of DejaVu Sans as MapLibre glyph protobuf with signed distance bitmaps', async () => {
    const res = await app.request('/api/v1/fonts/DejaVu%20Sans%20Book/0-255.pbf');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-protobuf');
    const pbf = new PbfReader(new Uint8Array(await res.arrayBuffer()));
    const stacks: {
      name: string;
      range: string;
      glyphs: { id: number; width: number; height: number; advance: number; bitmap?: Uint8Array }[];
    }[] = [];
    pbf.readFields((tag, list: typeof stacks) => {
      if (tag !== 1) return;
      const stack = { name: '', range: '', glyphs: [] as (typeof stacks)[number]['glyphs'] };
      pbf.readMessage((t, s: typeof stack) => {
        if (t === 1) s.name = pbf.readString();
        else if (t === 2) s.range = pbf.readString();
        else if (t === 3) {
          const g = { id: 0, width: 0, height: 0, advance: 0, bitmap: undefined as Uint8Array | undefined };
          pbf.readMessage((gt, gg: typeof g) => {
            if (gt === 1) gg.id = pbf.readVarint();
            else if (gt === 2) gg.bitmap = pbf.readBytes();
            else if (gt === 3) gg.width = pbf.readVarint();
            else if (gt === 4) gg.height = pbf.readVarint();
            else if (gt === 7) gg.advance = pbf.readVarint();
            else if (gt === 5 || gt === 6) pbf.readSVarint();
          }, g);
          s.glyphs.push(g);
        }
      }, stack);
      list.push(stack);
    }, stacks);
    expect(stacks).toHaveLength(1);
    expect(stacks[0]).toMatchObject({ name: 'DejaVu Sans Book', range: '0-255' });
    const a = stacks[0]!.glyphs.find((g) => g.id === 'A'.charCodeAt(0))!;
    expect(a.width).toBeGreaterThan(10);
    expect(a.bitmap!.length).toBe((a.width + 6) * (a.height + 6));
    // Inside the letter the field is high (>= 192 at the edge), outside it falls to 0.
    expect(Math.max(...a.bitmap!)).toBeGreaterThan(200);
    expect(Math.min(...a.bitmap!)).toBe(0);
    const space = stacks[0]!.glyphs.find((g) => g.id === 32)!;
    expect(space.advance).toBeGreaterThan(4);
  });

  it('answer 404 for an unknown font and 400 for a range that is not a glyph range', async () => {
    expect((await app.request('/api/v1/fonts/Comic%20Sans/0-255.pbf')).status).toBe(404);
    const bad = await app.request('/api/v1/fonts/DejaVu%20Sans%20Book/3-10.pbf');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('BAD_REQUEST');
  });

  it('serve the sprite index and a PNG at 1x and 2x', async () => {
    expect(await (await app.request('/api/v1/sprites/basemap.json')).json()).toEqual({
      dot: { x: 0, y: 0, width: 10, height: 10, pixelRatio: 1 },
    });
    expect((await (await app.request('/api/v1/sprites/basemap@2x.json')).json()).dot.pixelRatio).toBe(2);
    const png = await app.request('/api/v1/sprites/basemap@2x.png');
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(bytes.readUInt32BE(16)).toBe(20);
  });
});
