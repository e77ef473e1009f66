// County files as they are published (issue 39 items 1, 2, 3, 7): a MassGIS Level 3 town database
// made here from the real Somerville L3 parcels (testing/massgis-sample.ts), zipped as MassGIS
// publishes it, imported with one command and no --layer: the parcel layer recognised among three
// polygon layers and two tables, the assessor table joined on LOC_ID with its match rate, a
// condominium's units kept on one polygon, curved lots linearised, lot sizes in square feet.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '@parcel-map/tileserver/db/migrate';
import { scratchDatabase } from '@parcel-map/tileserver/testing/db';
import { type MassgisSample, writeMassgisSample } from '@parcel-map/tileserver/testing/massgis-sample';
import { loadSources } from '../../../../data/load-real-data.ts';
import { realSources } from '../../../../data/sources.ts';
import type { Db } from '../../../../data/staging.ts';
import {
  importParcels,
  importSource,
  mappingPathFor,
  type ImportOptions,
  type ImportReport,
} from './import-parcels.ts';
import { formatReport } from './report.ts';

let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
let dir: string;
let sample: MassgisSample;
const silent = () => {};
// Each run proposes its own mapping: the proposal written beside the file would be read back otherwise.
const run = (options: Partial<ImportOptions> & Pick<ImportOptions, 'file' | 'place'>) => {
  rmSync(mappingPathFor(options.file), { force: true });
  return importParcels(scratch.sql, scratch.url, { log: silent, ...options });
};

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
  dir = mkdtempSync(join(tmpdir(), 'massgis-'));
  sample = await writeMassgisSample(dir);
}, 240_000);

afterAll(async () => {
  await scratch?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Imported {
  loc_id: string;
  owner: string | null;
  sqft: number | null;
  parval: number | null;
  acres: number;
  m2: number;
  points: number;
  valid: boolean;
  units: { OWNER1: string }[] | null;
}

const importedRows = (place: string) => scratch.sql<Imported[]>`
  SELECT raw->>'LOC_ID' AS loc_id, owner, sqft, parval, ll_gisacre AS acres, ST_Area(geom::geography) AS m2,
    ST_NPoints(geom) AS points, ST_IsValid(geom) AS valid, raw->'_join_units' AS units
  FROM parcels WHERE source = ${importSource(place)}`;

describe('a MassGIS Level 3 town database as published', () => {
  it('imports the zipped File Geodatabase with one command and no --layer: every polygon kept, the assessor table joined with its match rate, the condominium once with its units, curves linearised, lot sizes in square feet', async () => {
    const place = '/us/ma/middlesex/somerville';
    const lines: string[] = [];
    const report = await run({ file: sample.gdbZip, place, log: (l) => lines.push(l) });
    expect(report.layer).toBe('M274TaxPar');
    expect(lines.join('\n')).toMatch(/layer M274TaxPar .*named like parcels \(others: M274OthLeg/);
    expect(report).toMatchObject({ read: sample.polygons, loaded: sample.polygons, skipped: 0 });
    expect(report.join).toMatchObject({
      table: 'M274Assess',
      key: 'LOC_ID',
      polygons: sample.polygons,
      matched: sample.matched,
      attributeRows: sample.assessRows,
      attributeRowsMatched: sample.assessRows,
      condoPolygons: 1,
      condoUnits: sample.condo.units,
    });
    expect(report.join!.rate).toBeCloseTo(sample.matched / sample.polygons, 5);
    const text = formatReport(report);
    expect(text).toContain(
      `joined M274Assess on LOC_ID: ${sample.matched} of ${sample.polygons} polygons matched (${((100 * sample.matched) / sample.polygons).toFixed(1)}%)`,
    );
    expect(text).toContain(`1 polygons with several rows (condominiums) hold ${sample.condo.units} units`);
    expect(report.geometryRepairs?.curved).toBe(sample.curvedLocIds.length);
    expect(text).toMatch(/geometry repairs: 3 curved outlines linearised/);
    expect(report.mapping.sqft).toBe('LOT_SQFT');
    expect(report.lotUnits).toMatchObject({ column: 'LOT_SIZE', unitColumn: 'LOT_UNITS' });
    expect(text).toMatch(/lot sizes: LOT_SIZE converted to square feet by LOT_UNITS \(A \d+, S 4/);

    const rows = await importedRows(place);
    expect(rows).toHaveLength(sample.polygons);
    const byLoc = new Map(rows.map((r) => [r.loc_id, r]));
    // Owners on more than 95% of the polygons (the right-of-way and water polygons have none).
    expect(rows.filter((r) => r.owner).length / rows.length).toBeGreaterThan(0.95);
    expect(rows.filter((r) => r.owner).length).toBe(sample.withOwner);
    // Lot sizes in square feet, whether the assessor gave acres (A) or square feet (S).
    for (const [loc, sqft] of sample.lotSqft) expect(Math.abs(byLoc.get(loc)!.sqft! - sqft)).toBeLessThanOrEqual(1);
    for (const loc of sample.squareFeetLocIds) expect(byLoc.get(loc)!.sqft).toBe(sample.lotSqft.get(loc));
    // ll_gisacre stays the geometry's own.
    for (const r of rows) expect(Math.abs(r.acres - r.m2 / 4046.8564224)).toBeLessThan(1e-6);
    // The condominium: one polygon, its owner saying so, its value the units' sum, the unit rows kept.
    const condo = byLoc.get(sample.condo.locId)!;
    expect(condo.owner).toBe(
      `CONDOMINIUM (${sample.condo.units} UNITS): ${[...sample.condo.owners].sort().slice(0, 3).join('; ')}; +${sample.condo.units - 3} MORE`,
    );
    expect(condo.parval).toBe(sample.condo.totalValue);
    expect(condo.units?.map((u) => u.OWNER1)).toEqual(sample.condo.owners);
    // Curved lots: linearised into valid polygons with the arc's vertices.
    sample.curvedLocIds.forEach((loc, i) => {
      expect(byLoc.get(loc)!.valid).toBe(true);
      // Vertices along each arc (as many as keep within 0.1 m of it), beside the lot's own corners.
      expect(byLoc.get(loc)!.points).toBeGreaterThan(sample.curvedPoints[i]!);
    });
  }, 240_000);

  it('imports the zipped shapefile set (tables as lone .dbf files in a folder) the same way', async () => {
    const place = '/us/ma/middlesex/m274-shapefiles';
    const report = await run({ file: sample.shpZip, place });
    expect(report.layer).toBe('M274TaxPar_CY19_FY19');
    expect(report.join).toMatchObject({ table: 'M274Assess_CY19_FY19', key: 'LOC_ID', matched: sample.matched });
    expect(report.loaded).toBe(sample.polygons);
    const rows = await importedRows(place);
    expect(rows.filter((r) => r.owner).length).toBe(sample.withOwner);
    for (const loc of sample.squareFeetLocIds)
      expect(rows.find((r) => r.loc_id === loc)!.sqft).toBe(sample.lotSqft.get(loc));
  }, 240_000);

  it('skips the join with --no-join and takes the table and key given with --join', async () => {
    const place = '/us/ma/middlesex/m274-options';
    const alone = await run({ file: sample.gdbZip, place, dryRun: true, noJoin: true });
    expect(alone.join).toBeNull();
    expect(alone.mapping.owner).toBeUndefined();
    const chosen = await run({ file: sample.gdbZip, place, dryRun: true, join: 'M274Assess:LOC_ID' });
    expect(chosen.join).toMatchObject({ table: 'M274Assess', key: 'LOC_ID', matched: sample.matched });
    expect(chosen.mapping.owner).toBe('OWNER1');
    await expect(run({ file: sample.gdbZip, place, dryRun: true, join: 'M274UC_LUT:USE_CODE' })).rejects.toThrow(
      /USE_CODE is not a column of both M274TaxPar and M274UC_LUT/,
    );
    await expect(run({ file: sample.gdbZip, place, dryRun: true, join: 'nope:LOC_ID' })).rejects.toThrow(
      /no table nope/,
    );
  }, 240_000);

  it('reads a lot size without a unit column by its ratio to the polygons own areas, flattens a 3D layer and keeps the polygon of a collection', async () => {
    // Square lots of 30 m with their size in square metres (900), as a metric county would publish.
    const features = Array.from({ length: 12 }, (_, i) => {
      const [x, y] = [-71.1 + i * 0.001, 42.4];
      const dx = 30 / (111_320 * Math.cos((y * Math.PI) / 180));
      const dy = 30 / 110_574;
      return {
        type: 'Feature',
        properties: { PID: `L-${i}`, LOT_SIZE: 900 },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [x, y, 5],
              [x + dx, y, 5],
              [x + dx, y + dy, 5],
              [x, y + dy, 5],
              [x, y, 5],
            ],
          ],
        },
      };
    });
    const file = join(dir, 'metric-3d.geojson');
    writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features }));
    const report = await run({ file, place: '/us/ma/middlesex/metric-lots', dryRun: true });
    expect(report.lotUnits).toMatchObject({ column: 'LOT_SIZE', unitColumn: null, unit: 'square metres' });
    expect(formatReport(report)).toMatch(
      /LOT_SIZE has no unit column: median LOT_SIZE \/ polygon area in square feet is 0\.09\d+: read as square metres/,
    );
    expect(report.geometryRepairs).toMatchObject({ flattened: 12, collections: 0, curved: 0 });
    expect(report).toMatchObject({ read: 12, skipped: 0 });
    expect(formatReport(report)).toContain('12 3D/measured flattened to 2D');
    // One lot published as a collection of its outline and a line (a dimension, a label leader).
    const [first, ...rest] = features;
    const collection = {
      ...first,
      geometry: {
        type: 'GeometryCollection',
        geometries: [
          first!.geometry,
          {
            type: 'LineString',
            coordinates: [
              [-71.1, 42.4],
              [-71.1001, 42.4001],
            ],
          },
        ],
      },
    };
    const mixed = join(dir, 'collection.geojson');
    writeFileSync(mixed, JSON.stringify({ type: 'FeatureCollection', features: [collection, ...rest] }));
    const reduced = await run({ file: mixed, place: '/us/ma/middlesex/metric-lots', dryRun: true });
    expect(reduced.geometryRepairs).toMatchObject({ collections: 1, curved: 0 });
    expect(reduced).toMatchObject({ read: 12, skipped: 0 });
    expect(formatReport(reduced)).toContain('1 geometry collections reduced to their polygons');
  }, 120_000);

  it('imports the same database in a state run (--place /us/ma): the assessor table joined first, so its CITY column places the town', async () => {
    const report = await run({ file: sample.gdbZip, place: '/us/ma', replace: true });
    expect(report.join).toMatchObject({ table: 'M274Assess', key: 'LOC_ID', matched: sample.matched });
    expect(report.loaded).toBe(sample.polygons);
    const places = (report as ImportReport & { places: ImportReport[] }).places;
    // Rows whose joined CITY names the town go to it; the few without a CITY (no assessor row, or a
    // blank one) have no city boundary to fall back on here and stay at the county.
    expect(places.map((p) => p.place).sort()).toEqual(['/us/ma/middlesex', '/us/ma/middlesex/somerville']);
    const cities = await scratch.sql<{ source: string; city: string | null; n: number }[]>`
      SELECT source, nullif(trim(raw->>'CITY'), '') AS city, count(*)::int AS n FROM parcels
      WHERE source IN (${importSource('/us/ma/middlesex')}, ${importSource('/us/ma/middlesex/somerville')}) GROUP BY 1, 2`;
    expect(cities).toEqual(
      expect.arrayContaining([
        { source: importSource('/us/ma/middlesex/somerville'), city: 'SOMERVILLE', n: expect.any(Number) },
      ]),
    );
    for (const c of cities)
      expect(c.source === importSource('/us/ma/middlesex/somerville')).toBe(c.city?.toUpperCase() === 'SOMERVILLE');
    expect(cities.find((c) => c.city === 'SOMERVILLE')!.n).toBeGreaterThan(sample.polygons * 0.95);
    const rows = await importedRows('/us/ma/middlesex/somerville');
    expect(rows.filter((r) => r.owner).length / rows.length).toBeGreaterThan(0.95);
  }, 240_000);
});
