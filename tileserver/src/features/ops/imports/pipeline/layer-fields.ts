// What `npm run import-layer` accepts per map layer: its table, the geometry it takes, and for each
// column the common field names operators' files use (buildings: height, HEIGHT, TOP_GL, height_ft;
// contours: ELEV, elevation, CONTOUR ...), with the unit each name implies. Pure: the import module
// reads the file and writes the rows; here a file's field names become a mapping it can report.
import type { GeometryKind } from '../../../../data/staging.ts';

export const importableLayers = ['buildings', 'contours', 'land-cover', 'open-space', 'spot-elevations'] as const;
export type ImportableLayer = (typeof importableLayers)[number];

const FEET_PER_METRE = 3.28084;

interface Candidate {
  name: string;
  /** Multiplier to the column's unit (feet for heights and elevations). */
  factor?: number;
  unit?: string;
}

interface FieldSpec {
  column: string;
  kind: 'number' | 'text';
  /** Rows without a value are skipped, and a file without any candidate field is refused. */
  required?: boolean;
  /** A number must be above zero (a building's height). */
  positive?: boolean;
  candidates: Candidate[];
  /** What the field means, for messages ("height", "elevation"). */
  label: string;
}

export interface LayerImportSpec {
  table: 'buildings' | 'contours' | 'land_cover' | 'open_spaces' | 'spot_elevations';
  /** layer_versions row bumped so that tile caches turn over. */
  version: string;
  geometry: GeometryKind;
  fields: FieldSpec[];
  /** Constant columns (SQL constants of this module). */
  constants?: Record<string, string>;
}

const feet = (...names: string[]): Candidate[] => names.map((name) => ({ name, unit: 'feet' }));
const metres = (...names: string[]): Candidate[] =>
  names.map((name) => ({ name, factor: FEET_PER_METRE, unit: 'metres, converted to feet' }));
const text = (...names: string[]): Candidate[] => names.map((name) => ({ name }));

const elevation: FieldSpec = {
  column: 'elevation_ft',
  kind: 'number',
  required: true,
  label: 'elevation',
  candidates: [
    ...feet('elev_ft', 'elevation_ft', 'elev', 'elevation', 'contour', 'contour_ft', 'z', 'height'),
    ...metres('elev_m', 'elevation_m', 'contour_m', 'height_m'),
  ],
};

export const layerImportSpecs: Record<ImportableLayer, LayerImportSpec> = {
  buildings: {
    table: 'buildings',
    version: 'buildings',
    geometry: 'polygon',
    fields: [
      {
        column: 'height_ft',
        kind: 'number',
        required: true,
        positive: true,
        label: 'height',
        candidates: [
          ...feet('height_ft', 'top_gl', 'height', 'hgt', 'bldg_hgt', 'bldg_height', 'building_height', 'roof_height'),
          ...metres('height_m', 'hgt_m', 'bldg_hgt_m', 'building_height_m'),
        ],
      },
      {
        column: 'building_id',
        kind: 'text',
        label: 'building id',
        candidates: text('building_id', 'bldgid', 'bldg_id', 'bin', 'objectid', 'id'),
      },
      { column: 'building_type', kind: 'text', label: 'type', candidates: text('building_type', 'type', 'bldg_type') },
      {
        column: 'ground_elevation_ft',
        kind: 'number',
        label: 'ground elevation',
        candidates: [...feet('base_elev', 'ground_elev', 'ground_elevation_ft'), ...metres('base_elev_m')],
      },
      {
        column: 'top_elevation_ft',
        kind: 'number',
        label: 'roof elevation',
        candidates: [...feet('top_sl', 'top_elev', 'roof_elev'), ...metres('top_elev_m')],
      },
    ],
  },
  contours: {
    table: 'contours',
    version: 'elevation',
    geometry: 'line',
    fields: [elevation],
    // An operator's contour file is surveyed, not interpolated like the shipped one.
    constants: { approximate: 'false' },
  },
  'spot-elevations': {
    table: 'spot_elevations',
    version: 'elevation',
    geometry: 'point',
    fields: [elevation, { column: 'spot_type', kind: 'text', label: 'type', candidates: text('spot_type', 'type') }],
  },
  'land-cover': {
    table: 'land_cover',
    version: 'land_cover',
    geometry: 'polygon',
    fields: [
      {
        column: 'lc_class',
        kind: 'text',
        required: true,
        label: 'land cover class',
        candidates: text('lc_class', 'class', 'landcover', 'land_cover', 'cover', 'lc_type'),
      },
      { column: 'subtype', kind: 'text', label: 'subtype', candidates: text('subtype', 'type') },
    ],
  },
  'open-space': {
    table: 'open_spaces',
    version: 'open_spaces',
    geometry: 'polygon',
    fields: [
      { column: 'name', kind: 'text', label: 'name', candidates: text('name', 'site_name', 'park_name', 'park') },
      { column: 'owner', kind: 'text', label: 'owner', candidates: text('owner', 'manager', 'agency') },
      { column: 'acres', kind: 'number', label: 'acres', candidates: text('acres', 'area_acres', 'gis_acres') },
    ],
  },
};

export interface FieldChoice {
  column: string;
  label: string;
  /** The file's own field name, or null when the file has none of the candidates. */
  field: string | null;
  factor: number;
  unit?: string;
  kind: 'number' | 'text';
  required: boolean;
  positive: boolean;
}

/** Which of the file's fields fills each column: the first candidate present, names compared case-blind. */
export function chooseFields(spec: LayerImportSpec, fileFields: string[]): FieldChoice[] {
  const byLower = new Map(fileFields.map((f) => [f.toLowerCase(), f]));
  return spec.fields.map((f) => {
    const hit = f.candidates.find((c) => byLower.has(c.name));
    return {
      column: f.column,
      label: f.label,
      field: hit ? byLower.get(hit.name)! : null,
      factor: hit?.factor ?? 1,
      unit: hit?.unit,
      kind: f.kind,
      required: f.required ?? false,
      positive: f.positive ?? false,
    };
  });
}

/** A feature's values for the chosen columns: numbers converted and written as plain decimals, text trimmed. */
export function mappedValues(choices: FieldChoice[], properties: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const choice of choices) {
    if (!choice.field) continue;
    const raw = properties[choice.field];
    if (raw === null || raw === undefined) continue;
    if (choice.kind === 'text') {
      const value = String(raw).trim();
      if (value) out[choice.column] = value;
      continue;
    }
    const number = typeof raw === 'number' ? raw : Number(String(raw).trim().replace(/,/g, ''));
    if (String(raw).trim() === '' || !Number.isFinite(number)) continue;
    out[choice.column] = (number * choice.factor).toFixed(2);
  }
  return out;
}

export function describeChoice(choice: FieldChoice): string {
  if (!choice.field) return `${choice.column}: no field (${choice.required ? 'required' : 'left empty'})`;
  return `${choice.column} <- ${choice.field}${choice.unit ? ` (${choice.unit})` : ''}`;
}
