// The real source files in load order (parents before children, lookups before their users) and
// what each one's loader does with its staged rows. Source ids name the files and fill `source`.
import { insertCambridgeWetlands, insertFloodZones, insertNwiWetlands } from './flood-wetlands.ts';
import { insertStreets, insertWaterBodies } from './basemap.ts';
import { layerSources } from './layers.ts';
import { insertCambridgeParcels, insertSomervilleParcels } from './parcels.ts';
import {
  caDivisionPlace,
  caProvincePlace,
  cambridgeCityPlace,
  cambridgeNeighborhoodPlace,
  cambridgePath,
  somervillePath,
  upsertCountry,
  upsertSomerville,
  upsertStagedPlaces,
  usCountyPlace,
  usStatePlace,
} from './places.ts';
import { readFeatures } from './read-geojson.ts';
import { stageFeatures, type Db, type StageOptions } from './staging.ts';
import { insertCambridgeZoning } from './zoning.ts';

export interface SourceDef {
  /** data_loads.source and the rows' `source`: the file name without extension. */
  id: string;
  /** Path under fixtures/data without the .gz. */
  file: string;
  stage?: StageOptions;
  /** Normalises the staged rows; returns rows loaded per source id (a join also credits its partner). */
  load: (db: Db, source: SourceDef) => Promise<Record<string, number>>;
}

export const currentFloodSource = 'cambridge_fema_nfhl_flood_hazard_areas_2025';
export const cambridgeParcels = 'cambridge_parcels_fy2014';
export const somervilleParcels = 'somerville_parcels_2017';
export const somervilleAttributes = 'somerville_tufts_area_massgis_l3_parcels_fy2019';
export const cambridgeZipCodes = 'cambridge_zip_codes';
export const parcelSources = [cambridgeParcels, somervilleParcels];
export const cambridgeZoning = 'cambridge_zoning_districts';
export const cambridgeZoningCodes = 'ma_cambridge/cambridge_zoning_district_list.csv';
export const cambridgeStreets = 'cambridge_street_centerlines';
export const cambridgeWater = 'cambridge_water_bodies';
/** places.source of the country /us (its outline is dissolved from the 1:20M states). */
export const usCountrySource = 'us_states_20m';

const places = (derive: NonNullable<StageOptions['derive']>): Pick<SourceDef, 'stage' | 'load'> => ({
  stage: { derive },
  load: async (db, s) => ({ [s.id]: await upsertStagedPlaces(db, s.id) }),
});

export const realSources: SourceDef[] = [
  {
    // Source ids stay those of the 1:20M files they replaced (data_loads rows, tests, imports name them).
    id: 'us_states',
    file: 'boundaries/us_states_500k.geojson',
    stage: { derive: usStatePlace },
    load: async (db, s) => {
      // The country's outline is dissolved from the 1:20M states (staged here, so that loading this
      // source alone still gives the states their parent): drawn at country zooms, where 1:20M is finer
      // than a pixel, and dissolving the 1:500,000 coastlines took 4-5 s of every load.
      await stageFeatures(db, usCountrySource, await readFeatures('boundaries/us_states.geojson'));
      await upsertCountry(db, 'us', usCountrySource);
      return { [s.id]: await upsertStagedPlaces(db, s.id) };
    },
  },
  { id: 'us_counties', file: 'boundaries/us_counties_500k.geojson', ...places(usCountyPlace) },
  // The 11 county-equivalents of AS, GU, MP and VI that the 1:500,000 file lacks, in their 1:20M outline.
  {
    id: 'us_counties_territories_20m',
    file: 'boundaries/us_counties_territories_20m.geojson',
    ...places(usCountyPlace),
  },
  {
    id: 'canada_provinces_statcan2021',
    file: 'boundaries/canada_provinces_statcan2021.geojson',
    stage: { derive: caProvincePlace },
    load: async (db, s) => {
      await upsertCountry(db, 'ca', s.id);
      return { [s.id]: await upsertStagedPlaces(db, s.id) };
    },
  },
  {
    id: 'canada_census_divisions_2021',
    file: 'boundaries/canada_census_divisions_2021.geojson',
    ...places(caDivisionPlace),
  },
  {
    id: 'cambridge_city_boundary',
    file: 'ma_cambridge/cambridge_city_boundary.geojson',
    ...places(cambridgeCityPlace),
  },
  {
    id: 'cambridge_neighborhoods',
    file: 'ma_cambridge/cambridge_neighborhoods.geojson',
    ...places(cambridgeNeighborhoodPlace),
  },
  {
    // A lookup only: parcels take their site ZIP from the zip code polygon holding their inside point.
    id: cambridgeZipCodes,
    file: 'ma_cambridge/cambridge_zip_codes.geojson',
    load: async (db, s) => {
      const [row] = await db<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM load_staging WHERE source = ${s.id} AND skip_reason IS NULL`;
      return { [s.id]: row?.n ?? 0 };
    },
  },
  {
    id: currentFloodSource,
    file: 'ma_cambridge/cambridge_fema_nfhl_flood_hazard_areas_2025.geojson',
    load: async (db, s) => ({ [s.id]: await insertFloodZones(db, s.id, '2025-07-08') }),
  },
  {
    id: 'cambridge_fema_nfhl_floodplains_2010_legacy',
    file: 'ma_cambridge/cambridge_fema_nfhl_floodplains_2010_legacy.geojson',
    load: async (db, s) => ({ [s.id]: await insertFloodZones(db, s.id, null) }),
  },
  {
    id: 'williamsburg_nwi_wetlands',
    file: 'va_williamsburg/williamsburg_nwi_wetlands.geojson',
    load: async (db, s) => ({ [s.id]: await insertNwiWetlands(db, s.id) }),
  },
  {
    id: 'cambridge_local_wetlands_2002',
    file: 'ma_cambridge/cambridge_local_wetlands_2002.geojson',
    load: async (db, s) => ({ [s.id]: await insertCambridgeWetlands(db, s.id) }),
  },
  {
    id: cambridgeStreets,
    file: 'ma_cambridge/cambridge_street_centerlines.geojson',
    stage: { geometry: 'line' },
    load: async (db, s) => ({ [s.id]: await insertStreets(db, s.id) }),
  },
  {
    id: cambridgeWater,
    file: 'ma_cambridge/cambridge_water_bodies.geojson',
    load: async (db, s) => ({ [s.id]: await insertWaterBodies(db, s.id) }),
  },
  {
    // The district polygons; names and descriptions come from the district list (a CSV beside them).
    id: cambridgeZoning,
    file: 'ma_cambridge/cambridge_zoning_districts.geojson',
    load: async (db, s) => ({ [s.id]: await insertCambridgeZoning(db, s.id, cambridgeZoningCodes) }),
  },
  {
    // Staged only: its attributes are joined onto the 2017 Somerville parcels below.
    id: somervilleAttributes,
    file: 'ma_somerville/somerville_tufts_area_massgis_l3_parcels_fy2019.geojson',
    stage: { idField: 'LOC_ID' },
    load: async () => ({}),
  },
  {
    id: somervilleParcels,
    file: 'ma_somerville/somerville_parcels_2017.geojson',
    stage: { idField: 'MBL' },
    load: async (db, s) => {
      const result = await insertSomervilleParcels(
        db,
        { source: s.id, cityPath: somervillePath, city: 'somerville', scity: 'SOMERVILLE', taxyear: '2019' },
        somervilleAttributes,
      );
      await upsertSomerville(db, s.id);
      return { [s.id]: result.parcels, [somervilleAttributes]: result.joined };
    },
  },
  {
    id: cambridgeParcels,
    file: 'ma_cambridge/cambridge_parcels_fy2014.geojson',
    stage: { idField: 'parcel_id' },
    load: async (db, s) => ({
      [s.id]: await insertCambridgeParcels(
        db,
        { source: s.id, cityPath: cambridgePath, city: 'cambridge', scity: 'CAMBRIDGE', taxyear: '2014' },
        cambridgeZipCodes,
      ),
    }),
  },
  // The map layers' data (census, land cover, open space, buildings, elevation): tileserver/src/data/layers.ts.
  ...layerSources,
];
