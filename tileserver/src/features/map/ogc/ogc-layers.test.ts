// The OGC API's layer collections (zoning, flood, wetlands) against SQL written here by hand: all four
// collections listed to anyone with who may read them; each layer's items by bbox, walked once by next
// links, filtered on its own columns (others 400), one item by row id; access as its tile layer has it
// (zoning anyone's with the typed fields for Pro; flood and wetlands 401 anonymous, 403 free, 200 Pro);
// and tiles byte-identical to /api/v1/zoning and /api/v1/static/{fema,wetlands}.
import { afterAll, describe, expect, it } from 'vitest';
import { ogcCollections, ogcFeatureCollection } from '@parcel-map/contracts/map/ogc';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { LocalPaymentProvider } from '../../../payments/local/local-provider.ts';
import { signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser } from '../../../testing/http-client.ts';
import { lonLatToTile } from '../../../testing/tiles.ts';

const sql = testDb(3);
const app = createApp({
  config: loadConfig({ METERING_FLUSH_MS: '600000' }),
  sql,
  logger: createLogger('silent'),
  payments: new LocalPaymentProvider(sql),
});
afterAll(() => sql.end());

const pro = (await signedInUser(app, sql, 'pro')).browser;
const free = (await signedInUser(app, sql, 'free')).browser;
type Link = { rel: string; href: string };
const local = (href: string) => href.replace(/^https?:\/\/[^/]+/, '');
const nextOf = (links: Link[]) => links.find((l) => l.rel === 'next');
/** The raw answer to the Pro user's session (a tile's bytes). */
const asPro = (path: string) =>
  app.request(path, { headers: { Cookie: [...pro.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });

const layers = [
  { id: 'zoning', table: 'zoning_districts', tileRoute: '/api/v1/zoning', zoom: 15, current: 'true' },
  {
    id: 'flood',
    table: 'flood_zones',
    tileRoute: '/api/v1/static/fema',
    zoom: 13,
    current: "source NOT LIKE '%legacy%'",
  },
  { id: 'wetlands', table: 'wetlands', tileRoute: '/api/v1/static/wetlands', zoom: 13, current: 'true' },
] as const;

/** A box of about 2 km around a point of the layer's first row, and the ids SQL finds in it. */
async function sampleOf(layer: (typeof layers)[number]) {
  const [row] = await sql<{ x: number; y: number }[]>`
    SELECT ST_X(p) AS x, ST_Y(p) AS y FROM (
      SELECT ST_PointOnSurface(geom) AS p FROM ${sql(layer.table)} WHERE ${sql.unsafe(layer.current)} ORDER BY id LIMIT 1) s`;
  const box = [row!.x - 0.012, row!.y - 0.009, row!.x + 0.012, row!.y + 0.009];
  const ids = await sql<{ id: number }[]>`
    SELECT id FROM ${sql(layer.table)}
    WHERE ${sql.unsafe(layer.current)} AND ST_Intersects(geom, ST_MakeEnvelope(${box[0]!}, ${box[1]!}, ${box[2]!}, ${box[3]!}, 4326))
    ORDER BY id`;
  return { point: [row!.x, row!.y] as const, box, ids: ids.map((r) => r.id) };
}

describe('the collections list', () => {
  it('lists all four collections to an anonymous caller, each saying who may read it', async () => {
    const answer = await new TestBrowser(app).get('/ogc/collections');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
    const { collections } = ogcCollections.parse(answer.json);
    expect(collections.map((c) => c.id)).toEqual(['parcels', 'zoning', 'flood', 'wetlands']);
    for (const collection of collections) {
      expect(String(collection.access)).toMatch(/\w/);
      expect(collection.description).toContain(String(collection.access));
    }
    expect(String(collections[2]!.access)).toMatch(/Pro, Team and admin/);
  });
});

describe.each(layers)('the $id collection', (layer) => {
  const items = `/ogc/collections/${layer.id}/items`;

  it('walks the features of a bbox once by next links, the ones SQL finds, as GeoJSON', async () => {
    const { box, ids } = await sampleOf(layer);
    expect(ids.length).toBeGreaterThan(2);
    const seen: number[] = [];
    let next: string | undefined = `${items}?bbox=${box.join(',')}&limit=2`;
    let pages = 0;
    while (next) {
      const answer = await pro.get(next);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/geo+json');
      const page = ogcFeatureCollection.parse(answer.json);
      if (pages === 0) expect(page.numberMatched).toBe(ids.length);
      seen.push(...page.features.map((f) => f.id as number));
      next = nextOf(page.links as Link[]) && local(nextOf(page.links as Link[])!.href);
      pages++;
      expect(pages).toBeLessThan(200);
    }
    expect(seen).toEqual(ids);
    expect(pages).toBe(Math.ceil(ids.length / 2));
  });

  it('filters on its own columns, refuses others with 400, and answers one item by its id', async () => {
    const column = { zoning: 'zoning', flood: 'fld_zone', wetlands: 'wetland_type' }[layer.id];
    const [sample] = await sql<{ id: number; value: string }[]>`
      SELECT id, ${sql(column)}::text AS value FROM ${sql(layer.table)} WHERE ${sql.unsafe(layer.current)} ORDER BY id LIMIT 1`;
    const expected = await sql<{ id: number }[]>`
      SELECT id FROM ${sql(layer.table)} WHERE ${sql.unsafe(layer.current)} AND ${sql(column)}::text = ${sample!.value} ORDER BY id LIMIT 20`;
    const filtered = await pro.get(`${items}?${column}=${encodeURIComponent(sample!.value)}&limit=20`);
    expect(filtered.json.features.map((f: { id: number }) => f.id)).toEqual(expected.map((r) => r.id));
    expect(
      filtered.json.features.every((f: { properties: Record<string, unknown> }) => f.properties[column] !== undefined),
    ).toBe(true);
    const refused = await pro.get(`${items}?owner=x`);
    expect(refused.status).toBe(400);
    expect(refused.json.error.details).toEqual({ fields: ['owner'] });
    const one = await pro.get(`${items}/${sample!.id}`);
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ type: 'Feature', id: sample!.id, properties: { [column]: expect.anything() } });
    for (const missing of ['999999999', 'abc', '0', '__proto__']) {
      const answer = await pro.get(`${items}/${missing}`);
      expect(answer.status).toBe(404);
      expect(answer.json.error.code).toBe('NOT_FOUND');
    }
  });

  it('serves at z/y/x the same bytes as its tile route at z/x/y', async () => {
    const { point } = await sampleOf(layer);
    const { x, y } = lonLatToTile(point[0], point[1], layer.zoom);
    const ours = await asPro(`/ogc/collections/${layer.id}/tiles/WebMercatorQuad/${layer.zoom}/${y}/${x}`);
    const theirs = await asPro(`${layer.tileRoute}/${layer.zoom}/${x}/${y}.mvt`);
    expect(ours.status).toBe(200);
    expect(ours.headers.get('etag')).toBe(theirs.headers.get('etag'));
    const bytes = Buffer.from(await ours.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(50);
    expect(bytes.equals(Buffer.from(await theirs.arrayBuffer()))).toBe(true);
  });
});

describe('access, as the tile layers have it', () => {
  it('refuses flood and wetlands to anonymous callers (401) and free accounts (403), items and tiles', async () => {
    for (const id of ['flood', 'wetlands']) {
      const anonymous = await new TestBrowser(app).get(`/ogc/collections/${id}/items`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.json.error.code).toBe('UNAUTHORIZED');
      const refused = await free.get(`/ogc/collections/${id}/items?limit=1`);
      expect(refused.status).toBe(403);
      expect(refused.json.error.code).toBe('FORBIDDEN');
      expect((await free.get(`/ogc/collections/${id}/items/1`)).status).toBe(403);
      expect((await free.get(`/ogc/collections/${id}/tiles/WebMercatorQuad/12/1515/1238`)).status).toBe(403);
      expect((await free.get(`/ogc/collections/${id}/tiles/WebMercatorQuad`)).status).toBe(403);
    }
  });

  it('answers zoning to anyone, with the standardized type only to callers who may read it', async () => {
    const anonymous = await new TestBrowser(app).get('/ogc/collections/zoning/items?limit=5');
    expect(anonymous.status).toBe(200);
    const keys = anonymous.json.features.flatMap((f: { properties: object }) => Object.keys(f.properties));
    expect(keys).toContain('zoning');
    expect(keys).not.toContain('zoning_type');
    const typed = await pro.get('/ogc/collections/zoning/items?limit=5');
    expect(Object.keys(typed.json.features[0].properties)).toEqual(expect.arrayContaining(['zoning', 'zoning_type']));
    const byType = await new TestBrowser(app).get('/ogc/collections/zoning/items?zoning_type=Residential');
    expect(byType.status).toBe(400);
    expect(byType.json.error.details).toEqual({ fields: ['zoning_type'] });
  });
});
