import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { testDb } from '../../../testing/db.ts';
import { houseQuery } from './address-ranges.ts';
import type { SearchResult } from '@parcel-map/contracts/map/places';

const sql = testDb();
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

async function search(q: string): Promise<SearchResult[]> {
  const res = await app.request(`/search.json?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return (await res.json()).results;
}

describe('address search with street address ranges', () => {
  it('reads a leading house number and the street text', () => {
    expect(houseQuery('63 high')).toEqual({ number: 63, street: 'high' });
    expect(houseQuery('12A Dirty St')).toEqual({ number: 12, street: 'Dirty St' });
    expect(houseQuery('highland 63')).toBeNull();
    expect(houseQuery('63')).toBeNull();
  });

  it("ranks 63 HIGHLAND AVE above Highland County for '63 high'", async () => {
    const results = await search('63 high');
    expect(results[0]).toMatchObject({ kind: 'parcel', name: '63 HIGHLAND AVE' });
    const firstPlace = results.findIndex((r) => r.kind === 'place');
    if (firstPlace >= 0) expect(firstPlace).toBeGreaterThan(0);
  });

  it('places a house with no parcel of its own along its street segment, then answers the parcel there', async () => {
    // A left-side house number inside a Cambridge segment's range that no parcel address carries.
    const [pick] = await sql<{ id: number; name: string; n: number; frac: number }[]>`
      SELECT s.id, s.name, n, (n - s.l_from)::float8 / (s.l_to - s.l_from) AS frac
      FROM streets s CROSS JOIN LATERAL generate_series(s.l_from + 2, s.l_to - 2, 2) AS n
      WHERE s.l_from IS NOT NULL AND s.l_to > s.l_from + 8 AND ST_NumGeometries(s.geom) = 1 AND s.name ~ '^[A-Z][a-z]+ (St|Ave)$'
        AND (SELECT count(*) FROM streets o WHERE o.name ILIKE s.name || '%' AND o.l_from <= n AND o.l_to >= n) = 1
        AND NOT EXISTS (SELECT 1 FROM parcels p WHERE p.address ILIKE n || ' ' || s.name || '%')
      ORDER BY s.id, n LIMIT 1`;
    expect(pick).toBeDefined();
    const results = await search(`${pick!.n} ${pick!.name.toLowerCase()}`);
    expect(results[0]).toMatchObject({
      kind: 'parcel',
      name: `${pick!.n} ${pick!.name.toUpperCase()}`,
      interpolated: true,
    });
    const [lon, lat] = results[0]!.center;
    const [where] = await sql<{ offset: number; along: number; parcel_m: number }[]>`
      SELECT ST_Distance(s.geom::geography, pt::geography) AS offset,
        ST_LineLocatePoint(ST_GeometryN(s.geom_3857, 1), ST_Transform(pt, 3857)) AS along,
        ST_Distance(p.geom::geography, pt::geography) AS parcel_m
      FROM streets s, parcels p, ST_SetSRID(ST_MakePoint(${lon}, ${lat}), 4326) AS pt
      WHERE s.id = ${pick!.id} AND p.path = ${results[0]!.path}`;
    // 15 m off the centerline, at the house number's share of the range, and the parcel is right there.
    expect(where!.offset).toBeGreaterThan(12);
    expect(where!.offset).toBeLessThan(18);
    expect(Math.abs(where!.along - pick!.frac)).toBeLessThan(0.05);
    expect(where!.parcel_m).toBeLessThan(40);
    // Interpolation is only for addresses no parcel carries: an exact address is never interpolated.
    expect((await search('63 highland ave')).some((r) => r.interpolated)).toBe(false);
  });
});
