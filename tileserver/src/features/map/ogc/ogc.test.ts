// The OGC API at /ogc against SQL written here by hand: the metadata documents and their links, items
// by bbox, paging (next walks every parcel of a small bbox once; prev and offset agree with SQL),
// property filters on the plan's fields (others 400), one item (404 in the one error shape), access
// (anonymous 401, no API plan 403), HTML by f= and Accept with escaping, EPSG:3857 both ways, and tiles
// byte-identical to /api/v1/parcels.
import { afterAll, describe, expect, it } from 'vitest';
import { crs84, epsg3857, ogcCollections, ogcFeatureCollection } from '@parcel-map/contracts/map/ogc';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { LocalPaymentProvider } from '../../../payments/local/local-provider.ts';
import { signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../../../testing/http-client.ts';
import { lonLatToTile } from '../../../testing/tiles.ts';
import { escapeHtml, ogcPage } from './html.ts';

const sql = testDb(3);
const app = createApp({
  config: loadConfig({ METERING_FLUSH_MS: '200' }),
  sql,
  logger: createLogger('silent'),
  payments: new LocalPaymentProvider(sql),
});
afterAll(() => sql.end());

const admin = (await signedInUser(app, sql, 'admin')).browser;
const sandbox = new TestBrowser(app);
await sandbox.register(uniqueEmail('ogc'), 'secret-pass-1', 'Ogc Client');
const token = (await sandbox.post('/api/sandbox.json', { counties: ['/us/ma/middlesex'] })).json.token as string;

/** Around Harvard Square, Cambridge. */
const harvard = [-71.1205, 42.3725, -71.1175, 42.3745] as const;
const items = '/ogc/collections/parcels/items';
type Link = { rel: string; href: string; type?: string };
const linkOf = (links: Link[], rel: string, type?: string) =>
  links.find((l) => l.rel === rel && (type === undefined || l.type === type));
/** A link's path and query as the test app takes them. */
const local = (href: string) => href.replace(/^https?:\/\/[^/]+/, '');

async function parcelIdsIn(box: readonly number[]): Promise<string[]> {
  const rows = await sql<{ ll_uuid: string }[]>`
    SELECT ll_uuid::text FROM parcels
    WHERE ST_Intersects(geom, ST_MakeEnvelope(${box[0]!}, ${box[1]!}, ${box[2]!}, ${box[3]!}, 4326)) ORDER BY id`;
  return rows.map((r) => r.ll_uuid);
}

describe('the metadata documents', () => {
  it('answers the landing page with its links to anyone, as JSON by default', async () => {
    const landing = await new TestBrowser(app).get('/ogc');
    expect(landing.status).toBe(200);
    expect(landing.headers.get('content-type')).toMatch(/^application\/json/);
    const rels = landing.json.links.map((l: Link) => l.rel);
    expect(rels).toEqual(expect.arrayContaining(['self', 'alternate', 'service-desc', 'conformance', 'data']));
    expect(linkOf(landing.json.links, 'service-desc')!.href).toMatch(/\/api\/openapi\.json$/);
    const conformance = await new TestBrowser(app).get(local(linkOf(landing.json.links, 'conformance')!.href));
    expect(conformance.json.conformsTo).toEqual(
      expect.arrayContaining([
        'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
        'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
        'http://www.opengis.net/spec/ogcapi-features-2/1.0/conf/crs',
        'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/mvt',
      ]),
    );
  });

  it('lists the parcels collection with its extent, CRS, items and tilesets', async () => {
    const answer = await new TestBrowser(app).get('/ogc/collections');
    const collections = ogcCollections.parse(answer.json);
    const parcels = collections.collections.find((c) => c.id === 'parcels')!;
    expect(parcels.crs).toEqual([crs84, epsg3857]);
    const [w, s, e, n] = parcels.extent.spatial.bbox[0]!;
    expect(w! < harvard[0] && e! > harvard[2] && s! < harvard[1] && n! > harvard[3]).toBe(true);
    expect(linkOf(parcels.links, 'items', 'application/geo+json')!.href).toMatch(/\/ogc\/collections\/parcels\/items/);
    expect(linkOf(parcels.links, 'http://www.opengis.net/def/rel/ogc/1.0/tilesets-vector')).toBeDefined();
    expect((await new TestBrowser(app).get('/ogc/collections/nope')).json.error.code).toBe('NOT_FOUND');
  });

  it('describes the WebMercatorQuad tile matrix set and a tileset whose limits hold Harvard Square', async () => {
    const tms = (await new TestBrowser(app).get('/ogc/tileMatrixSets/WebMercatorQuad')).json;
    expect(tms.uri).toBe('http://www.opengis.net/def/tilematrixset/OGC/1.0/WebMercatorQuad');
    expect(tms.tileMatrices[0]).toMatchObject({ id: '0', matrixWidth: 1, tileWidth: 256, cornerOfOrigin: 'topLeft' });
    expect(tms.tileMatrices[16].cellSize).toBeCloseTo(156543.033928041 / 2 ** 16, 9);
    const list = (await new TestBrowser(app).get('/ogc/tileMatrixSets')).json;
    expect(list.tileMatrixSets.map((t: { id: string }) => t.id)).toEqual(['WebMercatorQuad']);
    const tilesets = (await new TestBrowser(app).get('/ogc/collections/parcels/tiles')).json;
    expect(tilesets.tilesets[0].tileMatrixSetURI).toBe(tms.uri);
    const tileset = (await new TestBrowser(app).get('/ogc/collections/parcels/tiles/WebMercatorQuad')).json;
    const { x, y } = lonLatToTile(harvard[0], harvard[1], 16);
    const z16 = tileset.tileMatrixSetLimits.find((l: { tileMatrix: string }) => l.tileMatrix === '16');
    expect(x >= z16.minTileCol && x <= z16.maxTileCol && y >= z16.minTileRow && y <= z16.maxTileRow).toBe(true);
    expect(linkOf(tileset.links, 'item')!.href).toMatch(/\/WebMercatorQuad\/\{tileMatrix\}\/\{tileRow\}\/\{tileCol\}$/);
  });
});

describe('items', () => {
  it('refuses anonymous callers (401) and accounts without an API plan (403) in the one error shape', async () => {
    const anonymous = await new TestBrowser(app).get(`${items}?bbox=${harvard.join(',')}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error.code).toBe('UNAUTHORIZED');
    const { browser } = await signedInUser(app, sql, 'pro');
    expect((await browser.get(items)).json.error.code).toBe('FORBIDDEN');
  });

  it('answers the parcels in a bbox as GeoJSON, 10 by default, with counts, a time stamp and the plan’s fields', async () => {
    const answer = await sandbox.get(`${items}?bbox=${harvard.join(',')}&token=${token}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/geo+json');
    expect(answer.headers.get('content-crs')).toBe(`<${crs84}>`);
    const page = ogcFeatureCollection.parse(answer.json);
    const expected = await parcelIdsIn(harvard);
    expect(page.numberMatched).toBe(expected.length);
    expect(page.numberReturned).toBe(10);
    expect(page.features.map((f) => f.id)).toEqual(expected.slice(0, 10));
    expect(Date.now() - Date.parse(page.timeStamp)).toBeLessThan(60_000);
    expect(Object.keys(page.features[0]!.properties)).toEqual(expect.arrayContaining(['path', 'address', 'owner']));
    // The sandbox's token travels in the links, as the client sent it.
    expect(linkOf(page.links, 'next')!.href).toContain(`token=${token}`);
  });

  it('meters each feature answered as a parcel record of the account, as /api/v2 does', async () => {
    const [group] = await sql<{ id: number }[]>`
      SELECT id FROM groups WHERE api_token_hint = ${token.slice(-4)} ORDER BY id DESC LIMIT 1`;
    const recorded = async () => {
      // The meter writes its counts every METERING_FLUSH_MS (200 ms here).
      await new Promise((done) => setTimeout(done, 600));
      const [row] = await sql<{ n: number }[]>`
        SELECT coalesce(sum(records), 0)::int AS n FROM api_usage WHERE group_id = ${group!.id}`;
      return row!.n;
    };
    const before = await recorded();
    const answer = await sandbox.get(`${items}?bbox=${harvard.join(',')}&limit=13&token=${token}`);
    expect(answer.json.numberReturned).toBe(13);
    const [id] = await parcelIdsIn(harvard);
    expect((await sandbox.get(`${items}/${id}?token=${token}`)).status).toBe(200);
    expect(await recorded()).toBe(before + 14);
  });

  it('walks every parcel of a small bbox once by its next links, and back by prev', async () => {
    const expected = await parcelIdsIn(harvard);
    expect(expected.length).toBeGreaterThan(20);
    const seen: string[] = [];
    const pages: string[] = [];
    let next: string | undefined = `${items}?bbox=${harvard.join(',')}&limit=7`;
    while (next) {
      pages.push(next);
      const page = (await admin.get(next)).json;
      seen.push(...page.features.map((f: { id: string }) => f.id));
      expect(page.numberReturned).toBe(page.features.length);
      const link = linkOf(page.links, 'next');
      next = link && local(link.href);
      expect(pages.length).toBeLessThan(100);
    }
    expect(seen).toEqual(expected);
    expect(pages.length).toBe(Math.ceil(expected.length / 7));
    const second = (await admin.get(pages[1]!)).json;
    const back = (await admin.get(local(linkOf(second.links, 'prev')!.href))).json;
    expect(back.features.map((f: { id: string }) => f.id)).toEqual(expected.slice(0, 7));
    const offset = (await admin.get(`${items}?bbox=${harvard.join(',')}&limit=5&offset=9`)).json;
    expect(offset.features.map((f: { id: string }) => f.id)).toEqual(expected.slice(9, 14));
  });

  it('filters by the plan’s fields and refuses other names with 400 naming them', async () => {
    const [sample] = await sql<{ usecode: string }[]>`
      SELECT usecode FROM parcels WHERE usecode IS NOT NULL AND path LIKE '/us/ma/middlesex/cambridge/%' ORDER BY id LIMIT 1`;
    const answer = await sandbox.get(`${items}?usecode=${encodeURIComponent(sample!.usecode)}&limit=50&token=${token}`);
    expect(answer.status).toBe(200);
    const expected = await sql<{ ll_uuid: string }[]>`
      SELECT ll_uuid::text FROM parcels WHERE usecode::text = ${sample!.usecode} AND path LIKE '/us/ma/middlesex/%' ORDER BY id LIMIT 50`;
    expect(answer.json.features.map((f: { id: string }) => f.id)).toEqual(expected.map((r) => r.ll_uuid));
    expect(linkOf(answer.json.links, 'next')?.href ?? 'usecode=').toContain('usecode=');
    const refused = await sandbox.get(`${items}?nosuchfield=1&token=${token}`);
    expect(refused.status).toBe(400);
    expect(refused.json.error.details).toEqual({ fields: ['nosuchfield'] });
    expect((await sandbox.get(`${items}?bbox=1,2,3&token=${token}`)).json.error.code).toBe('BAD_REQUEST');
    expect((await sandbox.get(`${items}?limit=10001&token=${token}`)).status).toBe(400);
  });

  it('answers one item by its id, and 404 in the one error shape for an unknown or malformed one', async () => {
    const [id] = await parcelIdsIn(harvard);
    const one = await sandbox.get(`${items}/${id}?token=${token}`);
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ type: 'Feature', id, properties: { ll_uuid: id } });
    expect(linkOf(one.json.links, 'collection')).toBeDefined();
    for (const missing of ['00000000-0000-0000-0000-000000000000', 'not-a-uuid']) {
      const answer = await sandbox.get(`${items}/${missing}?token=${token}`);
      expect(answer.status).toBe(404);
      expect(answer.json.error.code).toBe('NOT_FOUND');
    }
  });

  it('answers and filters in EPSG:3857 by crs and bbox-crs, and the coordinates transform back to CRS84', async () => {
    const [id] = await parcelIdsIn(harvard);
    const projected = await admin.get(`${items}/${id}?crs=${encodeURIComponent(epsg3857)}`);
    expect(projected.headers.get('content-crs')).toBe(`<${epsg3857}>`);
    const plain = await admin.get(`${items}/${id}`);
    const firstPoint = (g: { coordinates: unknown }) =>
      (g.coordinates as number[][][] | number[][][][]).flat(3) as number[];
    const [mx, my] = firstPoint(projected.json.geometry);
    const [lon, lat] = firstPoint(plain.json.geometry);
    expect(Math.abs(mx!)).toBeGreaterThan(1e6);
    const [back] = await sql<{ x: number; y: number }[]>`
      SELECT ST_X(p) AS x, ST_Y(p) AS y FROM ST_Transform(ST_SetSRID(ST_MakePoint(${mx!}, ${my!}), 3857), 4326) p`;
    expect(back!.x).toBeCloseTo(lon!, 6);
    expect(back!.y).toBeCloseTo(lat!, 6);
    const [box] = await sql<{ b: number[] }[]>`
      SELECT ARRAY[ST_XMin(e), ST_YMin(e), ST_XMax(e), ST_YMax(e)] AS b
      FROM ST_Transform(ST_MakeEnvelope(${harvard[0]}, ${harvard[1]}, ${harvard[2]}, ${harvard[3]}, 4326), 3857) e`;
    const inMercator = await admin.get(
      `${items}?bbox=${box!.b.join(',')}&bbox-crs=${encodeURIComponent(epsg3857)}&limit=1000`,
    );
    const expected = await sql<{ ll_uuid: string }[]>`
      SELECT ll_uuid::text FROM parcels WHERE ST_Intersects(geom_3857, ST_MakeEnvelope(${box!.b[0]!}, ${box!.b[1]!}, ${box!.b[2]!}, ${box!.b[3]!}, 3857)) ORDER BY id`;
    expect(inMercator.json.features.map((f: { id: string }) => f.id)).toEqual(expected.map((r) => r.ll_uuid));
    expect(expected.length).toBeGreaterThan(20);
  });
});

describe('HTML', () => {
  it('answers HTML by f=html and by a browser’s Accept, with every value escaped', async () => {
    const byF = await app.request(`${items}?bbox=${harvard.join(',')}&f=html&token=${token}`);
    expect(byF.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await byF.text();
    expect(page).toContain('<table>');
    expect(page).not.toMatch(/<script/i);
    const browser = await app.request('/ogc', { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(browser.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await browser.text()).toContain('href="http');
    const gis = await app.request('/ogc', { headers: { Accept: 'application/json, text/html;q=0.5' } });
    expect(gis.headers.get('content-type')).toMatch(/^application\/json/);
    const hostile = ogcPage(
      '<img src=x onerror=alert(1)>',
      'a "quote" & more',
      [{ href: 'javascript:"><script>alert(1)</script>', rel: 'self' }],
      [{ columns: ['<th>'], rows: [['</td><script>x</script>']] }],
    );
    expect(hostile).not.toMatch(/<script|<img|href="javascript/);
    expect(hostile).toContain('<th>&lt;th&gt;</th>');
    expect(hostile).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(escapeHtml(`<a href='x'>&"`)).toBe('&lt;a href=&#39;x&#39;&gt;&amp;&quot;');
  });
});

describe('tiles', () => {
  it('serves at z/y/x the same bytes as the parcel tile route at z/x/y', async () => {
    for (const z of [14, 16, 17]) {
      const { x, y } = lonLatToTile(-71.119, 42.3735, z);
      const headers = { 'Accept-Encoding': 'gzip' };
      const ours = await app.request(`/ogc/collections/parcels/tiles/WebMercatorQuad/${z}/${y}/${x}`, { headers });
      const theirs = await app.request(`/api/v1/parcels/${z}/${x}/${y}.mvt`, { headers });
      expect(ours.status).toBe(200);
      expect(ours.headers.get('content-type')).toBe(theirs.headers.get('content-type'));
      expect(ours.headers.get('etag')).toBe(theirs.headers.get('etag'));
      expect(Buffer.from(await ours.arrayBuffer()).equals(Buffer.from(await theirs.arrayBuffer()))).toBe(true);
    }
    expect((await app.request('/ogc/collections/parcels/tiles/WebMercatorQuad/5/1/1')).status).toBe(404);
    expect((await app.request('/ogc/collections/parcels/tiles/WebMercatorQuad/16/x/1')).status).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  it('documents every /ogc route of the app, and the landing page’s service-desc is that document', async () => {
    const doc = (await new TestBrowser(app).get('/api/openapi.json')).json;
    const template = (path: string) => path.replace(/:(\w+)/g, '{$1}');
    const served = [
      ...new Set(app.routes.filter((r) => r.path.startsWith('/ogc')).map((r) => template(r.path))),
    ].sort();
    expect(served.length).toBe(11);
    expect(
      Object.keys(doc.paths)
        .filter((path) => path.startsWith('/ogc'))
        .sort(),
    ).toEqual(served);
    const items = doc.paths['/ogc/collections/{collectionId}/items'].get;
    expect(items.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['bbox', 'limit', 'offset', 'crs', 'bbox-crs']),
    );
    expect(Object.keys(items.responses['200'].content)).toEqual(['application/geo+json', 'text/html']);
  });
});
