// Conformance: every answer the server publishes in a standard format, checked as its consumers would,
// by that format's own schema or validator (validators.ts), route by route from the app's route table
// (published-formats.ts lists which route publishes what), for each caller level whose answer differs.
// TileJSON by the TileJSON 3.0.0 schema, styles by the MapLibre style spec, tiles by @mapbox/vector-tile
// and GDAL at low, middle and high zoom, OpenAPI 3.1, GeoJSON (RFC 7946), Prometheus text, CSV (RFC 4180).
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { LocalPaymentProvider } from '../payments/local/local-provider.ts';
import { routeKey, routeTable } from '../reliability/route-table.ts';
import { signedInUser } from '../testing/accounts.ts';
import { testDb } from '../testing/db.ts';
import { testExport, testExportText } from '../testing/exports.ts';
import { TestBrowser } from '../testing/http-client.ts';
import { lonLatToTile } from '../testing/tiles.ts';
import { type Format, type Level, publishedFormats, publishesNone } from './published-formats.ts';
import {
  csvProblems,
  geoJsonProblems,
  mvtProblems,
  openApiProblems,
  pngProblems,
  prometheusProblems,
  styleProblems,
  tileJsonProblems,
} from './validators.ts';

const sql = testDb(3);
const dataDir = mkdtempSync(join(tmpdir(), 'conformance-'));
const app = createApp({
  config: loadConfig({ DATA_DIR: dataDir, METERING_FLUSH_MS: '600000' }),
  sql,
  logger: createLogger('silent'),
  payments: new LocalPaymentProvider(sql),
});
afterAll(async () => {
  await sql.end();
  rmSync(dataDir, { recursive: true, force: true });
});

const cambridge = '/us/ma/middlesex/cambridge';
const harvardSquare = { lon: -71.1097, lat: 42.3736 };
const harvardBox = '-71.1205,42.3700,-71.1145,42.3740';
const pngRoute = 'GET /api/v1/sources/:id/:z/:x/:tile{[0-9]+(?:@2x)?\\.png}';
const ogcTileRoute = 'GET /ogc/collections/:collectionId/tiles/WebMercatorQuad/:z/:y/:x';
const callers = {} as Record<Level, TestBrowser>;
const userIds = {} as Record<Level, number>;
const v: Record<string, string> = {};
const styled = {
  query: { parcel: true, path: cambridge },
  fields: ['address', 'yearbuilt'],
  styles: [
    { field: 'yearbuilt', predicate: 'lt', value: '1900', fill: '#ff0000', line: '#880000' },
    { field: 'yearbuilt', predicate: 'default', value: '', fill: '#cccccc', line: '#999999' },
  ],
};

beforeAll(async () => {
  callers.anonymous = new TestBrowser(app);
  const admin = await signedInUser(app, sql, 'admin');
  callers.admin = admin.browser;
  for (const level of ['pro', 'team'] as const) {
    const user = await signedInUser(app, sql, level, admin.browser);
    callers[level] = user.browser;
    userIds[level] = user.userId;
  }
  const [parcel] = await sql<
    { path: string; ll_uuid: string; parcelnumb: string; address: string; lon: number; lat: number }[]
  >`
    SELECT path, ll_uuid::text, parcelnumb, address, ST_X(ST_PointOnSurface(geom)) AS lon, ST_Y(ST_PointOnSurface(geom)) AS lat
    FROM parcels WHERE path LIKE ${`${cambridge}/%`} AND parcelnumb IS NOT NULL AND address ~ '^[0-9]+ [A-Z]' ORDER BY id LIMIT 1`;
  expect((await callers.team.post(`${parcel!.path}/bookmark.json`)).status).toBeLessThan(300);
  const project = await callers.team.post('/projects.json', { name: 'Conformance', query: { path: cambridge } });
  expect(project.status).toBe(201);
  const survey = await callers.team.post('/surveys.json', {
    map_id: project.json.id,
    name: 'Occupancy',
    questions: JSON.stringify([{ id: 'q1', question: 'Occupied?', answers: [{ label: 'Yes' }, { label: 'No' }] }]),
    photo_required: '0',
  });
  expect(survey.status).toBe(201);
  Object.assign(v, {
    survey: String(survey.json.id),
    parcel: parcel!.ll_uuid,
    lat: String(parcel!.lat),
    lon: String(parcel!.lon),
    apn: encodeURIComponent(parcel!.parcelnumb),
    address: encodeURIComponent(parcel!.address.split(' ').slice(0, 2).join(' ')),
  });
});

/** One request of the suite: the route it samples, who asks, and the path (POST: with a body). */
interface Sample {
  route: string;
  level: Level;
  path: string;
  body?: unknown;
}

const each = (route: string, path: string, body?: unknown): Sample[] =>
  publishedFormats[route]!.levels.map((level) => ({ route, level, path, body }));

const tileJsonSamples = (): Sample[] => [
  ...each('GET /api/v1/parcels', '/api/v1/parcels?format=mvt'),
  ...each('GET /api/v1/static/:layer', '/api/v1/static/fema'),
  ...each('GET /api/v1/static/:layer', '/api/v1/static/wetlands'),
  ...each('GET /api/v1/zoning', '/api/v1/zoning'),
  // The map layers at their access: population for everyone, buildings from Pro, the 2010 flood map for admins.
  ...each('GET /api/v1/layers/:id', '/api/v1/layers/population'),
  ...(['pro', 'team', 'admin'] as const).map((level) => ({
    route: 'GET /api/v1/layers/:id',
    level,
    path: '/api/v1/layers/buildings',
  })),
  { route: 'GET /api/v1/layers/:id', level: 'admin', path: '/api/v1/layers/flood-2010' },
  ...each('GET /api/v1/basemap', '/api/v1/basemap'),
  ...each('POST /api/v1/sources', '/api/v1/sources', styled),
  // The stored source's own TileJSON URL; its id is the answer of the POST above.
  ...each('GET /api/v1/sources/:file', '/api/v1/sources/{styled}.json'),
];

const documentSamples = (): Sample[] => [
  ...each('GET /api/v1/styles/:name', '/api/v1/styles/default.json'),
  ...each('GET /api/openapi.json', '/api/openapi.json'),
  ...each('GET /api/v2/openapi.json', '/api/v2/openapi.json'),
  ...each('GET /api/v2/parcels/point', `/api/v2/parcels/point?lat=${v.lat}&lon=${v.lon}`),
  ...each('GET /api/v2/parcels/address', `/api/v2/parcels/address?query=${v.address}&path=${cambridge}`),
  ...each('GET /api/v2/parcels/apn', `/api/v2/parcels/apn?parcelnumb=${v.apn}`),
  ...each('GET /api/v2/parcels/query', `/api/v2/parcels/query?path=${cambridge}&fields[city]=cambridge`),
  ...each('GET /*', `${cambridge}/boundaries.json`),
  ...each(
    'GET /ogc/collections/:collectionId/items',
    `/ogc/collections/parcels/items?bbox=${harvardBox}&limit=20&f=json`,
  ),
  ...each(
    'GET /arcgis/rest/services/:layer/FeatureServer/0/query',
    `/arcgis/rest/services/parcels/FeatureServer/0/query?where=1%3D1&outFields=*&geometry=${harvardBox}&inSR=4326&resultRecordCount=20&f=geojson`,
  ),
  ...each('GET /ogc/collections/:collectionId/items/:featureId', `/ogc/collections/parcels/items/${v.parcel}?f=json`),
  ...each('GET /profile/bookmarks.csv', '/profile/bookmarks.csv'),
  ...each('GET /surveys/:id{[0-9]+}/posts.csv', `/surveys/${v.survey}/posts.csv`),
];

const formatOf: Record<string, Format> = Object.fromEntries(
  Object.entries(publishedFormats).map(([route, p]) => [route, p.formats[0]!]),
);

async function answer(sample: Sample): Promise<{ status: number; text: string }> {
  const browser = callers[sample.level];
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (browser.cookies.size) headers.Cookie = [...browser.cookies].map(([k, val]) => `${k}=${val}`).join('; ');
  if (sample.body !== undefined) headers['X-CSRF-Token'] = browser.csrf;
  const res = await app.request(
    sample.path,
    {
      method: sample.body === undefined ? 'GET' : 'POST',
      headers,
      body: sample.body === undefined ? undefined : JSON.stringify(sample.body),
    },
    { incoming: { socket: { remoteAddress: browser.address } } },
  );
  return { status: res.status, text: await res.text() };
}

/** TileJSON documents seen, by `path as level`, for the tile checks and the layers-version record. */
const tileJsons = new Map<string, { route: string; level: Level; doc: Record<string, any> }>();

async function checkTileJson(sample: Sample, wrong: string[]): Promise<void> {
  const { status, text } = await answer(sample);
  const where = `${sample.path} as ${sample.level}`;
  if (status !== 200) {
    wrong.push(`${where}: answered ${status} ${text.slice(0, 200)}`);
    return;
  }
  const doc = JSON.parse(text);
  for (const problem of tileJsonProblems(doc)) wrong.push(`${where}: ${problem}`);
  const prefix = sample.route === 'catalogue' ? 'catalogue ' : '';
  tileJsons.set(`${prefix}${sample.path.replace('{styled}', 'styled')} as ${sample.level}`, {
    route: sample.route,
    level: sample.level,
    doc,
  });
  if (sample.route === 'POST /api/v1/sources') v.styled = doc.id;
}

describe('conformance of what the server publishes', () => {
  it('lists every GET route of the route table as publishing a format or none, and nothing else', () => {
    const gets = routeTable(app)
      .filter((r) => r.method === 'GET')
      .map(routeKey);
    const unlisted = gets.filter((k) => !(k in publishedFormats) && !(k in publishesNone));
    const all = routeTable(app).map(routeKey);
    const stale = [...Object.keys(publishedFormats), ...Object.keys(publishesNone)].filter((k) => !all.includes(k));
    expect(unlisted, 'routes missing from conformance/published-formats.ts').toEqual([]);
    expect(stale, 'routes in conformance/published-formats.ts that the app no longer has').toEqual([]);
  });

  it('samples every published route at every level it lists', async () => {
    const sampled = new Set([...tileJsonSamples(), ...documentSamples()].map((s) => `${s.route} as ${s.level}`));
    // Tiles are sampled from each TileJSON's own template (below), OGC API tiles and PNG tiles by route.
    for (const level of publishedFormats['GET /api/v1/parcels/:z/:x/:y']!.levels)
      for (const route of Object.keys(publishedFormats).filter((r) => formatOf[r] === 'mvt' && r !== ogcTileRoute))
        sampled.add(`${route} as ${level}`);
    for (const route of [pngRoute, ogcTileRoute])
      for (const level of publishedFormats[route]!.levels) sampled.add(`${route} as ${level}`);
    sampled.add('GET /metrics as admin').add('GET /exports/:id{[0-9]+}/download as pro');
    const missing = Object.entries(publishedFormats).flatMap(([route, p]) =>
      p.levels.map((level) => `${route} as ${level}`).filter((key) => !sampled.has(key)),
    );
    expect(missing, 'published routes without a sample in conformance.test.ts').toEqual([]);
  });

  it('answers TileJSON that the TileJSON 3.0.0 schema and our bar accept, for every route, source and layer', async () => {
    const wrong: string[] = [];
    const samples = tileJsonSamples();
    // The stored source's GET needs the id its POST answered.
    for (const sample of samples.filter((s) => !s.path.includes('{styled}'))) await checkTileJson(sample, wrong);
    for (const sample of samples.filter((s) => s.path.includes('{styled}')))
      await checkTileJson({ ...sample, path: sample.path.replace('{styled}', v.styled!) }, wrong);
    // Every catalogue layer's TileJSON (the catalogue gives its tile template).
    const catalogue = JSON.parse((await answer({ route: '', level: 'anonymous', path: '/api/v1/layers.json' })).text);
    expect(catalogue.length).toBeGreaterThan(0);
    for (const layer of catalogue as { source: string }[])
      for (const level of ['pro', 'team', 'admin'] as const)
        await checkTileJson({ route: 'catalogue', level, path: layer.source.replace('/{z}/{x}/{y}.mvt', '') }, wrong);
    expect(wrong).toEqual([]);
    expect(tileJsons.size).toBeGreaterThanOrEqual(samples.length);
  });

  it("raises a TileJSON's major version whenever its layers change (tilejson-majors.json)", () => {
    const recorded = JSON.parse(readFileSync(new URL('./tilejson-majors.json', import.meta.url), 'utf8'));
    const seen: Record<string, { major: number; layers: string }> = {};
    for (const [key, { route, doc }] of tileJsons) {
      // A stored source's layers follow its definition (a new definition is a new id): not recorded.
      if (route.includes('sources') || route === 'catalogue') continue;
      const layers = createHash('sha256').update(JSON.stringify(doc.vector_layers)).digest('hex').slice(0, 16);
      seen[key] = { major: Number(String(doc.version).split('.')[0]), layers };
    }
    expect(
      seen,
      "a source's vector_layers changed: raise its layersVersion (the TileJSON major), then record both here",
    ).toEqual(recorded);
  });

  // Each TileJSON's tiles go through GDAL at three zooms: four tests over a quarter of them each, so every
  // part keeps its margin on a loaded machine.
  const parts = 4;
  it.each(Array.from({ length: parts }, (_, i) => i + 1))(
    'answers tiles that @mapbox/vector-tile and GDAL read as MVT 2.1, for each layer at low, middle and high zoom (part %i of 4)',
    async (part) => {
      const wrong: string[] = [];
      const empty: string[] = [];
      const tiled = [...tileJsons].filter(([, { route }]) => route !== 'catalogue' && route !== 'POST /api/v1/sources');
      expect(tiled.length).toBeGreaterThan(0);
      for (const [key, { level, doc }] of tiled.filter((_, i) => i % parts === part - 1)) {
        const [west, south, east, north] = doc.bounds ?? [-180, -85, 180, 85];
        const inside = harvardSquare.lon >= west && harvardSquare.lon <= east;
        const at = inside && harvardSquare.lat >= south && harvardSquare.lat <= north;
        const point = at ? harvardSquare : { lon: (west + east) / 2, lat: (south + north) / 2 };
        const zooms = [doc.minzoom, Math.round((doc.minzoom + doc.maxzoom) / 2), doc.maxzoom] as number[];
        let features = 0;
        for (const z of zooms) {
          const tile = lonLatToTile(point.lon, point.lat, z);
          const url = new URL(
            doc.tiles[0].replace('{z}', tile.z).replace('{x}', tile.x).replace('{y}', tile.y),
            'http://x',
          );
          const { status, bytes } = await tileBytes(level, url.pathname + url.search);
          if (status === 204 || bytes.length === 0) continue;
          if (status !== 200) {
            wrong.push(`${key} z${z}: answered ${status}`);
            continue;
          }
          const { problems, layers } = mvtProblems(bytes, tile);
          for (const problem of problems) wrong.push(`${key} ${z}/${tile.x}/${tile.y}: ${problem}`);
          features += layers.length;
        }
        if (features === 0) empty.push(key);
      }
      expect(wrong).toEqual([]);
      expect(empty, 'TileJSON whose low, middle and high zoom tiles were all empty').toEqual([]);
    },
  );

  it('answers OGC API tiles that @mapbox/vector-tile and GDAL read as MVT 2.1, at low, middle and high zoom', async () => {
    const wrong: string[] = [];
    for (const level of publishedFormats[ogcTileRoute]!.levels) {
      let features = 0;
      for (const z of [12, 15, 17]) {
        const tile = lonLatToTile(harvardSquare.lon, harvardSquare.lat, z);
        const path = `/ogc/collections/parcels/tiles/WebMercatorQuad/${z}/${tile.y}/${tile.x}`;
        const { status, bytes } = await tileBytes(level, path);
        if (status !== 200) {
          wrong.push(`${path} as ${level}: answered ${status}`);
          continue;
        }
        const { problems, layers } = mvtProblems(bytes, tile);
        for (const problem of problems) wrong.push(`${path} as ${level}: ${problem}`);
        features += layers.length;
      }
      if (features === 0) wrong.push(`every OGC API tile at Harvard Square was empty as ${level}`);
    }
    expect(wrong).toEqual([]);
  });

  it("answers PNG tiles (256 and @2x 512 pixels) that a strict PNG decoder reads, from each source's raster template", async () => {
    const wrong: string[] = [];
    const docs = [...tileJsons.values()].filter((t) => t.route === 'GET /api/v1/sources/:file');
    expect(docs.map((t) => t.level).sort()).toEqual([...publishedFormats[pngRoute]!.levels].sort());
    for (const { level, doc } of docs) {
      const template = String(doc.raster_tiles?.[0] ?? '');
      if (!template.includes('{y}.png')) {
        wrong.push(`${doc.id} as ${level}: no raster_tiles template (${template})`);
        continue;
      }
      const tile = lonLatToTile(harvardSquare.lon, harvardSquare.lat, 17);
      for (const [suffix, size] of [
        ['.png', 256],
        ['@2x.png', 512],
      ] as const) {
        const filled = template
          .replace('{z}', '17')
          .replace('{x}', String(tile.x))
          .replace('{y}.png', `${tile.y}${suffix}`);
        const url = new URL(filled, 'http://x');
        const { status, bytes } = await tileBytes(level, url.pathname + url.search);
        if (status !== 200) wrong.push(`${url.pathname} as ${level}: answered ${status}`);
        else for (const problem of pngProblems(bytes, size)) wrong.push(`${url.pathname} as ${level}: ${problem}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers a style that the MapLibre style specification accepts', async () => {
    const wrong: string[] = [];
    for (const sample of documentSamples().filter((s) => formatOf[s.route] === 'style')) {
      const { status, text } = await answer(sample);
      if (status !== 200) wrong.push(`${sample.path} as ${sample.level}: ${status}`);
      else for (const problem of styleProblems(JSON.parse(text))) wrong.push(`${sample.path}: ${problem}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers OpenAPI 3.1, GeoJSON (RFC 7946) and CSV (RFC 4180) that their validators accept', async () => {
    const wrong: string[] = [];
    for (const sample of documentSamples().filter((s) => formatOf[s.route] !== 'style')) {
      const { status, text } = await answer(sample);
      const where = `${sample.path} as ${sample.level}`;
      if (status !== 200) {
        wrong.push(`${where}: answered ${status} ${text.slice(0, 200)}`);
        continue;
      }
      const format = formatOf[sample.route];
      const problems =
        format === 'openapi'
          ? await openApiProblems(JSON.parse(text))
          : format === 'geojson'
            ? geoJsonProblems(text)
            : csvProblems(text);
      for (const problem of problems) wrong.push(`${where} (${format}): ${problem}`);
    }
    expect(wrong).toEqual([]);
  });

  it('writes export files in csv and GeoJSON that their validators accept', async () => {
    const wrong: string[] = [];
    for (const format of ['csv', 'geojson'] as const) {
      const text = await exportFile(format);
      const problems = format === 'csv' ? csvProblems(text) : geoJsonProblems(text);
      for (const problem of problems) wrong.push(`${format} export: ${problem}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers /metrics in the Prometheus text format, every metric named by the conventions', async () => {
    const { status, text } = await answer({ route: 'GET /metrics', level: 'admin', path: '/metrics' });
    expect(status).toBe(200);
    expect(text).toMatch(/_total/);
    expect(prometheusProblems(text)).toEqual([]);
  });
});

async function tileBytes(level: Level, path: string): Promise<{ status: number; bytes: Uint8Array }> {
  const browser = callers[level];
  const headers: Record<string, string> = {};
  if (browser.cookies.size) headers.Cookie = [...browser.cookies].map(([k, val]) => `${k}=${val}`).join('; ');
  const res = await app.request(path, { headers }, { incoming: { socket: { remoteAddress: browser.address } } });
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** An export of a few Cambridge parcels written by the export job's own file maker. */
async function exportFile(format: 'csv' | 'geojson'): Promise<string> {
  const definition = {
    query: { parcel: true as const, path: cambridge, filters: { parcelnumb: [decodeURIComponent(v.apn!)] } },
  };
  return testExportText(await testExport(sql, { userId: userIds.pro, path: cambridge, format, definition }), dataDir);
}
