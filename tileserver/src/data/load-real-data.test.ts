// Checks the real data that the test setup loaded with loadRealData: counts against the source files,
// named parcels with exact normalised values, the Somerville join, flood zones, paths, places.
import { afterAll, describe, expect, it } from 'vitest';
import { healthReport } from '@parcel-map/tileserver/features/ops/health/routes';
import { testDb } from '@parcel-map/tileserver/testing/db';
import { loadRealData } from './load-real-data.ts';
import { readFeatures } from './read-geojson.ts';

const sql = testDb(2);
afterAll(() => sql.end());

async function loadRow(source: string) {
  const [row] = await sql<
    { read: number; loaded: number; repaired: number; skipped: number; details: { skipped: Record<string, number> } }[]
  >`
    SELECT read, loaded, repaired, skipped, details FROM data_loads WHERE source = ${source}`;
  if (!row) throw new Error(`no data_loads row for ${source}`);
  return row;
}

async function count(query: Promise<{ n: number }[]>): Promise<number> {
  const [row] = await query;
  return row?.n ?? -1;
}

async function parcel(source: string, parcelnumb: string) {
  const rows = await sql`SELECT * FROM parcels WHERE source = ${source} AND parcelnumb = ${parcelnumb}`;
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe('the real-data load', () => {
  it('loads every Cambridge parcel except the one with a null geometry, repairing the 37 invalid ones', async () => {
    const features = await readFeatures('ma_cambridge/cambridge_parcels_fy2014.geojson');
    expect(features).toHaveLength(13_116);
    const nullGeometries = features.filter((f) => !f.geometry).length;
    expect(nullGeometries).toBe(1);
    const n = await count(sql`SELECT count(*)::int AS n FROM parcels WHERE source = 'cambridge_parcels_fy2014'`);
    expect(n).toBe(features.length - nullGeometries);
    expect(await loadRow('cambridge_parcels_fy2014')).toMatchObject({
      read: 13_116,
      loaded: 13_115,
      repaired: 37,
      skipped: 1,
      details: { skipped: { null_geometry: 1 } },
    });
    const invalid = await count(
      sql`SELECT count(*)::int AS n FROM parcels WHERE source = 'cambridge_parcels_fy2014' AND NOT ST_IsValid(geom)`,
    );
    expect(invalid).toBe(0);
  });

  it('loads the Somerville 2017 PARCEL polygons and keeps right-of-way polygons out', async () => {
    const features = await readFeatures('ma_somerville/somerville_parcels_2017.geojson');
    const row = features.filter((f) => ['ROW', 'RR ROW'].includes(String(f.properties?.PolyType))).length;
    const parcels = features.filter((f) => f.properties?.PolyType === 'PARCEL' && f.geometry).length;
    expect(row).toBe(61);
    const n = await count(sql`SELECT count(*)::int AS n FROM parcels WHERE source = 'somerville_parcels_2017'`);
    expect(n).toBe(parcels);
    expect(n).toBe(14_510);
    const summary = await loadRow('somerville_parcels_2017');
    expect(summary).toMatchObject({ read: 14_572, loaded: 14_510, repaired: 9, skipped: 62 });
    expect(summary.details.skipped).toEqual({ right_of_way: 61, empty_geometry: 1 });
    const withRow = await count(
      sql`SELECT count(*)::int AS n FROM parcels WHERE source = 'somerville_parcels_2017' AND raw->>'PolyType' <> 'PARCEL'`,
    );
    expect(withRow).toBe(0);
    // The FY2019 polygons lend attributes only: none is a parcel of its own.
    const fy2019 = await count(sql`SELECT count(*)::int AS n FROM parcels WHERE source LIKE '%fy2019%'`);
    expect(fy2019).toBe(0);
  });

  it('loads flood zones of both FEMA vintages with normalised zones, and the wetlands', async () => {
    const zones = await sql<{ source: string; fld_zone: string; n: number }[]>`
      SELECT source, fld_zone, count(*)::int AS n FROM flood_zones GROUP BY 1, 2 ORDER BY 1, 2`;
    expect(zones).toEqual([
      { source: 'cambridge_fema_nfhl_flood_hazard_areas_2025', fld_zone: 'AE', n: 21 },
      { source: 'cambridge_fema_nfhl_flood_hazard_areas_2025', fld_zone: 'X', n: 18 },
      { source: 'cambridge_fema_nfhl_floodplains_2010_legacy', fld_zone: 'AE', n: 13 },
      { source: 'cambridge_fema_nfhl_floodplains_2010_legacy', fld_zone: 'X', n: 4 },
    ]);
    expect(await loadRow('cambridge_fema_nfhl_floodplains_2010_legacy')).toMatchObject({
      read: 17,
      loaded: 17,
      repaired: 5,
    });
    const [current] =
      await sql`SELECT bool_and(sfha = (fld_zone = 'AE')) AS sfha_matches, min(effective_date)::text AS effective
      FROM flood_zones WHERE source = 'cambridge_fema_nfhl_flood_hazard_areas_2025'`;
    expect(current).toEqual({ sfha_matches: true, effective: '2025-07-08' });
    const wetlands = await sql<
      { source: string; n: number }[]
    >`SELECT source, count(*)::int AS n FROM wetlands GROUP BY 1 ORDER BY 1`;
    expect(wetlands).toEqual([
      { source: 'cambridge_local_wetlands_2002', n: 28 },
      { source: 'williamsburg_nwi_wetlands', n: 135 },
    ]);
    const [pfo] =
      await sql`SELECT wetland_type, attribute FROM wetlands WHERE raw->>'GLOBALID' = '{BC995281-F2E4-4A77-8AF7-6377A306C131}'`;
    expect(pfo).toEqual({ wetland_type: 'Freshwater Forested/Shrub Wetland', attribute: 'PFO1A' });
  });

  it('normalises three named Cambridge parcels to the expected field values', async () => {
    const rockwell = await parcel('cambridge_parcels_fy2014', '127-123');
    expect(rockwell).toMatchObject({
      source_id: '127-123',
      ll_uuid: '1388f102-6a45-555a-bd5f-3d87d83ba9ac',
      parcelnumb_no_formatting: '127123',
      state_parcelnumb: 'F_761210_2957494',
      address: '23 ROCKWELL ST',
      saddno: '23',
      saddstr: 'ROCKWELL',
      saddsttyp: 'ST',
      scity: 'CAMBRIDGE',
      szip: '02139',
      city: 'cambridge',
      county: 'middlesex',
      state2: 'MA',
      geoid: '25017',
      usecode: '105',
      usedesc: 'THREE-FM-RES',
      lbcs_activity: '1100',
      lbcs_activity_desc: 'Household activities',
      struct: true,
      structno: 1,
      yearbuilt: 1854,
      numstories: 2.25,
      numunits: 3,
      structstyle: 'OLD STYLE THREE FAM',
      improvval: 299400,
      landval: 335700,
      parval: 635100,
      recrdareano: 4247,
      taxyear: '2014',
      owner: null,
      fema_flood_zone: null,
    });
    expect(rockwell.saledate.toISOString().slice(0, 10)).toBe('1980-12-29');
    expect(rockwell.ll_gissqft).toBe('3169');
    expect(rockwell.ll_gisacre).toBeCloseTo(0.0727, 4);
    expect(rockwell.lat).toBeCloseTo(42.36285, 4);
    expect(rockwell.lon).toBeCloseTo(-71.11133, 4);

    // The 1900-01-01 sale date is the assessor's placeholder for "unknown".
    const gordon = await parcel('cambridge_parcels_fy2014', '100-13');
    expect(gordon).toMatchObject({
      address: '3 GORDON PL',
      saddsttyp: 'PL',
      usecode: '104',
      numunits: 2,
      yearbuilt: 1877,
      parval: 577400,
      saledate: null,
      raw: expect.objectContaining({ last_sale_date: '1900-01-01' }),
    });

    const foch = await parcel('cambridge_parcels_fy2014', '186-2');
    expect(foch).toMatchObject({
      address: '29 FOCH ST',
      szip: '02140',
      usecode: '101',
      numunits: 1,
      fema_flood_zone: 'AE',
      fema_flood_zone_subtype: null,
    });
    expect(JSON.parse(foch.fema_flood_zone_raw)).toEqual([{ zone: 'AE', subtype: null, percent: 100 }]);
    expect(foch.fema_flood_zone_data_date.toISOString().slice(0, 10)).toBe('2025-07-08');

    // Cambridge marks mixed use with a leading 0: '0104' is mixed use, primarily a two-family house.
    const river = await parcel('cambridge_parcels_fy2014', '105-107');
    expect(river).toMatchObject({ usecode: '0104', usedesc: 'MXD TWO-FAM-RES', lbcs_activity: '1100', numunits: 2 });
  });

  it('normalises three named Somerville parcels, with owners from the FY2019 set where it covers them', async () => {
    // The FY2019 polygon of 79 Gordon St covers most of two 2017 lots (2-A-26 and 2-A-27): both get it.
    const gordon =
      await sql`SELECT * FROM parcels WHERE source = 'somerville_parcels_2017' AND state_parcelnumb = 'F_756022_2976013' ORDER BY parcelnumb`;
    expect(gordon.map((p) => p.parcelnumb)).toEqual(['2-A-26', '2-A-27']);
    expect(gordon[0]).toMatchObject({
      address: '79 GORDON ST',
      saddno: '79',
      saddstr: 'GORDON',
      saddsttyp: 'ST',
      scity: 'SOMERVILLE',
      city: 'somerville',
      owner: 'GERVER MARJORIE & IRA S & PAUL A',
      mailadd: '79 GORDON ST',
      mail_city: 'SOMERVILLE',
      mail_state2: 'MA',
      mail_zip: '02144',
      usecode: '1040',
      usedesc: 'Two-family',
      lbcs_activity: '1100',
      zoning: 'RA',
      zoning_description: 'Residence A',
      yearbuilt: 1900,
      numstories: 2.8,
      numunits: 2,
      numrooms: 13,
      structstyle: '2-Decker',
      improvval: 487500,
      landval: 567100,
      parval: 1063700,
      saleprice: 100,
      recrdareano: 5062,
      taxyear: '2019',
    });
    expect(gordon[0]!.saledate.toISOString().slice(0, 10)).toBe('2013-10-07');
    expect(gordon[0]!.raw.massgis_fy2019.LOC_ID).toBe('F_756022_2976013');

    const mystic = await parcel('somerville_parcels_2017', '1-C-11');
    expect(mystic).toMatchObject({
      address: '600 MYSTIC VALLEY PKWY',
      saddno: '600',
      saddstr: 'MYSTIC VALLEY',
      saddsttyp: 'PKWY',
      owner: 'SEVENTEEN SAC SELF-STORAGE CORP',
      mail_city: 'PHOENIX',
      mail_state2: 'AZ',
      mail_zip: '85012',
      usecode: '4010',
      lbcs_activity: '3000',
      zoning: 'IA',
      zoning_description: 'Industrial A',
      saleprice: 4100000,
    });

    // 838 Broadway (19-F-1) gets its address from the 2017 file: AddNum + Street.
    const broadway = await parcel('somerville_parcels_2017', '19-F-1');
    expect(broadway).toMatchObject({
      address: '838 BROADWAY',
      saddno: '838',
      saddstr: 'BROADWAY',
      saddsttyp: null,
      source_id: '19-F-1',
    });
  });

  it('fills owners on the Somerville parcels the FY2019 set covers and on none far from it', async () => {
    const fy2019 = await readFeatures('ma_somerville/somerville_tufts_area_massgis_l3_parcels_fy2019.geojson');
    const xs: number[] = [];
    const ys: number[] = [];
    const walk = (c: unknown): void => {
      if (Array.isArray(c) && typeof c[0] === 'number') {
        xs.push(c[0]);
        ys.push(c[1] as number);
      } else if (Array.isArray(c)) c.forEach(walk);
    };
    for (const f of fy2019) walk(f.geometry?.coordinates);
    const [west, south, east, north] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    const [row] = await sql<{ far: number; far_owned: number; owned: number }[]>`
      SELECT count(*) FILTER (WHERE NOT ST_DWithin(geom, ST_MakeEnvelope(${west}, ${south}, ${east}, ${north}, 4326), 0.005))::int AS far,
        count(*) FILTER (WHERE owner IS NOT NULL AND NOT ST_DWithin(geom, ST_MakeEnvelope(${west}, ${south}, ${east}, ${north}, 4326), 0.005))::int AS far_owned,
        count(*) FILTER (WHERE owner IS NOT NULL)::int AS owned
      FROM parcels WHERE source = 'somerville_parcels_2017'`;
    expect(row!.far).toBeGreaterThan(5000);
    expect(row!.far_owned).toBe(0);
    expect(row!.owned).toBeGreaterThan(3000);
    expect(await loadRow('somerville_tufts_area_massgis_l3_parcels_fy2019')).toMatchObject({
      read: 3194,
      loaded: 3121,
    });
  });

  it('gives Cambridge parcels that lie mostly in zone AE the zone AE, from the 2025 map', async () => {
    // SOURCES.md: 177 Cambridge parcels intersect zone AE (overlap with positive area here).
    const touching = await count(sql`
      SELECT count(DISTINCT p.id)::int AS n FROM parcels p JOIN flood_zones f
        ON f.source = 'cambridge_fema_nfhl_flood_hazard_areas_2025' AND f.fld_zone = 'AE' AND ST_Intersects(p.geom, f.geom)
      WHERE p.source = 'cambridge_parcels_fy2014' AND ST_Area(ST_Intersection(p.geom, f.geom)) > 0`);
    expect(touching).toBeGreaterThanOrEqual(175);
    expect(touching).toBeLessThanOrEqual(177);
    const [row] = await sql<{ mostly_ae: number; assigned_ae: number }[]>`
      WITH share AS (
        SELECT p.id, p.fema_flood_zone, sum(ST_Area(ST_Intersection(p.geom, f.geom))) / ST_Area(p.geom) AS share
        FROM parcels p JOIN flood_zones f
          ON f.source = 'cambridge_fema_nfhl_flood_hazard_areas_2025' AND f.fld_zone = 'AE' AND ST_Intersects(p.geom, f.geom)
        WHERE p.source = 'cambridge_parcels_fy2014' GROUP BY p.id
      )
      SELECT count(*) FILTER (WHERE share > 0.5)::int AS mostly_ae, count(*) FILTER (WHERE share > 0.5 AND fema_flood_zone = 'AE')::int AS assigned_ae
      FROM share`;
    expect(row!.mostly_ae).toBeGreaterThan(50);
    expect(row!.assigned_ae).toBe(row!.mostly_ae);
    const x = await count(
      sql`SELECT count(*)::int AS n FROM parcels WHERE source = 'cambridge_parcels_fy2014' AND fema_flood_zone = 'X'`,
    );
    expect(x).toBeGreaterThan(400);
    expect(x).toBeLessThanOrEqual(619);
  });

  it("builds every real parcel's path from its city's path and its id", async () => {
    const [row] = await sql<{ total: number; wrong: number; cities: string[] }[]>`
      SELECT count(*)::int AS total,
        count(*) FILTER (WHERE p.path IS DISTINCT FROM c.path || '/' || p.id)::int AS wrong,
        array_agg(DISTINCT c.path ORDER BY c.path) AS cities
      FROM parcels p LEFT JOIN places c ON c.kind = 'city' AND c.path = '/us/ma/middlesex/' || p.city
      WHERE p.source IN ('cambridge_parcels_fy2014', 'somerville_parcels_2017')`;
    expect(row).toEqual({
      total: 27_625,
      wrong: 0,
      cities: ['/us/ma/middlesex/cambridge', '/us/ma/middlesex/somerville'],
    });
  });

  it('creates the place hierarchy with the expected paths and headlines', async () => {
    const rows = await sql<{ path: string; parent_path: string | null; kind: string; headline: string }[]>`
      SELECT path, parent_path, kind, headline FROM places WHERE path IN ('/us', '/ca', '/us/ma', '/us/ma/middlesex',
        '/us/ma/middlesex/cambridge', '/us/ma/middlesex/somerville', '/us/ma/middlesex/cambridge/the-port',
        '/ca/on', '/ca/bc', '/ca/nl', '/ca/mb/division-no-11', '/us/la/st-landry', '/us/dc', '/us/pr') ORDER BY path`;
    expect(rows).toEqual([
      { path: '/ca', parent_path: null, kind: 'country', headline: 'Canada' },
      { path: '/ca/bc', parent_path: '/ca', kind: 'state', headline: 'British Columbia' },
      { path: '/ca/mb/division-no-11', parent_path: '/ca/mb', kind: 'county', headline: 'Division No. 11, MB' },
      { path: '/ca/nl', parent_path: '/ca', kind: 'state', headline: 'Newfoundland and Labrador' },
      { path: '/ca/on', parent_path: '/ca', kind: 'state', headline: 'Ontario' },
      { path: '/us', parent_path: null, kind: 'country', headline: 'United States' },
      { path: '/us/dc', parent_path: '/us', kind: 'state', headline: 'District of Columbia' },
      { path: '/us/la/st-landry', parent_path: '/us/la', kind: 'county', headline: 'St. Landry Parish, LA' },
      { path: '/us/ma', parent_path: '/us', kind: 'state', headline: 'Massachusetts' },
      { path: '/us/ma/middlesex', parent_path: '/us/ma', kind: 'county', headline: 'Middlesex County, MA' },
      { path: '/us/ma/middlesex/cambridge', parent_path: '/us/ma/middlesex', kind: 'city', headline: 'Cambridge, MA' },
      {
        path: '/us/ma/middlesex/cambridge/the-port',
        parent_path: '/us/ma/middlesex/cambridge',
        kind: 'neighborhood',
        headline: 'The Port, Cambridge, MA',
      },
      {
        path: '/us/ma/middlesex/somerville',
        parent_path: '/us/ma/middlesex',
        kind: 'city',
        headline: 'Somerville, MA',
      },
      { path: '/us/pr', parent_path: '/us', kind: 'state', headline: 'Puerto Rico' },
    ]);
    const counts = await sql<{ source: string; n: number }[]>`
      SELECT source, count(*)::int AS n FROM places WHERE NOT synthetic GROUP BY source ORDER BY source`;
    expect(Object.fromEntries(counts.map((c) => [c.source, c.n]))).toMatchObject({
      us_states_20m: 1,
      us_states: 56,
      us_counties: 3220,
      us_counties_territories_20m: 11,
      canada_provinces_statcan2021: 14,
      canada_census_divisions_2021: 293,
      cambridge_city_boundary: 1,
      cambridge_neighborhoods: 13,
      somerville_parcels_2017: 1,
    });
    // The 1:500,000 county file is complete and valid: Falls Church, VA (null in the 1:20M file) is there.
    expect(await loadRow('us_counties')).toMatchObject({ read: 3220, loaded: 3220, skipped: 0 });
    const fallsChurch = await count(sql`SELECT count(*)::int AS n FROM places WHERE code = '51610'`);
    expect(fallsChurch).toBe(1);
  });

  it('I27.1: US counties and states have their 1:500,000 outlines under unchanged paths, and Cambridge lies in Middlesex', async () => {
    const rows = await sql<{ path: string; n: number }[]>`
      SELECT path, ST_NPoints(geom) AS n FROM places WHERE code IN ('25', '25017', '51830', '66010') ORDER BY path`;
    expect(rows).toEqual([
      { path: '/us/gu/guam', n: 17 }, // not in the 1:500,000 file: its 1:20M outline
      { path: '/us/ma', n: 2579 },
      { path: '/us/ma/middlesex', n: 507 },
      { path: '/us/va/williamsburg-city', n: 88 },
    ]);
    // Every county-equivalent of the 1:20M file still has its place, path and parent.
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM places WHERE kind = 'county' AND country = 'us' AND NOT synthetic`,
      ),
    ).toBe(3231);
    // 2.1 km² of Cambridge (11%) lay outside 1:20M Middlesex; what remains is the river's edge.
    const [out] = await sql<{ share: number; parcels: number }[]>`
      SELECT ST_Area(ST_Difference(c.geom, m.geom)::geography) / ST_Area(c.geom::geography) AS share,
             (SELECT count(*)::int FROM parcels p WHERE p.path LIKE '/us/ma/middlesex/cambridge/%'
                AND NOT ST_Intersects(m.geom, ST_PointOnSurface(p.geom))) AS parcels
      FROM places c, places m WHERE c.path = '/us/ma/middlesex/cambridge' AND m.path = '/us/ma/middlesex'`;
    expect(out!.share).toBeLessThan(0.01);
    expect(out!.parcels).toBe(0);
  });

  it('outlines Somerville so that it covers all of its parcels', async () => {
    const uncovered = await count(sql`
      SELECT count(*)::int AS n FROM parcels p JOIN places s ON s.path = '/us/ma/middlesex/somerville'
      WHERE p.source = 'somerville_parcels_2017' AND NOT ST_Covers(s.geom, p.geom)`);
    expect(uncovered).toBe(0);
  });

  it('lets /api/health report at least 39 flood zones and 135 wetlands to the admin', async () => {
    const report = await healthReport(sql, { counts: true });
    expect(report.status).toBe('ok');
    expect(report.tables?.flood_zones).toBeGreaterThanOrEqual(39);
    expect(report.tables?.wetlands).toBeGreaterThanOrEqual(135);
    expect(report.tables?.parcels).toBeGreaterThanOrEqual(27_625);
  });

  it('records one data_loads row per source file and does nothing on a second load without force', async () => {
    const loads = await count(sql`SELECT count(*)::int AS n FROM data_loads`);
    expect(loads).toBeGreaterThanOrEqual(14);
    const lines: string[] = [];
    const before = await sql`SELECT layer, version FROM layer_versions ORDER BY layer`;
    expect(await loadRealData(sql, { force: false, log: (line) => lines.push(line) })).toEqual([]);
    expect(lines.join('\n')).toMatch(/already loaded/);
    expect(await sql`SELECT layer, version FROM layer_versions ORDER BY layer`).toEqual(before);
    for (const layer of before.filter((l) => ['parcels', 'places', 'flood_zones', 'wetlands'].includes(l.layer))) {
      expect(Number(layer.version)).toBeGreaterThanOrEqual(2);
    }
  });
});
