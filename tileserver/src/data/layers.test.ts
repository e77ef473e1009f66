// Checks the map layers' data that the test setup loaded (tileserver/src/data/layers.ts): counts against
// the source files, values checked against the files, valid geometries inside the Cambridge area.
import { afterAll, describe, expect, it } from 'vitest';
import { healthReport } from '@parcel-map/tileserver/features/ops/health/routes';
import { testDb } from '@parcel-map/tileserver/testing/db';
import { layerSources, layerTables } from './layers.ts';
import { readFeatures } from './read-geojson.ts';

const sql = testDb(2);
afterAll(() => sql.end());

const tableOf: Record<string, string> = {
  census_tracts_acs2022_cambridge_somerville_area: 'census_tracts',
  cambridge_census_block_groups_2020: 'census_block_groups',
  cambridge_census_blocks_2020: 'census_blocks',
  cambridge_land_cover_2018: 'land_cover',
  cambridge_open_space: 'open_spaces',
  cambridge_buildings_partial_2010_flyover: 'buildings',
  cambridge_spot_elevations_2010: 'spot_elevations',
  cambridge_contours_5ft_approximate: 'contours',
};

describe('the map layers load', () => {
  it('loads every feature of each layer file into its table, less the 24 land cover polygons without area', async () => {
    for (const source of layerSources) {
      const features = await readFeatures(source.file);
      const [load] = await sql<
        { read: number; loaded: number; skipped: number; details: { skipped: Record<string, number> } }[]
      >`
        SELECT read, loaded, skipped, details FROM data_loads WHERE source = ${source.id}`;
      expect(load?.read, source.id).toBe(features.length);
      const table = tableOf[source.id];
      if (!table) continue; // the TIGER tracts lend their areas to census_tracts
      const [row] = await sql<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM ${sql(table)} WHERE source = ${source.id}`;
      const dropped = source.id === 'cambridge_land_cover_2018' ? 24 : 0;
      expect(row!.n, source.id).toBe(features.length - dropped);
      expect(load!.loaded, source.id).toBe(row!.n);
    }
    // The 24 are slivers whose rings enclose no area: repaired, nothing is left of them.
    const [landCover] =
      await sql`SELECT read, loaded, repaired, details->'skipped' AS skipped FROM data_loads WHERE source = 'cambridge_land_cover_2018'`;
    expect(landCover).toEqual({ read: 10_831, loaded: 10_807, repaired: 340, skipped: { empty_geometry: 24 } });
    const classes = await sql`SELECT lc_class, count(*)::int AS n FROM land_cover GROUP BY 1 ORDER BY 1`;
    expect(classes).toEqual([
      { lc_class: 'impervious_other', n: 8_751 },
      { lc_class: 'impervious_parking', n: 1_533 },
      { lc_class: 'impervious_plaza', n: 84 },
      { lc_class: 'impervious_road', n: 205 },
      { lc_class: 'vegetation', n: 96 },
      { lc_class: 'water', n: 138 },
    ]);
  });

  it("sums the population of Cambridge's 33 tracts to 117,962 and Somerville's 25 to 80,464, percentages exact", async () => {
    const towns =
      await sql`SELECT town, count(*)::int AS tracts, sum(total_pop)::int AS population, count(aland_sqm)::int AS with_area
      FROM census_tracts WHERE town IN ('Cambridge', 'Somerville') GROUP BY 1 ORDER BY 1`;
    // aland/awater come from the city's TIGER copy of its own tracts, so only Cambridge's have them.
    expect(towns).toEqual([
      { town: 'Cambridge', tracts: 33, population: 117_962, with_area: 33 },
      { town: 'Somerville', tracts: 25, population: 80_464, with_area: 0 },
    ]);
    // Values as in the file: tract 404.01 (Boston) has 2,872 people, 22.46% under 18, 74.79% white.
    const [tract] =
      await sql`SELECT tract, name, town, total_pop, under18_pct::text, white_pct::text FROM census_tracts WHERE geoid = '25025040401'`;
    expect(tract).toEqual({
      tract: '404.01',
      name: 'Census Tract 404.01',
      town: 'Boston',
      total_pop: 2_872,
      under18_pct: '22.46',
      white_pct: '74.79',
    });
    // Blocks nest in block groups and block groups in the tracts.
    const [orphans] = await sql<{ blocks: number; groups: number }[]>`SELECT
      (SELECT count(*) FROM census_blocks b WHERE NOT EXISTS (SELECT 1 FROM census_block_groups g WHERE g.geoid = b.block_group_geoid))::int AS blocks,
      (SELECT count(*) FROM census_block_groups g WHERE NOT EXISTS (SELECT 1 FROM census_tracts t WHERE t.geoid = g.tract_geoid))::int AS groups`;
    expect(orphans).toEqual({ blocks: 0, groups: 0 });
  });

  it('keeps building heights and elevations in feet as the file has them, and null where the file has none', async () => {
    // BldgID 378-11 is the tallest of the set (two footprints without BldgID share its height): TOP_GL
    // 277.4 ft on ground at 15.2 ft, roof at 292.6 ft (NAVD88). 326-10 is 20.5 ft tall.
    const named =
      await sql`SELECT building_id, building_type, height_ft::text, ground_elevation_ft::text, top_elevation_ft::text
      FROM buildings WHERE building_id IN ('378-11', '326-10') ORDER BY building_id`;
    expect(named).toEqual([
      {
        building_id: '326-10',
        building_type: 'BLDG',
        height_ft: '20.5',
        ground_elevation_ft: '34.9',
        top_elevation_ft: '55.3',
      },
      {
        building_id: '378-11',
        building_type: 'BLDG',
        height_ft: '277.4',
        ground_elevation_ft: '15.2',
        top_elevation_ft: '292.6',
      },
    ]);
    const [max] = await sql`SELECT max(height_ft)::text AS height FROM buildings`;
    expect(max).toEqual({ height: '277.4' });
    const [counts] =
      await sql`SELECT count(*) FILTER (WHERE height_ft IS NULL)::int AS no_height, count(*) FILTER (WHERE building_type IS NULL)::int AS no_type,
      count(*) FILTER (WHERE building_type = 'OVHD-WALKWAY')::int AS walkways FROM buildings`;
    expect(counts).toEqual({ no_height: 2, no_type: 1, walkways: 55 });
    const [spots] =
      await sql`SELECT min(elevation_ft)::text AS low, max(elevation_ft)::text AS high, count(DISTINCT spot_type)::int AS types FROM spot_elevations`;
    expect(spots).toEqual({ low: '0.92', high: '80.28', types: 4 });
    const [contours] =
      await sql`SELECT min(elevation_ft)::int AS low, max(elevation_ft)::int AS high, bool_and(approximate) AS approximate,
      bool_and(mod(elevation_ft, 5) = 0) AS five_foot FROM contours`;
    expect(contours).toEqual({ low: 5, high: 75, approximate: true, five_foot: true });
    // 'Private ' and ' ' in OWNER are trimmed: 39 private open spaces, 11 without an owner.
    const [owners] =
      await sql`SELECT count(*) FILTER (WHERE owner = 'Private')::int AS private, count(*) FILTER (WHERE owner IS NULL)::int AS none FROM open_spaces`;
    expect(owners).toEqual({ private: 39, none: 11 });
  });

  it("stores valid geometries of the table's type in EPSG:4326 and 3857, inside the Cambridge and Somerville area", async () => {
    // Reprojection leaves 3 of the 10,807 land cover patios (11-17 vertices, a few centimetres wide)
    // self-intersecting in 3857; ST_AsMVTGeom validates what it draws, so tiles are unaffected.
    const invalid3857: Record<string, number> = { land_cover: 3 };
    const types: Record<string, string> = { spot_elevations: 'POINT', contours: 'MULTILINESTRING' };
    for (const table of layerTables) {
      const [row] = await sql`SELECT count(*) FILTER (WHERE NOT ST_IsValid(geom))::int AS invalid,
          count(*) FILTER (WHERE NOT ST_IsValid(geom_3857))::int AS invalid_3857,
          array_agg(DISTINCT GeometryType(geom)) AS types, array_agg(DISTINCT ST_SRID(geom)) AS srid, array_agg(DISTINCT ST_SRID(geom_3857)) AS srid_3857,
          ST_XMin(ST_Extent(geom)) > -71.2 AND ST_XMax(ST_Extent(geom)) < -71.03 AND ST_YMin(ST_Extent(geom)) > 42.33 AND ST_YMax(ST_Extent(geom)) < 42.44 AS inside,
          count(*) FILTER (WHERE NOT ST_DWithin(ST_Transform(ST_PointOnSurface(geom), 3857), geom_3857, 0.01))::int AS apart
        FROM ${sql(table)}`;
      expect(row, table).toEqual({
        invalid: 0,
        invalid_3857: invalid3857[table] ?? 0,
        types: [types[table] ?? 'MULTIPOLYGON'],
        srid: [4326],
        srid_3857: [3857],
        inside: true,
        apart: 0,
      });
    }
  });

  it('lists the layer tables in the admin row counts of /api/health', async () => {
    const report = await healthReport(sql, { counts: true });
    expect(report.tables).toMatchObject({
      census_tracts: 140,
      census_blocks: 1_044,
      land_cover: 10_807,
      buildings: 1_027,
      spot_elevations: 2_416,
      contours: 704,
    });
    for (const table of layerTables) expect(Object.keys(report.tables ?? {})).toContain(table);
  });
});
