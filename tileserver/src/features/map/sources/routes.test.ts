import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { testDb } from '../../../testing/db.ts';
import { decodeTile, lonLatToTile } from '../../../testing/tiles.ts';
import { validateDefinition } from '../../../tiles/definition/validate.ts';

const sql = testDb();
const config = loadConfig({ ADMIN_TOKEN: 'test-admin-token-of-at-least-32-chars' });
const app = createApp({ config, sql, logger: createLogger('silent') });
afterAll(() => sql.end());

const post = (body: unknown, token = 'public') =>
  app.request(`/api/v1/sources?token=${token}`, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });

const styled = {
  query: { parcel: true, path: '/us/ma/middlesex/cambridge' },
  fields: ['address', 'usecode', 'parval'],
  styles: [
    { field: 'parval', predicate: 'gte', value: '1,000,000', fill: '#ff0000', line: '#880000' },
    { field: 'usecode', predicate: 'is', value: '101', fill: '#00ff0080', line: '#008800' },
    { field: 'yearbuilt', predicate: 'exists', value: 'No', fill: '#0000ff00', line: '#000088' },
    { predicate: 'default', fill: '#cccccc', line: '#999999' },
  ],
};

describe('creating sources', () => {
  it('returns TileJSON with an id, tile and vector URLs, the legend as HTML and its rules', async () => {
    const res = await post(styled);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.id).toMatch(/^[0-9a-f]{20}$/);
    expect(body.tilejson).toBe('3.0.0');
    expect(body.tiles[0]).toContain(`/api/v1/sources/${body.id}/{z}/{x}/{y}.mvt?token=public`);
    expect(body.vector).toEqual(body.tiles);
    expect(body.url).toContain(`/api/v1/sources/${body.id}.json?token=public`);
    expect(body.legend).toBe(
      '<ul><li><span style="background:#ff0000ff;border:1px solid #880000ff">&nbsp;&nbsp;</span> parval ≥ 1000000</li>' +
        '<li><span style="background:#00ff0080;border:1px solid #008800ff">&nbsp;&nbsp;</span> usecode is 101</li>' +
        '<li><span style="background:#0000ffff;border:1px solid #000088ff">&nbsp;&nbsp;</span> yearbuilt is empty</li>' +
        '<li><span style="background:#ccccccff;border:1px solid #999999ff">&nbsp;&nbsp;</span> Everything else</li></ul>',
    );
    expect(body.rules).toEqual([
      { rule: 0, label: 'parval ≥ 1000000', fill: '#ff0000ff', line: '#880000ff' },
      { rule: 1, label: 'usecode is 101', fill: '#00ff0080', line: '#008800ff' },
      // alpha 0 with a non-zero colour counts as opaque
      { rule: 2, label: 'yearbuilt is empty', fill: '#0000ffff', line: '#000088ff' },
      { rule: 3, label: 'Everything else', fill: '#ccccccff', line: '#999999ff' },
    ]);
    expect(body.vector_layers[0].fields).toEqual({
      address: 'String',
      usecode: 'String',
      parval: 'Number',
      rule: 'Number',
    });
  });

  it('gives the same definition the same id in any key order', async () => {
    const a = await (await post(styled)).json();
    const reordered = {
      styles: styled.styles.map((r) => Object.fromEntries(Object.entries(r).reverse())),
      fields: styled.fields,
      query: { path: styled.query.path, parcel: true },
    };
    const b = await (await post(reordered)).json();
    expect(b.id).toBe(a.id);
  });

  it('keeps stored sources across restarts (a new app instance serves the id)', async () => {
    const { id } = await (await post(styled)).json();
    const fresh = createApp({ config, sql, logger: createLogger('silent') });
    const res = await fresh.request(`/api/v1/sources/${id}.json`);
    expect(res.status).toBe(200);
    expect((await res.json()).id).toBe(id);
    const list = await (await fresh.request('/api/v1/sources')).json();
    expect(list.sources.map((s: { id: string }) => s.id)).toContain(id);
    // Each entry links its TileJSON under `url`, as a source answer does, and that link answers it.
    const entry = list.sources.find((s: { id: string }) => s.id === id);
    const tileJson = await fresh.request(new URL(entry.url).pathname + new URL(entry.url).search);
    expect((await tileJson.json()).url).toBe(entry.url);
  });

  it('converts @status values to numbers', () => {
    const definition = validateDefinition({
      query: { parcel: true },
      styles: [{ field: '@status', predicate: 'is', value: '3', fill: '#000000', line: '#000000' }],
    });
    expect(definition.styles[0]!.value).toBe(3);
  });

  it.each([
    [{ query: { parcel: true }, fields: ['address', 'favourite_colour'] }, /unknown field: favourite_colour/],
    [{ query: { parcel: true, filters: { nope: ['x'] } } }, /unknown field: nope/],
    [
      {
        query: { parcel: true },
        styles: [{ field: 'zoning', predicate: 'like', value: 'R', fill: '#000000', line: '#000000' }],
      },
      /unknown predicate "like"/,
    ],
    [
      {
        query: { parcel: true },
        styles: [{ field: 'parval', predicate: 'gt', value: 'lots', fill: '#000000', line: '#000000' }],
      },
      /needs a numeric value/,
    ],
    [
      {
        query: { parcel: true },
        styles: [{ field: 'zoning', predicate: 'gt', value: 3, fill: '#000000', line: '#000000' }],
      },
      /numeric fields only/,
    ],
    [
      {
        query: { parcel: true },
        styles: [{ field: 'zoning', predicate: 'is', value: 'R1', fill: 'red', line: '#000000' }],
      },
      /#rrggbb/,
    ],
    [{ query: { parcel: true, path: '/us/ma/middlesex/atlantis' } }, /Unknown place path/],
    [{ query: { parcel: true, path: "/us'; DROP TABLE parcels;--" } }, /not a place path/],
    [{ query: { parcel: false } }, /parcel must be true/],
    [{ query: { parcel: true }, extra: 1 }, /extra|Unrecognized/i],
  ])('refuses a bad definition with 400 naming the problem (%#)', async (body, message) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toMatch(message);
  });

  it('refuses a body that is not JSON with 400 and one over 64 KB with 413', async () => {
    expect((await post('{not json')).status).toBe(400);
    const big = await post({
      query: {
        parcel: true,
        filters: { zoning: Array.from({ length: 900 }, (_, i) => `zone-${i}-${'x'.repeat(80)}`) },
      },
    });
    expect(big.status).toBe(413);
    expect((await big.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('grants premium fields only to levels that may read them', async () => {
    const premium = { query: { parcel: true }, fields: ['address', 'fema_flood_zone'] };
    const anonymous = await post(premium);
    expect(anonymous.status).toBe(403);
    expect((await anonymous.json()).error.message).toMatch(/fema_flood_zone.*Pro/);
    const admin = await post(premium, 'test-admin-token-of-at-least-32-chars');
    expect(admin.status).toBe(200);
    const { id } = await admin.json();
    // The id alone does not unlock the fields: an anonymous caller cannot read that source's tiles.
    expect((await app.request(`/api/v1/sources/${id}/16/0/0.mvt`)).status).toBe(403);
    expect((await post(premium, 'who-knows')).status).toBe(401);
  });

  it('stores SQL-looking strings as data and never executes them', async () => {
    const evil = "x'); DROP TABLE parcels; --";
    // query.owner (the owner highlight) is Pro: the admin token posts it and reads the tile.
    const admin = 'test-admin-token-of-at-least-32-chars';
    const res = await post(
      {
        query: { parcel: true, owner: evil, filters: { zoning: [evil, 'R1"; DELETE FROM places; --'] } },
        styles: [{ field: 'address', predicate: 'is', value: evil, fill: '#000000', line: '#000000' }],
      },
      admin,
    );
    expect(res.status).toBe(200);
    const { id } = await res.json();
    const tile = await app.request(
      `/api/v1/sources/${id}/${Object.values(lonLatToTile(-71.1097, 42.3736, 16)).join('/')}.mvt`,
      { headers: { Authorization: `Bearer ${admin}` } },
    );
    expect(tile.status).toBe(204);
    const [counts] = await sql<
      { parcels: number; places: number }[]
    >`SELECT (SELECT count(*)::int FROM parcels) AS parcels, (SELECT count(*)::int FROM places) AS places`;
    expect(counts!.parcels).toBeGreaterThan(27000);
    expect(counts!.places).toBeGreaterThan(3000);
  });
});

describe('source tiles', () => {
  it('assigns each feature the rule that plain SQL assigns to the same parcel', async () => {
    const { id } = await (await post(styled)).json();
    const coords = lonLatToTile(-71.1097, 42.3736, 16);
    const features = await decodeTile(
      await app.request(`/api/v1/sources/${id}/${coords.z}/${coords.x}/${coords.y}.mvt`),
      'parcels',
    );
    expect(features.length).toBeGreaterThan(10);
    // The oracle is the rule list written by hand as plain SQL (first match wins), not the compiler's output.
    const oracle = await sql<{ id: string; rule: number }[]>`
      SELECT p.id,
        CASE WHEN p.parval >= 1000000 THEN 0 WHEN p.usecode = '101' THEN 1 WHEN p.yearbuilt IS NULL THEN 2 ELSE 3 END AS rule
      FROM parcels p JOIN places pl ON pl.path = '/us/ma/middlesex/cambridge' AND ST_Intersects(pl.geom_3857, p.geom_3857)
      WHERE ST_Intersects(p.geom_3857, ST_TileEnvelope(${coords.z}, ${coords.x}, ${coords.y}, margin => 64.0 / 4096))`;
    const expected = new Map(oracle.map((r) => [Number(r.id), r.rule]));
    for (const feature of features)
      expect(feature.properties.rule, `parcel ${feature.id}`).toBe(expected.get(feature.id));
    expect(new Set(features.map((f) => f.properties.rule)).size).toBeGreaterThan(1);
  });

  it('restricts tiles to the path and filters exactly as SQL does', async () => {
    const definition = {
      query: {
        parcel: true,
        path: '/us/ma/middlesex/cambridge',
        filters: { yearbuilt: { gte: 1900, lte: 1950 }, usecode: ['101', '104', '105'] },
      },
      fields: ['yearbuilt'],
    };
    const { id } = await (await post(definition)).json();
    // A tile on the Cambridge / Somerville line holds parcels of both cities.
    const coords = lonLatToTile(-71.1045, 42.3795, 15);
    const features = await decodeTile(
      await app.request(`/api/v1/sources/${id}/${coords.z}/${coords.x}/${coords.y}.mvt`),
      'parcels',
    );
    const oracle = await sql<{ id: string; inside: boolean }[]>`
      SELECT p.id, ST_Intersects(p.geom_3857, ST_TileEnvelope(${coords.z}, ${coords.x}, ${coords.y})) AS inside
      FROM parcels p JOIN places pl ON pl.path = '/us/ma/middlesex/cambridge' AND ST_Intersects(pl.geom_3857, p.geom_3857)
      WHERE p.yearbuilt BETWEEN 1900 AND 1950 AND p.usecode IN ('101', '104', '105')
        AND p.geom_3857 && ST_TileEnvelope(${coords.z}, ${coords.x}, ${coords.y}, margin => 64.0 / 4096)`;
    const allowed = new Set(oracle.map((r) => Number(r.id)));
    const got = new Set(features.map((f) => f.id));
    expect([...got].filter((i) => !allowed.has(i))).toEqual([]);
    expect(oracle.filter((r) => r.inside && !got.has(Number(r.id)))).toEqual([]);
    for (const f of features) {
      expect(f.properties.yearbuilt).toBeGreaterThanOrEqual(1900);
      expect(f.properties.yearbuilt).toBeLessThanOrEqual(1950);
    }
    expect(features.length).toBeGreaterThan(0);
  });

  it('renders a rule on the uuid field, compared as text, with the parcel that has that uuid in its rule', async () => {
    const coords = lonLatToTile(-71.1097, 42.3736, 16);
    const [target] = await sql<{ id: string; ll_uuid: string }[]>`
      SELECT id, ll_uuid::text AS ll_uuid FROM parcels
      WHERE ST_Intersects(geom_3857, ST_TileEnvelope(${coords.z}, ${coords.x}, ${coords.y})) AND ll_uuid IS NOT NULL ORDER BY id LIMIT 1`;
    const res = await post({
      query: { parcel: true },
      styles: [{ field: 'll_uuid', predicate: 'is', value: target!.ll_uuid, fill: '#ff0000', line: '#000000' }],
    });
    expect(res.status).toBe(200);
    const { id } = await res.json();
    const tile = await app.request(`/api/v1/sources/${id}/${coords.z}/${coords.x}/${coords.y}.mvt`);
    expect(tile.status).toBe(200);
    const features = await decodeTile(tile, 'parcels');
    expect(features.filter((f) => f.properties.rule === 0).map((f) => f.id)).toEqual([Number(target!.id)]);
  });

  it.each([
    [
      'a day that does not exist in a filter',
      { query: { parcel: true, filters: { saledate: { gte: '2021-02-29' } } } },
    ],
    [
      'a day that does not exist in a rule',
      {
        query: { parcel: true },
        styles: [{ field: 'saledate', predicate: 'is', value: '2023-04-31', fill: '#000000', line: '#000000' }],
      },
    ],
  ])('refuses %s at POST with 400, so no tile ever fails on it', async (_name, body) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/a day that exists/);
  });

  it('answers unknown ids with 404 and zooms outside the range with 404', async () => {
    expect((await app.request('/api/v1/sources/00000000000000000000/16/0/0.mvt')).status).toBe(404);
    expect((await app.request('/api/v1/sources/not-an-id.json')).status).toBe(404);
    const { id } = await (await post(styled)).json();
    expect((await app.request(`/api/v1/sources/${id}/5/0/0.mvt`)).status).toBe(404);
  });

  it('lets only the admin purge a source cache, which changes its version', async () => {
    const { id, version } = await (await post(styled)).json();
    expect((await app.request(`/api/v1/sources/${id}/cache`, { method: 'DELETE' })).status).toBe(403);
    const res = await app.request(`/api/v1/sources/${id}/cache?token=test-admin-token-of-at-least-32-chars`, {
      method: 'DELETE',
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.id).toBe(id);
    expect(body.version).not.toBe(version);
  });
});

describe('the fields keyed by table', () => {
  it('accepts {"fields": {"parcel": [...]}} as the same source as the plain list', async () => {
    const plain = await (await post({ query: { parcel: true }, fields: ['owner', 'address'] })).json();
    const keyed = await post({ query: { parcel: true }, fields: { parcel: ['owner', 'address'] } });
    expect(keyed.status).toBe(200);
    const body = await keyed.json();
    expect(body.id).toBe(plain.id);
    expect(body.fields).toEqual(['owner', 'address']);
    expect(body.vector_layers[0].fields).toEqual({ owner: 'String', address: 'String' });
  });

  it('answers 400 for another table or an unknown field under it', async () => {
    const other = await post({ query: { parcel: true }, fields: { buildings: ['height'] } });
    expect(other.status).toBe(400);
    expect((await other.json()).error.code).toBe('BAD_REQUEST');
    expect((await post({ query: { parcel: true }, fields: { parcel: ['no_such_field'] } })).status).toBe(400);
  });
});
