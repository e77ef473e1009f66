// Security review 2, N2 (the gate part) and N9 (the PNG limit): the gate table (route-gates.ts) holds
// every route of the app's route table, the GIS routes wait at the GIS gate and spend a per-minute
// limit, and both are shown by behaviour: past the limit 429, a full GIS gate leaves the app API
// answering (and a full app gate the GIS routes), and GIS requests that run out of time are counted.
import fc from 'fast-check';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/client.ts';
import { createLogger } from '../logger.ts';
import { pieces, routeTable, type Route } from '../reliability/route-table.ts';
import { createServices } from '../services.ts';
import { testDb } from '../testing/db.ts';
import { routeGateOf, routeGateRows } from './route-gates.ts';

const sql = testDb(3);
const admin = 'route-gates-admin-token-0123456789abcdef';
afterAll(() => sql.end());

/** A concrete path for a route pattern: each parameter by the first sample its regex takes. */
function samplePath(route: Route): string {
  const samples = (name: string) => (name === 'y' ? ['1.mvt', '1'] : ['1', 'parcels', '1.png', '1.json', 'x']);
  return pieces(route.path)
    .map((piece) => {
      if ('literal' in piece) return piece.literal;
      if ('wildcard' in piece) return 'x';
      const fits = (value: string) => !piece.pattern || new RegExp(`^(?:${piece.pattern})$`).test(value);
      // Else a string of the regex (fast-check draws one; seeded, so the same each run).
      const sample =
        samples(piece.param).find(fits) ??
        fc.sample(fc.stringMatching(new RegExp(`^(?:${piece.pattern})$`)), { numRuns: 1, seed: 7 })[0];
      if (!sample) throw new Error(`no sample path for :${piece.param}{${piece.pattern}} of ${route.path}`);
      return sample;
    })
    .join('');
}

const isGis = (route: Route) => /^\/(arcgis|ogc)(\/|$)/.test(route.path);

describe('the gate table (security review 2, N2)', () => {
  const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
  const routes = routeTable(app);

  it('N2: every route of the route table falls in exactly one row of the gate table, and every GIS route takes the GIS gate and a per-minute limit (its tiles the tile gate)', () => {
    const rowsUsed = new Set<string>();
    const gis: string[] = [];
    for (const route of routes) {
      const path = samplePath(route);
      // The first matching row is the route's; a later match is never consulted (exactly one by order).
      const row = routeGateOf(path);
      expect(row, `${route.method} ${route.path}`).toBeDefined();
      expect(routeGateRows.filter((r) => r === row)).toHaveLength(1);
      rowsUsed.add(row.name);
      if (!isGis(route)) continue;
      gis.push(`${route.method} ${route.path}`);
      if (row.name === 'OGC tiles') expect(row.gate).toBe('tiles');
      else {
        expect(row.gate, `${route.method} ${route.path}`).toBe('gis');
        expect(row.limit, `${route.method} ${route.path}`).toBeDefined();
      }
    }
    // The GIS routes the review lists: FeatureServer info, service, layer, query (GET and POST), the 404
    // of other /arcgis addresses, and the OGC landing, conformance, collections, items, tiles.
    expect(gis.length).toBeGreaterThanOrEqual(17);
    // Each row claims a route of the table (the wildcard-served rows a path of theirs), so none is dead.
    const wildcardPaths = [
      '/us/ma/middlesex/cambridge/123.json',
      '/us/ma/middlesex/cambridge/insights.json',
      '/us/ma/middlesex/cambridge/ask_chatgpt',
      '/us/ma/middlesex/cambridge/exports/check',
    ];
    for (const path of wildcardPaths) rowsUsed.add(routeGateOf(path).name);
    expect(routeGateRows.map((row) => row.name).filter((name) => !rowsUsed.has(name))).toEqual([]);
  });

  it('N2: the password routes are outside the app gate by path (they take it around their queries), the app API and search inside it', () => {
    expect(routeGateOf('/users/sign_in.json').gate).toBe('app-around-db');
    expect(routeGateOf('/users.json').gate).toBe('app-around-db');
    expect(routeGateOf('/users/edit').gate).toBe('app-around-db');
    expect(routeGateOf('/users/password.json').gate).toBe('app-around-db');
    expect(routeGateOf('/users/sign_out.json').gate).toBe('app');
    expect(routeGateOf('/search.json').gate).toBe('app');
    expect(routeGateOf('/api/v1/session.json').gate).toBe('app');
    expect(routeGateOf('/api/health').gate).toBe('none');
    expect(routeGateOf('/api/v1/parcels/14/1/1.mvt').gate).toBe('tiles');
    expect(routeGateOf('/api/v1/sources/abc/14/1/1@2x.png')).toMatchObject({
      gate: 'tiles',
      limit: { name: 'png-tiles' },
    });
    expect(routeGateOf('/arcgis/rest/services/zoning/FeatureServer/0/query')).toMatchObject({
      gate: 'gis',
      limit: { name: 'gis-queries' },
    });
    expect(routeGateOf('/ogc/collections/zoning/items/12')).toMatchObject({
      gate: 'gis',
      limit: { name: 'gis-queries' },
    });
    expect(routeGateOf('/ogc/collections/zoning/tiles/WebMercatorQuad')).toMatchObject({
      gate: 'gis',
      limit: { name: 'gis-metadata' },
    });
  });
});

describe('GIS limits and gates by behaviour (security review 2, N2 and N9)', () => {
  const config = loadConfig({
    ADMIN_TOKEN: admin,
    GIS_QUERIES_PER_MINUTE: '3',
    GIS_METADATA_PER_MINUTE: '3',
    PNG_TILES_PER_MINUTE: '2',
  });
  const app = createApp({ config, sql, logger: createLogger('silent') });
  const from = (address: string, path: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers }, { incoming: { socket: { remoteAddress: address } } });
  const zoningQuery =
    '/arcgis/rest/services/zoning/FeatureServer/0/query?where=1%3D1&outFields=*&resultRecordCount=1&f=json';

  it('N2: past GIS_QUERIES_PER_MINUTE, FeatureServer queries and OGC items from one address are 429 with Retry-After (one budget), and another address is not', async () => {
    expect((await from('192.0.2.60', zoningQuery)).status).toBe(200);
    expect((await from('192.0.2.60', '/ogc/collections/zoning/items?limit=1')).status).toBe(200);
    expect((await from('192.0.2.60', zoningQuery)).status).toBe(200);
    const over = await from('192.0.2.60', '/ogc/collections/zoning/items?limit=1');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await over.json()).error.message).toMatch(/FeatureServer query and OGC items/);
    expect((await from('192.0.2.60', zoningQuery)).status).toBe(429);
    expect((await from('192.0.2.61', zoningQuery)).status).toBe(200);
  });

  it('N2: past GIS_METADATA_PER_MINUTE, FeatureServer and OGC metadata are 429, counted per token across addresses too', async () => {
    const auth = { Authorization: `Bearer ${admin}` };
    expect((await from('192.0.2.62', '/arcgis/rest/services/zoning/FeatureServer?f=json', auth)).status).toBe(200);
    expect((await from('192.0.2.63', '/ogc/collections', auth)).status).toBe(200);
    expect((await from('192.0.2.64', '/ogc/collections/zoning/tiles/WebMercatorQuad', auth)).status).toBe(200);
    expect((await from('192.0.2.65', '/ogc/conformance', auth)).status).toBe(429);
  });

  it('N9: past PNG_TILES_PER_MINUTE, PNG tiles (.png and @2x.png) from one address are 429 before any render', async () => {
    // An unknown source: the route would answer 404, so a 429 shows the limit came first.
    expect((await from('192.0.2.66', '/api/v1/sources/nope/14/4955/6059.png')).status).toBe(404);
    expect((await from('192.0.2.66', '/api/v1/sources/nope/14/4955/6059@2x.png')).status).toBe(404);
    const over = await from('192.0.2.66', '/api/v1/sources/nope/14/4955/6060@2x.png');
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).not.toBeNull();
    // Vector tiles are not counted by it.
    expect((await from('192.0.2.66', '/api/v1/sources/nope/14/4955/6060.mvt')).status).toBe(404);
  });
});

describe('the GIS gate apart from the app gate (security review 2, N2)', () => {
  const config = loadConfig({ APP_POOL_SIZE: '1', APP_QUEUE_MAX: '0', GIS_POOL_SIZE: '1', GIS_QUEUE_MAX: '0' });
  const services = createServices({ config, sql, logger: createLogger('silent') });
  const app = createApp(services);
  const zoningQuery =
    '/arcgis/rest/services/zoning/FeatureServer/0/query?where=1%3D1&outFields=*&resultRecordCount=1&f=json';

  /** Holds every slot of `gate` while `work` runs. */
  async function holding(gate: typeof services.appGate, work: () => Promise<void>): Promise<void> {
    let release!: () => void;
    const held = gate.run(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      await work();
    } finally {
      release();
      await held;
    }
  }

  it('N2: with the GIS gate full, a FeatureServer query and an OGC document are 503 "the GIS API", and search still answers 200', async () => {
    await holding(services.gisGate, async () => {
      const query = await app.request(zoningQuery);
      expect(query.status).toBe(503);
      expect((await query.json()).error.message).toMatch(/the GIS API/);
      expect((await app.request('/ogc/collections')).status).toBe(503);
      expect((await app.request('/search.json?q=main')).status).toBe(200);
    });
  });

  it('N2: with the app gate full, search is 503 and the FeatureServer query still answers 200', async () => {
    await holding(services.appGate, async () => {
      expect((await app.request('/search.json?q=main')).status).toBe(503);
      expect((await app.request(zoningQuery)).status).toBe(200);
    });
  });
});

describe('GIS requests that run out of time (security review 2, N2)', () => {
  // A GIS pool whose statement timeout cuts a heavy query (ordered on an unindexed column, every field).
  const gisSql = createDb(inject('databaseUrl'), { max: 2, statementTimeoutMs: 30 });
  afterAll(() => gisSql.end());
  const config = loadConfig({ ADMIN_TOKEN: admin, GIS_STATEMENT_TIMEOUT_MS: '30', GIS_SLOW_PER_MINUTE: '2' });
  const app = createApp({ config, sql, gisSql, logger: createLogger('silent') });
  const heavy = `/arcgis/rest/services/parcels/FeatureServer/0/query?${new URLSearchParams({
    where: '1=1',
    outFields: '*',
    orderByFields: 'll_updated_at desc,owner',
    resultRecordCount: '1',
    f: 'json',
    token: admin,
  })}`;
  const from = (address: string, path: string) =>
    app.request(path, {}, { incoming: { socket: { remoteAddress: address } } });

  it('N2: each timed-out query spends one of GIS_SLOW_PER_MINUTE of its caller; past it, every GIS request of that token is 429 (from any address), while other callers are served', async () => {
    // Two are allowed; the third runs out of time too and tips the token over.
    for (const address of ['192.0.2.70', '192.0.2.71', '192.0.2.72']) {
      const res = await from(address, heavy);
      expect(res.status).toBe(503);
      expect((await res.json()).error.message).toMatch(/took too long/);
    }
    const refused = await from('192.0.2.73', heavy.replace('parcels', 'zoning'));
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.message).toMatch(/ran out of time/);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    // Another caller (no token, another address) is served.
    expect((await from('192.0.2.74', '/ogc/conformance')).status).toBe(200);
  }, 60_000);
});
