// The acceptance case of importing any county: a county file the project has never seen, made here from the real
// (coarse) boundary of Williamsburg city, VA: a few hundred lots over the city, edge lots whose inside
// point is outside the generalised boundary by up to 300 m, and a few clearly elsewhere, with a
// county's own column names. Everything near the city is kept and reported, the far lots refused and
// counted; the city's natural name stops naming the real place; the proposal maps land use and acres.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '@parcel-map/tileserver/db/migrate';
import { scratchDatabase } from '@parcel-map/tileserver/testing/db';
import { loadSources } from '../../../../data/load-real-data.ts';
import { realSources } from '../../../../data/sources.ts';
import type { Db } from '../../../../data/staging.ts';
import { importParcels, importSource, mappingPathFor, type ImportOptions } from './import-parcels.ts';
import { mappingSchema } from './mapping.ts';
import { UnknownPlaceError } from './normalise.ts';

const place = '/us/va/williamsburg-city';
const edgeMeters = 300;
const farCount = 4;
let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
let dir: string;
let file: string;
// What the file holds, decided from the same boundary the import checks against.
let expected: { inside: number; edge: number; far: number };
const silent = () => {};
const run = (options: Partial<ImportOptions>) =>
  importParcels(scratch.sql, scratch.url, { file, place, log: silent, ...options });

const uses = ['Single Family Residential', 'Commercial', 'Vacant Land', 'Institutional', 'Multi-Family Residential'];

beforeAll(async () => {
  scratch = await scratchDatabase();
  await migrate(scratch.sql);
  const wanted = new Set(['us_states', 'us_counties']);
  await scratch.sql.begin((tx) =>
    loadSources(
      tx as unknown as Db,
      realSources.filter((s) => wanted.has(s.id)),
      silent,
    ),
  );
  // 220 m lots (180 m squares) on a grid in UTM 18N over the city and 300 m around it; a lot is "edge"
  // when its inside point is outside the boundary. Four lots 5 km east of the city are elsewhere.
  const lots = await scratch.sql<{ geojson: string; outside: boolean; far: boolean }[]>`
    WITH p AS (SELECT geom, ST_Transform(geom, 32618) AS g FROM places WHERE path = ${place}),
    cells AS (SELECT (ST_SquareGrid(220, ST_Expand(p.g, ${edgeMeters}))).geom AS cell FROM p),
    near AS (
      SELECT ST_Transform(ST_Buffer(c.cell, -20, 'join=mitre'), 4326) AS lot FROM cells c, p
      WHERE ST_DWithin(ST_Centroid(c.cell), p.g, ${edgeMeters - 20})
    ),
    far AS (
      SELECT ST_Transform(ST_Translate(ST_MakeEnvelope(0, 0, 180, 180, 32618), ST_XMax(p.g) + 5000 + i * 400, ST_YMin(p.g)), 4326) AS lot
      FROM p, generate_series(1, ${farCount}) AS i
    )
    SELECT ST_AsGeoJSON(l.lot, 9) AS geojson, NOT ST_Intersects(p.geom, ST_PointOnSurface(l.lot)) AS outside, l.far
    FROM (SELECT lot, false AS far FROM near UNION ALL SELECT lot, true FROM far) l, p
    ORDER BY ST_Y(ST_Centroid(l.lot)), ST_X(ST_Centroid(l.lot))`;
  expected = {
    inside: lots.filter((l) => !l.outside).length,
    edge: lots.filter((l) => l.outside && !l.far).length,
    far: lots.filter((l) => l.far).length,
  };
  const features = lots.map((l, i) => ({
    type: 'Feature',
    properties: {
      PID: `${100 + Math.floor(i / 10)}-${String(i % 10).padStart(2, '0')}`,
      StNum: String(10 + 2 * i),
      LandUseCategory: uses[i % uses.length],
      Acres: (8 + (i % 3)).toFixed(2),
      OwnerName: i % 7 === 0 ? 'CITY OF WILLIAMSBURG' : `OWNER ${i}`,
      YearBuilt: i % 5 === 2 ? 0 : 1900 + (i % 120),
      Notes: i % 4 === 0 ? 'corner lot' : null,
    },
    geometry: JSON.parse(l.geojson) as unknown,
  }));
  dir = mkdtempSync(join(tmpdir(), 'county-fidelity-'));
  file = join(dir, 'williamsburg.geojson');
  writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features }));
}, 240_000);

afterAll(async () => {
  await scratch?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a county file the project has never seen', () => {
  it('makes a file with a few hundred lots, edge lots outside the coarse boundary and a few far away', () => {
    expect(expected.inside).toBeGreaterThan(200);
    expect(expected.edge).toBeGreaterThan(30);
    expect(expected.far).toBe(farCount);
  });

  it("27.3: an import into the city's natural name stops naming the real place", async () => {
    const refused = await run({ place: '/us/va/williamsburg', dryRun: true }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UnknownPlaceError);
    expect((refused as UnknownPlaceError).message).toMatch(
      /^there is no place \/us\/va\/williamsburg: did you mean \/us\/va\/williamsburg-city \(Williamsburg/,
    );
    expect((refused as UnknownPlaceError).suggestions[0]?.path).toBe(place);
    expect((await scratch.sql`SELECT 1 FROM places WHERE path = '/us/va/williamsburg'`).length).toBe(0);
  });

  it('27.3: keeps every lot within the distance of the boundary, reports the ones outside it and refuses only the far ones', async () => {
    const report = await run({});
    expect(report).toMatchObject({
      read: expected.inside + expected.edge + expected.far,
      loaded: expected.inside + expected.edge,
      skipped: expected.far,
    });
    expect(report.details).toEqual({ outside_place: expected.far, outside_place_kept: expected.edge });
    expect(report.outside).toMatchObject({ place, kept: expected.edge, refused: expected.far, limitMeters: 2000 });
    expect(report.outside!.maxMeters).toBeGreaterThan(0);
    expect(report.outside!.maxMeters).toBeLessThanOrEqual(edgeMeters);
    expect(report.outside!.sample).toHaveLength(5);
    expect(report.outside!.sample[0]!.meters).toBeCloseTo(report.outside!.maxMeters, 0);
    expect(report.outside!.sample[0]!.sourceId).toMatch(/^\d+-\d\d$/);
    const [stored] = await scratch.sql<{ n: number; under: number }[]>`
      SELECT count(*)::int AS n, count(*) FILTER (WHERE path LIKE ${`${place}/%`})::int AS under FROM parcels WHERE source = ${importSource(place)}`;
    expect(stored).toEqual({ n: expected.inside + expected.edge, under: expected.inside + expected.edge });
  });

  it('27.4: proposes usedesc from the land-use category and gisacre from the acres, with reasons, in a mapping file the importer reads back', async () => {
    const report = await run({ dryRun: true });
    expect(report.mappingProposed).toBe(false);
    const written = mappingSchema.parse(JSON.parse(readFileSync(mappingPathFor(file), 'utf8')));
    expect(written).toEqual({
      parcelnumb: 'PID',
      owner: 'OwnerName',
      saddno: 'StNum',
      usedesc: 'LandUseCategory',
      yearbuilt: 'YearBuilt',
      gisacre: 'Acres',
    });
    expect(report.mapping).toEqual(written);
    expect(report.unmappedColumns).toEqual(['Notes']);
    expect(report.fill.find((f) => f.field === 'usedesc')).toMatchObject({ share: 1, unparsed: 0 });
    expect(report.fill.find((f) => f.field === 'gisacre')).toMatchObject({ share: 1, unparsed: 0 });
  });

  it('27.4: the first run reported each proposed match with its confidence and reason', async () => {
    rmSync(mappingPathFor(file));
    const report = await run({ dryRun: true });
    expect(report.mappingProposed).toBe(true);
    const of = (field: string) => report.proposal!.matches.find((m) => m.field === field);
    expect(of('usedesc')).toMatchObject({
      columns: ['LandUseCategory'],
      confidence: 0.75,
      reason: expect.stringMatching(/land use; its values are descriptions/),
    });
    expect(of('gisacre')).toMatchObject({
      columns: ['Acres'],
      confidence: 0.95,
      reason: expect.stringMatching(/numbers/),
    });
  });

  it('27.3: a smaller distance (IMPORT_OUTSIDE_MAX_M or --outside-max-m) refuses the edge lots beyond it and counts them', async () => {
    const report = await run({ dryRun: true, outsideMaxMeters: 50 });
    const refused = report.details?.outside_place ?? 0;
    expect(refused).toBeGreaterThan(expected.far);
    expect(refused + (report.details?.outside_place_kept ?? 0)).toBe(expected.far + expected.edge);
    expect(report.outside).toMatchObject({ refused, limitMeters: 50 });
    expect(report.outside!.maxMeters).toBeLessThanOrEqual(50);
  });
});
