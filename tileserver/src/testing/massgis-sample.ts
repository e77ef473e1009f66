// A small MassGIS Level 3 town database made from the real Somerville L3 parcels of fixtures/data, as
// MassGIS publishes a town: a File Geodatabase (GDAL's OpenFileGDB writer) zipped in a folder, with
// the polygon layer M274TaxPar (a few lots with curved edges: CurvePolygon, MultiSurface), the
// assessor table M274Assess joined on LOC_ID (one row per unit: a condominium gets five rows;
// LOT_SIZE in acres with LOT_UNITS A, a few in square feet with S), the polygon layers M274OthLeg and
// M274Misc and the lookup table M274UC_LUT; and the same town as the zipped shapefile set (no curves:
// shapefiles have none). Written at test time into a temporary folder: nothing binary is committed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readFeatures } from '../data/read-geojson.ts';
import { somervilleAttributes } from '../data/sources.ts';

const parcelFields = [
  'SHAPE_Leng',
  'SHAPE_Area',
  'MAP_PAR_ID',
  'LOC_ID',
  'POLY_TYPE',
  'MAP_NO',
  'SOURCE',
  'PLAN_ID',
  'LAST_EDIT',
  'BND_CHK',
  'NO_MATCH',
  'TOWN_ID',
];
const assessFields = [
  'PROP_ID',
  'LOC_ID',
  'BLDG_VAL',
  'LAND_VAL',
  'OTHER_VAL',
  'TOTAL_VAL',
  'FY',
  'LOT_SIZE',
  'LS_DATE',
  'LS_PRICE',
  'USE_CODE',
  'SITE_ADDR',
  'ADDR_NUM',
  'FULL_STR',
  'LOCATION',
  'CITY',
  'ZIP',
  'OWNER1',
  'OWN_ADDR',
  'OWN_CITY',
  'OWN_STATE',
  'OWN_ZIP',
  'OWN_CO',
  'LS_BOOK',
  'LS_PAGE',
  'REG_ID',
  'ZONING',
  'YEAR_BUILT',
  'BLD_AREA',
  'UNITS',
  'RES_AREA',
  'STYLE',
  'STORIES',
  'NUM_ROOMS',
  'LOT_UNITS',
  'CAMA_ID',
  'TOWN_ID',
];

export interface MassgisSample {
  /** The zipped File Geodatabase and the zipped shapefile set. */
  gdbZip: string;
  shpZip: string;
  polygons: number;
  /** Polygons with an Assess row, and those rows. */
  matched: number;
  assessRows: number;
  /** Polygons whose Assess row(s) name an owner. */
  withOwner: number;
  condo: { locId: string; units: number; owners: string[]; totalValue: number };
  curvedLocIds: string[];
  /** The curved lots' vertex counts before their first edge was bowed. */
  curvedPoints: number[];
  /** LOC_ID -> lot size in square feet as the assessor gives it (acres x 43,560, or square feet). */
  lotSqft: Map<string, number>;
  /** LOC_IDs whose LOT_SIZE is given in square feet (LOT_UNITS S). */
  squareFeetLocIds: string[];
}

type Ring = number[][];
// Numbers bare (the tables get numeric columns, as MassGIS's have), text quoted.
const csvCell = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : `"${String(v).replaceAll('"', '""')}"`;
const pt = (p: number[]) => `${p[0]} ${p[1]}`;

/** A lot whose first edge bows inward as a circular arc, the rest straight. */
function curvedRing(ring: Ring): string {
  const [a, b] = [ring[0]!, ring[1]!];
  const cx = ring.slice(0, -1).reduce((s, p) => s + p[0]!, 0) / (ring.length - 1);
  const cy = ring.slice(0, -1).reduce((s, p) => s + p[1]!, 0) / (ring.length - 1);
  const [mx, my] = [(a[0]! + b[0]!) / 2, (a[1]! + b[1]!) / 2];
  // 8% of the edge's length towards the lot's middle.
  const len = Math.hypot(b[0]! - a[0]!, b[1]! - a[1]!);
  const toward = Math.hypot(cx - mx, cy - my) || 1;
  const bow = [mx + ((cx - mx) / toward) * len * 0.08, my + ((cy - my) / toward) * len * 0.08];
  return `COMPOUNDCURVE(CIRCULARSTRING(${pt(a)}, ${pt(bow)}, ${pt(b)}), (${ring.slice(1).map(pt).join(', ')}))`;
}

function polygonWkt(geometry: { type: string; coordinates: unknown }, curve: 'no' | 'curve' | 'multi'): string {
  const poly = (rings: Ring[]) => `(${rings.map((r) => `(${r.map(pt).join(', ')})`).join(', ')})`;
  if (geometry.type === 'MultiPolygon')
    return `MULTIPOLYGON(${(geometry.coordinates as Ring[][]).map(poly).join(', ')})`;
  const rings = geometry.coordinates as Ring[];
  if (curve === 'no') return `POLYGON${poly(rings)}`;
  const curved = `CURVEPOLYGON(${curvedRing(rings[0]!)}${rings
    .slice(1)
    .map((r) => `, (${r.map(pt).join(', ')})`)
    .join('')})`;
  return curve === 'multi' ? `MULTISURFACE(${curved.replace(/^CURVEPOLYGON/, 'CURVEPOLYGON')})` : curved;
}

function gdal(tool: string, args: string[], cwd?: string): void {
  const result = spawnSync(tool, args, { encoding: 'utf8', cwd });
  if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')}: ${result.stderr}`);
}

/** Writes the sample town into `dir` (parcelCount polygons with Assess rows, 2 without). */
export async function writeMassgisSample(dir: string, parcelCount = 300): Promise<MassgisSample> {
  const all = (await readFeatures(`ma_somerville/${somervilleAttributes}.geojson`)) as {
    properties: Record<string, unknown>;
    geometry: { type: string; coordinates: unknown };
  }[];
  const lots = all
    .filter((f) => f.properties.POLY_TYPE === 'FEE' || f.properties.POLY_TYPE === 'TAX')
    .slice(0, parcelCount);
  // Right-of-way and water polygons have no assessor record, as in every town.
  const unassessed = all
    .filter((f) => ['ROW', 'WATER', 'RAIL_ROW'].includes(String(f.properties.POLY_TYPE)))
    .slice(0, 2);
  const polygonRows = [...lots, ...unassessed];
  const simple = lots.map((f, i) => ({ f, i })).filter(({ f }) => f.geometry.type === 'Polygon');
  const curved = new Map([
    [simple[10]!.i, 'curve' as const],
    [simple[20]!.i, 'curve' as const],
    [simple[30]!.i, 'multi' as const],
  ]);
  const condoAt = lots.findIndex((f) => f.properties.USE_CODE === '1020' && !curved.has(lots.indexOf(f)));
  const squareFeetAt = new Set([5, 15, 25, 35, 45].filter((i) => i !== condoAt));

  const taxParCsv = [
    ['WKT', ...parcelFields].join(','),
    ...polygonRows.map((f, i) =>
      [
        csvCell(polygonWkt(f.geometry, curved.get(i) ?? 'no')),
        ...parcelFields.map((k) => csvCell(f.properties[k])),
      ].join(','),
    ),
  ];
  const assess: Record<string, unknown>[] = [];
  const lotSqft = new Map<string, number>();
  const owners = ['SMITH JOHN', 'NGUYEN THI', 'GARCIA MARIA', 'OBRIEN KATE', 'BAKER LEE'];
  let condoTotal = 0;
  lots.forEach((f, i) => {
    const p = { ...f.properties };
    const acres = Number(p.LOT_SIZE ?? 0);
    if (squareFeetAt.has(i)) Object.assign(p, { LOT_SIZE: Math.round(acres * 43560), LOT_UNITS: 'S' });
    else p.LOT_UNITS = 'A';
    if (acres > 0) lotSqft.set(String(p.LOC_ID), Math.round(acres * 43560));
    if (i !== condoAt) return assess.push(p);
    // One row per unit, as MassGIS Assess lists a condominium.
    owners.forEach((owner, u) => {
      const value = Number(p.TOTAL_VAL ?? 0) / owners.length + u * 1000;
      condoTotal += Math.round(value);
      assess.push({
        ...p,
        PROP_ID: `${p.PROP_ID}-U${u + 1}`,
        OWNER1: owner,
        TOTAL_VAL: Math.round(value),
        UNITS: 1,
        USE_CODE: '1020',
      });
    });
  });
  const assessCsv = [
    assessFields.join(','),
    ...assess.map((row) => assessFields.map((k) => csvCell(row[k])).join(',')),
  ];
  const lutCsv = [
    'USE_CODE,USE_DESC',
    '"1010","SINGLE FAM"',
    '"1020","CONDOMINIUM"',
    '"1040","TWO-FAMILY"',
    '"1050","THREE-FAMILY"',
  ];
  // Other legal interests (easements) and miscellaneous polygons: a few lots' outlines again.
  const otherCsv = [
    'WKT,LEGAL_TYPE,LOC_ID',
    ...polygonRows.slice(0, 6).map((f) => `${csvCell(polygonWkt(f.geometry, 'no'))},"EASEMENT",""`),
  ];
  const miscCsv = [
    'WKT,MISC_TYPE',
    ...polygonRows.slice(6, 9).map((f) => `${csvCell(polygonWkt(f.geometry, 'no'))},"PRIVATE ROW"`),
  ];

  const src = join(dir, 'src');
  mkdirSync(src, { recursive: true });
  for (const [name, lines] of Object.entries({
    taxpar: taxParCsv,
    assess: assessCsv,
    lut: lutCsv,
    othleg: otherCsv,
    misc: miscCsv,
  }))
    writeFileSync(join(src, `${name}.csv`), `${lines.join('\n')}\n`);

  // The File Geodatabase in MassGIS's State Plane (EPSG:26986), curves kept (MULTISURFACE layers).
  const top = join(dir, 'gdb');
  const gdb = join(top, 'L3_GDB_M274_Somerville', 'M274_parcels_CY19_FY19.gdb');
  mkdirSync(join(top, 'L3_GDB_M274_Somerville'), { recursive: true });
  const spatial = [
    '-oo',
    'GEOM_POSSIBLE_NAMES=WKT',
    '-oo',
    'KEEP_GEOM_COLUMNS=NO',
    '-s_srs',
    'EPSG:4326',
    '-t_srs',
    'EPSG:26986',
    '-oo',
    'AUTODETECT_TYPE=YES',
  ];
  const table = ['-oo', 'AUTODETECT_TYPE=YES', '-nlt', 'NONE'];
  gdal('ogr2ogr', [
    '-f',
    'OpenFileGDB',
    gdb,
    join(src, 'taxpar.csv'),
    '-nln',
    'M274TaxPar',
    '-nlt',
    'MULTISURFACE',
    ...spatial,
  ]);
  gdal('ogr2ogr', ['-update', gdb, join(src, 'othleg.csv'), '-nln', 'M274OthLeg', '-nlt', 'MULTIPOLYGON', ...spatial]);
  gdal('ogr2ogr', ['-update', gdb, join(src, 'misc.csv'), '-nln', 'M274Misc', '-nlt', 'MULTIPOLYGON', ...spatial]);
  gdal('ogr2ogr', [
    '-update',
    gdb,
    join(src, 'assess.csv'),
    '-nln',
    'M274Assess',
    ...table,
    '-oo',
    'QUOTED_FIELDS_AS_STRING=YES',
  ]);
  gdal('ogr2ogr', [
    '-update',
    gdb,
    join(src, 'lut.csv'),
    '-nln',
    'M274UC_LUT',
    ...table,
    '-oo',
    'QUOTED_FIELDS_AS_STRING=YES',
  ]);
  gdal('zip', ['-qr', join(dir, 'L3_GDB_M274_Somerville.zip'), 'L3_GDB_M274_Somerville'], top);

  // The shapefile set as MassGIS zips it: one folder, the tables as lone .dbf files.
  const shpTop = join(dir, 'shp');
  const shp = join(shpTop, 'L3_SHP_M274_Somerville');
  mkdirSync(shp, { recursive: true });
  for (const [layer, name] of [
    ['M274TaxPar', 'M274TaxPar_CY19_FY19.shp'],
    ['M274OthLeg', 'M274OthLeg_CY19_FY19.shp'],
    ['M274Misc', 'M274Misc_CY19_FY19.shp'],
    ['M274Assess', 'M274Assess_CY19_FY19.dbf'],
    ['M274UC_LUT', 'M274UC_LUT_CY19_FY19.dbf'],
  ] as const) {
    const geometry = name.endsWith('.shp') ? ['-nlt', 'MULTIPOLYGON', '-nlt', 'CONVERT_TO_LINEAR'] : [];
    gdal('ogr2ogr', ['-f', 'ESRI Shapefile', join(shp, name), gdb, layer, ...geometry]);
  }
  gdal('zip', ['-qr', join(dir, 'L3_SHP_M274_Somerville.zip'), 'L3_SHP_M274_Somerville'], shpTop);

  const condo = lots[condoAt]!;
  return {
    gdbZip: join(dir, 'L3_GDB_M274_Somerville.zip'),
    shpZip: join(dir, 'L3_SHP_M274_Somerville.zip'),
    polygons: polygonRows.length,
    matched: lots.length,
    assessRows: assess.length,
    withOwner: lots.filter((f, i) => i === condoAt || String(f.properties.OWNER1 ?? '').trim() !== '').length,
    condo: { locId: String(condo.properties.LOC_ID), units: owners.length, owners, totalValue: condoTotal },
    curvedLocIds: [...curved.keys()].map((i) => String(lots[i]!.properties.LOC_ID)),
    curvedPoints: [...curved.keys()].map((i) =>
      (lots[i]!.geometry.coordinates as Ring[]).reduce((n, r) => n + r.length, 0),
    ),
    lotSqft,
    squareFeetLocIds: [...squareFeetAt].map((i) => String(lots[i]!.properties.LOC_ID)),
  };
}
